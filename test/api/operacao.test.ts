import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { contadoresPorHoraDivergentes } from '../apoio/contadoresPorHora';
import { gerarFormularios } from '../../demo/server/gerarFormularios';

type Cliente = Awaited<ReturnType<typeof clienteApi>>;

for (const banco of await bancosDeTeste()) {
  describe(`API: formulários, analítico, eventos e retentativas (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente, gestor: Cliente, auditor: Cliente, operador: Cliente, suporte: Cliente;
    const contar = async (where = 'true', params: unknown[] = []) => Number((await s.db.query<{ n: string }>(`select count(*)::text as n from formulario f where ${where}`, params))[0].n);

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      [admin, gestor, auditor, operador, suporte] = await Promise.all(['admin', 'gestor', 'auditor', 'operador', 'suporte'].map((u) => clienteApi(s.url, u)));
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    test('lista: mais novos primeiro, total exato por filtro (contadores), CPF mascarado, escopo do grupo', async () => {
      const r = await admin('GET', '/formularios');
      assert.equal(r.status, 200);
      assert.equal(Number(r.headers.get('x-total-count')), await contar());
      assert.equal(r.json.length, 20);
      const datas = r.json.map((f: { recebidoEm: string }) => Date.parse(f.recebidoEm));
      assert.deepEqual(datas, [...datas].sort((a, b) => b - a));
      assert.match(r.json[0].cpfRequerente, /^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
      const filtro = await admin('GET', '/formularios?modelo=saude-cartao-sus&status=INTEGRADO&status=FALHA_INTEGRACAO&de=2026-01-01&ate=2099-12-31');
      assert.equal(
        Number(filtro.headers.get('x-total-count')),
        await contar(`codigo_servico = 'saude-cartao-sus' and status in ('INTEGRADO', 'FALHA_INTEGRACAO') and recebido_em >= '2026-01-01'::timestamp at time zone 'America/Sao_Paulo'`),
      );
      const doGestor = await gestor('GET', '/formularios?size=100');
      assert.equal(Number(doGestor.headers.get('x-total-count')), await contar(`grupo_controle_conteudo_id in (select id from grupo_controle_conteudo where nome in ('Saúde', 'Educação'))`));
      assert.ok(doGestor.json.every((f: { codigoServico: string }) => !f.codigoServico.startsWith('tributos')));
      const alvo = r.json[3];
      const porProtocolo = await admin('GET', `/formularios?protocolo=${alvo.protocolo}`);
      assert.deepEqual(porProtocolo.json.map((f: { id: number }) => f.id), [alvo.id]);
      assert.equal(porProtocolo.headers.get('x-total-count'), '1');
      const [{ cpf_requerente: cpf }] = await s.db.query<{ cpf_requerente: string }>('select cpf_requerente from formulario where id = $1', [alvo.id]);
      assert.equal(Number((await admin('GET', `/formularios?cpf=${cpf}`)).headers.get('x-total-count')), await contar('cpf_requerente = $1', [cpf]));
      const invertido = await admin('GET', '/formularios?de=2026-05-01&ate=2026-04-01');
      assert.equal(invertido.status, 400);
      assert.equal(invertido.json.detail, 'O início do período não pode ser depois do fim.');
    });

    test('detalhe: respostas, versão do modelo, linha do tempo, CPF mascarado (inteiro só ao pedir); a visualização vira evento; outro grupo, 403', async () => {
      const [f] = await s.db.query<{ id: string; codigo_servico: string }>(`select id::text, codigo_servico from formulario where codigo_servico like 'tributos-%' order by id limit 1`);
      assert.equal((await gestor('GET', `/formularios/${f.id}`)).status, 403);
      const d = await admin('GET', `/formularios/${f.id}`);
      assert.equal(d.status, 200);
      assert.match(d.json.cpfRequerente, /^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
      assert.match((await admin('GET', `/formularios/${f.id}/dados-pessoais`)).json.cpfRequerente, /^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
      assert.equal(d.json.versaoModelo.numero, d.json.modeloVersao);
      assert.ok(d.json.versaoModelo.definicao.secoes.length > 0);
      assert.equal(d.json.eventos[0].tipo, 'RECEBIDO');
      const vistos = await s.db.query<{ autor: string }>(`select autor from formulario_evento where formulario_id = $1 and tipo = 'VISUALIZADO'`, [f.id]);
      assert.deepEqual(vistos.map((v) => v.autor), ['admin']);
      assert.equal((await admin('GET', '/formularios/99999999')).status, 404);
    });

    test('exportação CSV: BOM, ponto e vírgula, uma linha por formulário do filtro', async () => {
      const r = await fetch(`${s.url}/api/formularios/exportacao?modelo=educacao-matricula`, { headers: { authorization: (await (async () => `Bearer ${(await import('../apoio/servidor').then((m) => m.entrarComo(s.url, 'gestor'))).access_token}`)()) } });
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type')!, /^text\/csv; charset=utf-8/);
      assert.match(r.headers.get('content-disposition')!, /attachment; filename="formularios-\d{4}-\d{2}-\d{2}\.csv"/);
      const bytes = new Uint8Array(await r.arrayBuffer());
      assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
      const linhas = new TextDecoder().decode(bytes).trimEnd().split('\r\n'); // the decoder drops the BOM
      assert.equal(linhas[0], 'Protocolo;Modelo;Código do serviço;Versão;Status;Recebido em;Requerente;CPF;E-mail;Respostas;Valor pago (R$);Pago em;txid do Pix;Identificador do Pix (E2E)');
      assert.equal(linhas.length - 1, await contar(`codigo_servico = 'educacao-matricula'`));
      // The status as staff read it, not its code.
      assert.match(linhas[1], /^\d{4}\.\d{9};Matrícula na rede estadual;educacao-matricula;\d;(Recebido|Integrado|Falha de integração|Descartado);\d{2}\/\d{2}\/\d{2} \d{2}:\d{2};/);
      assert.equal((await fetch(`${s.url}/api/formularios/exportacao`, { headers: { authorization: 'Bearer x' } })).status, 401);
    });

    test('analítico: totais por modelo e status e série diária batem com os formulários', async () => {
      const r = await admin('GET', '/analitico-formularios');
      assert.equal(r.status, 200);
      assert.equal(r.json.total, await contar());
      const porModelo = await s.db.query<{ codigo_servico: string; status: string; n: string }>('select codigo_servico, status, count(*)::text as n from formulario group by 1, 2');
      for (const x of porModelo) assert.equal(r.json.modelos.find((m: { codigoServico: string }) => m.codigoServico === x.codigo_servico).porStatus[x.status], Number(x.n));
      assert.equal(r.json.serieDiaria.reduce((n: number, d: { total: number }) => n + d.total, 0), r.json.total);
      const m = r.json.modelos[0];
      assert.equal(m.taxaFalhaIntegracao, +((m.porStatus.FALHA_INTEGRACAO ?? 0) / m.total).toFixed(4));
      const doGestor = await gestor('GET', '/analitico-formularios');
      assert.ok(doGestor.json.modelos.every((x: { codigoServico: string }) => !x.codigoServico.startsWith('tributos')));
      assert.equal((await auditor('GET', '/analitico-formularios')).status, 403);
      // Within periods too: read from whole months plus and minus edge days (salto.ts, periodoNosContadores), each model's
      // counts are those of its forms received on those São Paulo days.
      const [{ hoje }] = await s.db.query<{ hoje: string }>(`select (now() at time zone 'America/Sao_Paulo')::date::text as hoje`);
      const d = (n: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
      const periodos: [string, string][] = [[`${hoje.slice(0, 8)}01`, hoje], [d(-29), hoje], [d(-364), hoje], [d(-40), d(-35)], [d(-75), d(-20)], [hoje, hoje], [d(-60), d(10)]];
      for (const [de, ate] of periodos) {
        const real = await s.db.query<{ codigo_servico: string; status: string; n: string }>(
          'select codigo_servico, status, count(*)::text as n from formulario where dia_sao_paulo(recebido_em) between $1::date and $2::date group by 1, 2 order by 1, 2',
          [de, ate],
        );
        const lido = (await admin('GET', `/analitico-formularios?de=${de}&ate=${ate}`)).json.modelos.flatMap((m: { codigoServico: string; porStatus: Record<string, number> }) =>
          Object.entries(m.porStatus).map(([status, n]) => ({ codigo_servico: m.codigoServico, status, n: String(n) })),
        );
        lido.sort((a: { codigo_servico: string; status: string }, b: { codigo_servico: string; status: string }) => a.codigo_servico.localeCompare(b.codigo_servico) || a.status.localeCompare(b.status));
        assert.deepEqual(lido, real.sort((a, b) => a.codigo_servico.localeCompare(b.codigo_servico) || a.status.localeCompare(b.status)), `${de} a ${ate}`);
      }
    });

    test('eventos: filtros por tipo e protocolo, escopo do auditor (só Saúde)', async () => {
      const r = await auditor('GET', '/formularios-eventos?tipo=FALHA_INTEGRACAO&size=50');
      assert.equal(r.status, 200);
      assert.ok(r.json.length > 0 && r.json.every((e: { tipo: string; codigoServico: string }) => e.tipo === 'FALHA_INTEGRACAO' && e.codigoServico.startsWith('saude')));
      const protocolo = r.json[0].protocolo;
      const doForm = await auditor('GET', `/formularios-eventos?protocolo=${protocolo}&sort=ocorridoEm,asc`);
      assert.deepEqual(doForm.json.map((e: { tipo: string }) => e.tipo).slice(0, 3), ['RECEBIDO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA']);
    });

    test('retentativas: executar agora e descartar viram eventos com autor; descartada nunca mais; lote com simulação', async () => {
      const pend = await operador('GET', '/retentativas-integracao?status=ESGOTADA&size=5');
      assert.equal(pend.status, 200);
      assert.ok(pend.json.every((r: { codigoServico: string }) => r.codigoServico.startsWith('tributos')), 'operador: Tributos only');
      const alvo = pend.json[0];
      const exec = await operador('POST', `/retentativas-integracao/${alvo.id}/execucoes`);
      assert.equal(exec.status, 202);
      assert.equal(exec.json.status, 'PENDENTE');
      assert.ok(Date.parse(exec.json.proximaTentativaEm) <= Date.now() + 1000);
      const ev = await s.db.query<{ autor: string; retentativa: string }>(`select autor, detalhes->>'retentativa' as retentativa from formulario_evento where formulario_id = $1 and tipo = 'RETENTATIVA_MANUAL'`, [alvo.formularioId]);
      assert.deepEqual(ev, [{ autor: 'operador', retentativa: String(alvo.id) }]);
      assert.equal((await operador('POST', `/retentativas-integracao/${alvo.id}/descarte`, { motivo: 'x' })).status, 400, 'a reason of at least 3 characters');
      const desc = await operador('POST', `/retentativas-integracao/${alvo.id}/descarte`, { motivo: 'Serviço de destino desativado' });
      assert.equal(desc.json.status, 'DESCARTADA');
      const ev2 = await s.db.query<{ autor: string; motivo: string }>(`select autor, detalhes->>'motivo' as motivo from formulario_evento where formulario_id = $1 and tipo = 'DESCARTADO'`, [alvo.formularioId]);
      assert.deepEqual(ev2, [{ autor: 'operador', motivo: 'Serviço de destino desativado' }]);
      const denovo = await operador('POST', `/retentativas-integracao/${alvo.id}/execucoes`);
      assert.equal(denovo.status, 409);
      assert.equal(denovo.json.detail, 'Uma retentativa descartada não é mais executada.');
      assert.equal((await operador('POST', '/retentativas-integracao/execucoes-em-lote', { status: ['DESCARTADA'] })).json.quantidade, 0, 'bulk never picks discarded ones');
      const [alheia] = await s.db.query<{ id: string }>(`select id::text from retentativa_integracao where codigo_servico like 'saude-%' and status in ('PENDENTE', 'ESGOTADA') limit 1`);
      assert.equal((await operador('POST', `/retentativas-integracao/${alheia.id}/execucoes`)).status, 403, 'outside the caller groups');
      assert.equal((await suporte('POST', `/retentativas-integracao/${alheia.id}/execucoes`)).status, 403, 'READ without UPDATE');
      const filtro = { modelo: ['tributos-itcmd'], status: ['ESGOTADA'] };
      const sim = await operador('POST', '/retentativas-integracao/execucoes-em-lote?simulacao=true', filtro);
      const [{ n }] = await s.db.query<{ n: string }>(`select count(*)::text as n from retentativa_integracao where codigo_servico = 'tributos-itcmd' and status = 'ESGOTADA'`);
      assert.deepEqual(sim.json, { quantidade: Number(n), simulacao: true });
      assert.equal((await s.db.query<{ n: string }>(`select count(*)::text as n from retentativa_integracao where codigo_servico = 'tributos-itcmd' and status = 'ESGOTADA'`))[0].n, n, 'a simulation changes nothing');
      const lote = await operador('POST', '/retentativas-integracao/execucoes-em-lote', filtro);
      assert.equal(lote.json.quantidade, Number(n));
      assert.equal((await s.db.query<{ n: string }>(`select count(*)::text as n from retentativa_integracao where codigo_servico = 'tributos-itcmd' and status = 'ESGOTADA'`))[0].n, '0');
    });

    test('opções de modelo para filtros: qualquer permissão de leitura da área, só os modelos do escopo', async () => {
      const todos = (await s.db.query<{ codigo_servico: string }>('select codigo_servico from modelo order by nome, codigo_servico')).map((m) => m.codigo_servico);
      const doAdmin = await admin('GET', '/modelos-opcoes');
      assert.equal(doAdmin.status, 200);
      assert.deepEqual(doAdmin.json.map((m: { codigoServico: string }) => m.codigoServico), todos);
      assert.deepEqual(Object.keys(doAdmin.json[0]).sort(), ['codigoServico', 'integracaoPausadaEm', 'nome', 'status']);
      const doAuditor = await auditor('GET', '/modelos-opcoes');
      assert.equal(doAuditor.status, 200, 'READ_FORMULARIO_EVENTO is enough');
      assert.ok(doAuditor.json.length > 0 && doAuditor.json.every((m: { codigoServico: string }) => m.codigoServico.startsWith('saude-')));
      const doSuporte = await suporte('GET', '/modelos-opcoes');
      assert.ok(doSuporte.json.some((m: { codigoServico: string }) => m.codigoServico.startsWith('tributos-')) && !doSuporte.json.some((m: { codigoServico: string }) => m.codigoServico.startsWith('educacao-')));
      assert.equal((await gestor('GET', '/modelos-opcoes')).status, 200);
      const visitante = await clienteApi(s.url, 'visitante');
      const negado = await visitante('GET', '/modelos-opcoes');
      assert.equal(negado.status, 403);
      assert.match(negado.json.detail, /Você precisa de uma destas permissões: READ_MODELO, READ_FORMULARIO/);
    });

    /** A fold of every day, today too; one that gives up on a lock another fold holds (lock_timeout) just stops, as in the retention loop. */
    const compactar = (lote: number) => s.db.query(`select compactar_contadores(current_date + 2, ${lote})`).catch((e: { code?: string }) => assert.equal(e.code, '55P03', String(e)));

    test('os contadores continuam exatos depois de inserções e exclusões concorrentes', async () => {
      // Like real traffic: many small transactions at once, each one form in, out or changed.
      const inserir = (i: number) =>
        s.db.query(
          `insert into formulario (protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, status, recebido_em)
           select 'T.' || nextval('protocolo_seq'), codigo_servico, grupo_controle_conteudo_id, 1, (array['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO'])[1 + $1 % 3], now() - ($1 % 5) * interval '1 day'
             from modelo where ultima_versao > 0 order by codigo_servico offset $1 % 6 limit 1`,
          [i],
        );
      const ids = (await s.db.query<{ id: string }>('select id::text from formulario order by id desc limit 60')).map((r) => r.id);
      await Promise.all([
        ...Array.from({ length: 80 }, (_, i) => inserir(i)),
        ...ids.slice(0, 30).map((id) => s.db.query('delete from formulario where id = $1', [id])),
        ...ids.slice(30).map((id, i) => s.db.query(`update formulario set status = $2 where id = $1`, [id, i % 2 ? 'DESCARTADO' : 'INTEGRADO'])),
        // Counters folded at the same time (migration 015: every day, today too, in small batches).
        ...Array.from({ length: 6 }, () => compactar(40)),
      ]);
      const fatias = async () => (await s.db.query<{ n: string }>(`select count(*)::text as n from contador_formulario_dia where fatia <> 8`))[0].n;
      while ((await s.db.query<{ n: number }>('select compactar_contadores(current_date + 2, 500) as n'))[0].n > 0);
      assert.equal(await fatias(), '0', 'every slice folded');
      await s.db.transacao((tx) => gerarFormularios(tx, 120, 10));
      const diferencas = await s.db.query(
        `select coalesce(c.codigo_servico, f.codigo_servico) as modelo, coalesce(c.dia, f.dia) as dia, coalesce(c.status, f.status) as status, c.n as contador, f.n as real
           from (select codigo_servico, dia, status, sum(quantidade) as n from contador_formulario_dia group by 1, 2, 3 having sum(quantidade) <> 0) c
           full join (select codigo_servico, dia_sao_paulo(recebido_em) as dia, status, count(*) as n from formulario group by 1, 2, 3) f
             on f.codigo_servico = c.codigo_servico and f.dia = c.dia and f.status = c.status
          where c.n is distinct from f.n`,
      );
      assert.deepEqual(diferencas, []);
      // The hours (migration 037: the forms list's deep pages), after the same writes and folds.
      assert.deepEqual(await contadoresPorHoraDivergentes(s.db, 'formulario'), {});
      const mensais = await s.db.query(
        `select m.codigo_servico, m.mes, m.status from (select codigo_servico, mes, status, sum(quantidade) as quantidade from contador_formulario_mes group by 1, 2, 3) m
          where m.quantidade <> (select coalesce(sum(d.quantidade), 0) from contador_formulario_dia d
                                  where d.codigo_servico = m.codigo_servico and d.status = m.status and date_trunc('month', d.dia)::date = m.mes)`,
      );
      assert.deepEqual(mensais, [], 'monthly counters agree with the daily ones');
      assert.equal(Number((await admin('GET', '/formularios?size=1')).headers.get('x-total-count')), await contar());
      // The per-day totals over all models (migration 019) are the folded slices summed; the console's
      // daily series (folded days from them, the 120 forms just written from the unfolded slices) is count(*).
      const totais = await s.db.query(
        `select * from (select dia, status, sum(quantidade)::int as n from contador_formulario_dia where fatia = 8 group by 1, 2 having sum(quantidade) <> 0) d
           full join (select dia, status, quantidade::int as n from contador_formulario_dia_total where quantidade <> 0) t using (dia, status) where d.n is distinct from t.n`,
      );
      assert.deepEqual(totais, [], 'per-day totals equal the folded slices');
      assert.ok(Number(await fatias()) > 0, 'some counters not folded yet');
      const real = await s.db.query<{ dia: string; status: string; n: number }>(
        `select dia_sao_paulo(recebido_em)::text as dia, status, count(*)::int as n from formulario where dia_sao_paulo(recebido_em) between current_date - 400 and current_date + 5 group by 1, 2 order by 1, 2`,
      );
      const desde = (d: number) => new Date(Date.now() + d * 86400000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
      const analitico = await admin('GET', `/analitico-formularios?de=${desde(-400)}&ate=${desde(5)}`);
      const serieDe = (json: { serieDiaria: { dia: string; porStatus: Record<string, number> }[] }) =>
        json.serieDiaria.flatMap((d) => Object.entries(d.porStatus).map(([status, n]) => ({ dia: d.dia, status, n }))).sort((a, b) => a.dia.localeCompare(b.dia) || a.status.localeCompare(b.status));
      assert.deepEqual(serieDe(analitico.json), real);
      // The same by group (migration 034): the folded slices summed by group; a scoped caller's series (folded days
      // from them, the rest from the unfolded slices) is the count(*) of its groups' forms.
      const porGrupo = await s.db.query(
        `select * from (select grupo_controle_conteudo_id as g, dia, status, sum(quantidade)::int as n from contador_formulario_dia where fatia = 8 group by 1, 2, 3 having sum(quantidade) <> 0) d
           full join (select grupo_controle_conteudo_id as g, dia, status, quantidade::int as n from contador_formulario_dia_grupo where quantidade <> 0) t using (g, dia, status) where d.n is distinct from t.n`,
      );
      assert.deepEqual(porGrupo, [], 'per-day totals by group equal the folded slices');
      const realGestor = await s.db.query<{ dia: string; status: string; n: number }>(
        `select dia_sao_paulo(recebido_em)::text as dia, status, count(*)::int as n from formulario
          where dia_sao_paulo(recebido_em) between current_date - 400 and current_date + 5 and grupo_controle_conteudo_id in (select grupo_id from vinculo_usuario_grupo where username = 'gestor')
          group by 1, 2 order by 1, 2`,
      );
      assert.ok(realGestor.length > 0 && realGestor.length < real.length);
      assert.deepEqual(serieDe((await gestor('GET', `/analitico-formularios?de=${desde(-400)}&ate=${desde(5)}`)).json), realGestor);
    });

    test('eventos e retentativas: contadores exatos depois de escritas, exclusões e mudanças de status concorrentes; totais da API iguais ao count(*) para filtros ao acaso', async () => {
      const forms = (await s.db.query<{ id: string }>('select id::text from formulario order by id desc limit 40')).map((r) => r.id);
      const tipos = ['VISUALIZADO', 'RETENTATIVA_MANUAL', 'DADOS_PESSOAIS_VISTOS'];
      const status = ['PENDENTE', 'EXECUTANDO', 'SUCESSO', 'ESGOTADA', 'DESCARTADA'];
      const eventos = (await s.db.query<{ id: string }>('select id::text from formulario_evento order by id desc limit 40')).map((r) => r.id);
      const retentativas = (await s.db.query<{ id: string }>('select id::text from retentativa_integracao order by id desc limit 40')).map((r) => r.id);
      await Promise.all([
        ...forms.map((id, i) =>
          s.db.query(
            `insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, ocorrido_em)
             select id, codigo_servico, grupo_controle_conteudo_id, $2, 'teste', now() - ($3 % 4) * interval '1 day' from formulario where id = $1`,
            [id, tipos[i % 3], i],
          ),
        ),
        ...Array.from({ length: 10 }, () => s.db.query(`insert into formulario_evento (tipo, autor, detalhes) values ('EXPORTACAO_DADOS_PESSOAIS', 'teste', '{}')`)),
        ...eventos.slice(0, 15).map((id) => s.db.query('delete from formulario_evento where id = $1', [id])),
        ...eventos.slice(15, 30).map((id, i) => s.db.query('update formulario_evento set tipo = $2 where id = $1', [id, tipos[i % 3]])),
        // Moved in time: another hour (migration 034's counters), sometimes another day.
        ...eventos.slice(30).map((id, i) => s.db.query(`update formulario_evento set ocorrido_em = ocorrido_em - $2 * interval '1 hour' where id = $1`, [id, 1 + i * 3])),
        ...retentativas.slice(0, 10).map((id) => s.db.query('delete from retentativa_integracao where id = $1', [id])),
        ...retentativas.slice(10).flatMap((id, i) => [s.db.query('update retentativa_integracao set status = $2 where id = $1', [id, status[i % 5]]), s.db.query('update retentativa_integracao set status = $2 where id = $1', [id, status[(i + 2) % 5]])]),
        ...Array.from({ length: 6 }, () => compactar(40)),
      ]);
      for (const [contador, tabela, coluna, tempo] of [
        ['contador_evento_dia', 'formulario_evento', 'tipo', 'ocorrido_em'],
        ['contador_retentativa_dia', 'retentativa_integracao', 'status', 'criado_em'],
      ]) {
        const diferencas = await s.db.query(
          `select * from (select codigo_servico, dia, ${coluna} as chave, sum(quantidade) as n from ${contador} group by 1, 2, 3 having sum(quantidade) <> 0) c
             full join (select coalesce(codigo_servico, '') as codigo_servico, dia_sao_paulo(${tempo}) as dia, ${coluna} as chave, count(*) as n from ${tabela} group by 1, 2, 3) r using (codigo_servico, dia, chave)
            where c.n is distinct from r.n`,
        );
        assert.deepEqual(diferencas, [], contador);
        // The monthly counters (migration 021, the deep pages' first step) against the same rows by month.
        const mensal = contador.replace('_dia', '_mes');
        const porMes = await s.db.query(
          `select * from (select codigo_servico, mes, ${coluna} as chave, sum(quantidade) as n from ${mensal} group by 1, 2, 3 having sum(quantidade) <> 0) c
             full join (select coalesce(codigo_servico, '') as codigo_servico, date_trunc('month', dia_sao_paulo(${tempo}))::date as mes, ${coluna} as chave, count(*) as n from ${tabela} group by 1, 2, 3) r using (codigo_servico, mes, chave)
            where c.n is distinct from r.n`,
        );
        assert.deepEqual(porMes, [], mensal);
      }
      // Every event by hour (migration 034: the whole console's deep pages), and by group, by hour and by day
      // (migrations 035 and 036: a scoped caller's), against the rows.
      assert.deepEqual(await contadoresPorHoraDivergentes(s.db, 'formulario_evento'), {});
      // The API's totals against the naive count, for random filters, as an administrator and as a scoped user.
      const modelos = (await s.db.query<{ codigo_servico: string }>('select codigo_servico from modelo order by 1')).map((r) => r.codigo_servico);
      const { default: fc } = await import('fast-check');
      const filtro = fc.record({
        modelo: fc.subarray(modelos, { maxLength: 3 }),
        de: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
        dias: fc.integer({ min: 0, max: 40 }),
        tipo: fc.subarray(['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'VISUALIZADO', 'EXPORTACAO_DADOS_PESSOAIS'], { maxLength: 2 }),
        status: fc.subarray(status, { maxLength: 2 }),
        comoGestor: fc.boolean(),
      });
      const data = (atras: number) => new Date(Date.now() - atras * 86400000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
      const grupoGestor = (await s.db.query<{ grupo_id: number }>(`select grupo_id from vinculo_usuario_grupo where username = 'gestor'`)).map((r) => r.grupo_id);
      await fc.assert(
        fc.asyncProperty(filtro, async (f) => {
          const de = f.de === undefined ? undefined : data(f.de + f.dias);
          const ate = f.de === undefined ? undefined : data(f.de);
          const q = new URLSearchParams();
          for (const m of f.modelo) q.append('modelo', m);
          if (de) (q.set('de', de), q.set('ate', ate!));
          /** The naive count, filter by filter, as a reader of the table would write it. */
          const contagem = async (tabela: string, tempo: string, coluna: string, valores: string[]) => {
            const c: string[] = [];
            const params: unknown[] = [];
            if (f.modelo.length) c.push(`codigo_servico = any($${params.push(f.modelo)})`);
            if (f.comoGestor) c.push(`grupo_controle_conteudo_id = any($${params.push(grupoGestor)})`);
            if (de) c.push(`dia_sao_paulo(${tempo}) between $${params.push(de)}::date and $${params.push(ate)}::date`);
            if (valores.length) c.push(`${coluna} = any($${params.push(valores)})`);
            return Number((await s.db.query<{ n: string }>(`select count(*)::text as n from ${tabela} ${c.length ? `where ${c.join(' and ')}` : ''}`, params))[0].n);
          };
          const quem = f.comoGestor ? gestor : admin;
          const qe = new URLSearchParams(q);
          for (const t of f.tipo) qe.append('tipo', t);
          const eventosApi = await quem('GET', `/formularios-eventos?size=1&${qe}`);
          assert.equal(eventosApi.status, 200);
          assert.equal(Number(eventosApi.headers.get('x-total-count')), await contagem('formulario_evento', 'ocorrido_em', 'tipo', f.tipo), `eventos ${qe}`);
          const qr = new URLSearchParams(q);
          for (const x of f.status) qr.append('status', x);
          if (f.comoGestor) return; // gestor has no READ_RETENTATIVA_INTEGRACAO
          const esperadoR = await contagem('retentativa_integracao', 'criado_em', 'status', f.status);
          const retentativasApi = await quem('GET', `/retentativas-integracao?size=1&${qr}`);
          assert.equal(Number(retentativasApi.headers.get('x-total-count')), esperadoR, `retentativas ${qr}`);
        }),
        { numRuns: 40 },
      );
    });
  });
}
