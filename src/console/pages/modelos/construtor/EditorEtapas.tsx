import { Button, Card, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useT } from '../../../app/contexto';
import type { Definicao } from '../../../../forms/definicao';
import { definirEtapas, etapaNova, type Coassinante, type Etapa } from '../../../../forms/etapas';
import { useGruposDoModelo } from '../useGruposDoModelo';
import { useTextoDe, type AoMudarDefinicao } from './PropriedadesCampo';

/** A whole number of days typed freely: the model changes when the text is one. */
function Dias({ id, rotulo, valor, ajuda, erro, desabilitado, aoMudar }: { id: string; rotulo: string; valor: number | undefined; ajuda: string; erro?: string; desabilitado: boolean; aoMudar: (n: number | undefined) => void }) {
  const t = useT();
  const [texto, setTexto] = useTextoDe(valor, (v) => (v === undefined ? '' : String(v)), (s) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined));
  const ruim = texto.trim() !== '' && !/^\d+$/.test(texto.trim());
  const mensagem = ruim ? t('etapas.dias-invalido') : (erro ?? ajuda);
  return (
    <FormGroup label={rotulo} labelFor={id} helperText={mensagem} intent={ruim || erro ? 'danger' : 'none'}>
      <InputGroup id={id} className="cf-numero-curto" inputMode="numeric" value={texto} disabled={desabilitado} intent={ruim || erro ? 'danger' : 'none'} onChange={(e) => { const v = e.currentTarget.value; setTexto(v); if (!v.trim() || /^\d+$/.test(v.trim())) aoMudar(v.trim() ? Number(v.trim()) : undefined); }} />
    </FormGroup>
  );
}

/**
 * "Etapas depois do envio" in the builder (issue 46): co-signatures (who signs comes from the citizen's answers — an
 * e-mail question, optionally a CPF and a name — or is a fixed address) and analyses by a content-control group,
 * in order, each with its deadline, reminder and notice. The questions reserved to an analysis are chosen on the
 * question itself. Problems come from the builder's rules (src/forms/etapas.ts), under each box.
 */
