import { Button, Callout } from '@blueprintjs/core';
import { modelosApi } from '../../api/recursos/modelos';
import { useModelos } from '../../ui/useModelos';
import { Codigo, NomeModelo } from '../../ui/NomeModelo';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { P } from '../../../access/permissoes';
import { usePermissao } from '../../app/usePermissao';
import { useAmbiente, useT } from '../../app/contexto';
import { retentativasApi, type Retentativa } from '../../api/recursos/formularios';
import { RETENTATIVA_DESCARTAVEL, RETENTATIVA_REEXECUTAVEL, ROTULO_STATUS_RETENTATIVA } from '../../../forms/status';
import { formatarDataHora } from '../../../i18n/datas';
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
import { mensagemDe, type Regra } from '../../../validation/regras';
import { filtrosRetentativas } from '../filtros';
import { TituloPagina } from '../Titulo';

const LISTA = 'retentativas-integracao';
const REGRAS_MOTIVO: Regra[] = [{ tipo: 'required' }, { tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 500 }];

/** The discard dialog's form: a reason is required (it goes to the form's events). */
function FormularioDescarte({ protocolo, aoDescartar, aoCancelar }: { protocolo: string; aoDescartar: (motivo: string) => Promise<boolean>; aoCancelar: () => void }) {
  const t = useT();
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
      <p>{t('retentativas.descarte-texto', { protocolo })}</p>
      <Campo multilinha rotulo={t('retentativas.motivo')} nome="motivo" valor={motivo} regras={REGRAS_MOTIVO} mostrarErros={enviado} aoMudar={setMotivo} />
      <div className="cf-acoes-formulario">
        <Button type="button" text={t('retentativas.cancelar')} onClick={aoCancelar} />
        <Button type="submit" intent="danger" text={t('retentativas.descartar')} loading={enviando} />
      </div>
    </form>
  );
}

/**
 * Integrations paused after too many exhausted deliveries in a row (issue 14): their new forms wait in
 * the queue. Someone who may change the model resumes it here or in the builder.
 */
function IntegracoesPausadas() {
  const { http, t } = useAmbiente();
  const { versao, executar } = useAcao();
  const modelos = useModelos(true, versao);
  const podeRetomar = usePermissao(P.UPDATE_MODELO);
  const verModelo = usePermissao(P.READ_MODELO);
  const pausados = modelos.filter((m) => m.integracaoPausadaEm);
  if (!pausados.length) return null;
  const retomar = (codigo: string) => executar(() => modelosApi.retomarIntegracao(http, codigo), { titulo: t('retentativas.retomada'), texto: t('retentativas.retomada-texto') });
  return (
    <Callout intent="warning" title={t('retentativas.pausadas', { n: pausados.length })} className="cf-aviso-modelo" data-testid="integracoes-pausadas">
      <p>{t('retentativas.pausadas-texto')}</p>
      <ul>
        {pausados.map((m) => (
          <li key={m.codigoServico}>
            {verModelo ? <Link to={caminho('modelos-editar', { codigoServico: m.codigoServico })}>{m.nome}</Link> : m.nome} — {t('retentativas.pausada-em', { quando: formatarDataHora(m.integracaoPausadaEm!) })}{' '}
            {podeRetomar && <Button size="small" icon="play" text={t('retentativas.retomar')} onClick={() => void retomar(m.codigoServico)} />}
          </li>
        ))}
      </ul>
    </Callout>
  );
}

