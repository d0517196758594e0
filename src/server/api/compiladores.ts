import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (Ajv for what comes in, fast-json-stringify for what goes out), each schema compiled
 * once per process, and only when a request first needs it. Fastify makes new compilers for every app and compiles
 * every route's schemas at start, the GET routes' twice (their HEAD twins); measured on 29/11 in an api test file: about
 * a sixth of its CPU, at every server start (the tests start some 150, most calling a few of the ~150 routes).
 * Here the second app of a process, and every twin route, takes the functions the first made (same schema as JSON,
 * same options and shared schemas); and each is compiled at its first use. A production node compiles them all before
 * it listens (`compilarTodos`), as Fastify would, so that no citizen's first call pays for it. Both kinds are pure: the
 * validator leaves its `errors` on itself, read by Fastify right after the call on the same tick.
 */
type Funcao = ((dado: unknown) => unknown) & { errors?: unknown };
const validadores = new Map<string, Funcao>();
const serializadores = new Map<string, Funcao>();
// Ajv's instances by shared schemas and options, kept for the process (Fastify's default keeps them for one app).
const poolAjv = AjvCompiler();
const seletorFjs = SerializerSelector();
/** The compilations not made yet, for `compilarTodos`. */
const pendentes = new Set<() => void>();

/** A function that compiles itself (`compilar`) at its first call; the validator's `errors` copied where Fastify reads them. */
function aoPrimeiroUso(compilar: () => Funcao): Funcao {
  let feita: Funcao | undefined;
  const fazer = () => {
    pendentes.delete(fazer);
    return (feita ??= compilar());
  };
  pendentes.add(fazer);
  const f: Funcao = (dado) => {
    const real = feita ?? fazer();
    const r = real(dado);
    f.errors = real.errors;
    return r;
  };
  return f;
}

function lembrado(mapa: Map<string, Funcao>, chave: string, compilar: () => Funcao): Funcao {
  let f = mapa.get(chave);
  if (!f) mapa.set(chave, (f = aoPrimeiroUso(compilar)));
  return f;
}

/** Compiles every schema not compiled yet (a production node, before it listens: its first calls then pay nothing). */
export function compilarTodos(): number {
  const n = pendentes.size;
  for (const fazer of [...pendentes]) fazer();
  return n;
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
type Compilar = (rota: EsquemaDaRota) => Funcao;

/** One of Fastify's compiler factories, its functions kept in `mapa` by shared schemas, options and the route's schema. */
function lembrando(mapa: Map<string, Funcao>, fabrica: unknown) {
  return (externos: unknown, opcoes: unknown): Compilar => {
    const compilar = (fabrica as (e: unknown, o: unknown) => Compilar)(externos, opcoes);
    const contexto = JSON.stringify([externos, opcoes]);
    return (rota) => lembrado(mapa, contexto + JSON.stringify(rota.schema), () => compilar(rota));
  };
}

const validador = lembrando(validadores, poolAjv);
const buildValidator = (externos: unknown, opcoes: unknown): Compilar => {
  const compilar = validador(externos, opcoes);
  return (rota) => {
    if (rota.httpPart === 'headers') cabecalhosEmMinusculas(rota.schema, `${rota.method} ${rota.url}`);
    return compilar(rota);
  };
};
const buildSerializer = lembrando(serializadores, seletorFjs);

/** `schemaController` for Fastify(): the compilers above. */
export const COMPILADORES_DE_ESQUEMA = { compilersFactory: { buildValidator, buildSerializer } } as FastifyServerOptions['schemaController'];
