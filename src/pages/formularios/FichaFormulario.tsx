import { Button, Callout, HTMLTable } from '@blueprintjs/core';
import { Rolagem } from '../../ui/Rolagem';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FalhaApi } from '../../api/http';
import { caminho } from '../../routes';
import { mostrarToast } from '../../state/toasts';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi, type DadosPessoais, type DetalheFormulario } from '../../api/recursos/formularios';
import { respostasPorSecao } from '../../forms/respostas';
import { ROTULO_EVENTO, ROTULO_STATUS_FORMULARIO, ROTULO_STATUS_RETENTATIVA } from '../../forms/status';
import { formatarDataHora } from '../../i18n/datas';
import { contar } from '../../i18n';
import { comEscopo } from '../../state/carregamento';
import { Etiqueta } from '../../ui/Etiqueta';
import { Carregando } from '../../ui/useEdicao';
import { useTratarErro } from '../../ui/useTratarErro';

/** What an event's details say, in words (HTTP status, error, reason, attempt). */
export function textoDetalhes(d: Record<string, unknown> | null | undefined): string {
  if (!d) return '';
  const partes: string[] = [];
  if (d.statusHttp) partes.push(`HTTP ${d.statusHttp}`);
  if (d.erro) partes.push(String(d.erro));
  if (d.tentativa) partes.push(`tentativa ${d.tentativa}`);
  if (d.motivo) partes.push(`motivo: ${d.motivo}`);
  if (typeof d.linhas === 'number') partes.push(contar(d.linhas, 'linha', 'linhas'));
  if (typeof d.formularios === 'number') partes.push(contar(d.formularios, 'formulário', 'formulários'));
  if (typeof d.cpf === 'string') partes.push(`CPF ${d.cpf}`);
  if (Array.isArray(d.campos)) partes.push(`campos: ${d.campos.join(', ')}`);
  if (Array.isArray(d.respostasApagadas)) partes.push(`apagadas: ${d.respostasApagadas.join(', ') || 'nenhuma'}`);
  return partes.join(' · ');
}

