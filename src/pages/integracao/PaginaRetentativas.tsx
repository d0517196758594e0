import { Button, Callout } from '@blueprintjs/core';
import { modelosApi } from '../../api/recursos/modelos';
import { useModelos } from '../../ui/useModelos';
import { Codigo, NomeModelo } from '../../ui/NomeModelo';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { P } from '../../access/permissoes';
import { usePermissao } from '../../access/usePermissao';
import { useAmbiente } from '../../app/contexto';
import { retentativasApi, type Retentativa } from '../../api/recursos/formularios';
import { RETENTATIVA_DESCARTAVEL, RETENTATIVA_REEXECUTAVEL, ROTULO_STATUS_RETENTATIVA } from '../../forms/status';
import { formatarDataHora } from '../../i18n/datas';
import { caminho } from '../../routes';
import { estadoLista } from '../../state/listas';
import { mostrarToast } from '../../state/toasts';
import { BarraFiltros } from '../../ui/BarraFiltros';
import { Campo } from '../../ui/Campo';
import { Dica } from '../../ui/Dica';
import { abrirDialogo, confirmar } from '../../ui/dialogos';
import { Etiqueta } from '../../ui/Etiqueta';
import { TabelaPaginada } from '../../ui/TabelaPaginada';
import { useAcao } from '../../ui/useAcao';
import { mensagemDe, type Regra } from '../../validation/regras';
import { FILTROS_RETENTATIVAS } from '../filtros';
import { TituloPagina } from '../Titulo';

const LISTA = 'retentativas-integracao';
const REGRAS_MOTIVO: Regra[] = [{ tipo: 'required' }, { tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 500 }];

