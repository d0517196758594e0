import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bancosDeTeste, clienteApi, entrarComo } from '../apoio/servidor';
import { esperarAte, subirComReceptorECaixa } from '../apoio/receptor';
import { modeloPublicado } from '../apoio/entregas';
import { LIMITES_PADRAO } from '../../src/server/api/rotas/contextoPublico';
import { TENTATIVAS_CPF } from '../../src/server/api/rotas/coassinaturas';
import type { Definicao } from '../../src/forms/definicao';
import { CODIGO_SMS_DEMO } from '../../demo/server/assinaturaGovbrDemo';

/**
 * Forms with several parties (issue 46), both databases, with the real delivery worker (a local receiver) and the
 * real mailer (the demo's mail catcher): two co-signers (one named by the tenant's answers, with a CPF; one fixed by
 * the model) and an analysis by the Habitação group; the form is delivered only after all three act, once, with each
 * party's action; a refusal at any step ends it with the reason and no delivery; expiry; a CPF that does not match;
 * staff outside the step's group; the audit trail; the steps frozen when the model changes mid-way.
 */
const CPF_LOCADOR = '529.982.247-25';
const CPF_OUTRO = '111.444.777-35';
const definicao = (habitacao: number): Definicao => ({
  declaracao: { texto: 'Declaro que as informações deste pedido são verdadeiras.' },
  etapas: [
    { id: 'locador', tipo: 'coassinatura', titulo: 'Assinatura do locador', prazoDias: 10, lembreteDias: 3, coassinantes: [{ campoEmail: 'emailLocador', campoCpf: 'cpfLocador', campoNome: 'nomeLocador' }, { email: 'fiador@exemplo.gov.br', nome: 'Fábio Fiador' }] },
    { id: 'habitacao', tipo: 'analise', titulo: 'Análise da Habitação', prazoDias: 15, grupoControleConteudoId: habitacao, notificar: 'habitacao@exemplo.gov.br' },
  ],
  secoes: [
    {
      id: 'inquilino',
      titulo: 'Inquilino',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Seu nome', obrigatorio: true, regras: [], requerente: 'nome' },
        { id: 'email', tipo: 'email', rotulo: 'Seu e-mail', obrigatorio: true, regras: [], confirmacao: true },
      ],
    },
    {
      id: 'dados-locador',
      titulo: 'Locador',
      campos: [
        { id: 'nomeLocador', tipo: 'texto', rotulo: 'Nome do locador', obrigatorio: true, regras: [] },
        { id: 'emailLocador', tipo: 'email', rotulo: 'E-mail do locador', obrigatorio: true, regras: [] },
        { id: 'cpfLocador', tipo: 'cpf', rotulo: 'CPF do locador', obrigatorio: true, regras: [] },
      ],
    },
    { id: 'parecer', titulo: 'Parecer', campos: [{ id: 'valorAprovado', tipo: 'moeda', rotulo: 'Valor aprovado', obrigatorio: true, regras: [], etapa: 'habitacao' }] },
  ],
});
const RESPOSTAS = { nome: 'Teresa Inquilina', email: 'teresa@exemplo.gov.br', nomeLocador: 'Lauro Locador', emailLocador: 'lauro@exemplo.gov.br', cpfLocador: CPF_LOCADOR };

