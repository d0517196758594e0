import { Callout, HTMLTable, InputGroup, Switch, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAmbiente } from '../../../app/contexto';
import type { Definicao } from '../../../../forms/definicao';
import { definirTraducao, LIMITE_TRADUCAO, NOME_IDIOMA, oferecerIdioma, textosTraduziveis, traducaoDe, type TextoTraduzivel, type TextosDoModelo } from '../../../../forms/traducoes';
import { type IdiomaTraducao } from '../../../../forms/vocabulario';
import { CampoSelecao } from '../../../ui/CampoSelecao';
import { Rolagem } from '../../../ui/Rolagem';
import type { AoMudarDefinicao } from './PropriedadesCampo';

/** Kinds of text written in a box of several lines. */
const LONGOS = new Set<TextoTraduzivel['tipo']>(['descricao', 'ajuda', 'declaracao', 'mensagemLimite']);

/**
 * "Traduções" (issue 37): the languages the model is offered in (those this environment allows), and each text a
 * citizen reads side by side with its Portuguese, the missing ones marked. A publishing problem about a missing
 * translation opens this view with its box focused (`foco`).
 */
export function Traducoes(p: { definicao: Definicao; textos: TextosDoModelo; permitidos: readonly IdiomaTraducao[]; desabilitado: boolean; aoMudar: AoMudarDefinicao; foco: { idioma: IdiomaTraducao; chave: string; vez: number } | null }) {
  const { t } = useAmbiente();
  const { definicao: d } = p;
  const oferecidos = d.idiomas ?? [];
  const [escolhido, setEscolhido] = useState<IdiomaTraducao | null>(null);
  const idioma = escolhido && oferecidos.includes(escolhido) ? escolhido : (oferecidos[0] ?? null);
  const [soFaltam, setSoFaltam] = useState(false);
  const textos = useMemo(() => textosTraduziveis(d, p.textos), [d, p.textos]);
  const secoes = useMemo(() => new Map(d.secoes.map((s) => [s.id, s.titulo])), [d]);
  const campos = useMemo(() => new Map(d.secoes.flatMap((s) => s.campos.map((c) => [c.id, c.rotulo] as const))), [d]);
  const raiz = useRef<HTMLDivElement>(null);

  // A missing translation chosen in the publishing problems: its language and its box.
  useEffect(() => {
    if (!p.foco) return;
    setEscolhido(p.foco.idioma);
    setSoFaltam(false);
  }, [p.foco]);
  useEffect(() => {
    if (!p.foco || idioma !== p.foco.idioma) return;
    const alvo = raiz.current?.querySelector<HTMLElement>(`[data-traducao="${CSS.escape(p.foco.chave)}"]`);
    alvo?.focus();
    alvo?.scrollIntoView?.({ block: 'center' });
  }, [p.foco, idioma]);

  /** Where a text is, as a designer names it: "Pergunta", "Opção de “Estado civil”", "Título da seção". */
  const onde = (x: TextoTraduzivel) => {
    const tipo = t(`traducoes.tipo.${x.tipo}`);
    if (x.tipo === 'opcao' || x.tipo === 'ajuda') return t('traducoes.de', { tipo, de: campos.get(x.campoId!) ?? '' });
    if (x.tipo === 'item') return t('traducoes.de', { tipo, de: secoes.get(x.secaoId!) ?? '' });
    return tipo;
  };

  const feitos = idioma ? textos.filter((x) => traducaoDe(d, idioma, x.chave)).length : 0;
  const linhas = idioma && soFaltam ? textos.filter((x) => !traducaoDe(d, idioma, x.chave)) : textos;
  return (
    <div className="cf-traducoes" ref={raiz}>
      <p className="cf-ajuda">{t('traducoes.ajuda')}</p>
      {!p.permitidos.length && !oferecidos.length ? (
        <Callout intent="primary">{t('traducoes.nenhum-configurado')}</Callout>
      ) : (
        <fieldset className="cf-grupo-campos">
          <legend>{t('traducoes.oferecer')}</legend>
          {[...new Set([...p.permitidos, ...oferecidos])].map((i) => (
            <Switch key={i} label={NOME_IDIOMA[i]} lang={i} checked={oferecidos.includes(i)} disabled={p.desabilitado} onChange={(e) => {
                const sim = e.currentTarget.checked;
                p.aoMudar((x) => oferecerIdioma(x, i, sim), `idiomas.${i}`);
              }} />
          ))}
        </fieldset>
      )}
      {!idioma ? (
        oferecidos.length === 0 && p.permitidos.length > 0 && <p className="cf-discreto">{t('traducoes.nao-oferecido')}</p>
      ) : !textos.length ? (
        <p className="cf-discreto">{t('traducoes.sem-textos')}</p>
      ) : (
        <>
          <div className="cf-linha-filtros">
            {oferecidos.length > 1 && <CampoSelecao rotulo={t('traducoes.idioma')} valor={idioma} opcoes={oferecidos.map((i) => ({ valor: i, rotulo: NOME_IDIOMA[i] }))} aoMudar={(v) => setEscolhido(v as IdiomaTraducao)} />}
            <Switch label={t('traducoes.so-faltam')} checked={soFaltam} onChange={(e) => setSoFaltam(e.currentTarget.checked)} />
          </div>
          <p role="status" data-testid="contagem-traducoes">
            {feitos === textos.length ? t('traducoes.nada-faltando') : t('traducoes.contagem', { feitos, total: textos.length })}
          </p>
          <Rolagem rotulo={t('construtor.aba-traducoes')}>
            <HTMLTable compact className="cf-tabela-traducoes">
              <thead>
                <tr>
                  <th scope="col">{t('traducoes.onde')}</th>
                  <th scope="col">{t('traducoes.original')}</th>
                  <th scope="col" lang={idioma}>
                    {NOME_IDIOMA[idioma]}
                  </th>
                </tr>
              </thead>
              <tbody>
                {linhas.map((x) => {
                  const valor = d.traducoes?.[idioma]?.[x.chave] ?? '';
                  const falta = !valor.trim();
                  const comum = {
                    value: valor,
                    lang: idioma,
                    disabled: p.desabilitado,
                    'aria-label': t('traducoes.rotulo-campo', { idioma: NOME_IDIOMA[idioma], texto: x.original }),
                    'aria-invalid': falta || undefined,
                    'data-traducao': x.chave,
                    maxLength: LIMITE_TRADUCAO[x.tipo],
                    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
                      const v = e.currentTarget.value;
                      p.aoMudar((def) => definirTraducao(def, idioma, x.chave, v), `traducao.${idioma}.${x.chave}`);
                    },
                  };
                  return (
                    <tr key={x.chave} data-chave-traducao={x.chave}>
                      <td className="cf-discreto">{onde(x)}</td>
                      <td className="cf-original" lang="pt-BR">
                        {x.original}
                      </td>
                      <td>
                        {LONGOS.has(x.tipo) ? <TextArea fill autoResize {...comum} /> : <InputGroup fill {...comum} />}
                        {falta && (
                          <Tag minimal intent="warning" className="cf-falta">
                            {t('traducoes.falta')}
                          </Tag>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </Rolagem>
        </>
      )}
    </div>
  );
}
