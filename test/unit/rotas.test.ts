import { test } from 'node:test';
import assert from 'node:assert/strict';
import { caminho, ICONES, ROTAS, rotaDoCaminho } from '../../src/console/routes';
import { traduzir } from '../../src/i18n';
import { ICONES_PAGINAS, ICONES_SHELL } from '../../src/console/routes';

test("the route table holds SPEC.md section 2's paths exactly", () => {
  const spec = [
    '/pagina-inicial', '/modelos', '/modelos/novo', '/modelos/:codigoServico', '/formularios', '/analitico-formularios',
    '/formularios-eventos', '/grupos-acesso-publico', '/grupos-acesso-publico/novo', '/grupos-acesso-publico/:grupoAcessoPublicoId',
    '/grupos-controle-conteudo', '/grupos-controle-conteudo/novo', '/grupos-controle-conteudo/:grupoControleConteudoId',
    '/retentativas-integracao', '/perfis-acesso', '/perfis-acesso/novo', '/perfis-acesso/:perfilAcessoId', '/vinculos-usuarios/busca',
    '/iframe', '/403', '/404', '/erro', '/erro-rede',
    // Issue 46: "Minhas análises", the reviews of the user's groups.
    '/analises',
  ];
  assert.deepEqual(ROTAS.map((r) => r.path).sort(), [...spec].sort());
  assert.deepEqual(ROTAS.filter((r) => 'public' in r && r.public).map((r) => r.path), ['/403', '/404', '/erro', '/erro-rede']);
});

test("menu labels and order are SPEC.md's", () => {
  const menu = ROTAS.filter((r) => 'menu' in r && r.menu).map((r) => [r.name, traduzir('pt-BR', r.title), r.group]);
  assert.deepEqual(menu, [
    ['home', 'Página Inicial', 'sempre'],
    ['modelos', 'Modelos de Formulários', 'designer'],
    ['formularios', 'Formulários Preenchidos', 'manager'],
    ['analitico-formularios', 'Analítico de Formulários', 'manager'],
    ['formularios-eventos', 'Eventos', 'manager'],
    ['analises', 'Minhas análises', 'manager'],
    ['retentativas-integracao', 'Retentativas de Integração', 'administrator'],
    ['vinculos-usuarios-busca', 'Vínculos de Usuários', 'administrator'],
    ['perfis-acesso', 'Perfil de Acesso', 'administrator'],
    ['grupos-controle-conteudo', 'Grupos de Controle de Conteúdo', 'administrator'],
    ['grupos-acesso-publico', 'Grupos de Acesso Público', 'administrator'],
  ]);
});

test('link builder and path lookup', () => {
  assert.equal(caminho('modelos-editar', { codigoServico: 'segunda-via' }), '/modelos/segunda-via');
  assert.equal(caminho('formularios', {}, { id: '42' }), '/formularios?id=42');
  assert.equal(caminho('perfis-acesso-editar', { perfilAcessoId: 'a b' }), '/perfis-acesso/a%20b');
  assert.throws(() => caminho('modelos-editar'), /falta o parâmetro codigoServico/);
  assert.equal(rotaDoCaminho('/modelos/novo')?.name, 'modelos-novo', 'static segment wins over :codigoServico');
  assert.equal(rotaDoCaminho('/modelos/abc')?.name, 'modelos-editar');
  assert.equal(rotaDoCaminho('/formularios?id=3')?.name, 'formularios');
  assert.equal(rotaDoCaminho('/nao-existe'), undefined);
});

test("every SPEC.md icon name maps to a Blueprint icon, and every icon drawn is bundled", async () => {
  assert.deepEqual(Object.keys(ICONES).sort(), ['account', 'account-supervisor', 'bell', 'desktop-mac-dashboard', 'file-cloud', 'file-cloud-outline', 'file-document-edit-outline', 'file-document-multiple-outline', 'file-pdf', 'form-dropdown', 'history', 'home', 'information']);
  const { ICONES_EMBUTIDOS } = await import('../../src/console/app/icones');
  const { CAMINHOS_PAGINAS } = await import('../../src/console/app/iconesPaginas');
  assert.deepEqual([...ICONES_EMBUTIDOS].sort(), [...new Set([...Object.values(ICONES), ...ICONES_SHELL])].sort(), "the shell bundles its icons, and only those");
  assert.deepEqual(Object.keys(CAMINHOS_PAGINAS).sort(), [...ICONES_PAGINAS].sort(), "the pages' chunk bundles theirs");
  assert.deepEqual(ICONES_PAGINAS.filter((n) => ICONES_EMBUTIDOS.includes(n)), [], 'no icon in both');
  // Every icon a page names in its markup is one of them (an unbundled one draws an empty square: "add" did).
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const arquivos = (pasta: string): string[] => readdirSync(pasta, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? arquivos(join(pasta, e.name)) : e.name.endsWith('.tsx') ? [join(pasta, e.name)] : []));
  const usados = new Set(arquivos('src/console').flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bicon="([a-z0-9-]+)"/g)].map((m) => m[1])));
  assert.deepEqual([...usados].filter((n) => !ICONES_PAGINAS.includes(n as never) && !ICONES_EMBUTIDOS.includes(n as never)), []);
});
