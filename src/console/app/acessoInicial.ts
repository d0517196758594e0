import { buscarAdminInfo, buscarPermissoes } from '../api/acesso';
import { FalhaApi, type Http } from '../api/http';
import { comEscopo, type Carregamento } from '../state/carregamento';
import { GRUPO_ERROS, mostrarToast, type Toasts } from '../state/toasts';
import type { Acesso } from '../state/sessao';
import type { Tradutor } from '../../i18n';

export const ESCOPO_ACESSO = 'acesso';

/**
 * SPEC.md sections 7 and 8: the two start-up calls, issued together. They never change page: a failure
 * with an HTTP status shows the support toast in the error group; any other failure, its own text.
 * A call that fails leaves its part empty (no permissions, not administrator).
 */
export async function carregarAcesso(http: Http, username: string, d: { acesso: Acesso; carregamento: Carregamento; toasts: Toasts; t: Tradutor }) {
  const [admin, permissoes] = await comEscopo(d.carregamento, ESCOPO_ACESSO, () =>
    Promise.allSettled([buscarAdminInfo(http), buscarPermissoes(http, username)]),
  );
  d.acesso.adminInfo = { userIsAdmin: admin.status === 'fulfilled' && admin.value?.userIsAdmin === true };
  d.acesso.permissoes = permissoes.status === 'fulfilled' ? permissoes.value.filter((p) => typeof p === 'string') : [];
  const falhas = [admin, permissoes].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  d.acesso.falhou = falhas.length > 0;
  d.acesso.carregado = true;
  if (!falhas.length) return;
  const http_ = falhas.find((f) => f instanceof FalhaApi && f.erro.tipo === 'http');
  const primeira = falhas[0];
  mostrarToast(d.toasts, {
    id: 'falha-acesso',
    group: GRUPO_ERROS,
    severity: 'error',
    closable: true,
    summary: d.t('api.erro-titulo'),
    detail: http_ ? d.t('api.permissoes-falhou') : primeira instanceof Error ? primeira.message : String(primeira),
  });
}
