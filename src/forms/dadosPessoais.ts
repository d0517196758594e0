import { mascararCpf, soDigitos } from './cpf';
import type { CampoDefinicao, Definicao } from './definicao';

/**
 * Which answers are personal data, and how they are masked (issue 13, LGPD). One module: the server
 * masks lists, the drawer, the CSV, events and delivery errors for whoever lacks
 * READ_FORMULARIO_DADOS_PESSOAIS; the anonymisation job blanks the same fields. Pure.
 */
export type TipoPessoal = 'cpf' | 'email' | 'telefone' | 'nome' | 'outro';

/** Labels or answer names that mean a phone number. */
const TELEFONE = /telefone|celular|\bfone\b|whats\s*app|\btel\b/i;

/** What kind of personal data a field holds, or null when it holds none. */
export function tipoPessoal(c: Pick<CampoDefinicao, 'tipo' | 'rotulo' | 'id' | 'requerente' | 'dadoPessoal'>): TipoPessoal | null {
  if (c.tipo === 'cpf' || c.requerente === 'cpf') return 'cpf';
  if (c.tipo === 'email' || c.requerente === 'email') return 'email';
  if (c.requerente === 'nome') return 'nome';
  if (c.tipo === 'telefone' || TELEFONE.test(c.rotulo ?? '') || TELEFONE.test(c.id.replace(/-/g, ' '))) return 'telefone';
  return c.dadoPessoal ? 'outro' : null;
}

/**
 * A definition's personal fields, by answer name. A repeating section (issue 21) whose items hold
 * personal fields is in the map too, by its id, with the map of those fields (its answer is the list).
 */
export type Pessoais = Map<string, TipoPessoal | Map<string, TipoPessoal>>;

export function camposPessoais(d: Definicao | null | undefined): Pessoais {
  const m: Pessoais = new Map();
  for (const s of d?.secoes ?? []) {
    const alvo: Map<string, TipoPessoal> = s.repeticao ? new Map() : (m as Map<string, TipoPessoal>);
    for (const c of s.campos) {
      const t = tipoPessoal(c);
      if (t) alvo.set(c.id, t);
    }
    if (s.repeticao && alvo.size) m.set(s.id, alvo);
  }
  return m;
}

const estrelas = '***';

/** The first character (a whole code point: an emoji is not cut in half). */
const primeiro = (s: string) => (s ? String.fromCodePoint(s.codePointAt(0)!) : '');

function mascararTextoDe(tipo: TipoPessoal, s: string): string {
  switch (tipo) {
    case 'cpf':
      return soDigitos(s).length === 11 ? mascararCpf(soDigitos(s)) : estrelas;
    case 'email': {
      const [usuario, dominio] = s.split('@');
      return dominio ? `${primeiro(usuario)}${estrelas}@${dominio}` : estrelas;
    }
    case 'telefone': {
      const d = soDigitos(s);
      return d.length >= 4 ? `${estrelas}-${d.slice(-4)}` : estrelas;
    }
    case 'nome':
      return s.trim().split(/\s+/).filter(Boolean).map((p) => `${primeiro(p)}${estrelas}`).join(' ') || estrelas;
    default:
      return estrelas;
  }
}

/** A personal answer as someone without the permission sees it (empty stays empty). */
export function mascarar(tipo: TipoPessoal, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return v;
  if (typeof v === 'string') return mascararTextoDe(tipo, v);
  if (typeof v === 'number') return estrelas;
  if (Array.isArray(v)) return v.map((x) => mascarar(tipo, x));
  // A file: its name is masked; the rest (size, type, SHA-256) is not personal.
  if (typeof v === 'object') return 'nome' in v ? { ...(v as object), nome: estrelas } : v;
  return estrelas;
}

/** The answers with every personal one masked. */
/** `pessoais`: the definition's personal fields, when the caller already has them (an export, row after row). */
export function mascararRespostas(d: Definicao | null | undefined, respostas: Record<string, unknown>, pessoais: Pessoais = camposPessoais(d)): Record<string, unknown> {
  // A copy with the personal ones replaced in place: the same keys in the same order (the export runs this per row).
  const saida = { ...respostas };
  for (const [k, tipo] of pessoais) {
    if (!Object.hasOwn(saida, k)) continue;
    const v = saida[k];
    if (typeof tipo === 'string') saida[k] = mascarar(tipo, v);
    // A repeating section: each item masked the same way.
    else if (Array.isArray(v)) saida[k] = v.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? mascararRespostas(null, item as Record<string, unknown>, tipo) : item));
  }
  return saida;
}

const CPF_NO_TEXTO = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;
const EMAIL_NO_TEXTO = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;

/** Free text (an event's details, a delivery error) with any CPF or e-mail in it masked. */
export function mascararTexto(s: string): string {
  return s.replace(CPF_NO_TEXTO, (c) => mascararTextoDe('cpf', c)).replace(EMAIL_NO_TEXTO, (e) => mascararTextoDe('email', e));
}

/** Any JSON value (event details) with the free-text masking applied to every string in it. */
export function mascararDetalhes(v: unknown): unknown {
  if (typeof v === 'string') return mascararTexto(v);
  if (Array.isArray(v)) return v.map(mascararDetalhes);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mascararDetalhes(x)]));
  return v;
}
