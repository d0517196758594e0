import { proxy } from 'valtio';
import type { DetalhesUsuario } from '../auth/usuario';

/** Session as the shell sees it; "token refresh is watched" (SPEC.md section 4) writes here. */
export function criarSessao() {
  return proxy({
    autenticado: false,
    usuario: null as DetalhesUsuario | null,
    /** Epoch ms of the token's expiry, when known. */
    expiraEm: null as number | null,
    ultimaRenovacao: null as number | null,
    renovacoes: 0,
    falhaRenovacao: null as string | null,
    expirou: false,
  });
}

export type Sessao = ReturnType<typeof criarSessao>;

/** SPEC.md section 3's access-control state: admin info and the set of permission names. */
export function criarAcesso() {
  return proxy({
    adminInfo: { userIsAdmin: false },
    permissoes: [] as string[],
    carregado: false,
    /** A start-up call failed: the user keeps only the always-visible entries. */
    falhou: false,
  });
}

export type Acesso = ReturnType<typeof criarAcesso>;
