import { test } from 'node:test';
import assert from 'node:assert/strict';
import { enderecoDoCatalogo, faltaDe, nivelDaClaim, selosDaClaim } from '../../src/forms/confiabilidade';
import { cidadaoDasClaims, claimsDoAmbiente } from '../../src/server/api/cidadao';

/** Issue 44: what a gov.br token says of the account, and what a model's requirement finds missing. */
const ID_TOKEN_GOVBR = {
  sub: '52998224725',
  cpf: '52998224725',
  amr: ['passwd', 'captcha', 'mfa', 'otp_offline'],
  reliability_info: {
    level: 'gold',
    reliabilities: [
      { id: '601', updatedAt: '2025-07-02T14:17:16.001-0300' },
      { id: '626', updatedAt: '2025-07-02T14:17:16.001-0300' },
      { id: '901', updatedAt: '2025-08-19T16:41:24.853-0300' },
    ],
  },
  name: 'Nome Cidadão',
};

test("gov.br's ID token (the integration manual's example): level, seals and second factor", () => {
  assert.deepEqual(cidadaoDasClaims(ID_TOKEN_GOVBR, 'cpf').confiabilidade, { nivel: 'ouro', selos: ['601', '626', '901'], segundoFator: true });
  const semNada = cidadaoDasClaims({ cpf: '52998224725' }, 'cpf').confiabilidade;
  assert.deepEqual(semNada, { nivel: null, selos: [], segundoFator: false }, 'a token without them: no level, nothing assumed');
});

test('the claims named by configuration (another provider)', () => {
  const claims = claimsDoAmbiente({ CIDADAO_CLAIM_NIVEL: 'conta.nivel', CIDADAO_CLAIM_SELOS: 'selos', CIDADAO_CLAIM_AMR: 'metodos' });
  const c = cidadaoDasClaims({ cpf: '52998224725', conta: { nivel: 2 }, selos: ['801'], metodos: ['pwd', 'mfa'], reliability_info: { level: 'gold' } }, 'cpf', claims);
  assert.deepEqual(c.confiabilidade, { nivel: 'prata', selos: ['801'], segundoFator: true });
  assert.deepEqual(claimsDoAmbiente({}), { nivel: 'reliability_info.level', selos: 'reliability_info.reliabilities', amr: 'amr' });
  // A path never reaches past the token's own properties.
  assert.equal(cidadaoDasClaims({ cpf: '52998224725' }, 'cpf', { ...claims, nivel: 'constructor.name' }).confiabilidade?.nivel, null);
  assert.deepEqual([nivelDaClaim('silver'), nivelDaClaim('OURO'), nivelDaClaim(1), nivelDaClaim('platinum')], ['prata', 'ouro', 'bronze', null]);
  assert.deepEqual(selosDaClaim([{ id: 801 }, '701', { id: '801' }, null]), ['801', '701']);
});

test('what a requirement finds missing: a level below, none of the seals, no second factor', () => {
  const conta = (nivel: 'bronze' | 'prata' | 'ouro' | null, selos: string[] = [], segundoFator = false) => ({ nivel, selos, segundoFator });
  assert.equal(faltaDe(undefined, conta('bronze')), null);
  assert.equal(faltaDe({}, null), null, 'an empty requirement asks nothing');
  assert.deepEqual(faltaDe({ nivel: 'prata' }, conta('bronze')), { nivel: 'prata' });
  assert.deepEqual(faltaDe({ nivel: 'prata' }, conta(null)), { nivel: 'prata' });
  assert.equal(faltaDe({ nivel: 'prata' }, conta('ouro')), null, 'a level above serves');
  assert.deepEqual(faltaDe({ nivel: 'ouro', selos: ['801', '701'], segundoFator: true }, conta('prata', ['605'])), { nivel: 'ouro', selos: ['801', '701'], segundoFator: true });
  assert.equal(faltaDe({ selos: ['801', '701'] }, conta('ouro', ['701'])), null, 'any one of the seals serves');
  assert.deepEqual(faltaDe({ segundoFator: true }, null), { segundoFator: true });
});

test("the trust catalogue's address, as gov.br reads it", () => {
  const u = new URL(enderecoDoCatalogo('https://confiabilidades.acesso.gov.br/', 'meu.cliente', { nivel: 'prata' }));
  assert.deepEqual([u.origin, u.searchParams.get('client_id'), u.searchParams.get('niveis')], ['https://confiabilidades.acesso.gov.br', 'meu.cliente', '(2/3)']);
  assert.equal(new URL(enderecoDoCatalogo('https://confiabilidades.acesso.gov.br/', 'x', { nivel: 'ouro' })).searchParams.get('niveis'), '3');
});
