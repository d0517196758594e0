import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance } from 'fastify';
import { cpfValido } from '../../src/forms/cpf';
import { traduzir } from '../../src/i18n';
import { cidadaoDasClaims, type Cidadao, type IdentidadeCidadao } from '../../src/server/api/cidadao';
import { invalido, MSG_CAMPOS } from '../../src/server/api/erros';
import type { Limite, Limites } from '../../src/server/api/limites';

/**
 * Demo only (never loaded in production): citizens' tokens this server signs for a CPF typed into the
 * demo's citizen page, as a portal would hold them after gov.br's login.
 */
export function criarIdentidadeCidadaoDemo(emissorDemo: string): Required<IdentidadeCidadao> {
  const segredo = crypto.getRandomValues(new Uint8Array(32));
  return {
    async verificar(token: string): Promise<Cidadao> {
      const { payload } = await jwtVerify(token, segredo, { issuer: emissorDemo, algorithms: ['HS256'] });
      return cidadaoDasClaims(payload, 'cpf');
    },
    /** A demo token for a CPF (30 minutes). */
    async emitirDemo(c: Cidadao): Promise<string> {
      return new SignJWT({ cpf: c.cpf, ...(c.nome ? { name: c.nome } : {}), ...(c.email ? { email: c.email } : {}), ...(c.nascimento ? { birthdate: c.nascimento } : {}) }).setProtectedHeader({ alg: 'HS256' }).setIssuer(emissorDemo).setIssuedAt().setExpirationTime('30m').sign(segredo);
    },
  };
}

/** POST /api/publico/token-demo, inside the citizens' routes (their per-address limit applies too). */
export function registrarTokenDemo(publico: FastifyInstance, identidade: Required<IdentidadeCidadao>, limites: Limites, porMinuto: number) {
  const limite: Limite = { nome: 'token-demo', max: porMinuto, janelaMs: 60_000, mensagem: (t) => `Muitas requisições seguidas. ${t}` };
  publico.post<{ Body: { cpf: string; nome?: string; email?: string; nascimento?: string } }>(
    '/token-demo',
    // Not part of the contract (a real portal gets its citizens' tokens from its own login): left out of the document.
    { onRequest: limites.gancho(limite, (req) => req.ip), schema: { hide: true, body: { type: 'object', additionalProperties: false, required: ['cpf'], properties: { cpf: { type: 'string', maxLength: 20 }, nome: { type: 'string', maxLength: 200 }, email: { type: 'string', maxLength: 254 }, nascimento: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } } } } },
    async (req) => {
      const cpf = req.body.cpf.replace(/\D/g, '');
      if (!cpfValido(cpf)) throw invalido(MSG_CAMPOS, [{ field: 'cpf', message: traduzir('pt-BR', 'validacao.cpf') }]);
      return { token: await identidade.emitirDemo({ cpf, nome: req.body.nome ?? null, email: req.body.email ?? null, nascimento: req.body.nascimento ?? null }), expiraEmS: 1800 };
    },
  );
}
