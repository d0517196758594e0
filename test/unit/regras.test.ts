import { test } from 'node:test';
import assert from 'node:assert/strict';
import { P } from '../../src/access/permissoes';
import { entradaVisivel, grupoVisivel, motivoVisibilidade } from '../../src/access/regras';
import { entradasMenu, podeAcessar, rota, ROTAS } from '../../src/console/routes';
import { traduzir } from '../../src/i18n';
import { PERFIS_DEMO, USUARIOS_DEMO } from '../../demo/server/usuariosDemo';
import { MENUS_DEMO as MENUS } from '../apoio/menus';

// Every permission the menu rules look at. 2^11 combinations, each checked against SPEC.md section 6
// restated here independently of src/access/regras.ts.
const ENVOLVIDAS = [
  P.READ_MODELO, P.READ_FORMULARIO, P.READ_FORMULARIO_EVENTO,
  P.READ_PERFIL_ACESSO, P.CREATE_PERFIL_ACESSO, P.READ_GRUPO_ACESSO_PUBLICO, P.CREATE_GRUPO_ACESSO_PUBLICO,
  P.READ_GRUPO_CONTROLE_CONTEUDO, P.CREATE_GRUPO_CONTROLE_CONTEUDO, P.READ_RETENTATIVA_INTEGRACAO, P.READ_VINCULOS_USUARIO,
];

function esperado(tem: (p: string) => boolean): string[] {
  const designer = tem('READ_MODELO');
  const manager = tem('READ_FORMULARIO') || tem('READ_FORMULARIO_EVENTO');
  const admin =
    (tem('READ_PERFIL_ACESSO') && tem('CREATE_PERFIL_ACESSO')) ||
    (tem('READ_GRUPO_ACESSO_PUBLICO') && tem('CREATE_GRUPO_ACESSO_PUBLICO')) ||
    (tem('READ_GRUPO_CONTROLE_CONTEUDO') && tem('CREATE_GRUPO_CONTROLE_CONTEUDO'));
  const m = ['home'];
  if (designer && tem('READ_MODELO')) m.push('modelos');
  if (manager && tem('READ_FORMULARIO')) m.push('formularios', 'analitico-formularios');
  if (manager && tem('READ_FORMULARIO_EVENTO')) m.push('formularios-eventos');
  if (admin && tem('READ_RETENTATIVA_INTEGRACAO')) m.push('retentativas-integracao');
  if (admin && tem('READ_VINCULOS_USUARIO')) m.push('vinculos-usuarios-busca');
  if (admin && tem('READ_PERFIL_ACESSO')) m.push('perfis-acesso');
  if (admin && tem('READ_GRUPO_CONTROLE_CONTEUDO')) m.push('grupos-controle-conteudo');
  if (admin && tem('READ_GRUPO_ACESSO_PUBLICO')) m.push('grupos-acesso-publico');
  return m;
}

test('menu entries over every combination of the permissions the rules involve', () => {
  for (let mascara = 0; mascara < 1 << ENVOLVIDAS.length; mascara++) {
    const perms = new Set(ENVOLVIDAS.filter((_, i) => mascara & (1 << i)));
    const obtido = entradasMenu(perms).map((r) => r.name);
    assert.deepEqual(obtido, esperado((p) => perms.has(p as never)), `permissões: ${[...perms].join(',') || '(nenhuma)'}`);
  }
});