for (const banco of await bancosDeTeste()) {
  describe(`formulários com várias partes (${banco.nome})`, () => {
    let ambiente: Awaited<ReturnType<typeof subirComReceptorECaixa>>;
    let admin: Awaited<ReturnType<typeof clienteApi>>;
    let analista: Awaited<ReturnType<typeof clienteApi>>;
    let gestor: Awaited<ReturnType<typeof clienteApi>>;
    let habitacao: number;
    const url = () => ambiente.s.url;
    const publico = async (metodo: string, caminho: string, corpo?: unknown, token?: string) => {
      const r = await fetch(`${url()}/api/publico${caminho}`, { method: metodo, headers: { ...(corpo === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: corpo === undefined ? undefined : JSON.stringify(corpo) });
      return { status: r.status, json: await r.json() };
    };
    const tokenCidadao = async (cpf: string) => (await (await fetch(`${url()}/api/publico/token-demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf }) })).json()).token as string;
    /** The code of the newest co-signature link mailed to `para` about the form of `protocolo` (the catcher keeps the newest first). */
    const linkDe = async (para: string, protocolo: string) => {
      const e = await esperarAte(() => ambiente.caixa.emails.find((x) => x.para.includes(para) && x.assunto.includes(protocolo) && /Pedido de assinatura|Lembrete/.test(x.assunto)), 10_000, `o link de ${para}`);
      return new URL(/https?:\/\/\S+coassinatura=\S+/.exec(e!.texto)![0]).searchParams.get('coassinatura')!;
    };
    const enviar = (modelo: string, respostas = RESPOSTAS) => publico('POST', `/modelos/${modelo}/formularios`, { respostas, declaracaoAceita: true });
    const idDe = async (protocolo: string) => (await admin('GET', `/formularios?protocolo=${protocolo}`)).json[0].id as number;

    before(async () => {
      ambiente = await subirComReceptorECaixa({ databaseUrl: banco.url, limitesPublico: { ...LIMITES_PADRAO, porEnderecoPorMinuto: 0, porModeloPorMinuto: 0, tokenDemoPorMinuto: 0, confirmacoesPorDestinatarioPorHora: 0 } });
      admin = await clienteApi(url(), 'admin');
      analista = await clienteApi(url(), 'analista');
      gestor = await clienteApi(url(), 'gestor');
      habitacao = ((await admin('GET', '/grupos-controle-conteudo?size=100')).json as { id: number; nome: string }[]).find((g) => g.nome === 'Habitação')!.id;
      for (const codigo of ['teste-locacao', 'teste-locacao-recusa', 'teste-locacao-prazo', 'teste-locacao-muda']) await modeloPublicado(admin, codigo, `${ambiente.receptor.origem}/${codigo}`, {}, definicao(habitacao));
      await modeloPublicado(admin, 'teste-locacao-govbr', null, {}, { ...definicao(habitacao), assinatura: 'opcional' });
    });
    after(async () => {
      await ambiente.fechar();
      await banco.descartar?.();
    });

    test('dois coassinantes e uma análise: entregue só depois dos três, uma vez, com a ação de cada parte; CPF errado recusado; fora do grupo, 403; tudo na trilha', async () => {
      const modelo = await admin('GET', '/modelos/teste-locacao');
      assert.equal(modelo.status, 200);
      // The citizen never sees the reserved question nor whom the steps involve.
      const visto = await publico('GET', '/modelos/teste-locacao');
      assert.equal(JSON.stringify(visto.json.definicao).includes('valorAprovado'), false);
      assert.equal(JSON.stringify(visto.json.definicao).includes('fiador@'), false);
      assert.deepEqual(visto.json.definicao.etapas.map((e: { titulo: string }) => e.titulo), ['Assinatura do locador', 'Análise da Habitação']);
      const reservada = await enviar('teste-locacao', { ...RESPOSTAS, valorAprovado: '100,00' } as typeof RESPOSTAS);
      assert.equal(reservada.status, 400, 'a citizen cannot answer a question reserved to staff');

      const r = await enviar('teste-locacao');
      assert.equal(r.status, 201, JSON.stringify(r.json));
      assert.equal(r.json.status, 'AGUARDANDO_ASSINATURAS');
      assert.match(r.json.andamento.url, /\/andamento\?codigo=/);
      const id = await idDe(r.json.protocolo);
      const codigoLocador = await linkDe('lauro@exemplo.gov.br', r.json.protocolo);
      const codigoFiador = await linkDe('fiador@exemplo.gov.br', r.json.protocolo);

      // The landlord's request is for a CPF: without the login, only the header; another CPF is refused and counted.
      const semLogin = await publico('GET', `/coassinaturas/${codigoLocador}`);
      assert.equal(semLogin.status, 200);
      assert.deepEqual([semLogin.json.exigeLogin, semLogin.json.respostas, semLogin.json.nome, semLogin.json.etapa], [true, null, 'Lauro Locador', 'Assinatura do locador']);
      const outro = await publico('POST', `/coassinaturas/${codigoLocador}`, { decisao: 'ASSINAR', declaracaoAceita: true }, await tokenCidadao(CPF_OUTRO));
      assert.equal(outro.status, 403);
      assert.match(outro.json.detail, /outro CPF/);
      const tokenLocador = await tokenCidadao(CPF_LOCADOR);
      const comLogin = await publico('GET', `/coassinaturas/${codigoLocador}`, undefined, tokenLocador);
      assert.equal(comLogin.json.respostas.nomeLocador, 'Lauro Locador');
      assert.equal(comLogin.json.declaracao, 'Declaro que as informações deste pedido são verdadeiras.');
      assert.equal(JSON.stringify(comLogin.json.definicao).includes('valorAprovado'), false);
      const semAceite = await publico('POST', `/coassinaturas/${codigoLocador}`, { decisao: 'ASSINAR' }, tokenLocador);
      assert.equal(semAceite.status, 422);
      const assinou = await publico('POST', `/coassinaturas/${codigoLocador}`, { decisao: 'ASSINAR', declaracaoAceita: true }, tokenLocador);
      assert.equal(assinou.status, 200, JSON.stringify(assinou.json));
      assert.equal(assinou.json.situacao, 'ASSINADO');
      // Single use: the same link cannot act again.
      assert.equal((await publico('POST', `/coassinaturas/${codigoLocador}`, { decisao: 'RECUSAR', motivo: 'Mudei de ideia' }, tokenLocador)).status, 409);
      assert.equal((await admin('GET', `/formularios/${id}`)).json.status, 'AGUARDANDO_ASSINATURAS');

      // The guarantor (a fixed address, no CPF) signs without a login: the analysis starts.
      assert.equal((await publico('POST', `/coassinaturas/${codigoFiador}`, { decisao: 'ASSINAR', declaracaoAceita: true })).status, 200);
      assert.equal((await admin('GET', `/formularios/${id}`)).json.status, 'EM_ANALISE');
      await esperarAte(() => ambiente.caixa.emails.some((e) => e.para.includes('habitacao@exemplo.gov.br') && /Análise pendente/.test(e.assunto)), 10_000, 'o aviso da equipe');
      assert.equal(ambiente.receptor.doProtocolo(r.json.protocolo).length, 0, 'nothing delivered before the last step');

      // "Minhas análises": the analyst sees it; a manager of another group cannot act (403); the analyst must fill the reserved field.
      const lista = await analista('GET', '/analises');
      assert.equal(lista.status, 200);
      assert.ok(lista.json.some((a: { formulario: { id: number }; titulo: string }) => a.formulario.id === id && a.titulo === 'Análise da Habitação'));
      assert.equal((await gestor('GET', '/analises')).status, 403);
      assert.equal((await gestor('POST', `/formularios/${id}/analise`, { decisao: 'APROVAR' })).status, 403);
      const ficha = await analista('GET', `/formularios/${id}`);
      assert.equal(ficha.status, 200, 'the analyst reaches the form of a model of another group through the step');
      assert.equal(ficha.json.podeAnalisar, true);
      assert.deepEqual(ficha.json.etapas.map((p: { situacao: string }) => p.situacao), ['ASSINADO', 'ASSINADO', 'PENDENTE']);
      const semCampo = await analista('POST', `/formularios/${id}/analise`, { decisao: 'APROVAR' });
      assert.equal(semCampo.status, 400);
      assert.deepEqual(semCampo.json.errors, [{ field: 'respostas.valorAprovado', message: 'Este campo é obrigatório.' }]);
      const aprovou = await analista('POST', `/formularios/${id}/analise`, { decisao: 'APROVAR', respostas: { valorAprovado: '1.200,00' } });
      assert.equal(aprovou.status, 200, JSON.stringify(aprovou.json));
      assert.equal(aprovou.json.status, 'APROVADO');
      assert.equal((await analista('POST', `/formularios/${id}/analise`, { decisao: 'APROVAR', respostas: { valorAprovado: '1,00' } })).status, 409);

      // Delivered once, with each party's action and the reserved answer.
      await esperarAte(() => ambiente.receptor.doProtocolo(r.json.protocolo).length > 0, 10_000, 'a entrega');
      await new Promise((ok) => setTimeout(ok, 500));
      const entregas = ambiente.receptor.doProtocolo(r.json.protocolo) as unknown as { corpo: { partes: { situacao: string; autor: string; aceite: { texto: string | null } | null }[]; respostas: Record<string, unknown> } }[];
      assert.equal(entregas.length, 1);
      const corpo = entregas[0].corpo;
      assert.deepEqual(corpo.partes.map((p) => [p.situacao, p.autor]), [['ASSINADO', 'Lauro Locador'], ['ASSINADO', 'Fábio Fiador'], ['APROVADO', 'analista']]);
      assert.equal(corpo.partes[0].aceite!.texto, 'Declaro que as informações deste pedido são verdadeiras.');
      assert.equal(corpo.respostas.valorAprovado, 120000);

      // Timeline, audit trail and the citizen's view.
      const eventos = (await admin('GET', `/formularios/${id}`)).json.eventos.map((e: { tipo: string }) => e.tipo);
      for (const t of ['RECEBIDO', 'ETAPA_INICIADA', 'COASSINADO', 'APROVADO', 'INTEGRADO']) assert.ok(eventos.includes(t), `evento ${t}`);
      const trilha = await admin('GET', `/auditoria-acesso?recurso=FORMULARIO&alvo=${r.json.protocolo}`);
      assert.deepEqual(trilha.json.map((x: { autor: string; acao: string }) => [x.autor, x.acao]), [['analista', 'APROVADO']]);
      const andamento = await publico('GET', r.json.andamento.url.replace('/api/publico', ''));
      assert.equal(andamento.status, 200);
      assert.equal(andamento.json.etapas.length, 2);
      assert.deepEqual(andamento.json.etapas[0].partes.map((p: { nome: string; situacao: string }) => p.situacao), ['ASSINADO', 'ASSINADO']);
      assert.equal(andamento.json.etapas[1].partes[0].situacao, 'APROVADO');
      await esperarAte(() => ambiente.caixa.emails.some((e) => e.para.includes('teresa@exemplo.gov.br') && /aprovado/.test(e.assunto)), 10_000, 'o desfecho ao inquilino');
      // The staff PDF lists each party: who, what, when, the declaration accepted.
      const pdf = await fetch(`${url()}/api/formularios/${id}/pdf`, { headers: { authorization: `Bearer ${(await entrarComo(url(), 'admin')).access_token}` } });
      assert.equal(pdf.status, 200);
      const dir = mkdtempSync(join(tmpdir(), 'cf-etapas-'));
      writeFileSync(join(dir, 'f.pdf'), Buffer.from(await pdf.arrayBuffer()));
      const texto = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      assert.match(texto, /Etapas depois do envio/);
      assert.match(texto, /Assinatura do locador — L\*\*\* L\*\*\* · l\*\*\*@exemplo\.gov\.br Assinou; \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}; aceitou a declaração/);
      assert.match(texto, /Análise da Habitação — analista Aprovou/);
    });

    test('uma recusa encerra o formulário com o motivo, sem entrega; o CPF errado demais bloqueia o link', async () => {
      const r = await enviar('teste-locacao-recusa');
      const id = await idDe(r.json.protocolo);
      const codigo = await linkDe('lauro@exemplo.gov.br', r.json.protocolo);
      const semMotivo = await publico('POST', `/coassinaturas/${codigo}`, { decisao: 'RECUSAR' }, await tokenCidadao(CPF_LOCADOR));
      assert.equal(semMotivo.status, 422);
      const recusou = await publico('POST', `/coassinaturas/${codigo}`, { decisao: 'RECUSAR', motivo: 'O valor do aluguel está errado.' }, await tokenCidadao(CPF_LOCADOR));
      assert.equal(recusou.status, 200);
      const ficha = (await admin('GET', `/formularios/${id}`)).json;
      assert.equal(ficha.status, 'RECUSADO');
      assert.ok(ficha.eventos.some((e: { tipo: string; detalhes: { motivo?: string } }) => e.tipo === 'COASSINATURA_RECUSADA' && e.detalhes.motivo === 'O valor do aluguel está errado.'));
      // The guarantor's link is closed with the form.
      const fiador = await linkDe('fiador@exemplo.gov.br', r.json.protocolo);
      assert.equal((await publico('POST', `/coassinaturas/${fiador}`, { decisao: 'ASSINAR', declaracaoAceita: true })).status, 409);
      await esperarAte(() => ambiente.caixa.emails.some((e) => e.para.includes('teresa@exemplo.gov.br') && /recusado/.test(e.assunto) && e.texto.includes('O valor do aluguel está errado.')), 10_000, 'o desfecho com o motivo');
      await new Promise((ok) => setTimeout(ok, 600));
      assert.equal(ambiente.receptor.doProtocolo(r.json.protocolo).length, 0);

      // Another form: a CPF that does not match, again and again, blocks the link.
      const outro = await enviar('teste-locacao-recusa');
      const codigo2 = await linkDe('lauro@exemplo.gov.br', outro.json.protocolo);
      const errado = await tokenCidadao(CPF_OUTRO);
      for (let i = 0; i < TENTATIVAS_CPF; i++) assert.equal((await publico('GET', `/coassinaturas/${codigo2}`, undefined, errado)).status, 403);
      const bloqueado = await publico('GET', `/coassinaturas/${codigo2}`, undefined, await tokenCidadao(CPF_LOCADOR));
      assert.equal(bloqueado.status, 403);
      assert.match(bloqueado.json.detail, /bloqueado/);
      assert.equal((await admin('GET', `/formularios/${await idDe(outro.json.protocolo)}`)).json.status, 'AGUARDANDO_ASSINATURAS');
    });

    test('o prazo vencido expira o formulário (nunca entregue); o lembrete traz um link novo', async () => {
      const r = await enviar('teste-locacao-prazo');
      const id = await idDe(r.json.protocolo);
      const primeiro = await linkDe('fiador@exemplo.gov.br', r.json.protocolo);
      // The reminder day reached: a new link, the first one stops working.
      await ambiente.s.db.query(`update formulario_parte set lembrete_em = now() - interval '1 minute' where formulario_id = $1 and email = 'fiador@exemplo.gov.br'`, [id]);
      await ambiente.s.retencao.varrerEtapas();
      const lembrete = await esperarAte(() => ambiente.caixa.emails.find((e) => e.para.includes('fiador@exemplo.gov.br') && /Lembrete/.test(e.assunto) && e.assunto.includes(r.json.protocolo)), 10_000, 'o lembrete');
      const novo = new URL(/https?:\/\/\S+coassinatura=\S+/.exec(lembrete!.texto)![0]).searchParams.get('coassinatura')!;
      assert.notEqual(novo, primeiro);
      assert.equal((await publico('GET', `/coassinaturas/${primeiro}`)).status, 404);
      assert.equal((await publico('GET', `/coassinaturas/${novo}`)).status, 200);
      // The deadline passed: expired, never delivered, the citizen told.
      await ambiente.s.db.query(`update formulario_parte set prazo_em = now() - interval '1 minute' where formulario_id = $1 and situacao = 'PENDENTE'`, [id]);
      await ambiente.s.retencao.varrerEtapas();
      const ficha = (await admin('GET', `/formularios/${id}`)).json;
      assert.equal(ficha.status, 'EXPIRADO');
      assert.ok(ficha.eventos.some((e: { tipo: string }) => e.tipo === 'EXPIRADO'));
      assert.equal((await publico('POST', `/coassinaturas/${novo}`, { decisao: 'ASSINAR', declaracaoAceita: true })).status, 409);
      await esperarAte(() => ambiente.caixa.emails.some((e) => e.para.includes('teresa@exemplo.gov.br') && /expirado/.test(e.assunto)), 10_000, 'o desfecho de expiração');
      assert.equal(ambiente.receptor.doProtocolo(r.json.protocolo).length, 0);
    });

    test('as etapas ficam congeladas com o formulário quando o modelo muda no meio do caminho', async () => {
      const r = await enviar('teste-locacao-muda');
      const id = await idDe(r.json.protocolo);
      const locador = await linkDe('lauro@exemplo.gov.br', r.json.protocolo);
      const fiador = await linkDe('fiador@exemplo.gov.br', r.json.protocolo);
      // A new version without the steps: the form sent before keeps its own.
      const m = (await admin('GET', '/modelos/teste-locacao-muda')).json;
      const { etapas: _e, ...semEtapas } = definicao(habitacao);
      semEtapas.secoes = semEtapas.secoes.filter((s) => s.id !== 'parecer');
      assert.equal((await admin('PUT', '/modelos/teste-locacao-muda', { nome: m.nome, grupoControleConteudoId: m.grupoControleConteudo.id, definicao: semEtapas, versao: m.versao })).status, 200);
      assert.equal((await admin('POST', '/modelos/teste-locacao-muda/versoes')).status, 201);
      const depois = await enviar('teste-locacao-muda');
      assert.equal(depois.json.status, 'RECEBIDO', 'a form sent on the new version has no steps');
      assert.equal((await publico('POST', `/coassinaturas/${locador}`, { decisao: 'ASSINAR', declaracaoAceita: true }, await tokenCidadao(CPF_LOCADOR))).status, 200);
      assert.equal((await publico('POST', `/coassinaturas/${fiador}`, { decisao: 'ASSINAR', declaracaoAceita: true })).status, 200);
      assert.equal((await admin('GET', `/formularios/${id}`)).json.status, 'EM_ANALISE');
      const aprovou = await analista('POST', `/formularios/${id}/analise`, { decisao: 'RECUSAR', motivo: 'Renda acima do limite do programa.' });
      assert.equal(aprovou.json.status, 'RECUSADO');
      const trilha = await admin('GET', `/auditoria-acesso?recurso=FORMULARIO&alvo=${r.json.protocolo}`);
      assert.equal(trilha.json[0].depois.motivo, 'Renda acima do limite do programa.');
      await new Promise((ok) => setTimeout(ok, 600));
      assert.equal(ambiente.receptor.doProtocolo(r.json.protocolo).length, 0);
    });

    test('num modelo com assinatura gov.br, o coassinante assina no gov.br: o documento dele fica assinado e selado; o CPF do certificado tem de ser o do pedido', async () => {
      /** The co-signer at the demo's gov.br: the authorisation page, the account, back through the API to the portal page. */
      const noGovbr = async (url: string, cpf: string) => {
        const pagina = await (await fetch(url)).text();
        const oculto = (n: string) => new RegExp(`name="${n}" value="([^"]*)"`).exec(pagina)![1].replace(/&amp;/g, '&');
        const acao = new URL(/action="([^"]+)"/.exec(pagina)![1], url);
        const autorizada = await fetch(acao, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ redirect_uri: oculto('redirect_uri'), state: oculto('state'), client_id: oculto('client_id'), nome: 'Lauro Locador', cpf, nivel: 'prata', codigo: CODIGO_SMS_DEMO, decisao: 'autorizar' }) });
        const retorno = await fetch(autorizada.headers.get('location')!, { redirect: 'manual' });
        assert.equal(retorno.status, 303);
        return new URL(retorno.headers.get('location')!);
      };
      const r = await enviar('teste-locacao-govbr');
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const codigo = await linkDe('lauro@exemplo.gov.br', r.json.protocolo);
      const token = await tokenCidadao(CPF_LOCADOR);
      assert.equal((await publico('GET', `/coassinaturas/${codigo}`, undefined, token)).json.assinatura, 'opcional');
      const retorno = `${url()}/cidadao.html?coassinatura=${codigo}`;
      assert.equal((await publico('POST', `/coassinaturas/${codigo}/assinatura`, { retorno: 'https://outro.exemplo/x' }, token)).status, 400);
      // Another person's certificate: refused with the reason, nothing written.
      const outro = await publico('POST', `/coassinaturas/${codigo}/assinatura`, { retorno, declaracaoAceita: true }, token);
      assert.equal(outro.status, 201, JSON.stringify(outro.json));
      const voltaOutro = await noGovbr(outro.json.url, CPF_OUTRO);
      assert.equal(voltaOutro.searchParams.get('coassinatura'), codigo);
      const recusa = await publico('GET', `/assinaturas/${voltaOutro.searchParams.get('assinatura-govbr')}`);
      assert.equal(recusa.json.situacao, 'RECUSADA');
      assert.equal((await publico('GET', `/coassinaturas/${codigo}`, undefined, token)).json.situacao, 'PENDENTE');
      // The landlord's own: signed.
      const inicio = await publico('POST', `/coassinaturas/${codigo}/assinatura`, { retorno, declaracaoAceita: true }, token);
      const volta = await noGovbr(inicio.json.url, CPF_LOCADOR);
      assert.equal((await publico('GET', `/assinaturas/${volta.searchParams.get('assinatura-govbr')}`)).json.situacao, 'ASSINADA');
      assert.equal((await publico('GET', `/coassinaturas/${codigo}`, undefined, token)).json.situacao, 'ASSINADO');
      const [parte] = await ambiente.s.db.query<{ pdf: Buffer; aceite: { govbr: { cpf: string }; texto: string } }>(`select pdf_assinado as pdf, aceite from formulario_parte p join formulario f on f.id = p.formulario_id where f.protocolo = $1 and p.email = 'lauro@exemplo.gov.br'`, [r.json.protocolo]);
      assert.equal(Buffer.from(parte.pdf).subarray(0, 5).toString(), '%PDF-');
      assert.ok(Buffer.from(parte.pdf).includes('/ByteRange'), 'the document carries the signature');
      assert.equal(parte.aceite.govbr.cpf, CPF_LOCADOR.replace(/\D/g, ''));
      assert.equal(parte.aceite.texto, 'Declaro que as informações deste pedido são verdadeiras.');

      // Past the model's retention, the parties' personal data and the signed document go; what each did stays.
      await ambiente.s.db.query(`update modelo set retencao_dias = 30 where codigo_servico = 'teste-locacao-govbr'`);
      await ambiente.s.db.query(`update formulario set recebido_em = now() - interval '40 days' where protocolo = $1`, [r.json.protocolo]);
      assert.ok((await ambiente.s.retencao.rodada()) >= 1);
      const depois = await ambiente.s.db.query<{ nome: string | null; email: string | null; cpf: string | null; pdf: Buffer | null; situacao: string; aceite: Record<string, unknown> | null }>(`select p.nome, p.email, p.cpf, p.pdf_assinado as pdf, p.situacao, p.aceite from formulario_parte p join formulario f on f.id = p.formulario_id where f.protocolo = $1 order by p.ordem, p.id`, [r.json.protocolo]);
      assert.deepEqual(depois.map((x) => [x.nome, x.email, x.cpf, x.pdf]), depois.map(() => [null, null, null, null]));
      assert.equal(depois[0].situacao, 'ASSINADO');
      assert.deepEqual(Object.keys(depois[0].aceite!).sort(), ['em', 'texto']);
    });
  });
}
