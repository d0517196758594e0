/**
 * The access audit trail's vocabulary (issue 18), with pt-BR labels: the server writes these codes and
 * the user-link page shows the labels.
 */
export const ROTULO_RECURSO_AUDITORIA = {
  VINCULO_USUARIO: 'Vínculo de usuário',
  PERFIL_ACESSO: 'Perfil de acesso',
  GRUPO_CONTROLE_CONTEUDO: 'Grupo de controle de conteúdo',
  GRUPO_ACESSO_PUBLICO: 'Grupo de acesso público',
  MODELO: 'Modelo',
} as const;

export const ROTULO_ACAO_AUDITORIA = {
  CRIADO: 'Criado',
  ALTERADO: 'Alterado',
  EXCLUIDO: 'Excluído',
  MOVIDO: 'Mudou de grupo',
} as const;

export type RecursoAuditoria = keyof typeof ROTULO_RECURSO_AUDITORIA;
export type AcaoAuditoria = keyof typeof ROTULO_ACAO_AUDITORIA;
export const RECURSOS_AUDITORIA = Object.keys(ROTULO_RECURSO_AUDITORIA) as RecursoAuditoria[];
export const ACOES_AUDITORIA = Object.keys(ROTULO_ACAO_AUDITORIA) as AcaoAuditoria[];

/** One audit entry as the API answers it. */
export interface EntradaAuditoria {
  id: string;
  ocorridoEm: string;
  autor: string;
  recurso: RecursoAuditoria;
  acao: AcaoAuditoria;
  alvo: string;
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
}

const ROTULO_CAMPO: Record<string, string> = {
  nome: 'Nome',
  email: 'E-mail',
  descricao: 'Descrição',
  administrador: 'Administrador',
  perfis: 'Perfis',
  grupos: 'Grupos',
  permissoes: 'Permissões',
  membros: 'Membros',
  cpfs: 'CPFs',
  grupoControleConteudo: 'Grupo de controle de conteúdo',
  formularios: 'Formulários levados',
};

/** A value as a set of names: lists of {nome} or of strings; anything else is not a set. */
function nomes(v: unknown): string[] | null {
  if (!Array.isArray(v)) return null;
  return v.map((x) => (x && typeof x === 'object' && 'nome' in x ? String((x as { nome: unknown }).nome) : String(x)));
}

function texto(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'sim' : 'não';
  if (typeof v === 'object' && 'nome' in (v as object)) return String((v as { nome: unknown }).nome);
  return String(v);
}

/**
 * What an entry changed, one pt-BR line per field: "Perfis: + Gestor; − Auditor", "Administrador: não → sim".
 * A creation lists what was set; a deletion what there was.
 */
export function resumoMudanca(e: Pick<EntradaAuditoria, 'antes' | 'depois'>): string[] {
  const antes = e.antes ?? {};
  const depois = e.depois ?? {};
  const campos = [...new Set([...Object.keys(antes), ...Object.keys(depois)])];
  return campos.flatMap((campo) => {
    const rotulo = ROTULO_CAMPO[campo] ?? campo;
    const a = antes[campo];
    const d = depois[campo];
    const [na, nd] = [nomes(a), nomes(d)];
    if (na || nd) {
      const mais = (nd ?? []).filter((x) => !(na ?? []).includes(x));
      const menos = (na ?? []).filter((x) => !(nd ?? []).includes(x));
      const partes = [...mais.map((x) => `+ ${x}`), ...menos.map((x) => `− ${x}`)];
      return partes.length ? [`${rotulo}: ${partes.join('; ')}`] : [];
    }
    if (texto(a) === texto(d)) return [];
    if (!e.antes) return [`${rotulo}: ${texto(d)}`];
    if (!e.depois) return [`${rotulo}: ${texto(a)}`];
    return [`${rotulo}: ${texto(a)} → ${texto(d)}`];
  });
}
