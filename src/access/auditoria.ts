import { emPortugues, type ChaveTexto, type Tradutor } from '../i18n';

/**
 * The access audit trail's vocabulary (issue 18): the server writes these codes and the user-link page
 * shows their labels (catalog keys `auditoria.*`).
 */
export const RECURSOS_AUDITORIA = ['VINCULO_USUARIO', 'PERFIL_ACESSO', 'GRUPO_CONTROLE_CONTEUDO', 'GRUPO_ACESSO_PUBLICO', 'MODELO', 'FORMULARIO'] as const;
export const ACOES_AUDITORIA = ['CRIADO', 'ALTERADO', 'EXCLUIDO', 'MOVIDO', 'APROVADO', 'RECUSADO'] as const;
export type RecursoAuditoria = (typeof RECURSOS_AUDITORIA)[number];
export type AcaoAuditoria = (typeof ACOES_AUDITORIA)[number];

/** A code's label; a code unknown to this version is shown as it is. */
export const rotuloAuditoria = (codigo: string, t: Tradutor = emPortugues) => ((RECURSOS_AUDITORIA as readonly string[]).includes(codigo) || (ACOES_AUDITORIA as readonly string[]).includes(codigo) ? t(`auditoria.${codigo}` as ChaveTexto) : codigo);

/** What an audit entry changed: the record before and after (null when created or deleted). src/contrato/acesso.ts's entry has these. */
export interface MudancaAuditada {
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
}

const CAMPOS = ['nome', 'email', 'descricao', 'administrador', 'perfis', 'grupos', 'permissoes', 'membros', 'cpfs', 'grupoControleConteudo', 'formularios'];
const rotuloCampo = (c: string, t: Tradutor) => (CAMPOS.includes(c) ? t(`auditoria.campo.${c}` as ChaveTexto) : c);

/** A value as a set of names: lists of {nome} or of strings; anything else is not a set. */
function nomes(v: unknown): string[] | null {
  if (!Array.isArray(v)) return null;
  return v.map((x) => (x && typeof x === 'object' && 'nome' in x ? String((x as { nome: unknown }).nome) : String(x)));
}

function texto(v: unknown, t: Tradutor): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'dif.sim' : 'dif.nao');
  if (typeof v === 'object' && 'nome' in (v as object)) return String((v as { nome: unknown }).nome);
  return String(v);
}

/**
 * What an entry changed, one line per field: "Perfis: + Gestor; − Auditor", "Administrador: não → sim".
 * A creation lists what was set; a deletion what there was.
 */
export function resumoMudanca(e: MudancaAuditada, t: Tradutor = emPortugues): string[] {
  const antes = e.antes ?? {};
  const depois = e.depois ?? {};
  const campos = [...new Set([...Object.keys(antes), ...Object.keys(depois)])];
  return campos.flatMap((campo) => {
    const rotulo = rotuloCampo(campo, t);
    const a = antes[campo];
    const d = depois[campo];
    const [na, nd] = [nomes(a), nomes(d)];
    if (na || nd) {
      const mais = (nd ?? []).filter((x) => !(na ?? []).includes(x));
      const menos = (na ?? []).filter((x) => !(nd ?? []).includes(x));
      const partes = [...mais.map((x) => `+ ${x}`), ...menos.map((x) => `− ${x}`)];
      return partes.length ? [`${rotulo}: ${partes.join('; ')}`] : [];
    }
    if (texto(a, t) === texto(d, t)) return [];
    if (!e.antes) return [`${rotulo}: ${texto(d, t)}`];
    if (!e.depois) return [`${rotulo}: ${texto(a, t)}`];
    return [`${rotulo}: ${texto(a, t)} → ${texto(d, t)}`];
  });
}
