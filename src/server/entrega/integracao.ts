import { chaveDosSegredos, cofre, novoSegredo, type Cofre } from './assinatura';
import { conectorHttp, resolvedorDoSistema, type OpcoesEnvio } from './envio';
import { resolvedorLocal } from './destino';
import type { Executor } from '../db';
import { numeroDoAmbiente } from '../ambiente';
import { cifrarCabecalhosAntigos } from './cabecalhosGuardados';
import { criarLinksAnexos, VALIDADE_PADRAO_H, type LinksAnexos } from '../anexos/links';

/**
 * How this server reaches integrations (issue 14), shared by the API (save checks, secrets, the test
 * delivery) and the delivery worker: the destination guard's allowlist, the resolver and connector
 * (injected in tests), the secrets' key, the rotation overlap and the pause after exhausted deliveries.
 */
export interface OpcoesIntegracao extends OpcoesEnvio {
  cofre: Cofre;
  /** After a rotation, how long deliveries still carry a signature with the previous secret. */
  sobreposicaoS: number;
  /** Consecutive exhausted deliveries after which a model's integration is paused (0: never). */
  pausaApos: number;
  /** The signed, expiring download links of a delivery's attachments. */
  links: LinksAnexos;
}

export const SOBREPOSICAO_PADRAO_S = 24 * 3600;
export const PAUSA_PADRAO = 50;

/**
 * INTEGRACAO_DNS (`local`: no DNS server asked, for tests and QA), INTEGRACAO_DESTINOS_PERMITIDOS (origins, space or comma separated; unset: the demo receiver's own
 * origin while it is on), SEGREDOS_CHAVE, INTEGRACAO_SOBREPOSICAO_S, INTEGRACAO_PAUSA_APOS, ANEXOS_LINK_VALIDADE_H
 * (how long an attachment's link in a delivery works; the links start at `urlPublica`).
 */
export function opcoesIntegracaoDoAmbiente(env: NodeJS.ProcessEnv, o: { receptorDemo: string | null; arquivoChave: string | null; urlPublica: string }): OpcoesIntegracao {
  const lista = (v: string | undefined) => (v ?? '').split(/[\s,]+/).filter(Boolean);
  const num = (nome: string, padrao: number) => numeroDoAmbiente(env, nome, padrao);
  if (env.NODE_ENV === 'production' && !env.SEGREDOS_CHAVE) throw new Error('Em produção, defina SEGREDOS_CHAVE (32 bytes em base64, por exemplo `openssl rand -base64 32`): é com ela que os segredos de assinatura das integrações ficam cifrados no banco.');
  const chave = chaveDosSegredos(env, o.arquivoChave);
  return {
    // The demo's receiver by its path only: the server's own API and the provider's logout on that origin stay refused.
    permitidos: { origens: lista(env.INTEGRACAO_DESTINOS_PERMITIDOS), caminhos: o.receptorDemo ? [o.receptorDemo] : [] },
    resolver: env.INTEGRACAO_DNS === 'local' ? resolvedorLocal : resolvedorDoSistema,
    conectar: conectorHttp,
    cofre: cofre(chave),
    sobreposicaoS: num('INTEGRACAO_SOBREPOSICAO_S', SOBREPOSICAO_PADRAO_S),
    pausaApos: num('INTEGRACAO_PAUSA_APOS', PAUSA_PADRAO),
    links: criarLinksAnexos({ urlPublica: o.urlPublica, chaveSegredos: chave, validadeS: num('ANEXOS_LINK_VALIDADE_H', VALIDADE_PADRAO_H) * 3600 }),
  };
}

/** The columns of a model that hold its secrets. */
export interface LinhaSegredos {
  integracao_segredo: string | null;
  integracao_segredo_anterior: string | null;
  integracao_segredo_anterior_ate: string | Date | null;
}

/** The secrets a send signs with: the current one, and the previous one while the overlap lasts. */
export function segredosVigentes(i: Pick<OpcoesIntegracao, 'cofre'>, m: LinhaSegredos, agora = Date.now()): string[] {
  const lista = m.integracao_segredo ? [i.cofre.decifrar(m.integracao_segredo)] : [];
  if (m.integracao_segredo_anterior && m.integracao_segredo_anterior_ate && new Date(m.integracao_segredo_anterior_ate).getTime() > agora) lista.push(i.cofre.decifrar(m.integracao_segredo_anterior));
  return lista;
}

/**
 * Every model with a destination signs its deliveries: one without a secret yet (seeded, or from before
 * secrets existed) gets one at start-up. Nobody has seen it; "Gerar novo segredo" shows a new one.
 */
export async function garantirSegredos(db: Executor, i: OpcoesIntegracao): Promise<number> {
  // Header values from before they were secrets (issue 50) are encrypted too.
  await cifrarCabecalhosAntigos(db, i.cofre);
  const sem = await db.query<{ codigo_servico: string }>('select codigo_servico from modelo where integracao_url is not null and integracao_segredo is null');
  for (const m of sem) await db.query('update modelo set integracao_segredo = $2, integracao_segredo_criado_em = now() where codigo_servico = $1 and integracao_segredo is null', [m.codigo_servico, i.cofre.cifrar(novoSegredo())]);
  return sem.length;
}

/**
 * A new secret for model `codigo`: the current one (if any) keeps signing for the overlap. Returns the
 * new secret in clear: the only time anyone sees it.
 */
export async function gerarSegredo(tx: Executor, i: OpcoesIntegracao, codigo: string): Promise<{ segredo: string; criadoEm: string; anteriorValidoAte: string | null }> {
  const segredo = novoSegredo();
  const [r] = await tx.query<{ criado_em: Date; anterior_ate: Date | null }>(
    `update modelo set integracao_segredo_anterior = integracao_segredo,
            integracao_segredo_anterior_ate = case when integracao_segredo is null then null else now() + make_interval(secs => $3) end,
            integracao_segredo = $2, integracao_segredo_criado_em = now()
      where codigo_servico = $1 returning integracao_segredo_criado_em as criado_em, integracao_segredo_anterior_ate as anterior_ate`,
    [codigo, i.cofre.cifrar(segredo), i.sobreposicaoS],
  );
  return { segredo, criadoEm: new Date(r.criado_em).toISOString(), anteriorValidoAte: r.anterior_ate ? new Date(r.anterior_ate).toISOString() : null };
}
