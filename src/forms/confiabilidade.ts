import type { Static } from 'typebox';
import type { ExigenciaConfiabilidade } from '../contrato/modelos';

/**
 * gov.br reliability (issue 44): the level of a citizen's account — bronze, prata, ouro (Portaria SEDGGME
 * 2.154/2021) —, its seals and whether the login used a second factor, and what a model may ask of them. Pure:
 * the server decides with it (drafts, uploads, submissions), the builder offers its catalogue, the element and
 * the drawer name what it names. The ids and names are gov.br's (manual "Roteiro de integração do Login Único",
 * `iniciarintegracao.rst`, "Resultado esperado … (Selos)"); the discontinued seal 301 is left out.
 */
export type Exigencia = Static<typeof ExigenciaConfiabilidade>;
export const NIVEIS = ['bronze', 'prata', 'ouro'] as const;
export type Nivel = (typeof NIVEIS)[number];

/** What the token says of the citizen's account. */
export interface ConfiabilidadeDoCidadao {
  nivel: Nivel | null;
  selos: string[];
  segundoFator: boolean;
}

export const SELOS: readonly { id: string; nome: string; nivel: Nivel }[] = [
  { id: '101', nome: 'Dados previdenciários (INSS)', nivel: 'bronze' },
  { id: '201', nome: 'Cadastro básico (Receita Federal)', nivel: 'bronze' },
  { id: '501', nome: 'Balcão do INSS', nivel: 'bronze' },
  { id: '502', nome: 'Balcão Detran', nivel: 'bronze' },
  { id: '503', nome: 'Balcão dos Correios', nivel: 'bronze' },
  { id: '504', nome: 'Balcão presencial gov.br', nivel: 'bronze' },
  { id: '401', nome: 'Biometria facial (Senatran)', nivel: 'prata' },
  { id: '602', nome: 'Internet banking: Banco do Brasil', nivel: 'prata' },
  { id: '603', nome: 'Internet banking: Banrisul', nivel: 'prata' },
  { id: '604', nome: 'Internet banking: Bradesco', nivel: 'prata' },
  { id: '605', nome: 'Internet banking: Caixa Econômica Federal', nivel: 'prata' },
  { id: '606', nome: 'Internet banking: Banco de Brasília', nivel: 'prata' },
  { id: '607', nome: 'Internet banking: Sicoob', nivel: 'prata' },
  { id: '608', nome: 'Internet banking: Santander', nivel: 'prata' },
  { id: '609', nome: 'Internet banking: Agibank', nivel: 'prata' },
  { id: '610', nome: 'Internet banking: Itaú', nivel: 'prata' },
  { id: '618', nome: 'Internet banking: Banco Mercantil', nivel: 'prata' },
  { id: '624', nome: 'Internet banking: Sicredi', nivel: 'prata' },
  { id: '625', nome: 'Internet banking: PicPay/Original', nivel: 'prata' },
  { id: '626', nome: 'Internet banking: Nubank', nivel: 'prata' },
  { id: '627', nome: 'Internet banking: BTG Pactual', nivel: 'prata' },
  { id: '628', nome: 'Internet banking: Banco Inter', nivel: 'prata' },
  { id: '629', nome: 'Internet banking: C6 Bank', nivel: 'prata' },
  { id: '630', nome: 'Internet banking: Banco BMG', nivel: 'prata' },
  { id: '701', nome: 'Biometria facial (TSE)', nivel: 'ouro' },
  { id: '702', nome: 'Biometria digital', nivel: 'ouro' },
  { id: '801', nome: 'Certificado digital', nivel: 'ouro' },
  { id: '901', nome: 'Carteira de Identidade Nacional (CIN)', nivel: 'ouro' },
];
const NOME_DO_SELO = new Map(SELOS.map((s) => [s.id, s.nome]));
export const nomeDoSelo = (id: string) => NOME_DO_SELO.get(id) ?? id;

const NIVEL_DA_CLAIM: Record<string, Nivel> = { gold: 'ouro', silver: 'prata', bronze: 'bronze', '3': 'ouro', '2': 'prata', '1': 'bronze', ouro: 'ouro', prata: 'prata' };

/** A level as a token writes it: gov.br's "gold"/"silver"/"bronze", its catalogue ids 1–3, or our names. */
export function nivelDaClaim(v: unknown): Nivel | null {
  const s = String(v ?? '').trim().toLowerCase();
  return Object.hasOwn(NIVEL_DA_CLAIM, s) ? NIVEL_DA_CLAIM[s] : null;
}

/** Seal ids as a token lists them: `[{id: "801", updatedAt}]` (gov.br's) or plain ids. */
export function selosDaClaim(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return [...new Set(v.map((x) => (x && typeof x === 'object' ? (x as { id?: unknown }).id : x)).filter((x) => typeof x === 'string' || typeof x === 'number').map(String))];
}

/** Whether the login used a second factor: `mfa` among the authentication methods (`amr`). */
export const segundoFatorDaClaim = (amr: unknown): boolean => (Array.isArray(amr) ? amr.includes('mfa') : amr === 'mfa');

/** Whether the model asks anything of the account. */
export const exige = (e: Exigencia | undefined): e is Exigencia => !!e && (!!e.nivel || !!e.selos?.length || !!e.segundoFator);

/** What the citizen's account lacks for `e`; null when it serves. */
export interface Falta {
  nivel?: Nivel;
  selos?: string[];
  segundoFator?: boolean;
}
export function faltaDe(e: Exigencia | undefined, c: ConfiabilidadeDoCidadao | null | undefined): Falta | null {
  if (!exige(e)) return null;
  const tem: ConfiabilidadeDoCidadao = c ?? { nivel: null, selos: [], segundoFator: false };
  const falta: Falta = {};
  if (e.nivel && NIVEIS.indexOf(tem.nivel ?? 'bronze') < NIVEIS.indexOf(e.nivel)) falta.nivel = e.nivel;
  if (e.selos?.length && !e.selos.some((s) => tem.selos.includes(s))) falta.selos = e.selos;
  if (e.segundoFator && !tem.segundoFator) falta.segundoFator = true;
  return Object.keys(falta).length ? falta : null;
}

/** The catalogue's `niveis` for a minimum level (gov.br: "(2/3)" is prata or ouro, "3" ouro). */
export const niveisDoCatalogo = (nivel: Nivel | undefined) => (nivel === 'ouro' ? '3' : '(2/3)');

/** The trust catalogue's address for `e` (gov.br's parameters; the element adds `redirect_uri`, the page it is on). */
export function enderecoDoCatalogo(base: string, clientId: string, e: Exigencia): string {
  const u = new URL(base);
  u.searchParams.set('client_id', clientId);
  if (e.nivel || e.selos?.length) u.searchParams.set('niveis', niveisDoCatalogo(e.nivel));
  return u.toString();
}
