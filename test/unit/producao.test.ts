import { test } from 'node:test';
import assert from 'node:assert/strict';
import { integracaoDoAmbiente, opcoesProducaoDoAmbiente } from '../../src/server/configuracao';
import { ErroConfiguracao } from '../../src/server/ambiente';
import { MSG_PRODUCAO_SEM_IDP, opcoesCidadaoDoAmbiente } from '../../src/server/api/cidadao';

/**
 * Issue 33: production cannot run the demo. What production loads is checked by dependency-cruiser
 * (test/arquitetura: the service imports nothing of demo/, and package.json's dependencies are exactly the
 * packages it loads); test/produto starts it from dist/ after `npm ci --omit=dev`. Here: its configuration.
 */
const PRODUCAO = {
  NODE_ENV: 'production',
  KEYCLOAK_URL: 'https://sso.uf.gov.br',
  CIDADAO_JWKS_URL: 'https://sso.acesso.gov.br/jwk',
  CIDADAO_ISSUER: 'https://sso.acesso.gov.br/',
  CIDADAO_AUDIENCE: 'formularios-uf',
  SEGREDOS_CHAVE: Buffer.alloc(32, 7).toString('base64'),
  DATABASE_URL: 'postgres://formularios@db.interno/formularios',
  PUBLIC_URL: 'https://formularios.uf.gov.br',
};

test('production refuses, in one pt-BR line naming it, each missing variable; with all of them, no demo destination or token', () => {
  for (const nome of Object.keys(PRODUCAO).filter((k) => k !== 'NODE_ENV')) {
    const env = { ...PRODUCAO, [nome]: '' };
    assert.throws(() => opcoesProducaoDoAmbiente(env), (e: Error) => e instanceof ErroConfiguracao && e.message.includes(nome) && !e.message.includes('\n'), nome);
  }
  const o = opcoesProducaoDoAmbiente(PRODUCAO);
  assert.deepEqual(o.integracao.permitidos, { origens: [], caminhos: [] }, 'the demo receiver is no destination in production');
  assert.equal(o.cidadao.emitirDemo, undefined);
  assert.equal(o.aoAbrirBanco, undefined, 'no seeds');
  // The demo allows its receiver by path only; production never.
  assert.deepEqual(integracaoDoAmbiente({ PORT: '8080' }).permitidos.caminhos, ['http://localhost:8080/demo/receptor']);
  // Malformed values: the variable and what it expects, never a stack trace.
  for (const [nome, valor, esperado] of [
    ['SEGREDOS_CHAVE', 'curta', /SEGREDOS_CHAVE inválido .*32 bytes em base64/],
    ['SEGREDOS_CHAVE', Buffer.alloc(31).toString('base64'), /SEGREDOS_CHAVE inválido/],
    ['PORT', 'oitenta', /PORT inválido: "oitenta" \(esperado: um número inteiro de 0 a 65535\)/],
    ['KEYCLOAK_URL', 'sso.uf.gov.br', /KEYCLOAK_URL inválido: "sso\.uf\.gov\.br" \(esperado: um endereço http ou https/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY inválido/],
    ['PUBLICO_LIMITE_ENDERECO', '-1', /PUBLICO_LIMITE_ENDERECO inválido/],
    // Issue 50: these ended in a stack trace (the driver's, listen's).
    ['PORT', '99999', /PORT inválido: "99999" \(esperado: um número inteiro de 0 a 65535\)/],
    ['PORTA_GESTAO', '70000', /PORTA_GESTAO inválido: "70000" \(esperado: um número inteiro de 0 a 65535\)/],
    ['DATABASE_URL', 'nao-url', /DATABASE_URL inválido: "nao-url" \(esperado: um endereço postgres:\/\/usuário@servidor:5432\/banco\)/],
    ['DATABASE_URL', 'http://127.0.0.1:5432/x', /DATABASE_URL inválido: "http:\/\/127\.0\.0\.1:5432\/x"/],
    ['DATABASE_URL', 'mysql://app:segredo@db/x', /DATABASE_URL inválido: "mysql:\/\/app:\*\*\*@db\/x"/],
  ] as const) {
    assert.throws(() => opcoesProducaoDoAmbiente({ ...PRODUCAO, [nome]: valor }), (e: Error) => e instanceof ErroConfiguracao && esperado.test(e.message), `${nome}=${valor}`);
  }
});

test('citizens: production needs the key set, the issuer and the audience; the demo has its own tokens', () => {
  const { CIDADAO_AUDIENCE: _, ...semAudiencia } = PRODUCAO;
  assert.throws(() => opcoesCidadaoDoAmbiente(semAudiencia), { message: MSG_PRODUCAO_SEM_IDP });
  assert.deepEqual(opcoesCidadaoDoAmbiente(PRODUCAO), { jwksUrl: PRODUCAO.CIDADAO_JWKS_URL, emissor: PRODUCAO.CIDADAO_ISSUER, audiencia: 'formularios-uf', claimCpf: 'cpf', claims: { nivel: 'reliability_info.level', selos: 'reliability_info.reliabilities', amr: 'amr' } });
  assert.equal(opcoesCidadaoDoAmbiente({}), undefined);
});
