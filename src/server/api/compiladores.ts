import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (Ajv for what comes in, fast-json-stringify for what goes out), each schema compiled
 * once per process. Fastify makes new compilers for every app and compiles every route's schemas again, the GET
 * routes' twice (their HEAD twins); measured on 26/11 in an api test file: about a sixth of its CPU, at every server
 * start (the tests start some 150; a production node starts one, and a process of the `nos` suite three). Here the
 * second app of a process, and every twin route, takes the functions the first compiled: same schema (as JSON), same
 * options and shared schemas, same function. Both kinds are pure: the validator leaves its `errors` on itself, read
 * by Fastify right after the call on the same tick.
 */
const validadores = new Map<string, unknown>();
const serializadores = new Map<string, unknown>();
// Ajv's instances by shared schemas and options, kept for the process (Fastify's default keeps them for one app).
const poolAjv = AjvCompiler();
const seletorFjs = SerializerSelector();

function lembrado<T>(mapa: Map<string, unknown>, chave: string, fazer: () => T): T {
  if (!mapa.has(chave)) mapa.set(chave, fazer());
  return mapa.get(chave) as T;
}

/**
 * A custom validator factory makes Fastify hand request-header schemas over as written, without lowering their names
 * as it does for its own (headers arrive in lower case): so every header a route declares must be in lower case.
 */
export function cabecalhosEmMinusculas(esquema: unknown, rota: string): void {
  const nomes = Object.keys((esquema as { properties?: object } | null)?.properties ?? {});
  const errado = nomes.find((n) => n !== n.toLowerCase());
  if (errado) throw new Error(`${rota}: o cabeçalho "${errado}" precisa ser declarado em minúsculas`);
}

/** What Fastify hands a compiler: a route's schema for one part of the request, or for one status of the answer. */
interface EsquemaDaRota {
  schema: unknown;
  method?: string;
  url?: string;
  httpPart?: string;
}
type Compilar = (rota: EsquemaDaRota) => unknown;

const buildValidator = (externos: unknown, opcoes: unknown): Compilar => {
  const compilar = (poolAjv as unknown as (e: unknown, o: unknown) => Compilar)(externos, opcoes);
  const contexto = JSON.stringify([externos, opcoes]);
  return (rota) => {
    if (rota.httpPart === 'headers') cabecalhosEmMinusculas(rota.schema, `${rota.method} ${rota.url}`);
    return lembrado(validadores, contexto + JSON.stringify(rota.schema), () => compilar(rota));
  };
};

const buildSerializer = (externos: unknown, opcoes: unknown): Compilar => {
  const contexto = JSON.stringify([externos, opcoes]);
  const compilar = (seletorFjs as unknown as (e: unknown, o: unknown) => Compilar)(externos, opcoes);
  return (rota) => lembrado(serializadores, contexto + JSON.stringify(rota.schema), () => compilar(rota));
};

/** `schemaController` for Fastify(): the compilers above. */
export const COMPILADORES_DE_ESQUEMA = { compilersFactory: { buildValidator, buildSerializer } } as FastifyServerOptions['schemaController'];
