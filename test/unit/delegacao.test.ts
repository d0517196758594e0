import { test } from 'node:test';
import assert from 'node:assert/strict';
import { P, TODAS_PERMISSOES } from '../../src/access/permissoes';
import { recusaGrupoControle, recusaPerfil, recusaVinculo, type Concedente, type VinculoConcedido } from '../../src/access/delegacao';
import { controleDeTentativas } from '../../demo/server/idp/provedor';

/** The permissions that manage access: every combination of them is a granter the matrix tries. */
const ADMINISTRACAO = TODAS_PERMISSOES.filter((p) => /VINCULOS_USUARIO|PERFIL_ACESSO|GRUPO_CONTROLE_CONTEUDO/.test(p));
const combinacoes = function* () {
  for (let m = 0; m < 1 << ADMINISTRACAO.length; m++) yield ADMINISTRACAO.filter((_, i) => m & (1 << i));
};

const SAUDE = { id: 1, nome: 'Saúde' };
const TRIBUTOS = { id: 3, nome: 'Tributos' };
const perfil = (id: number, permissoes: readonly string[]) => ({ id, nome: `Perfil ${id}`, permissoes });
const vinculo = (username: string, v: Partial<VinculoConcedido> = {}): VinculoConcedido => ({ username, administrador: false, perfis: [], grupos: [], ...v });
const concedente = (permissoes: readonly string[], extra: Partial<Concedente> = {}): Concedente => ({ username: 'eu', administrador: false, permissoes, grupos: [SAUDE.id], perfis: [99], ...extra });

test(`delegation matrix: every one of the ${2 ** ADMINISTRACAO.length} combinations of access-admin permissions, against oneself and others`, () => {
  assert.equal(ADMINISTRACAO.length, 12);
  for (const tem of combinacoes()) {
    const c = concedente(tem);
    const proprio = perfil(10, tem);
    const maisUma = perfil(11, [...tem, P.READ_FORMULARIO]);
    const rotulo = tem.join('+') || '(nenhuma)';
    // Oneself: never, whatever the change.
    assert.match(recusaVinculo(c, vinculo('eu'), vinculo('eu', { perfis: [proprio] })) ?? '', /seu próprio vínculo/, rotulo);
    assert.match(recusaVinculo(c, vinculo('eu'), vinculo('eu', { administrador: true })) ?? '', /seu próprio vínculo/, rotulo);
    // Others: a profile within what one holds, and one's own group, may be granted and taken back.
    assert.equal(recusaVinculo(c, vinculo('outro'), vinculo('outro', { perfis: [proprio], grupos: [SAUDE] })), null, rotulo);
    assert.equal(recusaVinculo(c, vinculo('outro', { perfis: [proprio], grupos: [SAUDE] }), vinculo('outro')), null, rotulo);
    assert.equal(recusaVinculo(c, null, vinculo('novo', { perfis: [proprio] })), null, rotulo);
    // ...one permission more, a group one is not in, or the administrator flag: refused, saying why.
    assert.match(recusaVinculo(c, vinculo('outro'), vinculo('outro', { perfis: [maisUma] })) ?? '', /READ_FORMULARIO\)/, rotulo);
    assert.match(recusaVinculo(c, vinculo('outro', { perfis: [maisUma] }), vinculo('outro')) ?? '', /não pode conceder nem retirar o perfil/, rotulo);
    assert.match(recusaVinculo(c, vinculo('outro'), vinculo('outro', { grupos: [TRIBUTOS] })) ?? '', /não pertence a ele/, rotulo);
    assert.match(recusaVinculo(c, vinculo('outro'), vinculo('outro', { administrador: true })) ?? '', /Só um administrador concede/, rotulo);
    assert.match(recusaVinculo(c, null, vinculo('novo', { administrador: true })) ?? '', /Só um administrador concede/, rotulo);
    assert.match(recusaVinculo(c, vinculo('chefe', { administrador: true }), vinculo('chefe')) ?? '', /vínculo de um administrador/, rotulo);
    assert.match(recusaVinculo(c, vinculo('chefe', { administrador: true }), null) ?? '', /vínculo de um administrador/, rotulo);
    // Unchanged profiles beyond one's reach may stay on a link one edits (only changes are grants).
    assert.equal(recusaVinculo(c, vinculo('outro', { perfis: [maisUma] }), vinculo('outro', { perfis: [maisUma, proprio] })), null, rotulo);
    // Profiles: within what one holds, and never one in one's own link.
    assert.equal(recusaPerfil(c, null, { permissoes: tem }), null, rotulo);
    assert.match(recusaPerfil(c, null, { permissoes: [...tem, P.UPDATE_MODELO] }) ?? '', /Faltam a você: UPDATE_MODELO/, rotulo);
    assert.equal(recusaPerfil(c, proprio, { permissoes: [] }), null, rotulo);
    assert.match(recusaPerfil(c, maisUma, { permissoes: tem }) ?? '', /READ_FORMULARIO/, rotulo);
    assert.match(recusaPerfil(c, perfil(99, []), { permissoes: [] }) ?? '', /seu próprio vínculo/, rotulo);
    assert.match(recusaPerfil(c, perfil(99, []), null) ?? '', /seu próprio vínculo/, rotulo);
    // Content-control groups: only one's own.
    assert.equal(recusaGrupoControle(c, SAUDE), null, rotulo);
    assert.match(recusaGrupoControle(c, TRIBUTOS) ?? '', /não pertence a "Tributos"/, rotulo);
  }
});

test('an administrator may do anything, its own link included', () => {
  const adm = concedente([], { administrador: true });
  const tudo = perfil(1, TODAS_PERMISSOES);
  assert.equal(recusaVinculo(adm, vinculo('eu'), vinculo('eu', { administrador: true, perfis: [tudo], grupos: [TRIBUTOS] })), null);
  assert.equal(recusaVinculo(adm, vinculo('chefe', { administrador: true }), null), null);
  assert.equal(recusaPerfil(adm, perfil(99, []), { permissoes: TODAS_PERMISSOES }), null);
  assert.equal(recusaGrupoControle(adm, TRIBUTOS), null);
});

test('a long list of missing permissions is shortened', () => {
  const m = recusaPerfil(concedente([]), null, { permissoes: TODAS_PERMISSOES });
  assert.match(m ?? '', /READ_MODELO, CREATE_MODELO, UPDATE_MODELO, DELETE_MODELO e mais \d+\.$/);
});

test('embedded provider: a username waits after 5 failures, longer with each one; a success clears it; failures fade after 15 minutes', () => {
  let agora = 0;
  const t = controleDeTentativas({ falhas: 5, esperaS: 30 }, () => agora);
  for (let i = 0; i < 4; i++) t.falhou('gestor');
  assert.equal(t.espera('gestor'), 0);
  t.falhou('gestor');
  assert.equal(t.espera('gestor'), 30);
  assert.equal(t.espera('admin'), 0, 'another username is not affected');
  agora += 30_000;
  assert.equal(t.espera('gestor'), 0);
  t.falhou('gestor');
  assert.equal(t.espera('gestor'), 60);
  for (let i = 0; i < 100; i++) t.falhou('gestor');
  assert.equal(t.espera('gestor'), 900, 'at most 15 minutes');
  t.acertou('gestor');
  assert.equal(t.espera('gestor'), 0);
  for (let i = 0; i < 4; i++) t.falhou('x');
  agora += 900_001;
  t.falhou('x');
  assert.equal(t.espera('x'), 0, 'old failures are forgotten');
});