test('the route guard applies the same rule as the menu, to sub-pages too', () => {
  for (let mascara = 0; mascara < 1 << ENVOLVIDAS.length; mascara++) {
    const perms = new Set<string>(ENVOLVIDAS.filter((_, i) => mascara & (1 << i)));
    const visiveis = new Set(entradasMenu(perms).map((r) => r.name));
    for (const r of ROTAS) if ('menu' in r && r.menu) assert.equal(podeAcessar(r, perms), visiveis.has(r.name), r.name);
  }
  const soRetentativas = new Set<string>([P.READ_RETENTATIVA_INTEGRACAO]);
  assert.equal(podeAcessar(rota('retentativas-integracao'), soRetentativas), false);
  assert.equal(podeAcessar(rota('403'), new Set()), true, 'public pages need nothing');
  assert.equal(podeAcessar(rota('modelos-novo'), new Set([P.READ_MODELO])), false, 'creating needs CREATE_MODELO');
  assert.equal(podeAcessar(rota('modelos-novo'), new Set([P.READ_MODELO, P.CREATE_MODELO])), true);
  assert.equal(podeAcessar(rota('modelos-editar'), new Set([P.CREATE_MODELO])), false, 'designer group needs READ_MODELO');
});

test('group rules: ANY for designer and manager, ALL of one pair for administrator', () => {
  assert.equal(grupoVisivel('sempre', new Set()), true);
  assert.equal(grupoVisivel('manager', new Set([P.READ_FORMULARIO_EVENTO])), true);
  assert.equal(grupoVisivel('administrator', new Set([P.READ_PERFIL_ACESSO, P.CREATE_GRUPO_ACESSO_PUBLICO])), false, 'halves of two pairs are not a pair');
  assert.equal(grupoVisivel('administrator', new Set([P.READ_GRUPO_CONTROLE_CONTEUDO, P.CREATE_GRUPO_CONTROLE_CONTEUDO])), true);
  assert.equal(entradaVisivel({ group: 'administrator', permission: P.READ_RETENTATIVA_INTEGRACAO }, new Set([P.READ_RETENTATIVA_INTEGRACAO])), false);
});

test('why an entry is hidden is said in pt-BR', () => {
  // operador: the retries permission alone, no pair. The sentence says the group needs a pair, and which.
  assert.equal(
    motivoVisibilidade(rota('retentativas-integracao'), new Set([P.READ_RETENTATIVA_INTEGRACAO, P.UPDATE_RETENTATIVA_INTEGRACAO])),
    'O grupo Administração só aparece com um par completo de permissões de administração. Ter READ_RETENTATIVA_INTEGRACAO sozinha não basta. Qualquer um destes pares o mostra: READ_PERFIL_ACESSO + CREATE_PERFIL_ACESSO; READ_GRUPO_ACESSO_PUBLICO + CREATE_GRUPO_ACESSO_PUBLICO; READ_GRUPO_CONTROLE_CONTEUDO + CREATE_GRUPO_CONTROLE_CONTEUDO.',
  );
  // Half a pair: what completes it.
  assert.equal(
    motivoVisibilidade(rota('retentativas-integracao'), new Set([P.READ_RETENTATIVA_INTEGRACAO, P.READ_PERFIL_ACESSO])),
    'O grupo Administração só aparece com um par completo de permissões de administração. Ter READ_RETENTATIVA_INTEGRACAO sozinha não basta. Falta Criar perfis de acesso (CREATE_PERFIL_ACESSO) para completar o par que já tem.',
  );
  assert.equal(motivoVisibilidade(rota('modelos'), new Set()), 'O grupo Modelagem só aparece com a permissão: Consultar modelos de formulários (READ_MODELO).');
  assert.equal(motivoVisibilidade(rota('formularios'), new Set([P.READ_FORMULARIO_EVENTO])), 'Falta a permissão Consultar formulários preenchidos (READ_FORMULARIO).');
  assert.equal(motivoVisibilidade(rota('home'), new Set()), 'Visível.');
});

test("DESIGN.md section 9's seeded users get exactly the menu of its table", () => {
  for (const u of USUARIOS_DEMO) {
    const perms = new Set<string>((u.vinculo?.perfis ?? []).flatMap((n) => PERFIS_DEMO.find((p) => p.nome === n)!.permissoes));
    assert.deepEqual(entradasMenu(perms).map((r) => traduzir('pt-BR', r.title)), MENUS[u.username], u.username);
  }
});
