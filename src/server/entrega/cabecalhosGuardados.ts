import type { Cofre } from './assinatura';
import type { Executor } from '../db';
import type { ErroCampo } from '../../contrato/problema';
import { emPortugues } from '../../i18n';

/**
 * An integration's header values are credentials (issue 50: `Authorization: Bearer …`, `X-Api-Key`), kept
 * like the signing secret: encrypted at rest with SEGREDOS_CHAVE, never answered (the API shows names
 * only), never copied. A save names every header the model keeps: a value replaces the stored one, `null`
 * keeps it, and a name left out is removed.
 */

/** A stored value says it is encrypted; one without the mark is from before (plain), until start-up encrypts it. */
const MARCA = 'cifrado:';

export type CabecalhosGuardados = Record<string, string>;
/** What a save sends: a value, or null to keep the stored one. */
export type CabecalhosPedidos = Record<string, string | null>;

/** The names of the stored headers, sorted: all the API ever shows. */
export const nomesDosCabecalhos = (g: CabecalhosGuardados | null | undefined): string[] => Object.keys(g ?? {}).sort((a, b) => a.localeCompare(b));

/** The values in clear, for a send. */
export function cabecalhosEmClaro(cofre: Cofre, g: CabecalhosGuardados | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(g ?? {}).map(([n, v]) => [n, v.startsWith(MARCA) ? cofre.decifrar(v.slice(MARCA.length)) : v]));
}

const cifrado = (cofre: Cofre, valor: string) => MARCA + cofre.cifrar(valor);

/**
 * What a save stores: each header asked for, its new value encrypted or (null) the stored one as it is.
 * A null for a header the model does not have is a field error: there is nothing to keep.
 */
export function cabecalhosAGravar(cofre: Cofre, pedidos: CabecalhosPedidos | undefined, guardados: CabecalhosGuardados | null | undefined): { cabecalhos: CabecalhosGuardados; erros: ErroCampo[] } {
  const porNome = new Map(Object.entries(guardados ?? {}).map(([n, v]) => [n.toLowerCase(), v]));
  const cabecalhos: CabecalhosGuardados = {};
  const erros: ErroCampo[] = [];
  for (const [nome, valor] of Object.entries(pedidos ?? {})) {
    if (valor !== null) cabecalhos[nome] = cifrado(cofre, valor);
    else if (porNome.has(nome.toLowerCase())) cabecalhos[nome] = porNome.get(nome.toLowerCase())!;
    else erros.push({ field: `integracao.cabecalhos.${nome}`, message: emPortugues('cabecalho.sem-valor', { nome }) });
  }
  return { cabecalhos, erros };
}

/** At start-up: header values stored in clear (before this release) are encrypted in place. */
export async function cifrarCabecalhosAntigos(db: Executor, cofre: Cofre): Promise<number> {
  const linhas = await db.query<{ codigo_servico: string; integracao_cabecalhos: CabecalhosGuardados }>(
    `select codigo_servico, integracao_cabecalhos from modelo where exists (select 1 from jsonb_each_text(integracao_cabecalhos) c where c.value not like '${MARCA}%')`,
  );
  for (const l of linhas) {
    const todos = Object.fromEntries(Object.entries(l.integracao_cabecalhos).map(([n, v]) => [n, v.startsWith(MARCA) ? v : cifrado(cofre, v)]));
    await db.query('update modelo set integracao_cabecalhos = $2 where codigo_servico = $1 and integracao_cabecalhos = $3::jsonb', [l.codigo_servico, JSON.stringify(todos), JSON.stringify(l.integracao_cabecalhos)]);
  }
  return linhas.length;
}