/** One filled form: header, answers by the model version it was filled against, events, integration. */
export function FichaFormulario({ id }: { id: string }) {
  const { http, estado } = useAmbiente();
  const tratar = useTratarErro();
  const navegar = useNavigate();
  const [f, setF] = useState<DetalheFormulario | null>(null);
  const [claros, setClaros] = useState<DadosPessoais | null>(null);
  const [mostrando, setMostrando] = useState(false);
  useEffect(() => {
    setClaros(null);
    comEscopo(estado.carregamento, 'formulario', () => formulariosApi.obter(http, id)).then(setF, (e) => {
      // A form of another group: the list stays, saying why (a deep link used to land on /403 for good).
      if (e instanceof FalhaApi && e.erro.tipo === 'http' && e.erro.status === 403) {
        mostrarToast(estado.toasts, { severity: 'warn', summary: 'Formulário não acessível', detail: e.erro.problema?.detail ?? 'Você não tem acesso a este formulário.', life: 8000 });
        navegar(caminho('formularios'), { replace: true });
      } else tratar(e, 'detalhe');
    });
  }, [id]);
  if (!f) return <Carregando rotulo="Carregando formulário" />;
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
  const blocos = respostasPorSecao(f.versaoModelo?.definicao, claros?.respostas ?? f.respostas ?? {});
  const requerente = claros ?? f;
  const tentativas = f.eventos.filter((e) => e.tipo === 'INTEGRADO' || e.tipo === 'FALHA_INTEGRACAO');
  const r = f.retentativa;
  return (
    <article className="cf-ficha cf-ficha-formulario" aria-label={`Formulário ${f.protocolo}`}>
      <dl className="cf-cabecalho-ficha">
        <dt>Protocolo</dt>
        <dd data-testid="protocolo">{f.protocolo}</dd>
        <dt>Status</dt>
        <dd>
          <Etiqueta tabela={ROTULO_STATUS_FORMULARIO} codigo={f.status} />
        </dd>
        <dt>Modelo</dt>
        <dd>
          {f.modeloNome} ({f.codigoServico}), versão {f.modeloVersao}
        </dd>
        <dt>Recebido em</dt>
        <dd>{formatarDataHora(f.recebidoEm)}</dd>
        <dt>Requerente</dt>
        <dd>
          {requerente.nomeRequerente ?? '—'}
          {requerente.cpfRequerente ? ` · CPF ${requerente.cpfRequerente}` : ''}
          {requerente.emailRequerente ? ` · ${requerente.emailRequerente}` : ''}
        </dd>
      </dl>

      <h3>Respostas</h3>
      {f.anonimizadoEm && (
        <Callout intent="primary" data-testid="anonimizado">
          Os dados pessoais deste formulário foram apagados em {formatarDataHora(f.anonimizadoEm)}, no fim do prazo de retenção do modelo (LGPD).
        </Callout>
      )}
      {!f.anonimizadoEm && (
        <div className="cf-dados-pessoais" data-testid="dados-pessoais">
          {claros ? (
            <span className="cf-ajuda">Dados pessoais à mostra. Este acesso foi registrado nos eventos do formulário.</span>
          ) : (
            <>
              <span className="cf-ajuda">Dados pessoais (CPF, nome, e-mail, telefone e os marcados no modelo) aparecem mascarados.</span>
              {f.dadosPessoais?.podeMostrar && <Button icon="eye-open" text="Mostrar dados pessoais" loading={mostrando} onClick={() => void mostrar()} />}
            </>
          )}
        </div>
      )}
      {!f.versaoModelo && <Callout intent="warning">A versão {f.modeloVersao} do modelo não foi encontrada; as respostas aparecem como foram enviadas.</Callout>}
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

      <h3>Eventos</h3>
      <ol className="cf-linha-tempo" data-testid="eventos">
        {f.eventos.map((e) => (
          <li key={e.id}>
            <Etiqueta tabela={ROTULO_EVENTO} codigo={e.tipo} /> <time dateTime={e.ocorridoEm}>{formatarDataHora(e.ocorridoEm)}</time> · {e.autor}
            {textoDetalhes(e.detalhes) && <span className="cf-detalhes"> · {textoDetalhes(e.detalhes)}</span>}
          </li>
        ))}
      </ol>

      <h3>Integração</h3>
      {r ? (
        <dl className="cf-cabecalho-ficha" data-testid="integracao">
          <dt>Situação</dt>
          <dd>
            <Etiqueta tabela={ROTULO_STATUS_RETENTATIVA} codigo={r.status} />
          </dd>
          <dt>Destino</dt>
          <dd>{r.destino ?? '—'}</dd>
          <dt>Tentativas</dt>
          <dd>{r.tentativas}</dd>
          <dt>Último status HTTP</dt>
          <dd>{r.ultimoStatusHttp ?? '—'}</dd>
          <dt>Último erro</dt>
          <dd>{r.ultimoErro ?? '—'}</dd>
          <dt>Próxima tentativa</dt>
          <dd>{r.proximaTentativaEm ? formatarDataHora(r.proximaTentativaEm) : '—'}</dd>
        </dl>
      ) : (
        <p className="cf-ajuda">{f.status === 'RECEBIDO' ? 'A entrega ao sistema de destino ainda não foi tentada.' : 'Nenhuma retentativa registrada para este formulário.'}</p>
      )}
      {tentativas.length > 0 && (
        <Rolagem rotulo="Tentativas de entrega">
          <HTMLTable compact striped aria-label="Tentativas de entrega">
            <thead>
              <tr>
                <th scope="col">Quando</th>
                <th scope="col">Resultado</th>
                <th scope="col">Detalhes</th>
              </tr>
            </thead>
            <tbody>
              {tentativas.map((e) => (
                <tr key={e.id}>
                  <td>{formatarDataHora(e.ocorridoEm)}</td>
                  <td>
                    <Etiqueta tabela={ROTULO_EVENTO} codigo={e.tipo} />
                  </td>
                  <td>{textoDetalhes(e.detalhes)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Rolagem>
      )}
    </article>
  );
}
