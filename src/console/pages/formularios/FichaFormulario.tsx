import { nomeDoSelo } from '../../../forms/confiabilidade';
import { DevolverPagamento } from './DevolverPagamento';
import { EtapasDoFormulario } from './EtapasDoFormulario';
import { usePermissao } from '../../app/usePermissao';
import { P } from '../../../access/permissoes';
import { centavosDoValor, formatarReais } from '../../../forms/taxa';
import { Button, Callout, HTMLTable } from '@blueprintjs/core';
import { Rolagem } from '../../ui/Rolagem';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FalhaApi } from '../../api/http';
import { caminho } from '../../routes';
import { mostrarToast } from '../../state/toasts';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi, type DadosPessoais, type DetalheFormulario } from '../../api/recursos/formularios';
import { respostasPorSecao } from '../../../forms/respostas';
import { ROTULO_EVENTO, ROTULO_STATUS_FORMULARIO, ROTULO_STATUS_RETENTATIVA } from '../../../forms/status';
import { formatarDataHoraCompleta } from '../../../i18n/datas';
import type { Tradutor } from '../../../i18n';
import { comEscopo } from '../../state/carregamento';
import { Etiqueta } from '../../ui/Etiqueta';
import { Carregando } from '../../ui/useEdicao';
import { useTratarErro } from '../../ui/useTratarErro';
import '../../styles/formularios';
import { salvarArquivo } from '../../ui/arquivo';

/** What an event's details say, in words (HTTP status, error, reason, attempt). */
export function textoDetalhes(d: Record<string, unknown> | null | undefined, t: Tradutor, idioma = 'pt-BR'): string {
  if (!d) return '';
  const partes: string[] = [];
  // A Pix of another value (issue 50): what came and what the fee is.
  if (typeof d.recebido === 'string' && typeof d.esperado === 'string') partes.push(t('detalhes.divergente', { recebido: formatarReais(centavosDoValor(d.recebido), idioma), esperado: formatarReais(centavosDoValor(d.esperado), idioma) }));
  // A verified contact (issue 45): where the code went and how it was proved, never the code.
  if (typeof d.pergunta === 'string' && typeof d.destino === 'string') partes.push(d.pelaConta ? t('detalhes.contato-conta', { pergunta: d.pergunta, destino: d.destino }) : t('detalhes.contato-codigo', { pergunta: d.pergunta, destino: d.destino, codigos: Number(d.codigos ?? 1), erradas: Number(d.erradas ?? 0) }));
  if (d.statusHttp) partes.push(`HTTP ${d.statusHttp}`);
  if (d.erro) partes.push(String(d.erro));
  if (d.tentativa) partes.push(t('detalhes.tentativa', { n: String(d.tentativa) }));
  if (d.motivo) partes.push(t('detalhes.motivo', { motivo: String(d.motivo) }));
  if (typeof d.linhas === 'number') partes.push(t('detalhes.linhas', { n: d.linhas }));
  if (typeof d.formularios === 'number') partes.push(t('detalhes.formularios', { n: d.formularios }));
  // The steps after sending (issue 46): which step, and who acted.
  if (typeof d.titulo === 'string') partes.push(t('detalhes.etapa', { etapa: d.titulo }));
  if (typeof d.nome === 'string') partes.push(d.nome);
  if (typeof d.cpf === 'string') partes.push(`CPF ${d.cpf}`);
  if (Array.isArray(d.campos)) partes.push(t('detalhes.campos', { lista: d.campos.join(', ') }));
  if (Array.isArray(d.respostasApagadas)) partes.push(t('detalhes.apagadas', { lista: d.respostasApagadas.join(', ') || t('detalhes.nenhuma') }));
  return partes.join(' · ');
}

