import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { contadoresPorHoraDivergentes } from '../apoio/contadoresPorHora';
import { enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { MAX_ERROS_CAMPO } from '../../src/contrato/problema';
import { MSG_CARACTERES, MSG_PROFUNDIDADE } from '../../src/server/api/entradaSegura';
import { P } from '../../src/access/permissoes';
import { cabecalhosDoPedido } from '../../src/forms/integracao';

/**
 * Issue 18's probes, each one a test that failed before its fix: self-granted access, a model's move
 * between groups, inputs that answered 500, idempotency keys shared across citizens, the demo host
 * page's frame list, file sizes, the embedded provider's brute-force slow-down.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const DELEGADA = [
  P.READ_VINCULOS_USUARIO, P.CREATE_VINCULOS_USUARIO, P.UPDATE_VINCULOS_USUARIO, P.DELETE_VINCULOS_USUARIO,
  P.READ_PERFIL_ACESSO, P.CREATE_PERFIL_ACESSO, P.UPDATE_PERFIL_ACESSO,
  P.READ_GRUPO_CONTROLE_CONTEUDO, P.UPDATE_GRUPO_CONTROLE_CONTEUDO, P.READ_FORMULARIO,
];

for (const banco of await bancosDeTeste()) {
  describe(`endurecimento (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let operador: Cliente;
    const grupos: Record<string, number> = {};
    let perfilDelegado: number;

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url, idp: { bloqueio: { falhas: 3, esperaS: 60 } } });
      admin = await clienteApi(s.url, 'admin');
      for (const g of (await admin('GET', '/grupos-controle-conteudo')).json) grupos[g.nome] = g.id;
      // `operador` becomes someone who may manage access, in Saúde and Educação, without being an administrator.
      const p = await admin('POST', '/perfis-acesso', { nome: 'Administração delegada', permissoes: DELEGADA });
      assert.equal(p.status, 201);
      perfilDelegado = p.json.id;
      const v = (await admin('GET', '/vinculos-usuarios/operador')).json;
      assert.equal((await admin('PUT', '/vinculos-usuarios/operador', { nome: v.nome, email: v.email, administrador: false, perfis: [perfilDelegado], grupos: [grupos['Saúde'], grupos['Educação']], versao: v.versao })).status, 200);
      operador = await clienteApi(s.url, 'operador');
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    const vinculo = async (username: string) => (await admin('GET', `/vinculos-usuarios/${username}`)).json;
    const corpoVinculo = (v: { nome: string; email: string; administrador: boolean; perfis: { id: number }[]; grupos: { id: number }[]; versao: number }, muda: Record<string, unknown> = {}) => ({
      nome: v.nome,
      email: v.email,
      administrador: v.administrador,
      perfis: v.perfis.map((p) => p.id),
      grupos: v.grupos.map((g) => g.id),
      versao: v.versao,
      ...muda,
    });
    const todosPerfis = async () => (await admin('GET', '/perfis-acesso?size=100')).json.map((p: { id: number }) => p.id);

    test('ninguém se faz administrador: o próprio vínculo, o papel de administrador, perfis e grupos além do que se tem (403, nada muda)', async () => {
      const eu = await vinculo('operador');
      const tentativas: [string, string, string, unknown, RegExp][] = [
        ['próprio vínculo como administrador', 'PUT', '/vinculos-usuarios/operador', corpoVinculo(eu, { administrador: true }), /seu próprio vínculo/],
        ['todos os perfis e grupos no próprio vínculo', 'PUT', '/vinculos-usuarios/operador', corpoVinculo(eu, { perfis: await todosPerfis(), grupos: Object.values(grupos) }), /seu próprio vínculo/],
        ['administrador para outro', 'PUT', '/vinculos-usuarios/auditor', corpoVinculo(await vinculo('auditor'), { administrador: true }), /Só um administrador concede/],
        ['grupo a que não pertence', 'PUT', '/vinculos-usuarios/auditor', corpoVinculo(await vinculo('auditor'), { grupos: [grupos['Saúde'], grupos['Tributos']] }), /"Tributos": você não pertence/],
        ['perfil com permissões que não tem', 'PUT', '/vinculos-usuarios/auditor', corpoVinculo(await vinculo('auditor'), { perfis: await todosPerfis() }), /permissões que você não tem/],
        ['vínculo de um administrador', 'PUT', '/vinculos-usuarios/admin', corpoVinculo(await vinculo('admin'), { nome: 'Outra' }), /vínculo de um administrador/],
        ['excluir um administrador', 'DELETE', '/vinculos-usuarios/admin', undefined, /vínculo de um administrador/],
        ['novo vínculo de administrador', 'POST', '/vinculos-usuarios', { username: 'novo.adm', nome: 'Novo', email: 'n@x.gov.br', administrador: true }, /Só um administrador concede/],
        ['o perfil do próprio vínculo com o catálogo inteiro', 'PUT', `/perfis-acesso/${perfilDelegado}`, { nome: 'Administração delegada', permissoes: Object.values(P), versao: 1 }, /seu próprio vínculo/],
        ['perfil novo com permissões que não tem', 'POST', '/perfis-acesso', { nome: 'Tudo', permissoes: [P.UPDATE_MODELO] }, /Faltam a você: UPDATE_MODELO/],
        ['entrar noutro grupo de controle', 'PUT', `/grupos-controle-conteudo/${grupos['Tributos']}`, { nome: 'Tributos', membros: ['operador', 'suporte', 'admin'], versao: 1 }, /não pertence a "Tributos"/],
      ];
      const antes = await s.db.query('select * from vinculo_usuario_perfil order by 1, 2');
      const antesGrupos = await s.db.query('select * from vinculo_usuario_grupo order by 1, 2');
      for (const [nome, metodo, caminho, corpo, motivo] of tentativas) {
        const r = await operador(metodo, caminho, corpo);
        assert.equal(r.status, 403, `${nome}: ${JSON.stringify(r.json)}`);
        assert.match(r.json.detail, motivo, nome);
      }
      assert.deepEqual(await s.db.query('select * from vinculo_usuario_perfil order by 1, 2'), antes);
      assert.deepEqual(await s.db.query('select * from vinculo_usuario_grupo order by 1, 2'), antesGrupos);
      assert.equal((await vinculo('operador')).administrador, false);
      // After all that, operador still sees only Saúde and Educação forms.
      const formularios = await operador('GET', '/formularios?size=100');
      assert.ok(formularios.json.every((f: { codigoServico: string }) => !f.codigoServico.startsWith('tributos')));
    });

    test("os membros de um grupo de controle seguem as regras do vínculo: nem o próprio, nem o de um administrador (403, nada muda; issue 33)", async () => {
      const id = grupos['Saúde'];
      const membros = async () => (await admin('GET', `/grupos-controle-conteudo/${id}`)).json;
      const antes = await membros();
      assert.ok(antes.membros.includes('admin') && antes.membros.includes('operador'), JSON.stringify(antes.membros));
      const vinculoAdmin = await vinculo('admin');
      for (const [nome, lista, motivo] of [
        ['só ele no grupo, tirando o administrador', ['operador'], /vínculo de um administrador/],
        ['sair do próprio grupo', antes.membros.filter((m: string) => m !== 'operador'), /seu próprio vínculo/],
      ] as const) {
        const r = await operador('PUT', `/grupos-controle-conteudo/${id}`, { nome: antes.nome, descricao: antes.descricao, membros: lista, versao: antes.versao });
        assert.equal(r.status, 403, `${nome}: ${JSON.stringify(r.json)}`);
        assert.match(r.json.detail, motivo, nome);
      }
      assert.deepEqual((await membros()).membros, antes.membros);
      assert.deepEqual(await vinculo('admin'), vinculoAdmin, "the administrator's link did not change");
      // Taking someone else out and back (not an administrator, not oneself) is delegation as usual.
      assert.ok(antes.membros.includes('auditor'));
      const sem = await operador('PUT', `/grupos-controle-conteudo/${id}`, { nome: antes.nome, descricao: antes.descricao, membros: antes.membros.filter((m: string) => m !== 'auditor'), versao: antes.versao });
      assert.equal(sem.status, 200, JSON.stringify(sem.json));
      const com = await operador('PUT', `/grupos-controle-conteudo/${id}`, { nome: antes.nome, descricao: antes.descricao, membros: antes.membros, versao: sem.json.versao });
      assert.equal(com.status, 200, JSON.stringify(com.json));
      assert.deepEqual(com.json.membros, antes.membros);
    });

    test('dentro do que se tem, a delegação funciona, e cada mudança fica na trilha de auditoria que só o administrador lê', async () => {
      const auditor = await vinculo('auditor');
      const r = await operador('PUT', '/vinculos-usuarios/auditor', corpoVinculo(auditor, { grupos: [grupos['Saúde'], grupos['Educação']] }));
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const novo = await operador('POST', '/perfis-acesso', { nome: 'Leitura de vínculos', permissoes: [P.READ_VINCULOS_USUARIO] });
      assert.equal(novo.status, 201);
      assert.equal((await operador('GET', '/auditoria-acesso')).status, 403, 'not an administrator');
      const trilha = await admin('GET', '/auditoria-acesso?recurso=VINCULO_USUARIO&alvo=auditor');
      assert.equal(trilha.status, 200);
      const [ultima] = trilha.json;
      assert.equal(ultima.autor, 'operador');
      assert.equal(ultima.acao, 'ALTERADO');
      assert.deepEqual(ultima.antes.grupos.map((g: { nome: string }) => g.nome), ['Saúde']);
      assert.deepEqual(ultima.depois.grupos.map((g: { nome: string }) => g.nome).sort(), ['Educação', 'Saúde']);
      const perfis = await admin('GET', `/auditoria-acesso?recurso=PERFIL_ACESSO&alvo=${novo.json.id}`);
      assert.deepEqual(perfis.json.map((x: { acao: string; depois: { permissoes: string[] } }) => [x.acao, x.depois.permissoes]), [['CRIADO', [P.READ_VINCULOS_USUARIO]]]);
      assert.match(trilha.headers.get('x-total-count') ?? '', /^[1-9]\d*$/);
    });

    test('um modelo que muda de grupo leva formulários, eventos, retentativas e contadores junto, numa transação, registrada na trilha', async () => {
      const gestor = await clienteApi(s.url, 'gestor');
      const [m] = await s.db.query<{ codigo_servico: string }>(`select codigo_servico from modelo where codigo_servico like 'saude-%' and status <> 'ARQUIVADO' and exists (select 1 from formulario f where f.codigo_servico = modelo.codigo_servico) and exists (select 1 from retentativa_integracao r where r.codigo_servico = modelo.codigo_servico) limit 1`);
      const codigo = m.codigo_servico;
      const [{ n }] = await s.db.query<{ n: number }>('select count(*)::int as n from formulario where codigo_servico = $1', [codigo]);
      const totalGestor = async () => Number((await gestor('GET', '/formularios?size=20')).headers.get('x-total-count'));
      const antes = await totalGestor();
      // Every counter folded first, so the model's counts sit in its group's daily totals (migration 034).
      while ((await s.db.query<{ n: number }>('select compactar_contadores(current_date + 2, 500) as n'))[0].n > 0);
      const dia = (d: number) => new Date(Date.now() + d * 86400000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
      const serieGestor = async () => (await gestor('GET', `/analitico-formularios?de=${dia(-800)}&ate=${dia(5)}`)).json.serieDiaria.reduce((t: number, d: { total: number }) => t + d.total, 0);
      const noPeriodo = async (onde: string) => (await s.db.query<{ n: number }>(`select count(*)::int as n from formulario where dia_sao_paulo(recebido_em) between current_date - 800 and current_date + 5 and ${onde}`, [codigo]))[0].n;
      const serieAntes = await serieGestor();
      assert.equal(serieAntes, await noPeriodo(`grupo_controle_conteudo_id in (select grupo_id from vinculo_usuario_grupo where username = 'gestor') and $1::text is not null`), "the gestor's daily series counts its groups' forms");
      const doModelo = await noPeriodo('codigo_servico = $1');
      assert.ok(doModelo > 0);
      const modelo = (await admin('GET', `/modelos/${codigo}`)).json;
      const r = await admin('PUT', `/modelos/${codigo}`, { nome: modelo.nome, descricao: modelo.descricao, grupoControleConteudoId: grupos['Tributos'], grupoAcessoPublicoId: modelo.grupoAcessoPublicoId, integracao: { url: modelo.integracao.url, metodo: modelo.integracao.metodo, cabecalhos: cabecalhosDoPedido(modelo.integracao.cabecalhos, {}) }, definicao: modelo.definicao, versao: modelo.versao });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      for (const tabela of ['formulario', 'formulario_evento', 'retentativa_integracao', 'contador_formulario_dia', 'contador_formulario_mes']) {
        const [{ fora }] = await s.db.query<{ fora: number }>(`select count(*)::int as fora from ${tabela} where codigo_servico = $1 and grupo_controle_conteudo_id <> $2`, [codigo, grupos['Tributos']]);
        assert.equal(fora, 0, `${tabela} moved`);
      }
      assert.equal(await totalGestor(), antes - n, 'gestor (Saúde, Educação) no longer counts them');
      assert.equal(await serieGestor(), serieAntes - doModelo, "nor does the gestor's daily series (the groups' daily totals moved with the model)");
      const porGrupo = await s.db.query(
        `select * from (select grupo_controle_conteudo_id as g, dia, status, sum(quantidade)::int as n from contador_formulario_dia where fatia = 8 group by 1, 2, 3 having sum(quantidade) <> 0) d
           full join (select grupo_controle_conteudo_id as g, dia, status, quantidade::int as n from contador_formulario_dia_grupo where quantidade <> 0) t using (g, dia, status) where d.n is distinct from t.n`,
      );
      assert.deepEqual(porGrupo, [], 'per-day totals by group equal the folded slices after the move');
      assert.deepEqual(await contadoresPorHoraDivergentes(s.db, 'formulario_evento'), {}, "the events' hours and days by group moved with the model's events");
      assert.deepEqual(await contadoresPorHoraDivergentes(s.db, 'formulario'), {}, "the forms' hours by group moved with the model's forms");
      assert.equal((await gestor('GET', `/formularios?modelo=${codigo}`)).json.length, 0);
      assert.equal((await gestor('GET', `/formularios-eventos?modelo=${codigo}`)).json.length, 0);
      const [mov] = (await admin('GET', `/auditoria-acesso?recurso=MODELO&alvo=${codigo}`)).json;
      assert.equal(mov.acao, 'MOVIDO');
      assert.equal(mov.antes.grupoControleConteudo.nome, 'Saúde');
      assert.deepEqual(mov.depois, { grupoControleConteudo: { id: grupos['Tributos'], nome: 'Tributos' }, formularios: n });
    });

    test('nenhuma entrada dá 500: NUL, surrogate solto, aninhamento profundo, nomes de protótipo na ordenação', async () => {
      await modeloPublicado(admin, 'teste-entradas', null);
      const casos: [string, () => Promise<{ status: number; json: any }>][] = [
        ['NUL numa resposta', () => enviarFormulario(s.url, 'teste-entradas', { ...RESPOSTAS_VALIDAS, nome: 'Ma\u0000ria' })],
        ['surrogate solto numa resposta', () => enviarFormulario(s.url, 'teste-entradas', { ...RESPOSTAS_VALIDAS, nome: 'Ma\ud800ria' })],
        ['NUL no nome do arquivo', () => enviarFormulario(s.url, 'teste-entradas', { ...RESPOSTAS_VALIDAS, anexo: { nome: 'a\u0000.pdf', tamanho: 1 } })],
        ['NUL numa chave', () => enviarFormulario(s.url, 'teste-entradas', { ...RESPOSTAS_VALIDAS, 'x\u0000': 1 })],
        ['5.000 níveis', async () => {
          // Written as text: JSON.stringify itself runs out of stack on such a value.
          const corpo = `{"respostas":{"nome":"Maria","cpf":"529.982.247-25","relato":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`;
          const r = await fetch(`${s.url}/api/publico/modelos/teste-entradas/formularios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: corpo });
          return { status: r.status, json: await r.json() };
        }],
        ['protocolo=%00', () => admin('GET', '/formularios?protocolo=%00')],
        ['texto=%00', () => admin('GET', '/modelos?texto=%00')],
        ['nome de grupo com surrogate', () => admin('POST', '/grupos-controle-conteudo', { nome: 'G\udc00' })],
      ];
      for (const [nome, chamar] of casos) {
        const r = await chamar();
        assert.equal(r.status, 400, `${nome}: ${JSON.stringify(r.json)}`);
        assert.match(JSON.stringify(r.json.errors), nome.includes('níveis') ? new RegExp(MSG_PROFUNDIDADE.slice(0, 20)) : new RegExp(MSG_CARACTERES.slice(0, 20)), nome);
      }
      // Tab and line breaks are text, not control characters to refuse.
      assert.equal((await enviarFormulario(s.url, 'teste-entradas', { ...RESPOSTAS_VALIDAS, relato: 'linha 1\r\nlinha 2\tfim' })).status, 201);
      for (const lista of ['/formularios', '/modelos', '/perfis-acesso', '/vinculos-usuarios', '/formularios-eventos', '/retentativas-integracao', '/grupos-controle-conteudo', '/grupos-acesso-publico', '/auditoria-acesso']) {
        for (const campo of ['toString', '__proto__', 'constructor', 'valueOf', 'hasOwnProperty']) {
          const r = await admin('GET', `${lista}?sort=${campo},asc`);
          assert.equal(r.status, 400, `${lista} sort=${campo}`);
          assert.match(r.json.detail, /Não é possível ordenar/);
        }
      }
    });

    test('um corpo com milhares de campos desconhecidos: os primeiros 50 erros e a contagem', async () => {
      const respostas = Object.fromEntries(Array.from({ length: 20000 }, (_, i) => [`desconhecido${i}`, 'x']));
      const r = await enviarFormulario(s.url, 'teste-entradas', { ...RESPOSTAS_VALIDAS, ...respostas });
      assert.equal(r.status, 400);
      assert.equal(r.json.errors.length, MAX_ERROS_CAMPO);
      assert.equal(r.json.totalErrors, 20000);
    });

    test('arquivo sem envio: tamanhos absurdos e a forma antiga { nome, tamanho } recusados, nada gravado (issue 33)', async () => {
      const antes = await s.db.query<{ n: number }>(`select count(*)::int as n from formulario where codigo_servico = 'teste-entradas'`);
      for (const tamanho of [-1, 1e308, 1.5]) {
        const r = await enviarFormulario(s.url, 'teste-entradas', { ...RESPOSTAS_VALIDAS, anexo: { nome: 'a.pdf', tamanho } });
        assert.equal(r.status, 400, String(tamanho));
        assert.deepEqual(r.json.errors, [{ field: 'respostas.anexo', message: 'O tamanho informado do arquivo é inválido.' }]);
      }
      // A file answer that names no upload made an attachment entry with nothing behind it ("<script>…</script>.exe").
      const antigo = await enviarFormulario(s.url, 'teste-entradas', { ...RESPOSTAS_VALIDAS, anexo: { nome: '<script>alert(1)</script>.exe', tamanho: 1024 } });
      assert.equal(antigo.status, 400);
      assert.deepEqual(antigo.json.errors, [{ field: 'respostas.anexo', message: 'Envie o arquivo por este campo: só arquivos enviados ao formulário são aceitos.' }]);
      assert.deepEqual(await s.db.query<{ n: number }>(`select count(*)::int as n from formulario where codigo_servico = 'teste-entradas'`), antes);
    });

    test('a Idempotency-Key de um cidadão não devolve o protocolo de outro', async () => {
      const grupo = await admin('POST', '/grupos-acesso-publico', { nome: 'Restrito idempotência', cpfs: ['52998224725', '11144477735'] });
      await modeloPublicado(admin, 'teste-chaves', null, { grupoAcessoPublicoId: grupo.json.id });
      const token = async (cpf: string) => (await (await fetch(`${s.url}/api/publico/token-demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf }) })).json()).token;
      const chave = { 'idempotency-key': 'mesma-chave' };
      // The same body from both (the requester CPF field is left for each one's login to fill).
      const { cpf: _cpf, ...respostas } = RESPOSTAS_VALIDAS;
      const a = await enviarFormulario(s.url, 'teste-chaves', respostas, { ...chave, authorization: `Bearer ${await token('52998224725')}` });
      const b = await enviarFormulario(s.url, 'teste-chaves', respostas, { ...chave, authorization: `Bearer ${await token('11144477735')}` });
      assert.equal(a.status, 201);
      assert.equal(b.status, 201);
      assert.notEqual(b.json.protocolo, a.json.protocolo, "B's form is stored, not A's replayed");
      assert.equal(b.headers.get('idempotent-replayed'), null);
      const [{ n }] = await s.db.query<{ n: number }>(`select count(*)::int as n from formulario where codigo_servico = 'teste-chaves'`);
      assert.equal(n, 2);
      const deNovo = await enviarFormulario(s.url, 'teste-chaves', respostas, { ...chave, authorization: `Bearer ${await token('52998224725')}` });
      assert.equal(deNovo.json.protocolo, a.json.protocolo, "A's own repeat still replays");
    });

    test('a página de demonstração não aceita iframe-allowlist pela URL', async () => {
      const r = await fetch(`${s.url}/?iframe-allowlist=https://atacante.example`);
      const csp = r.headers.get('content-security-policy') ?? '';
      assert.doesNotMatch(csp, /atacante/);
      assert.match(csp, new RegExp(`frame-src ${s.url.replace(/[.]/g, '\\.')}`));
      assert.doesNotMatch(await r.text(), /atacante/);
      const outro = await subirServidor({ quadrosDemo: ['https://portal.uf.gov.br/x'] });
      try {
        const r2 = await fetch(`${outro.url}/`);
        assert.match(r2.headers.get('content-security-policy') ?? '', /frame-src https:\/\/portal\.uf\.gov\.br;/);
        assert.match(await r2.text(), /iframe-allowlist="https:\/\/portal\.uf\.gov\.br"/);
      } finally {
        await outro.fechar();
      }
    });

    test('o provedor embutido faz esperar um usuário depois de tentativas erradas seguidas', async () => {
      const tentar = async (senha: string) => {
        try {
          await entrarComo(s.url, 'visitante', { senha });
          return 'entrou';
        } catch (e) {
          return (e as Error).message;
        }
      };
      for (let i = 0; i < 3; i++) assert.match(await tentar('errada'), /login recusado \(401\)/);
      assert.match(await tentar('visitante'), /login recusado \(429\)/, 'the right password waits too');
      assert.ok((await entrarComo(s.url, 'auditor')).access_token, 'another user is not affected');
    });
  });
}
