import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { esperarAte, esperarSentinela, subirReceptor } from '../apoio/receptor';
import { errosDasRespostas } from '../../src/forms/preenchimento';
import { DEFINICAO_COMPLETA, enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';

type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const ESPERAS = [0.3, 0.3];

for (const banco of await bancosDeTeste()) {
  describe(`envio de formulários e entrega às integrações (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    const eventos = async (protocolo: string) =>
      (await s.db.query<{ tipo: string; detalhes: Record<string, unknown> }>(`select e.tipo, e.detalhes from formulario_evento e join formulario f on f.id = e.formulario_id where f.protocolo = $1 order by e.id`, [protocolo])).map((e) => e.tipo);
    const estado = async (protocolo: string) =>
      (await s.db.query<{ formulario: string; retentativa: string; tentativas: number; ultimo_erro: string | null; id: string }>(
        `select f.status as formulario, r.status as retentativa, r.tentativas, r.ultimo_erro, r.id::text as id from formulario f left join retentativa_integracao r on r.formulario_id = f.id where f.protocolo = $1`,
        [protocolo],
      ))[0];

    before(async () => {
      receptor = await subirReceptor();
      s = await subirServidor({ databaseUrl: banco.url, entregas: { ligado: true, esperasS: ESPERAS, timeoutMs: 500, intervaloMs: 50, lote: 10 }, integracao: { permitidos: { origens: [receptor.origem] } } });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-entrega', receptor.url);
    });
    after(async () => {
      await s.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    test('validação no servidor: cada regra e cada tipo, com as mesmas mensagens da prévia do construtor', async () => {
      const ruins = { nome: 'Jo', copias: '9', valor: 'abc', email: 'a@', site: 'pagina', data: '2026-02-30', cpf: '111.111.111-11', tipo: 'z', docs: ['rg', 'x'], anexo: 'texto', extra: 1 };
      const r = await enviarFormulario(s.url, 'teste-entrega', ruins);
      assert.equal(r.status, 400);
      assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
      const porCampo = Object.fromEntries(r.json.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
      assert.deepEqual(porCampo, {
        'respostas.extra': 'Este formulário não tem o campo "extra".',
        'respostas.nome': 'Este campo deve ter pelo menos 3 caracteres.',
        'respostas.copias': 'O valor máximo permitido é 5.',
        'respostas.valor': 'Este campo deve ser um número decimal.',
        'respostas.email': 'Este campo deve ser um endereço de e-mail válido.',
        'respostas.site': 'O valor não é um endereço de URL válido.',
        'respostas.data': 'Esta data não existe.',
        'respostas.cpf': 'Este campo deve ser um CPF válido.',
        'respostas.tipo': 'Escolha uma das opções oferecidas.',
        'respostas.docs': 'Escolha uma das opções oferecidas.',
        'respostas.anexo': 'Anexe um arquivo.',
      });
      // The very function the preview runs gives the same messages.
      const { extra: _, ...semExtra } = ruins;
      assert.deepEqual(Object.fromEntries(Object.entries(errosDasRespostas(DEFINICAO_COMPLETA, semExtra)).map(([k, v]) => [`respostas.${k}`, v])), Object.fromEntries(Object.entries(porCampo).filter(([k]) => k !== 'respostas.extra')));
      const vazio = await enviarFormulario(s.url, 'teste-entrega', { nome: 'Maria', copias: '0', relato: 'x'.repeat(5) });
      assert.deepEqual(vazio.json.errors, [
        { field: 'respostas.copias', message: 'O valor mínimo permitido é 1.' },
        { field: 'respostas.cpf', message: 'Este campo é obrigatório.' },
      ]);
      assert.equal((await enviarFormulario(s.url, 'teste-entrega', { ...RESPOSTAS_VALIDAS, nome: 'x'.repeat(21) })).json.errors[0].message, 'Este campo deve ter no máximo 20 caracteres.');
      assert.equal((await enviarFormulario(s.url, 'teste-entrega', { ...RESPOSTAS_VALIDAS, copias: '1.5' })).json.errors[0].message, 'Este campo deve ser um número inteiro.');
      const antes = Number((await s.db.query<{ n: string }>(`select count(*)::text as n from formulario where codigo_servico = 'teste-entrega'`))[0].n);
      assert.equal((await enviarFormulario(s.url, 'teste-entrega', 'não é objeto')).status, 400);
      assert.equal(Number((await s.db.query<{ n: string }>(`select count(*)::text as n from formulario where codigo_servico = 'teste-entrega'`))[0].n), antes, 'nothing stored by refused submissions');
    });

    test('aceito: protocolo, um evento RECEBIDO e a entrega ao destino com id estável, chave de idempotência e os cabeçalhos do modelo', async () => {
      const r = await enviarFormulario(s.url, 'teste-entrega', { ...RESPOSTAS_VALIDAS, data: '2026-11-20' });
      assert.equal(r.status, 201);
      assert.match(r.json.protocolo, /^\d{4}\.\d{9}$/);
      assert.deepEqual({ ...r.json, protocolo: '', recebidoEm: '', comprovante: null }, { protocolo: '', codigoServico: 'teste-entrega', versaoModelo: 1, status: 'RECEBIDO', recebidoEm: '', comprovante: null });
      assert.equal(r.json.comprovante.url, `/api/publico/comprovantes/${r.json.protocolo}?codigo=${r.json.comprovante.codigoVerificacao}`);
      await esperarAte(async () => (await estado(r.json.protocolo)).retentativa === 'SUCESSO', 10_000, 'entregue');
      assert.deepEqual(await eventos(r.json.protocolo), ['RECEBIDO', 'INTEGRADO']);
      assert.equal((await estado(r.json.protocolo)).formulario, 'INTEGRADO');
      const [entrega] = receptor.doProtocolo(r.json.protocolo);
      assert.equal(entrega.cabecalhos['idempotency-key'], `formulario-${r.json.protocolo}`);
      assert.equal(entrega.cabecalhos['x-entrega-id'], (await estado(r.json.protocolo)).id);
      assert.equal(entrega.cabecalhos['x-chave'], 'segredo');
      assert.deepEqual(entrega.corpo.respostas, { ...RESPOSTAS_VALIDAS, data: '2026-11-20' });
      assert.equal(entrega.corpo.versaoModelo, 1);
    });

    test('Idempotency-Key: o mesmo envio repetido devolve o primeiro formulário; a mesma chave com outras respostas é recusada', async () => {
      const chave = { 'idempotency-key': `chave-${Date.now()}` };
      const [a, b] = await Promise.all([enviarFormulario(s.url, 'teste-entrega', RESPOSTAS_VALIDAS, chave), enviarFormulario(s.url, 'teste-entrega', RESPOSTAS_VALIDAS, chave)]);
      assert.equal(a.status, 201);
      assert.equal(b.status, 201);
      assert.equal(a.json.protocolo, b.json.protocolo);
      const c = await enviarFormulario(s.url, 'teste-entrega', RESPOSTAS_VALIDAS, chave);
      assert.equal(c.json.protocolo, a.json.protocolo);
      assert.equal(c.headers.get('idempotent-replayed'), 'true');
      const n = await s.db.query(`select 1 from formulario where protocolo = $1`, [a.json.protocolo]);
      assert.equal(n.length, 1);
      const outro = await enviarFormulario(s.url, 'teste-entrega', { ...RESPOSTAS_VALIDAS, nome: 'Outra' }, chave);
      assert.equal(outro.status, 422);
      assert.match(outro.json.detail, /já foi usada para outras respostas/);
    });

    test('modelos não publicados, arquivados e com grupo de acesso público', async () => {
      assert.equal((await enviarFormulario(s.url, 'saude-ouvidoria', RESPOSTAS_VALIDAS)).status, 404, 'a draft never published');
      assert.equal((await enviarFormulario(s.url, 'nao-existe', RESPOSTAS_VALIDAS)).json.detail, 'Este formulário não está disponível.');
      await modeloPublicado(admin, 'teste-arquivado', null);
      assert.equal((await enviarFormulario(s.url, 'teste-arquivado', RESPOSTAS_VALIDAS)).status, 201, 'accepted while published (the model is now cached)');
      await admin('POST', '/modelos/teste-arquivado/arquivamento');
      const publicados = (await (await fetch(`${s.url}/api/publico/modelos`)).json()).map((m: { codigoServico: string }) => m.codigoServico);
      assert.ok(publicados.includes('teste-entrega') && !publicados.includes('saude-ouvidoria') && !publicados.includes('teste-arquivado'), 'only published models are offered');
      const arquivado = await enviarFormulario(s.url, 'teste-arquivado', RESPOSTAS_VALIDAS);
      assert.equal(arquivado.status, 410);
      assert.equal(arquivado.json.detail, 'Este formulário foi encerrado e não aceita mais respostas.');
      // Restricted: a public-access group with one CPF.
      const grupo = await admin('POST', '/grupos-acesso-publico', { nome: `Restrito ${Date.now()}`, cpfs: ['52998224725'] });
      assert.equal(grupo.status, 201, JSON.stringify(grupo.json));
      await modeloPublicado(admin, 'teste-restrito', null, { grupoAcessoPublicoId: grupo.json.id });
      const publico = await (await fetch(`${s.url}/api/publico/modelos/teste-restrito`)).json();
      assert.equal(publico.restrito, true);
      const semToken = await enviarFormulario(s.url, 'teste-restrito', RESPOSTAS_VALIDAS);
      // Issue 50: a 401 says how to authenticate (HTTP requires WWW-Authenticate; the restricted model sent none).
      assert.deepEqual([semToken.status, semToken.headers.get('www-authenticate')], [401, 'Bearer']);
      const token = async (cpf: string) => (await (await fetch(`${s.url}/api/publico/token-demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf, nome: 'Maria Cidadã' }) })).json()).token;
      const fora = await enviarFormulario(s.url, 'teste-restrito', RESPOSTAS_VALIDAS, { authorization: `Bearer ${await token('111.444.777-35')}` });
      assert.equal(fora.status, 403);
      assert.equal(fora.json.detail, 'O seu CPF não está autorizado a preencher este formulário.');
      const lixo = await enviarFormulario(s.url, 'teste-restrito', RESPOSTAS_VALIDAS, { authorization: 'Bearer lixo' });
      assert.deepEqual([lixo.status, lixo.headers.get('www-authenticate')], [401, 'Bearer error="invalid_token"']);
      const dentro = await enviarFormulario(s.url, 'teste-restrito', RESPOSTAS_VALIDAS, { authorization: `Bearer ${await token('529.982.247-25')}` });
      assert.equal(dentro.status, 201);
      const [f] = await s.db.query<{ cpf_requerente: string; nome_requerente: string }>('select cpf_requerente, nome_requerente from formulario where protocolo = $1', [dentro.json.protocolo]);
      assert.deepEqual(f, { cpf_requerente: '52998224725', nome_requerente: 'Maria Cidadã' });
      assert.equal((await s.db.query('select 1 from retentativa_integracao r join formulario f on f.id = r.formulario_id where f.protocolo = $1', [dentro.json.protocolo])).length, 0, 'no integration: no delivery job');
    });

    test('falhas e depois sucesso: cada tentativa vira evento, a espera do agendamento é respeitada', async () => {
      let vezes = 0;
      receptor.responder((r) => (r.corpo.protocolo && ++vezes <= 2 ? 503 : 200));
      try {
        const r = await enviarFormulario(s.url, 'teste-entrega', RESPOSTAS_VALIDAS);
        await esperarAte(async () => (await estado(r.json.protocolo)).retentativa === 'SUCESSO', 10_000, 'entregue na terceira');
        assert.deepEqual(await eventos(r.json.protocolo), ['RECEBIDO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'INTEGRADO']);
        const tentativas = receptor.doProtocolo(r.json.protocolo);
        assert.deepEqual(tentativas.map((t) => t.cabecalhos['x-tentativa']), ['1', '2', '3']);
        assert.equal(new Set(tentativas.map((t) => t.cabecalhos['idempotency-key'])).size, 1, 'the same key on every attempt');
        for (let i = 1; i < tentativas.length; i++) assert.ok(tentativas[i].em - tentativas[i - 1].em >= ESPERAS[i - 1] * 1000 * 0.8 - 20, `espera ${i} respeitada`);
        assert.equal((await estado(r.json.protocolo)).formulario, 'INTEGRADO');
      } finally {
        receptor.responder(() => 200);
      }
    });

    test('esgotada: depois do limite, nenhuma tentativa a mais; tentar agora entrega; descartar para de vez', async () => {
      receptor.responder(() => 503);
      try {
        const r = await enviarFormulario(s.url, 'teste-entrega', RESPOSTAS_VALIDAS);
        await esperarAte(async () => (await estado(r.json.protocolo)).retentativa === 'ESGOTADA', 10_000, 'esgotada');
        const e = await estado(r.json.protocolo);
        assert.equal(e.tentativas, 3);
        assert.equal(e.formulario, 'FALHA_INTEGRACAO');
        assert.equal(e.ultimo_erro, 'O destino respondeu 503 (serviço indisponível).');
        // The receiver answers 200 for the sentinel's sake; an exhausted job must not be tried again meanwhile.
        receptor.responder((x) => (x.corpo.respostas?.nome === 'Sentinela' ? 200 : 503));
        await esperarSentinela(s.url, 'teste-entrega', receptor);
        assert.equal(receptor.doProtocolo(r.json.protocolo).length, 3, 'nothing after exhaustion');
        // Retry now (the console's action): the worker tries at once.
        receptor.responder(() => 200);
        assert.equal((await admin('POST', `/retentativas-integracao/${e.id}/execucoes`)).status, 202);
        await esperarAte(async () => (await estado(r.json.protocolo)).retentativa === 'SUCESSO', 5_000, 'tentar agora');
        assert.deepEqual((await eventos(r.json.protocolo)).slice(-2), ['RETENTATIVA_MANUAL', 'INTEGRADO']);

        // Discard: a failing job is never tried again.
        receptor.responder(() => 500);
        const d = await enviarFormulario(s.url, 'teste-entrega', RESPOSTAS_VALIDAS);
        await esperarAte(async () => (await estado(d.json.protocolo)).tentativas >= 1 && (await estado(d.json.protocolo)).retentativa === 'PENDENTE', 5_000, 'primeira falha');
        const id = (await estado(d.json.protocolo)).id;
        assert.equal((await admin('POST', `/retentativas-integracao/${id}/descarte`, { motivo: 'Pedido duplicado' })).status, 200);
        // By states, not by a wait: an attempt claimed before the discard may still land (it counts in tentativas),
        // but none is claimed after it — the attempts stay what they were, and each reached the receiver once.
        const noDescarte = (await estado(d.json.protocolo)).tentativas;
        receptor.responder((x) => (x.corpo.respostas?.nome === 'Sentinela' ? 200 : 500));
        await esperarSentinela(s.url, 'teste-entrega', receptor);
        const fim = await estado(d.json.protocolo);
        assert.equal(fim.retentativa, 'DESCARTADA');
        assert.equal(fim.tentativas, noDescarte, 'no attempt after the discard');
        await esperarAte(() => receptor.doProtocolo(d.json.protocolo).length === noDescarte, 5_000, 'each claimed attempt arrived once');
      } finally {
        receptor.responder(() => 200);
      }
    });

    test('destino que não responde: o tempo limite encerra a tentativa, que é registrada e reagendada', async () => {
      receptor.responder(() => 'travar');
      try {
        const r = await enviarFormulario(s.url, 'teste-entrega', RESPOSTAS_VALIDAS);
        await esperarAte(async () => (await estado(r.json.protocolo)).ultimo_erro, 5_000, 'tempo limite');
        assert.equal((await estado(r.json.protocolo)).ultimo_erro, 'Sem resposta em 0,5 s.');
        receptor.responder(() => 200);
        await esperarAte(async () => (await estado(r.json.protocolo)).retentativa === 'SUCESSO', 5_000, 'entregue depois');
      } finally {
        receptor.responder(() => 200);
      }
    });
  });
}
