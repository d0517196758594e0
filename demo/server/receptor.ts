import type { FastifyInstance } from 'fastify';

/**
 * The demo's downstream system (issue 8): point a model's integration at
 * `http://localhost:8080/demo/receptor` and set how it answers, to watch deliveries and retries:
 *   PUT /demo/receptor/modo {"modo":"sucesso"} | {"modo":"falha","status":503} | {"modo":"travar"}
 *   GET /demo/receptor  -> the mode and the last deliveries received (newest first)
 * Development and QA only, like the embedded identity provider.
 */
export type ModoReceptor = { modo: 'sucesso' } | { modo: 'falha'; status: number } | { modo: 'travar' };

export interface EntregaRecebida {
  em: string;
  entregaId: string | null;
  tentativa: string | null;
  idempotencyKey: string | null;
  protocolo: string | null;
  /** The language the citizen filled it in (issue 35). */
  idioma: string | null;
  /** The fee paid by Pix the delivery carries (issue 38). */
  pagamento: unknown;
  /** The parties of the steps after sending (issue 46): who signed or approved, when. */
  partes: unknown;
  /** The attachments the delivery brought, with their signed links (QA opens them to check they download). */
  anexos: { nome: string; sha256: string; url: string }[];
  respondido: number | 'sem resposta';
}

const LIMITE = 200;
const TRAVAR_MS = 5 * 60_000;

export function registrarReceptor(app: FastifyInstance) {
  let modo: ModoReceptor = { modo: 'sucesso' };
  const recebidas: EntregaRecebida[] = [];
  let total = 0;

  const receber = async (req: import('fastify').FastifyRequest, rep: import('fastify').FastifyReply) => {
    const h = (n: string) => (typeof req.headers[n] === 'string' ? (req.headers[n] as string) : null);
    const corpo = req.body as { protocolo?: string; idioma?: string; pagamento?: unknown; partes?: unknown; respostas?: Record<string, unknown> } | null;
    const anexos = Object.values(corpo?.respostas ?? {}).filter((v): v is { nome: string; sha256: string; url: string } => typeof (v as { url?: unknown } | null)?.url === 'string').map((a) => ({ nome: a.nome, sha256: a.sha256, url: a.url }));
    const r: EntregaRecebida = { em: new Date().toISOString(), entregaId: h('x-entrega-id'), tentativa: h('x-tentativa'), idempotencyKey: h('idempotency-key'), protocolo: corpo?.protocolo ?? null, idioma: corpo?.idioma ?? null, pagamento: corpo?.pagamento ?? null, partes: corpo?.partes ?? null, anexos, respondido: 200 };
    recebidas.unshift(r);
    recebidas.length = Math.min(recebidas.length, LIMITE);
    total++;
    if (modo.modo === 'travar') {
      r.respondido = 'sem resposta';
      // Holds the request (the sender's timeout gives up first); answers at last so no socket lingers.
      await new Promise((ok) => {
        const t = setTimeout(ok, TRAVAR_MS);
        req.raw.once('close', () => (clearTimeout(t), ok(null)));
      });
      return rep.code(504).send({ erro: 'travado' });
    }
    if (modo.modo === 'falha') {
      r.respondido = modo.status;
      return rep.code(modo.status).send({ erro: `falha simulada (${modo.status})` });
    }
    return rep.code(200).send({ recebido: true, protocolo: r.protocolo });
  };

  app.register(
    async (x) => {
      x.post('/', receber);
      x.put('/', receber);
      x.patch('/', receber);
      x.get('/', async () => ({ ...modo, total, recebidas }));
      x.put<{ Body: ModoReceptor }>(
        '/modo',
        {
          schema: {
            body: {
              type: 'object',
              required: ['modo'],
              additionalProperties: false,
              properties: { modo: { type: 'string', enum: ['sucesso', 'falha', 'travar'] }, status: { type: 'integer', minimum: 400, maximum: 599 } },
            },
          },
        },
        async (req) => {
          modo = req.body.modo === 'falha' ? { modo: 'falha', status: req.body.status ?? 503 } : { modo: req.body.modo };
          return modo;
        },
      );
    },
    { prefix: '/demo/receptor' },
  );

  return {
    definir: (m: ModoReceptor) => void (modo = m),
    recebidas: () => [...recebidas],
  };
}

export type Receptor = ReturnType<typeof registrarReceptor>;
