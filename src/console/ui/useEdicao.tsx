import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAmbiente, useT } from '../app/contexto';
import type { Permissao } from '../../access/permissoes';
import { usePermissao } from '../app/usePermissao';
import { errosPorCampo } from '../api/erros';
import { FalhaApi } from '../api/http';
import { comEscopo } from '../state/carregamento';
import { mostrarSucesso, mostrarToast } from '../state/toasts';
import { useTratarErro } from './useTratarErro';

/**
 * Create/edit pages share one flow: load (404/403 to their pages), validate on submit, save, success toast
 * and back to the list; the API's field errors go next to their fields; a 409 offers to take the current
 * version while keeping what the user typed.
 */
export interface OpcoesEdicao<D, R extends { versao: number }> {
  id?: string;
  vazio: D;
  escopo: string;
  /** Loading and updating: needed only by pages that edit an existing record (`id`). */
  carregar?: (id: string) => Promise<R>;
  paraDados?: (r: R) => D;
  criar: (d: D) => Promise<R>;
  atualizar?: (id: string, d: D & { versao: number }) => Promise<R>;
  /** True when the form may be sent (client-side rules). */
  valido: (d: D) => boolean;
  voltarPara: string;
  salvo: (r: R) => string;
  /** Where to go after saving (default: `voltarPara`). */
  depoisDeSalvar?: (r: R) => string;
  /** Router state handed to the page `depoisDeSalvar` opens (e.g. a secret to show once). */
  estadoDepoisDeSalvar?: (r: R) => unknown;
  permissoes: { criar: Permissao; alterar: Permissao };
}

export function useEdicao<D, R extends { versao: number }>(o: OpcoesEdicao<D, R>) {
  const { estado, t } = useAmbiente();
  const navegar = useNavigate();
  const tratar = useTratarErro();
  const novo = !o.id;
  const podeAlterar = usePermissao(novo ? o.permissoes.criar : o.permissoes.alterar);
  const [dados, setDados] = useState<D>(o.vazio);
  const [registro, setRegistro] = useState<R | null>(null);
  const [versao, setVersao] = useState(0);
  const [carregado, setCarregado] = useState(novo);
  const [enviado, setEnviado] = useState(false);
  const [errosServidor, setErrosServidor] = useState<Record<string, string>>({});
  const [conflito, setConflito] = useState(false);
  const [salvando, setSalvando] = useState(false);

  useEffect(() => {
    if (novo) return;
    comEscopo(estado.carregamento, o.escopo, () => o.carregar!(o.id!))
      .then((r) => {
        setRegistro(r);
        setDados(o.paraDados!(r));
        setVersao(r.versao);
        setCarregado(true);
      })
      .catch((e) => tratar(e, 'detalhe'));
  }, [o.id]);

  async function salvar() {
    setEnviado(true);
    if (!o.valido(dados)) return;
    setSalvando(true);
    try {
      const r = novo ? await o.criar(dados) : await o.atualizar!(o.id!, { ...dados, versao });
      mostrarSucesso(estado.toasts, `salvar:${o.escopo}`, { summary: t('edicao.salvo'), detail: o.salvo(r) });
      navegar(o.depoisDeSalvar?.(r) ?? o.voltarPara, { state: o.estadoDepoisDeSalvar?.(r) });
    } catch (e) {
      const reacao = tratar(e, 'acao', `salvar:${o.escopo}`);
      setErrosServidor(reacao.tipo === 'campos' ? errosPorCampo(reacao.problema) : {});
      if (e instanceof FalhaApi && e.erro.tipo === 'http' && e.erro.status === 409) setConflito(true);
    } finally {
      setSalvando(false);
    }
  }

  async function recarregarVersao() {
    try {
      const r = await o.carregar!(o.id!);
      setRegistro(r);
      setVersao(r.versao);
      setConflito(false);
      mostrarToast(estado.toasts, { severity: 'info', summary: t('edicao.versao-carregada'), detail: t('edicao.versao-carregada-texto'), life: 6000 });
    } catch (e) {
      tratar(e, 'detalhe');
    }
  }

  return { novo, podeAlterar, dados, setDados, registro, carregado, enviado, errosServidor, conflito, salvando, salvar, recarregarVersao, voltar: () => navegar(o.voltarPara) };
}

export function Carregando({ rotulo }: { rotulo: string }) {
  const t = useT();
  return <NonIdealState icon={<Spinner size={32} aria-label={rotulo} />} title={t('erro.carregando')} />;
}

export function AvisoConflito({ substantivo, aoRecarregar }: { substantivo: string; aoRecarregar: () => void }) {
  const t = useT();
  return (
    <Callout intent="warning" title={t('edicao.conflito-titulo', { substantivo })} className="cf-conflito">
      <p>{t('edicao.conflito-texto')}</p>
      <Button intent="warning" icon="refresh" text={t('edicao.carregar-atual')} onClick={aoRecarregar} />
    </Callout>
  );
}

export function AcoesFormulario({ podeAlterar, salvando, aoVoltar }: { podeAlterar: boolean; salvando: boolean; aoVoltar: () => void }) {
  const t = useT();
  return (
    <div className="cf-acoes-formulario">
      {podeAlterar && <Button type="submit" intent="primary" icon="tick" text={t('edicao.salvar')} loading={salvando} />}
      <Button text={podeAlterar ? t('edicao.cancelar') : t('edicao.voltar')} onClick={aoVoltar} />
    </div>
  );
}