/** The discard dialog's form: a reason is required (it goes to the form's events). */
function FormularioDescarte({ protocolo, aoDescartar, aoCancelar }: { protocolo: string; aoDescartar: (motivo: string) => Promise<boolean>; aoCancelar: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [enviado, setEnviado] = useState(false);
  const [enviando, setEnviando] = useState(false);
  return (
    <form
      noValidate
      onSubmit={async (ev) => {
        ev.preventDefault();
        setEnviado(true);
        if (mensagemDe(REGRAS_MOTIVO, motivo)) return;
        setEnviando(true);
        if (!(await aoDescartar(motivo.trim()))) setEnviando(false);
      }}
    >
      <p>A integração do formulário {protocolo} não será mais tentada e o formulário ficará como descartado.</p>
      <Campo multilinha rotulo="Motivo do descarte" nome="motivo" valor={motivo} regras={REGRAS_MOTIVO} mostrarErros={enviado} aoMudar={setMotivo} />
      <div className="cf-acoes-formulario">
        <Button type="button" text="Cancelar" onClick={aoCancelar} />
        <Button type="submit" intent="danger" text="Descartar" loading={enviando} />
      </div>
    </form>
  );
}

/**
 * Integrations paused after too many exhausted deliveries in a row (issue 14): their new forms wait in
 * the queue. Someone who may change the model resumes it here or in the builder.
 */
function IntegracoesPausadas() {
  const { http } = useAmbiente();
  const { versao, executar } = useAcao();
  const modelos = useModelos(true, versao);
  const podeRetomar = usePermissao(P.UPDATE_MODELO);
  const verModelo = usePermissao(P.READ_MODELO);
  const pausados = modelos.filter((m) => m.integracaoPausadaEm);
  if (!pausados.length) return null;
  const retomar = (codigo: string) => executar(() => modelosApi.retomarIntegracao(http, codigo), { titulo: 'Integração retomada', texto: 'Os formulários na fila voltam a ser entregues.' });
  return (
    <Callout intent="warning" title={pausados.length === 1 ? 'Uma integração está pausada' : `${pausados.length} integrações estão pausadas`} className="cf-aviso-modelo" data-testid="integracoes-pausadas">
      <p>Depois de muitas entregas esgotadas seguidas, as entregas destes modelos pararam: os novos formulários esperam na fila até a integração ser retomada. Confira o destino antes de retomar.</p>
      <ul>
        {pausados.map((m) => (
          <li key={m.codigoServico}>
            {verModelo ? <Link to={caminho('modelos-editar', { codigoServico: m.codigoServico })}>{m.nome}</Link> : m.nome} — pausada em {formatarDataHora(m.integracaoPausadaEm!)}{' '}
            {podeRetomar && <Button size="small" icon="play" text="Retomar" onClick={() => void retomar(m.codigoServico)} />}
          </li>
        ))}
      </ul>
    </Callout>
  );
}

/** /retentativas-integracao — failed deliveries; retry now, discard with a reason, retry the filter in bulk. */
export default function PaginaRetentativas() {
  const { http, estado } = useAmbiente();
  const { versao, executar, tratar } = useAcao();
  const podeAgir = usePermissao(P.UPDATE_RETENTATIVA_INTEGRACAO);
  const verFormulario = usePermissao(P.READ_FORMULARIO);

  const tentarAgora = (r: Retentativa) => executar(() => retentativasApi.executar(http, r.id), { titulo: 'Retentativa pedida', texto: `A integração do formulário ${r.protocolo} será tentada agora.` });

  const descartar = (r: Retentativa) => {
    const fechar = abrirDialogo(estado.dialogos, {
      titulo: `Descartar a integração de ${r.protocolo}`,
      conteudo: (fecharDialogo) => (
        <FormularioDescarte
          protocolo={r.protocolo}
          aoCancelar={fecharDialogo}
          aoDescartar={async (motivo) => {
            const feito = await executar(() => retentativasApi.descartar(http, r.id, motivo), { titulo: 'Retentativa descartada', texto: `A integração do formulário ${r.protocolo} foi descartada.` });
            if (feito) fechar();
            return feito;
          }}
        />
      ),
    });
  };

  const emLote = async () => {
    const filtros = { ...estadoLista(estado.listas, LISTA).filtros };
    try {
      const { quantidade } = await retentativasApi.executarEmLote(http, filtros, true);
      if (!quantidade) {
        mostrarToast(estado.toasts, { severity: 'info', summary: 'Nada a tentar', detail: 'Nenhuma retentativa pendente ou esgotada corresponde ao filtro atual.', life: 5000 });
        return;
      }
      const sim = await confirmar(estado.dialogos, {
        titulo: 'Tentar novamente em lote',
        mensagem: quantidade === 1 ? '1 integração pendente ou esgotada que corresponde ao filtro atual será tentada novamente agora.' : `${quantidade.toLocaleString('pt-BR')} integrações pendentes ou esgotadas que correspondem ao filtro atual serão tentadas novamente agora.`,
        textoConfirmar: `Tentar ${quantidade.toLocaleString('pt-BR')} agora`,
      });
      if (sim) await executar(() => retentativasApi.executarEmLote(http, filtros, false), { titulo: 'Retentativas pedidas', texto: (r) => (r.quantidade === 1 ? '1 integração será tentada agora.' : `${r.quantidade.toLocaleString('pt-BR')} integrações serão tentadas agora.`) });
    } catch (e) {
      tratar(e, 'acao');
    }
  };

  return (
    <section className="cf-pagina">
      <TituloPagina />
      <IntegracoesPausadas />
      <BarraFiltros lista={LISTA} rotulo="Filtros das retentativas" campos={FILTROS_RETENTATIVAS} acoes={podeAgir && <Button icon="repeat" text="Tentar novamente as do filtro" onClick={() => void emLote()} />} />
      <TabelaPaginada<Retentativa>
        chave={LISTA}
        rotulo="Retentativas de integração"
        versao={versao}
        carregar={(p, o, f) => retentativasApi.listar(http, p, o, f)}
        idDe={(r) => r.id}
        vazio="Nenhuma retentativa corresponde aos filtros. Altere ou limpe os filtros."
        colunas={[
          { campo: 'protocolo', titulo: 'Formulário', render: (r) => (verFormulario ? <Link to={caminho('formularios', {}, { id: String(r.formularioId) })} className="cf-sem-quebra">{r.protocolo}</Link> : <Codigo texto={r.protocolo} />) },
          { campo: 'modelo', titulo: 'Modelo', render: (r) => <NomeModelo nome={r.modeloNome} codigo={r.codigoServico} /> },
          { campo: 'status', titulo: 'Status', ordenavel: true, render: (r) => <Etiqueta tabela={ROTULO_STATUS_RETENTATIVA} codigo={r.status} /> },
          { campo: 'tentativas', titulo: 'Tentativas', ordenavel: true },
          { campo: 'ultimoStatusHttp', titulo: 'Último HTTP', render: (r) => r.ultimoStatusHttp ?? '—' },
          { campo: 'ultimoErro', titulo: 'Último erro', render: (r) => r.ultimoErro ?? (r.motivoDescarte ? `Descartada: ${r.motivoDescarte}` : '—') },
          { campo: 'proximaTentativaEm', titulo: 'Próxima tentativa', ordenavel: true, render: (r) => (r.proximaTentativaEm ? formatarDataHora(r.proximaTentativaEm) : '—') },
          { campo: 'criadoEm', titulo: 'Criada em', ordenavel: true, render: (r) => formatarDataHora(r.criadoEm) },
          ...(podeAgir
            ? [
                {
                  campo: 'acoes',
                  titulo: 'Ações',
                  render: (r: Retentativa) => (
                    <span className="cf-acoes-linha">
                      {RETENTATIVA_REEXECUTAVEL.includes(r.status) && (
                        <Dica texto="Tentar agora">
                          <Button size="small" variant="minimal" intent="primary" icon="play" aria-label={`Tentar agora a integração de ${r.protocolo}`} onClick={() => void tentarAgora(r)} />
                        </Dica>
                      )}
                      {RETENTATIVA_DESCARTAVEL.includes(r.status) && (
                        <Dica texto="Descartar">
                          <Button size="small" variant="minimal" intent="danger" icon="remove" aria-label={`Descartar a integração de ${r.protocolo}`} onClick={() => descartar(r)} />
                        </Dica>
                      )}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