export function EditorEtapas({ definicao, aoMudar, desabilitado, problemas }: { definicao: Definicao; aoMudar: AoMudarDefinicao; desabilitado: boolean; problemas: Map<string, string> }) {
  const t = useT();
  const grupos = useGruposDoModelo();
  const etapas = definicao.etapas ?? [];
  const perguntas = (tipo: string) => definicao.secoes.flatMap((s) => (s.repeticao ? [] : s.campos.filter((c) => c.tipo === tipo && !c.etapa)));
  const mudarEtapa = (i: number, f: (e: Etapa) => Etapa, chave: string) => aoMudar((d) => definirEtapas(d, (d.etapas ?? []).map((e, j) => (j === i ? f(e) : e))), `etapas.${i}.${chave}`);
  const mudarCoassinante = (i: number, j: number, f: (c: Coassinante) => Coassinante, chave: string) => mudarEtapa(i, (e) => ({ ...e, coassinantes: (e.coassinantes ?? []).map((c, k) => (k === j ? f(c) : c)) }), `coassinantes.${j}.${chave}`);
  const erro = (k: string) => problemas.get(k);
  const adicionar = (tipo: Etapa['tipo']) => aoMudar((d) => definirEtapas(d, [...(d.etapas ?? []), etapaNova(d, tipo, t(tipo === 'analise' ? 'etapas.titulo-analise' : 'etapas.titulo-coassinatura'))]), 'etapas');
  const selecao = (id: string, rotulo: string, valor: string | undefined, opcoes: { id: string; rotulo: string }[], vazio: string, aoEscolher: (v: string | undefined) => void, mensagem: string | undefined) => (
    <FormGroup label={rotulo} labelFor={id} helperText={mensagem} intent={mensagem ? 'danger' : 'none'}>
      <HTMLSelect id={id} value={valor ?? ''} disabled={desabilitado} onChange={(e) => aoEscolher(e.currentTarget.value || undefined)}>
        <option value="">{vazio}</option>
        {opcoes.map((o) => (
          <option key={o.id} value={o.id}>
            {o.rotulo}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
  const opcoes = (tipo: string) => perguntas(tipo).map((c) => ({ id: c.id, rotulo: c.rotulo || c.id }));
  return (
    <fieldset className="cf-grupo-campos cf-etapas-editor" data-testid="editor-etapas">
      <legend>{t('etapas.titulo')}</legend>
      <p className="cf-ajuda">{t('etapas.ajuda')}</p>
      {erro('etapas') && <p className="cf-erro-campo">{erro('etapas')}</p>}
      <ol className="cf-etapas-lista">
        {etapas.map((e, i) => (
          <li key={e.id}>
            <Card className="cf-etapa" aria-label={t('etapas.etapa', { n: i + 1, titulo: e.titulo })}>
              <h4>{t('etapas.etapa', { n: i + 1, titulo: t(e.tipo === 'analise' ? 'etapas.tipo-analise' : 'etapas.tipo-coassinatura') })}</h4>
              <FormGroup label={t('etapas.nome')} labelFor={`cf-etapa-${i}-titulo`} helperText={erro(`etapas[${i}].titulo`) ?? t('etapas.nome-ajuda')} intent={erro(`etapas[${i}].titulo`) ? 'danger' : 'none'}>
                <InputGroup id={`cf-etapa-${i}-titulo`} value={e.titulo} maxLength={120} disabled={desabilitado} onChange={(ev) => { const v = ev.currentTarget.value; mudarEtapa(i, (x) => ({ ...x, titulo: v }), 'titulo'); }} />
              </FormGroup>
              <div className="cf-propriedades-grade">
                <Dias id={`cf-etapa-${i}-prazo`} rotulo={t('etapas.prazo')} valor={e.prazoDias} ajuda={t('etapas.prazo-ajuda')} erro={erro(`etapas[${i}].prazoDias`)} desabilitado={desabilitado} aoMudar={(n) => mudarEtapa(i, (x) => ({ ...x, prazoDias: n ?? x.prazoDias }), 'prazoDias')} />
                <Dias id={`cf-etapa-${i}-lembrete`} rotulo={t('etapas.lembrete')} valor={e.lembreteDias} ajuda={t('etapas.lembrete-ajuda')} erro={erro(`etapas[${i}].lembreteDias`)} desabilitado={desabilitado} aoMudar={(n) => mudarEtapa(i, ({ lembreteDias: _, ...x }) => (n ? { ...x, lembreteDias: n } : x), 'lembreteDias')} />
              </div>
              {e.tipo === 'analise' ? (
                selecao(`cf-etapa-${i}-grupo`, t('etapas.grupo'), e.grupoControleConteudoId ? String(e.grupoControleConteudoId) : undefined, (grupos?.controleConteudo ?? []).map((g) => ({ id: String(g.id), rotulo: g.nome })), t('dados.escolha-grupo'), (v) => mudarEtapa(i, ({ grupoControleConteudoId: _, ...x }) => (v ? { ...x, grupoControleConteudoId: Number(v) } : x), 'grupo'), erro(`etapas[${i}].grupoControleConteudoId`))
              ) : (
                <>
                  {erro(`etapas[${i}].coassinantes`) && <p className="cf-erro-campo">{erro(`etapas[${i}].coassinantes`)}</p>}
                  {(e.coassinantes ?? []).map((c, j) => {
                    const fixo = c.campoEmail === undefined && c.email !== undefined;
                    const base = `etapas[${i}].coassinantes[${j}]`;
                    return (
                      <fieldset key={j} className="cf-coassinante">
                        <legend>{t('etapas.coassinante', { n: j + 1 })}</legend>
                        <FormGroup label={t('etapas.origem')} labelFor={`cf-etapa-${i}-${j}-origem`}>
                          <HTMLSelect id={`cf-etapa-${i}-${j}-origem`} value={fixo ? 'fixo' : 'respostas'} disabled={desabilitado} onChange={(ev) => { const v = ev.currentTarget.value; mudarCoassinante(i, j, () => (v === 'fixo' ? { email: '' } : {}), 'origem'); }}>
                            <option value="respostas">{t('etapas.origem-respostas')}</option>
                            <option value="fixo">{t('etapas.origem-fixo')}</option>
                          </HTMLSelect>
                        </FormGroup>
                        {fixo ? (
                          <div className="cf-propriedades-grade">
                            {(['email', 'nome', 'cpf'] as const).map((k) => (
                              <FormGroup key={k} label={t(`etapas.fixo-${k}`)} labelFor={`cf-etapa-${i}-${j}-${k}`} helperText={erro(`${base}.${k}`)} intent={erro(`${base}.${k}`) ? 'danger' : 'none'}>
                                <InputGroup id={`cf-etapa-${i}-${j}-${k}`} value={c[k] ?? ''} disabled={desabilitado} onChange={(ev) => { const v = ev.currentTarget.value; mudarCoassinante(i, j, ({ [k]: _, ...x }) => (v || k === 'email' ? { ...x, [k]: v } : x), k); }} />
                              </FormGroup>
                            ))}
                          </div>
                        ) : (
                          <div className="cf-propriedades-grade">
                            {selecao(`cf-etapa-${i}-${j}-email`, t('etapas.pergunta-email'), c.campoEmail, opcoes('email'), t('etapas.escolha-pergunta'), (v) => mudarCoassinante(i, j, ({ campoEmail: _, ...x }) => (v ? { ...x, campoEmail: v } : x), 'campoEmail'), erro(`${base}.campoEmail`) ?? erro(`${base}.email`))}
                            {selecao(`cf-etapa-${i}-${j}-cpf`, t('etapas.pergunta-cpf'), c.campoCpf, opcoes('cpf'), t('etapas.sem-cpf'), (v) => mudarCoassinante(i, j, ({ campoCpf: _, ...x }) => (v ? { ...x, campoCpf: v } : x), 'campoCpf'), erro(`${base}.campoCpf`))}
                            {selecao(`cf-etapa-${i}-${j}-nome`, t('etapas.pergunta-nome'), c.campoNome, opcoes('texto'), t('etapas.sem-nome'), (v) => mudarCoassinante(i, j, ({ campoNome: _, ...x }) => (v ? { ...x, campoNome: v } : x), 'campoNome'), erro(`${base}.campoNome`))}
                          </div>
                        )}
                        {!desabilitado && (e.coassinantes ?? []).length > 1 && <Button icon="trash" variant="minimal" text={t('etapas.remover-coassinante', { n: j + 1 })} onClick={() => mudarEtapa(i, (x) => ({ ...x, coassinantes: (x.coassinantes ?? []).filter((_, k) => k !== j) }), 'coassinantes')} />}
                      </fieldset>
                    );
                  })}
                  {!desabilitado && (e.coassinantes ?? []).length < 10 && <Button icon="plus" text={t('etapas.adicionar-coassinante')} onClick={() => mudarEtapa(i, (x) => ({ ...x, coassinantes: [...(x.coassinantes ?? []), {}] }), 'coassinantes')} />}
                </>
              )}
              <FormGroup label={t('etapas.notificar')} labelFor={`cf-etapa-${i}-notificar`} helperText={erro(`etapas[${i}].notificar`) ?? t('etapas.notificar-ajuda')} intent={erro(`etapas[${i}].notificar`) ? 'danger' : 'none'}>
                <InputGroup id={`cf-etapa-${i}-notificar`} type="email" value={e.notificar ?? ''} placeholder="equipe@orgao.gov.br" disabled={desabilitado} onChange={(ev) => { const v = ev.currentTarget.value; mudarEtapa(i, ({ notificar: _, ...x }) => (v.trim() ? { ...x, notificar: v.trim() } : x), 'notificar'); }} />
              </FormGroup>
              {!desabilitado && <Button icon="trash" intent="danger" variant="outlined" text={t('etapas.remover', { titulo: e.titulo })} onClick={() => aoMudar((d) => definirEtapas(d, (d.etapas ?? []).filter((_, j) => j !== i)), 'etapas')} />}
            </Card>
          </li>
        ))}
      </ol>
      {!desabilitado && etapas.length < 5 && (
        <div className="cf-acoes-formulario">
          <Button icon="edit" text={t('etapas.adicionar-coassinatura')} onClick={() => adicionar('coassinatura')} />
          <Button icon="people" text={t('etapas.adicionar-analise')} onClick={() => adicionar('analise')} />
        </div>
      )}
    </fieldset>
  );
}
