import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance } from 'fastify';
import { NIVEIS, type Nivel } from '../../src/forms/confiabilidade';
import { cpfValido } from '../../src/forms/cpf';
import { traduzir } from '../../src/i18n';
import { cidadaoDasClaims, type Cidadao, type IdentidadeCidadao } from '../../src/server/api/cidadao';
import { invalido, MSG_CAMPOS } from '../../src/server/api/erros';
import type { Limite, Limites } from '../../src/server/api/limites';

const NIVEL_GOVBR: Record<Nivel, string> = { bronze: 'bronze', prata: 'silver', ouro: 'gold' };
/** The seals of a demo account of each level: the basic registration, a bank's validation (prata), a digital certificate (ouro). */
export const SELOS_DEMO: Record<Nivel, string[]> = { bronze: ['201'], prata: ['201', '605'], ouro: ['201', '605', '801'] };

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
    /**
     * A demo token for a CPF (30 minutes), with the gov.br account's level, seals and second factor as gov.br writes them,
     * and its e-mail and phone as OIDC says they are verified (issue 45).
     */
    async emitirDemo(c: Cidadao): Promise<string> {
      const conta = c.confiabilidade ?? { nivel: 'bronze', selos: SELOS_DEMO.bronze, segundoFator: false };
      const govbr = { reliability_info: { level: NIVEL_GOVBR[conta.nivel ?? 'bronze'], reliabilities: conta.selos.map((id) => ({ id, updatedAt: '2026-01-05T10:00:00.000-0300' })) }, amr: ['passwd', ...(conta.segundoFator ? ['mfa', 'otp'] : [])] };
      return new SignJWT({ cpf: c.cpf, ...(c.nome ? { name: c.nome } : {}), ...(c.email ? { email: c.email, email_verified: c.emailVerificado === true } : {}), ...(c.telefone ? { phone_number: c.telefone, phone_number_verified: c.telefoneVerificado === true } : {}), ...(c.nascimento ? { birthdate: c.nascimento } : {}), ...govbr }).setProtectedHeader({ alg: 'HS256' }).setIssuer(emissorDemo).setIssuedAt().setExpirationTime('30m').sign(segredo);
    },
  };
}

/** POST /api/publico/token-demo, inside the citizens' routes (their per-address limit applies too). */
export function registrarTokenDemo(publico: FastifyInstance, identidade: Required<IdentidadeCidadao>, limites: Limites, porMinuto: number) {
  const limite: Limite = { nome: 'token-demo', max: porMinuto, janelaMs: 60_000, mensagem: (t) => `Muitas requisições seguidas. ${t}` };
  publico.post<{ Body: { cpf: string; nome?: string; email?: string; telefone?: string; nascimento?: string; nivel?: Nivel; segundoFator?: boolean } }>(
    '/token-demo',
    // Not part of the contract (a real portal gets its citizens' tokens from its own login): left out of the document.
    { onRequest: limites.gancho(limite, (req) => req.ip), schema: { hide: true, body: { type: 'object', additionalProperties: false, required: ['cpf'], properties: { cpf: { type: 'string', maxLength: 20 }, nome: { type: 'string', maxLength: 200 }, email: { type: 'string', maxLength: 254 }, telefone: { type: 'string', maxLength: 30 }, nascimento: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, nivel: { type: 'string', enum: [...NIVEIS] }, segundoFator: { type: 'boolean' } } } } },
    async (req) => {
      const cpf = req.body.cpf.replace(/\D/g, '');
      if (!cpfValido(cpf)) throw invalido(MSG_CAMPOS, [{ field: 'cpf', message: traduzir('pt-BR', 'validacao.cpf') }]);
      const nivel = req.body.nivel ?? 'bronze';
      const confiabilidade = { nivel, selos: SELOS_DEMO[nivel], segundoFator: req.body.segundoFator === true };
      // The demo's gov.br account: its e-mail and phone verified, as gov.br's are once confirmed in the account.
      const { email, telefone } = req.body;
      return { token: await identidade.emitirDemo({ cpf, nome: req.body.nome ?? null, email: email ?? null, emailVerificado: !!email, telefone: telefone ?? null, telefoneVerificado: !!telefone, nascimento: req.body.nascimento ?? null, confiabilidade }), expiraEmS: 1800 };
    },
  );
}
