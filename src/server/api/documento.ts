import type { SwaggerOptions } from '@fastify/swagger';
import { TAGS } from './contrato';

/**
 * The OpenAPI 3.1 document (/api/openapi.json), generated from the routes' schemas. Only the API's own
 * operations are in it (tagged; the demo's pages, provider and receiver are not), with paths relative to
 * the `servers` entry, and each schema with a title stated once under `components.schemas`.
 */
export function opcoesDocumento(urlPublica: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Console de Formulários — API de referência',
        version: '1.0.0',
        description:
          'A API que o elemento `<console-formularios>` chama e que outros backends podem implementar. Erros em application/problem+json (RFC 9457) com textos em pt-BR; ' +
          'listas paginadas com `page` (a partir de 0), `size` (até 100) e `sort=campo,asc|desc`, e a paginação nos cabeçalhos X-Page-Number, X-Page-Size e X-Total-Count. ' +
          'Alterações levam a `versao` lida: se outra pessoa salvou antes, a resposta é 409.',
      },
      servers: [{ url: `${urlPublica.replace(/\/$/, '')}/api`, description: 'Este servidor' }],
      tags: TAGS.map((t) => ({ ...t })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Token de acesso do Keycloak do console (ou do provedor embutido da demonstração).' } } },
      security: [{ bearer: [] }],
    },
    hideUntagged: true,
    transform: ({ schema, url }) => ({ schema: comCorpoBinario(schema as No), url: url.replace(/^\/api(?=\/)/, '') }),
    transformObject: (d) => componentes((d as { openapiObject: Record<string, unknown> }).openapiObject),
  };
}

type No = Record<string, unknown>;

/** A route that reads a raw body (`operacao({ corpoBinario })`): documented as any file, in binary. */
function comCorpoBinario(schema: No): No {
  const binario = schema?.['x-corpo-binario'] as { descricao: string } | undefined;
  if (!binario) return schema;
  const { ['x-corpo-binario']: _x, ...resto } = schema;
  return { ...resto, consumes: ['application/octet-stream', 'application/pdf', 'image/png', 'image/jpeg', '*/*'], body: { type: 'string', format: 'binary', description: binario.descricao } };
}
const ehObjeto = (v: unknown): v is No => !!v && typeof v === 'object' && !Array.isArray(v);

/** Moves every schema that has a title to components.schemas and refers to it; two different schemas with one title are a bug. */
export function componentes<T extends No>(doc: T): T {
  const schemas: Record<string, No> = {};
  const json = new Map<string, string>();
  const visitar = (v: unknown, dentroDeSchema: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => visitar(x, dentroDeSchema));
    if (!ehObjeto(v)) return v;
    const copia: No = {};
    for (const [k, x] of Object.entries(v)) copia[k] = k === 'examples' || k === 'example' ? x : visitar(x, dentroDeSchema || k === 'schema');
    if (dentroDeSchema && typeof copia.title === 'string' && ('type' in copia || 'anyOf' in copia)) {
      const nome = copia.title;
      const texto = JSON.stringify(copia);
      if (json.has(nome) && json.get(nome) !== texto) throw new Error(`Dois esquemas diferentes com o título ${nome}`);
      json.set(nome, texto);
      schemas[nome] = copia;
      return { $ref: `#/components/schemas/${nome}` };
    }
    return copia;
  };
  const paths = visitar(doc.paths, false) as No;
  // Response headers are there unless marked `x-opcional` (Idempotent-Replayed).
  for (const op of Object.values(paths).flatMap((p) => Object.values(p as No)) as No[]) {
    for (const r of Object.values((op.responses ?? {}) as Record<string, No>)) {
      for (const h of Object.values((r.headers ?? {}) as Record<string, No>)) {
        const schema = h.schema as No;
        h.required = !schema['x-opcional'];
        delete schema['x-opcional'];
      }
    }
  }
  const components = (doc.components ?? {}) as No;
  return { ...doc, paths, components: { ...components, schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) } };
}