/** One filled form: header, answers by the model version it was filled against, events, integration. */
export function FichaFormulario({ id, aoAnalisar }: { id: string; aoAnalisar?: () => void }) {
  const { http, estado, t, config } = useAmbiente();
  const tratar = useTratarErro();
  const navegar = useNavigate();
  const [f, setF] = useState<DetalheFormulario | null>(null);
  const podeDevolver = usePermissao(P.UPDATE_FORMULARIO_PAGAMENTO);
  const [claros, setClaros] = useState<DadosPessoais | null>(null);
  const [mostrando, setMostrando] = useState(false);
  const [baixando, setBaixando] = useState(false);
  useEffect(() => {
    setClaros(null);
    comEscopo(estado.carregamento, 'formulario', () => formulariosApi.obter(http, id)).then(setF, (e) => {
      // A form of another group: the list stays, saying why (a deep link used to land on /403 for good).
      if (e instanceof FalhaApi && e.erro.tipo === 'http' && e.erro.status === 403) {
        mostrarToast(estado.toasts, { severity: 'warn', summary: t('ficha.nao-acessivel'), detail: e.erro.problema?.detail ?? t('ficha.sem-acesso'), life: 8000 });
        navegar(caminho('formularios'), { replace: true });
      } else tratar(e, 'detalhe');
    });
  }, [id]);
  if (!f) return <Carregando rotulo={t('ficha.carregando')} />;
  const mostrar = async () => {
    setMostrando(true);
    try {
      setClaros(await formulariosApi.dadosPessoais(http, id));
    } catch (e) {
      tratar(e, 'acao');
    } finally {
      setMostrando(false);
    }
  };
  // The PDF says what the drawer says: masked, or in clear once "Mostrar" showed it in clear.
  const baixarPdf = async () => {
    setBaixando(true);
    try {
      salvarArquivo(await http.baixar(formulariosApi.pdf(id, !!claros)), `formulario-${f.protocolo.replace(/\D/g, '')}.pdf`);
    } catch (e) {
      tratar(e, 'acao');
    } finally {
      setBaixando(false);
    }
  };
  // What the drawer shows: masked, or in clear once "Mostrar" asked for it.
  const respostas = claros?.respostas ?? f.respostas ?? {};
  // Uploaded files (issue 15): the shown file fields whose answer refers to one.
  const anexos = (f.versaoModelo?.definicao.secoes ?? [])
    .flatMap((sec) => sec.campos)
    .filter((c) => c.tipo === 'arquivo' && !f.camposOcultos.includes(c.id))
    .flatMap((c) => {
      const v = respostas[c.id] as { anexo?: unknown; nome?: unknown } | undefined;
      return typeof v?.anexo === 'string' ? [{ campo: c, anexo: v.anexo, nome: String(v.nome ?? c.rotulo) }] : [];
    });
  const baixarAnexo = async (anexo: string, nome: string) => {
    try {
      salvarArquivo(await http.baixar(formulariosApi.anexo(id, anexo)), nome);
    } catch (e) {
      tratar(e, 'acao');
    }
  };
  const blocos = respostasPorSecao(f.versaoModelo?.definicao, respostas, t, f.camposOcultos, true);
  const requerente = claros ?? f;
  const tentativas = f.eventos.filter((e) => e.tipo === 'INTEGRADO' || e.tipo === 'FALHA_INTEGRACAO');
  const r = f.retentativa;
  return (
    <article className="cf-ficha cf-ficha-formulario" aria-label={t('ficha.rotulo', { protocolo: f.protocolo })}>
      <dl className="cf-cabecalho-ficha">
        <dt>{t('formularios.protocolo')}</dt>
        <dd data-testid="protocolo">{f.protocolo}</dd>
        <dt>{t('formularios.status')}</dt>
        <dd>
          <Etiqueta tabela={ROTULO_STATUS_FORMULARIO} codigo={f.status} />
        </dd>
        <dt>{t('formularios.modelo')}</dt>
        <dd>{t('ficha.modelo-versao', { nome: f.modeloNome, codigo: f.codigoServico, versao: f.modeloVersao })}</dd>
        <dt>{t('formularios.recebido-em')}</dt>
        <dd>{formatarDataHoraCompleta(f.recebidoEm)}</dd>
        <dt>{t('ficha.idioma')}</dt>
        <dd data-testid="idioma">{t(`idioma.${f.idioma}`)}</dd>
        <dt>{t('formularios.requerente')}</dt>
        <dd>
          {requerente.nomeRequerente ?? '—'}
          {requerente.cpfRequerente ? ` · CPF ${requerente.cpfRequerente}` : ''}
          {requerente.emailRequerente ? ` · ${requerente.emailRequerente}` : ''}
        </dd>
        {f.confiabilidade && (
          <>
            <dt>{t('ficha.conta-govbr')}</dt>
            <dd data-testid="conta-govbr">
              {[
                f.confiabilidade.nivel ? t(`ficha.nivel.${f.confiabilidade.nivel}`) : t('ficha.nivel.nenhum'),
                f.confiabilidade.selos.length ? t('ficha.selos', { selos: f.confiabilidade.selos.map(nomeDoSelo).join(', ') }) : null,
                t(f.confiabilidade.segundoFator ? 'ficha.com-segundo-fator' : 'ficha.sem-segundo-fator'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </>
        )}
        {f.assinatura && (
          <>
            <dt>{t('ficha.assinatura-govbr')}</dt>
            <dd data-testid="assinatura-govbr">
              {f.assinatura.situacao === 'ASSINADO'
                ? t('ficha.assinado-por', { nome: f.assinatura.nome ?? '—', cpf: f.assinatura.cpf ?? '—', emissor: f.assinatura.emissor ?? '—', data: f.assinatura.assinadoEm ? formatarDataHoraCompleta(f.assinatura.assinadoEm) : '—' })
                : t('ficha.sem-assinatura')}
            </dd>
          </>
        )}
      </dl>
      <div className="cf-acoes-ficha">
        <Button icon="document" text={t('ficha.baixar-pdf')} loading={baixando} onClick={() => void baixarPdf()} />
        {anexos.map(({ campo, anexo, nome }) => (
          <Button key={campo.id} icon="paperclip" text={t('ficha.baixar-anexo', { nome })} data-testid="baixar-anexo" onClick={() => void baixarAnexo(anexo, nome)} />
        ))}
      </div>

      <h3>{t('ficha.respostas')}</h3>
      {f.anonimizadoEm && (
        <Callout intent="primary" data-testid="anonimizado">
          {t('ficha.anonimizado', { quando: formatarDataHoraCompleta(f.anonimizadoEm) })}
        </Callout>
      )}
      {!f.anonimizadoEm && (
        <div className="cf-dados-pessoais" data-testid="dados-pessoais">
          {claros ? (
            <span className="cf-ajuda">{t('ficha.claros')}</span>
          ) : (
            <>
              <span className="cf-ajuda">{t('ficha.mascarados')}</span>
              {f.dadosPessoais?.podeMostrar && <Button icon="eye-open" text={t('ficha.mostrar')} loading={mostrando} onClick={() => void mostrar()} />}
            </>
          )}
        </div>
      )}
      {!f.versaoModelo && <Callout intent="warning">{t('ficha.sem-versao', { versao: f.modeloVersao })}</Callout>}
      {blocos.map((b) => (
        <section key={b.titulo} className="cf-respostas" aria-label={b.titulo}>
          <h4>{b.titulo}</h4>
          <dl>
            {b.linhas.map((l) => (
              <div key={l.id} className="cf-resposta">
                <dt>{l.rotulo}</dt>
                <dd>{l.valor}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}

      {f.pagamento && (
        <>
          <h3>{t('ficha.pagamento')}</h3>
          <dl className="cf-cabecalho-ficha" data-testid="pagamento">
            <dt>{t('ficha.situacao')}</dt>
            <dd>{t(`ficha.pagamento.${f.pagamento.status}`)}</dd>
            <dt>{t('ficha.valor')}</dt>
            <dd>{formatarReais(centavosDoValor(f.pagamento.valor), config.language)}</dd>
            <dt>{t('ficha.txid')}</dt>
            <dd>
              <code>{f.pagamento.txid}</code>
            </dd>
            <dt>{t('ficha.end-to-end')}</dt>
            <dd>{f.pagamento.endToEndId ? <code>{f.pagamento.endToEndId}</code> : '—'}</dd>
            <dt>{f.pagamento.pagoEm ? t('ficha.pago-em') : t('ficha.expira-em')}</dt>
            <dd>{formatarDataHoraCompleta(f.pagamento.pagoEm ?? f.pagamento.expiraEm)}</dd>
            {Number(f.pagamento.devolvido) > 0 && (
              <>
                <dt>{t('ficha.devolvido')}</dt>
                <dd>{formatarReais(centavosDoValor(f.pagamento.devolvido), config.language)}</dd>
              </>
            )}
          </dl>
          {podeDevolver && f.pagamento.status === 'PAGA' && Number(f.pagamento.devolvido) < Number(f.pagamento.valor) && (
            <DevolverPagamento id={id} pagamento={f.pagamento} aoDevolver={() => formulariosApi.obter(http, id).then(setF, (e) => tratar(e, 'detalhe'))} />
          )}
        </>
      )}

      <EtapasDoFormulario f={f} id={id} aoDecidir={() => (aoAnalisar ? aoAnalisar() : formulariosApi.obter(http, id).then(setF, (e) => tratar(e, 'detalhe')))} />

      <h3>{t('ficha.eventos')}</h3>
      <ol className="cf-linha-tempo" data-testid="eventos">
        {f.eventos.map((e) => (
          <li key={e.id}>
            <Etiqueta tabela={ROTULO_EVENTO} codigo={e.tipo} /> <time dateTime={e.ocorridoEm}>{formatarDataHoraCompleta(e.ocorridoEm)}</time> · {e.autor}
            {textoDetalhes(e.detalhes, t, config.language) && <span className="cf-detalhes"> · {textoDetalhes(e.detalhes, t, config.language)}</span>}
          </li>
        ))}
      </ol>

      <h3>{t('ficha.integracao')}</h3>
      {r ? (
        <dl className="cf-cabecalho-ficha" data-testid="integracao">
          <dt>{t('ficha.situacao')}</dt>
          <dd>
            <Etiqueta tabela={ROTULO_STATUS_RETENTATIVA} codigo={r.status} />
          </dd>
          <dt>{t('ficha.destino')}</dt>
          <dd>{r.destino ?? '—'}</dd>
          <dt>{t('ficha.tentativas')}</dt>
          <dd>{r.tentativas}</dd>
          <dt>{t('ficha.ultimo-status')}</dt>
          <dd>{r.ultimoStatusHttp ?? '—'}</dd>
          <dt>{t('ficha.ultimo-erro')}</dt>
          <dd>{r.ultimoErro ?? '—'}</dd>
          <dt>{t('ficha.proxima')}</dt>
          <dd>{r.proximaTentativaEm ? formatarDataHoraCompleta(r.proximaTentativaEm) : '—'}</dd>
        </dl>
      ) : (
        <p className="cf-ajuda">{f.status === 'RECEBIDO' ? t('ficha.nao-tentada') : t('ficha.sem-retentativa')}</p>
      )}
      {tentativas.length > 0 && (
        <Rolagem rotulo={t('ficha.tentativas-entrega')}>
          <HTMLTable compact striped aria-label={t('ficha.tentativas-entrega')}>
            <thead>
              <tr>
                <th scope="col">{t('eventos.quando')}</th>
                <th scope="col">{t('ficha.resultado')}</th>
                <th scope="col">{t('eventos.detalhes')}</th>
              </tr>
            </thead>
            <tbody>
              {tentativas.map((e) => (
                <tr key={e.id}>
                  <td>{formatarDataHoraCompleta(e.ocorridoEm)}</td>
                  <td>
                    <Etiqueta tabela={ROTULO_EVENTO} codigo={e.tipo} />
                  </td>
                  <td>{textoDetalhes(e.detalhes, t, config.language)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Rolagem>
      )}
    </article>
  );
}