/** /retentativas-integracao — failed deliveries; retry now, discard with a reason, retry the filter in bulk. */
export default function PaginaRetentativas() {
  const { http, estado, t, config } = useAmbiente();
  const { versao, executar, tratar } = useAcao();
  const podeAgir = usePermissao(P.UPDATE_RETENTATIVA_INTEGRACAO);
  const verFormulario = usePermissao(P.READ_FORMULARIO);

  const tentarAgora = (r: Retentativa) => executar(() => retentativasApi.executar(http, r.id), { titulo: t('retentativas.pedida'), texto: t('retentativas.pedida-texto', { protocolo: r.protocolo }) });

  const descartar = (r: Retentativa) => {
    const fechar = abrirDialogo(estado.dialogos, {
      titulo: t('retentativas.descartar-titulo', { protocolo: r.protocolo }),
      conteudo: (fecharDialogo) => (
        <FormularioDescarte
          protocolo={r.protocolo}
          aoCancelar={fecharDialogo}
          aoDescartar={async (motivo) => {
            const feito = await executar(() => retentativasApi.descartar(http, r.id, motivo), { titulo: t('retentativas.descartada'), texto: t('retentativas.descartada-texto', { protocolo: r.protocolo }) });
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
        mostrarToast(estado.toasts, { severity: 'info', summary: t('retentativas.nada'), detail: t('retentativas.nada-texto'), life: 5000 });
        return;
      }
      const sim = await confirmar(estado.dialogos, {
        titulo: t('retentativas.lote-titulo'),
        mensagem: t('retentativas.lote-mensagem', { n: quantidade }),
        textoConfirmar: t('retentativas.lote-confirmar', { n: quantidade.toLocaleString(config.language) }),
      });
      if (sim) await executar(() => retentativasApi.executarEmLote(http, filtros, false), { titulo: t('retentativas.pedidas'), texto: (r) => t('retentativas.pedidas-texto', { n: r.quantidade }) });
    } catch (e) {
      tratar(e, 'acao');
    }
  };

  return (
    <section className="cf-pagina">
      <TituloPagina />
      <IntegracoesPausadas />
      <BarraFiltros lista={LISTA} rotulo={t('retentativas.filtros')} campos={filtrosRetentativas(t)} acoes={podeAgir && <Button icon="repeat" text={t('retentativas.lote-botao')} onClick={() => void emLote()} />} />
      <TabelaPaginada<Retentativa>
        chave={LISTA}
        rotulo={t('retentativas.tabela')}
        versao={versao}
        carregar={(p, o, f) => retentativasApi.listar(http, p, o, f)}
        idDe={(r) => r.id}
        vazio={t('retentativas.vazio')}
        colunas={[
          { campo: 'protocolo', titulo: t('eventos.formulario'), fixa: 'inicio' as const, render: (r) => (verFormulario ? <Link to={caminho('formularios', {}, { id: String(r.formularioId) })} className="cf-sem-quebra">{r.protocolo}</Link> : <Codigo texto={r.protocolo} />) },
          { campo: 'modelo', titulo: t('formularios.modelo'), render: (r) => <NomeModelo nome={r.modeloNome} codigo={r.codigoServico} /> },
          { campo: 'status', titulo: t('formularios.status'), ordenavel: true, render: (r) => <Etiqueta tabela={ROTULO_STATUS_RETENTATIVA} codigo={r.status} /> },
          { campo: 'tentativas', titulo: t('ficha.tentativas'), ordenavel: true },
          { campo: 'ultimoStatusHttp', titulo: t('retentativas.ultimo-http'), render: (r) => r.ultimoStatusHttp ?? '—' },
          { campo: 'ultimoErro', titulo: t('ficha.ultimo-erro'), render: (r) => <span className="cf-texto-longo">{r.ultimoErro ?? (r.motivoDescarte ? t('retentativas.descartada-motivo', { motivo: r.motivoDescarte }) : '—')}</span> },
          { campo: 'proximaTentativaEm', titulo: t('ficha.proxima'), ordenavel: true, render: (r) => (r.proximaTentativaEm ? formatarDataHora(r.proximaTentativaEm) : '—') },
          { campo: 'criadoEm', titulo: t('retentativas.criada-em'), ordenavel: true, render: (r) => formatarDataHora(r.criadoEm) },
          ...(podeAgir
            ? [
                {
                  campo: 'acoes',
                  titulo: t('lista.acoes'),
                  fixa: 'fim' as const,
                  render: (r: Retentativa) => (
                    <span className="cf-acoes-linha">
                      {RETENTATIVA_REEXECUTAVEL.includes(r.status) && (
                        <Dica texto={t('retentativas.tentar-agora')}>
                          <Button size="small" variant="minimal" intent="primary" icon="play" aria-label={t('retentativas.tentar-agora-de', { protocolo: r.protocolo })} onClick={() => void tentarAgora(r)} />
                        </Dica>
                      )}
                      {RETENTATIVA_DESCARTAVEL.includes(r.status) && (
                        <Dica texto={t('retentativas.descartar')}>
                          <Button size="small" variant="minimal" intent="danger" icon="remove" aria-label={t('retentativas.descartar-de', { protocolo: r.protocolo })} onClick={() => descartar(r)} />
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
