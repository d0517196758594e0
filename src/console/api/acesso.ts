import type { Http } from './http';

/** SPEC.md section 7's two calls, issued together when the layout loads. */
export interface AdminInfo {
  userIsAdmin: boolean;
}

export const buscarAdminInfo = (http: Http) => http.get<AdminInfo>('/perfis-acesso/administradores').then((r) => r.data);

export const buscarPermissoes = (http: Http, username: string) =>
  http.get<string[]>(`/perfis-acesso/permissoes/${encodeURIComponent(username)}`).then((r) => (Array.isArray(r.data) ? r.data : []));
