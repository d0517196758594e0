import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { PERFIS_DEMO, USUARIOS_DEMO } from '../../demo/server/usuariosDemo';
import { completarCpf } from '../../src/forms/cpf';
import { P, type Permissao } from '../../src/access/permissoes';

type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const permissoesDe = (username: string) =>
  new Set<string>((USUARIOS_DEMO.find((u) => u.username === username)!.vinculo?.perfis ?? []).flatMap((n) => PERFIS_DEMO.find((p) => p.nome === n)!.permissoes));

for (const banco of await bancosDeTeste()) {
  describe(`API: recursos (${banco.nome})`, () => {
    let s: ServidorTeste;
    const c: Record<string, Cliente> = {};
    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      for (const u of USUARIOS_DEMO) c[u.username] = await clienteApi(s.url, u.username);
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    test('matriz de permissões: sem a permissão, 403; com ela, 2xx', async () => {
      // Reads and harmless writes (a body the schema refuses gives 400 only after the permission check).
      const rotas: [string, string, Permissao | Permissao[], unknown?][] = [
        ['GET', '/permissoes', P.READ_PERFIL_ACESSO],
        ['GET', '/perfis-acesso', P.READ_PERFIL_ACESSO],
        ['GET', '/perfis-acesso/1', P.READ_PERFIL_ACESSO],
        ['POST', '/perfis-acesso', P.CREATE_PERFIL_ACESSO, {}],
        ['PUT', '/perfis-acesso/1', P.UPDATE_PERFIL_ACESSO, {}],
        ['DELETE', '/perfis-acesso/999999', P.DELETE_PERFIL_ACESSO],
        ['GET', '/grupos-controle-conteudo', P.READ_GRUPO_CONTROLE_CONTEUDO],
        ['GET', '/grupos-controle-conteudo/1', P.READ_GRUPO_CONTROLE_CONTEUDO],
        ['POST', '/grupos-controle-conteudo', P.CREATE_GRUPO_CONTROLE_CONTEUDO, {}],
        ['PUT', '/grupos-controle-conteudo/1', P.UPDATE_GRUPO_CONTROLE_CONTEUDO, {}],
        ['DELETE', '/grupos-controle-conteudo/999999', P.DELETE_GRUPO_CONTROLE_CONTEUDO],
        ['GET', '/grupos-acesso-publico', P.READ_GRUPO_ACESSO_PUBLICO],
        ['GET', '/grupos-acesso-publico/1', P.READ_GRUPO_ACESSO_PUBLICO],
        ['POST', '/grupos-acesso-publico', P.CREATE_GRUPO_ACESSO_PUBLICO, {}],
        ['PUT', '/grupos-acesso-publico/1', P.UPDATE_GRUPO_ACESSO_PUBLICO, {}],
        ['DELETE', '/grupos-acesso-publico/999999', P.DELETE_GRUPO_ACESSO_PUBLICO],
        ['GET', '/vinculos-usuarios', P.READ_VINCULOS_USUARIO],
        ['GET', '/vinculos-usuarios/gestor', P.READ_VINCULOS_USUARIO],
        ['POST', '/vinculos-usuarios', P.CREATE_VINCULOS_USUARIO, {}],
        ['PUT', '/vinculos-usuarios/gestor', P.UPDATE_VINCULOS_USUARIO, {}],
        ['DELETE', '/vinculos-usuarios/ninguem', P.DELETE_VINCULOS_USUARIO],
        ['GET', '/modelos', P.READ_MODELO],
        ['POST', '/modelos', P.CREATE_MODELO, {}],
        ['PUT', '/modelos/nao-existe', P.UPDATE_MODELO, {}],
        ['DELETE', '/modelos/nao-existe', P.DELETE_MODELO],
        ['POST', '/modelos/nao-existe/versoes', P.UPDATE_MODELO],
        ['POST', '/modelos/nao-existe/arquivamento', P.UPDATE_MODELO],
        ['DELETE', '/modelos/nao-existe/arquivamento', P.UPDATE_MODELO],
        ['GET', '/modelos/nao-existe/versoes', P.READ_MODELO],
        ['GET', '/modelos/nao-existe/versoes/1', P.READ_MODELO],
        ['GET', '/modelos/nao-existe', P.READ_MODELO],
        ['GET', '/formularios?size=1', P.READ_FORMULARIO],
        // A form also reaches whoever reviews one of its steps (issue 46).
        ['GET', '/formularios/999999999', [P.READ_FORMULARIO, P.READ_FORMULARIO_ANALISE]],
        ['GET', '/analises?size=1', P.READ_FORMULARIO_ANALISE],
        ['POST', '/formularios/999999999/analise', P.UPDATE_FORMULARIO_ANALISE, { decisao: 'APROVAR' }],
        ['GET', '/formularios/exportacao?protocolo=nenhum', P.READ_FORMULARIO],
        ['GET', '/analitico-formularios?de=2026-11-01&ate=2026-11-02', P.READ_FORMULARIO],
        ['GET', '/formularios-eventos?size=1', P.READ_FORMULARIO_EVENTO],
        ['GET', '/retentativas-integracao?size=1', P.READ_RETENTATIVA_INTEGRACAO],
        ['POST', '/retentativas-integracao/999999999/execucoes', P.UPDATE_RETENTATIVA_INTEGRACAO],
        ['POST', '/retentativas-integracao/999999999/descarte', P.UPDATE_RETENTATIVA_INTEGRACAO, { motivo: 'teste de permissão' }],
        ['POST', '/retentativas-integracao/execucoes-em-lote?simulacao=true', P.UPDATE_RETENTATIVA_INTEGRACAO, {}],
      ];
      for (const [metodo, caminho, permissao, corpo] of rotas) {
        for (const u of USUARIOS_DEMO) {
          const r = await c[u.username](metodo, caminho, corpo);
          const aceitas = typeof permissao === 'string' ? [permissao] : permissao;
          const tem = aceitas.some((x) => permissoesDe(u.username).has(x));
          if (!tem) {
            assert.equal(r.status, 403, `${u.username} ${metodo} ${caminho}`);
            assert.equal(r.json.detail, aceitas.length === 1 ? `Você não tem a permissão ${aceitas[0]}.` : `Você precisa de uma destas permissões: ${aceitas.join(', ')}.`);
          } else {
            assert.notEqual(r.status, 403, `${u.username} ${metodo} ${caminho}`);
            assert.ok(r.status < 500, `${u.username} ${metodo} ${caminho}: ${r.status}`);
          }
        }
      }
    });

    test('perfis: criar, ler, alterar com versao, 409 com versao antiga, nome repetido, excluir em uso', async () => {
      const a = c.admin;
      const criado = await a('POST', '/perfis-acesso', { nome: 'Consulta de eventos', descricao: 'Só eventos', permissoes: [P.READ_FORMULARIO_EVENTO] });
      assert.equal(criado.status, 201);
      assert.equal(criado.json.criadoPor, 'admin');
      assert.equal(criado.json.usuarios, 0);
      const id = criado.json.id;
      const repetido = await a('POST', '/perfis-acesso', { nome: 'consulta de EVENTOS', permissoes: [] });
      assert.equal(repetido.status, 400);
      assert.deepEqual(repetido.json.errors, [{ field: 'nome', message: 'Já existe um perfil de acesso com este nome.' }]);
      const ruim = await a('POST', '/perfis-acesso', { nome: '', permissoes: ['NAO_EXISTE'] });
      assert.equal(ruim.status, 400);
      assert.deepEqual(ruim.json.errors.map((e: { field: string }) => e.field).sort(), ['nome', 'permissoes.0']);
      assert.equal(ruim.json.errors.find((e: { field: string }) => e.field === 'nome').message, 'Este campo é obrigatório.');
      const [x, y] = await Promise.all([
        a('PUT', `/perfis-acesso/${id}`, { nome: 'Eventos A', permissoes: [], versao: 1 }),
        a('PUT', `/perfis-acesso/${id}`, { nome: 'Eventos B', permissoes: [], versao: 1 }),
      ]);
      assert.deepEqual([x.status, y.status].sort(), [200, 409], 'exactly one of two concurrent updates wins');
      const perdedor = x.status === 409 ? x : y;
      assert.match(perdedor.json.detail, /alterado por outra pessoa/);
      const atual = await a('GET', `/perfis-acesso/${id}`);
      assert.equal(atual.json.versao, 2);
      assert.equal(atual.json.nome, (x.status === 200 ? x : y).json.nome, 'the loser changed nothing');
      const gestor = await a('DELETE', '/perfis-acesso/3');
      assert.equal(gestor.status, 409);
      assert.match(gestor.json.detail, /^O perfil "Gestor" está vinculado a 1 usuário: gestor\./);
      assert.equal((await a('DELETE', `/perfis-acesso/${id}`)).status, 204);
      assert.equal((await a('GET', `/perfis-acesso/${id}`)).status, 404);
      assert.equal((await a('GET', '/perfis-acesso/abc')).status, 400, 'a bad id is bad input, never 500');
    });

    test('paginação: cabeçalhos nas bordas, ordenação, tamanho acima de 100 recusado em pt-BR', async () => {
      const a = c.admin;
      const p1 = await a('GET', '/perfis-acesso?size=4&sort=nome,desc');
      // Seven seeded profiles (the Analista of issue 46 among them).
      assert.equal(p1.headers.get('x-total-count'), '7');
      assert.equal(p1.headers.get('x-page-number'), '0');
      assert.equal(p1.headers.get('x-page-size'), '4');
      assert.deepEqual(p1.json.map((p: { nome: string }) => p.nome), ['Suporte', 'Operador de integração', 'Gestor', 'Designer de formulários']);
      const ultima = await a('GET', '/perfis-acesso?size=4&page=1&sort=nome,desc');
      assert.equal(ultima.json.length, 3);
      const alem = await a('GET', '/perfis-acesso?size=4&page=9');
      assert.deepEqual(alem.json, []);
      assert.equal(alem.headers.get('x-total-count'), '7');
      const vazio = await a('GET', '/perfis-acesso?texto=zzzz');
      assert.deepEqual(vazio.json, []);
      assert.equal(vazio.headers.get('x-total-count'), '0');
      const grande = await a('GET', '/perfis-acesso?size=101');
      assert.equal(grande.status, 400);
      assert.deepEqual(grande.json.errors, [{ field: 'size', message: 'O valor máximo permitido é 100.' }]);
      assert.equal((await a('GET', '/perfis-acesso?sort=senha,asc')).status, 400);
      assert.equal((await a('GET', '/perfis-acesso?page=-1')).status, 400);
    });

    test('grupos de acesso público: CPFs validados, normalizados, contados na lista e inteiros no detalhe', async () => {
      const a = c.suporte;
      const cpf = completarCpf('529982247');
      const r = await a('POST', '/grupos-acesso-publico', { nome: 'Piloto', cpfs: ['529.982.247-25', cpf, '111.111.111-11', 'abc'] });
      assert.equal(r.status, 400);
      assert.deepEqual(r.json.errors, [
        { field: 'cpfs.2', message: '"111.111.111-11" não é um CPF válido.' },
        { field: 'cpfs.3', message: '"abc" não é um CPF válido.' },
      ]);
      assert.equal((await a('GET', '/grupos-acesso-publico?texto=Piloto')).headers.get('x-total-count'), '0', 'nothing half-written');
      const ok = await a('POST', '/grupos-acesso-publico', { nome: 'Piloto', cpfs: ['529.982.247-25', '52998224725'] });
      assert.equal(ok.status, 201);
      assert.deepEqual(ok.json.cpfs, ['529.982.247-25']);
      const lista = await a('GET', '/grupos-acesso-publico?texto=Piloto');
      assert.equal(lista.json[0].quantidadeMembros, 1);
      assert.equal(lista.json[0].cpfs, undefined, 'lists never carry CPFs');
      const emUso = await c.admin('DELETE', '/grupos-acesso-publico/1');
      assert.equal(emUso.status, 409);
      assert.match(emUso.json.detail, /é usado por 1 modelo: saude-medicamento-especial/);
    });

    test('vínculos: busca por nome, usuário ou e-mail; permissões efetivas; perfis inexistentes recusados', async () => {
      const a = c.admin;
      const busca = await a('GET', '/vinculos-usuarios?texto=gestora');
      assert.deepEqual(busca.json.map((v: { username: string }) => v.username), ['gestor']);
      const porGrupo = await a('GET', '/vinculos-usuarios?grupo=3&sort=username,asc');
      assert.deepEqual(porGrupo.json.map((v: { username: string }) => v.username), ['admin', 'operador', 'suporte']);
      const d = await a('GET', '/vinculos-usuarios/auditor');
      assert.deepEqual(d.json.permissoesEfetivas, ['READ_FORMULARIO_EVENTO']);
      assert.deepEqual(d.json.grupos.map((g: { nome: string }) => g.nome), ['Saúde']);
      const novo = await a('POST', '/vinculos-usuarios', { username: 'visitante', nome: 'Vera Visitante Nunes', email: 'visitante@demo.gov.br', perfis: [4, 999], grupos: [1] });
      assert.equal(novo.status, 400);
      assert.deepEqual(novo.json.errors, [{ field: 'perfis.1', message: 'Perfil de acesso 999 não existe.' }]);
      assert.equal((await a('GET', '/vinculos-usuarios/visitante')).status, 404, 'nothing half-written');
      const email = await a('POST', '/vinculos-usuarios', { username: 'x', nome: 'X', email: 'sem-arroba' });
      assert.deepEqual(email.json.errors, [{ field: 'email', message: 'Este campo deve ser um endereço de e-mail válido.' }]);
      assert.equal((await a('DELETE', '/vinculos-usuarios/admin')).status, 409, 'nobody removes their own link');
    });

    test('modelos: isolamento por grupo de controle de conteúdo, inclusive adivinhando códigos', async () => {
      const lista = await c.designer('GET', '/modelos?size=100');
      const grupos = new Set(lista.json.map((m: { grupoControleConteudo: { nome: string } }) => m.grupoControleConteudo.nome));
      assert.deepEqual([...grupos].sort(), ['Educação', 'Saúde']);
      assert.equal(lista.headers.get('x-total-count'), '10');
      const alheio = await c.designer('GET', '/modelos/tributos-itcmd');
      assert.equal(alheio.status, 403);
      assert.equal((await c.designer('PUT', '/modelos/tributos-itcmd', { nome: 'x', grupoControleConteudoId: 3, definicao: { secoes: [] }, versao: 1 })).status, 403);
      assert.equal((await c.designer('POST', '/modelos/tributos-itcmd/versoes')).status, 403);
      assert.equal((await c.designer('GET', '/modelos/tributos-itcmd/versoes')).status, 403);
      const criarEmOutro = await c.designer('POST', '/modelos', { codigoServico: 'meu-teste', nome: 'Teste', grupoControleConteudoId: 3 });
      assert.deepEqual(criarEmOutro.json.errors, [{ field: 'grupoControleConteudoId', message: 'Escolha um dos seus grupos de controle de conteúdo.' }]);
      assert.equal((await c.admin('GET', '/modelos?size=100')).headers.get('x-total-count'), '15', 'with the lease subsidy of issue 46');
      const filtrado = await c.admin('GET', '/modelos?status=ARQUIVADO&status=RASCUNHO&grupo=1&sort=codigoServico,asc');
      assert.deepEqual(filtrado.json.map((m: { codigoServico: string }) => m.codigoServico), ['saude-ouvidoria', 'saude-vacinacao-2024']);
    });

    test('modelos: rascunho, definição validada, publicação em versões imutáveis, arquivamento e restauração', async () => {
      const d = c.designer;
      const codigoRuim = await d('POST', '/modelos', { codigoServico: 'novo', nome: 'X', grupoControleConteudoId: 1 });
      assert.deepEqual(codigoRuim.json.errors, [{ field: 'codigoServico', message: 'O código "novo" é reservado.' }]);
      const criado = await d('POST', '/modelos', { codigoServico: 'saude-segunda-via', nome: 'Segunda via', grupoControleConteudoId: 1, integracao: { url: 'https://destino.uf.gov.br/api', metodo: 'POST' } });
      assert.equal(criado.status, 201);
      assert.equal(criado.json.status, 'RASCUNHO');
      const repetido = await d('POST', '/modelos', { codigoServico: 'SAUDE-segunda-via', nome: 'X', grupoControleConteudoId: 1 });
      assert.deepEqual(repetido.json.errors, [{ field: 'codigoServico', message: 'Já existe um modelo com este código.' }]);
      const semCampos = await d('POST', '/modelos/saude-segunda-via/versoes');
      assert.equal(semCampos.status, 400);
      assert.deepEqual(semCampos.json.errors, [{ field: 'definicao.secoes', message: 'Para publicar, o modelo precisa de pelo menos um campo.' }]);
      const base = { nome: 'Segunda via', grupoControleConteudoId: 1, versao: 1 };
      const invalida = await d('PUT', '/modelos/saude-segunda-via', { ...base, definicao: { secoes: [{ id: 's', titulo: 'S', campos: [{ id: 'idade', tipo: 'inteiro', rotulo: 'Idade', obrigatorio: true, regras: [{ tipo: 'minValue', min: 10 }, { tipo: 'maxValue', max: 5 }] }] }] } });
      assert.equal(invalida.status, 400);
      assert.deepEqual(invalida.json.errors, [{ field: 'definicao.secoes[0].campos[0].regras', message: 'O valor mínimo (10) não pode ser maior que o máximo (5).' }]);
      const def = { secoes: [{ id: 's', titulo: 'Requerente', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] }] }] };
      const salvo = await d('PUT', '/modelos/saude-segunda-via', { ...base, definicao: def });
      assert.equal(salvo.status, 200);
      assert.equal(salvo.json.versao, 2);
      assert.equal((await d('PUT', '/modelos/saude-segunda-via', { ...base, definicao: def })).status, 409, 'stale versao');
      const v1 = await d('POST', '/modelos/saude-segunda-via/versoes');
      assert.equal(v1.status, 201);
      assert.equal(v1.json.status, 'PUBLICADO');
      assert.equal(v1.json.ultimaVersao, 1);
      // The draft changes; version 1 does not.
      const def2 = { secoes: [{ ...def.secoes[0], campos: [...def.secoes[0].campos, { id: 'email', tipo: 'email', rotulo: 'E-mail', obrigatorio: false, regras: [] }] }] };
      assert.equal((await d('PUT', '/modelos/saude-segunda-via', { ...base, versao: v1.json.versao, definicao: def2 })).status, 200);
      const versao1 = await d('GET', '/modelos/saude-segunda-via/versoes/1');
      assert.deepEqual(versao1.json.definicao, def);
      assert.equal(versao1.json.publicadoPor, 'designer');
      assert.equal((await d('POST', '/modelos/saude-segunda-via/versoes')).json.ultimaVersao, 2);
      assert.deepEqual((await d('GET', '/modelos/saude-segunda-via/versoes')).json.map((v: { numero: number }) => v.numero), [2, 1]);
      assert.equal((await d('GET', '/modelos/saude-segunda-via/versoes/7')).status, 404);
      assert.equal((await c.admin('DELETE', '/modelos/saude-segunda-via')).json.detail, 'Um modelo já publicado não pode ser excluído; arquive-o.');
      assert.equal((await d('POST', '/modelos/saude-segunda-via/arquivamento')).json.status, 'ARQUIVADO');
      assert.equal((await d('POST', '/modelos/saude-segunda-via/versoes')).status, 409);
      assert.equal((await d('POST', '/modelos/saude-segunda-via/arquivamento')).json.detail, 'O modelo já está arquivado.');
      assert.equal((await d('DELETE', '/modelos/saude-segunda-via/arquivamento')).json.status, 'PUBLICADO');
      const rascunho = await d('POST', '/modelos', { codigoServico: 'descartavel', nome: 'X', grupoControleConteudoId: 2 });
      assert.equal(rascunho.status, 201);
      assert.equal((await c.admin('DELETE', '/modelos/descartavel')).status, 204, 'a never-published draft may be deleted');
    });

    test('o documento OpenAPI 3.1 descreve as rotas, sem token', async () => {
      const r = await fetch(`${s.url}/api/openapi.json`);
      assert.equal(r.status, 200);
      const d = await r.json();
      assert.equal(d.openapi, '3.1.0');
      assert.deepEqual(d.servers, [{ url: `${s.url}/api`, description: 'Este servidor' }]);
      for (const caminho of ['/perfis-acesso/administradores', '/perfis-acesso/permissoes/{username}', '/modelos/{codigoServico}/versoes', '/formularios/exportacao', '/retentativas-integracao/execucoes-em-lote', '/grupos-acesso-publico/{grupoAcessoPublicoId}']) {
        assert.ok(d.paths[caminho], caminho);
      }
      assert.deepEqual(d.paths['/perfis-acesso'].post.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/NovoPerfilAcesso' });
      assert.deepEqual(d.components.schemas.NovoPerfilAcesso.required, ['nome', 'permissoes']);
      assert.equal(d.components.securitySchemes.bearer.scheme, 'bearer');
      assert.ok(!Object.keys(d.paths).some((p) => !p.startsWith('/') || p.startsWith('/api') || p.includes('*') || p.includes('html') || p.includes('receptor') || p.includes('token-demo')), 'só as operações da API');
    });

    test('corpo que não é JSON, ou JSON com tipos errados: 400, nunca 500', async () => {
      const semToken = await fetch(`${s.url}/api/perfis-acesso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
      assert.equal(semToken.status, 401, 'the token is checked before the body is read');
      const { access_token } = await (await import('../apoio/servidor')).entrarComo(s.url, 'admin');
      const quebrado = await fetch(`${s.url}/api/perfis-acesso`, { method: 'POST', headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }, body: '{"nome": ' });
      assert.equal(quebrado.status, 400);
      assert.equal((await quebrado.json()).detail, 'O corpo da requisição não é um JSON válido.');
      const a = c.admin;
      for (const corpo of [[], 'x', 42, null, { nome: 1, permissoes: 'x' }, { nome: 'a'.repeat(101), permissoes: [] }]) {
        const x = await a('POST', '/perfis-acesso', corpo);
        assert.equal(x.status, 400, JSON.stringify(corpo));
        assert.equal(x.json.title, 'Requisição inválida');
      }
    });
  });
}
