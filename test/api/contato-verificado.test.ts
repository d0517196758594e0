import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { abrirCaixaDeEmails, type CaixaDeEmails } from '../../demo/server/email/caixaDemo';
import { opcoesEmailDoAmbiente } from '../../src/server/email/mensageiro';
import { modeloPublicado } from '../apoio/entregas';
import { LIMITES_PADRAO } from '../../src/server/api/rotas/contextoPublico';
import { REGRAS_VERIFICACAO } from '../../src/forms/verificacao';
import type { Definicao } from '../../src/forms/definicao';

/**
 * Verified contact (issue 45), both databases: codes by e-mail (the demo's mail catcher) and by SMS (the demo's
 * gateway); a submission without a proof, or with one for another value, question or model, is refused naming the
 * question; expiry; the fifth try refused even with the right code; the wait between codes and the per-recipient limit
 * answered 429 with Retry-After; the model's SMS budget stops sending with a clear message.
 */
const DEFINICAO: Definicao = {
  verificacao: { smsPorMes: 2 },
  secoes: [
    {
      id: 's',
      titulo: 'Contato',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] },
        { id: 'email', tipo: 'email', rotulo: 'E-mail para contato', obrigatorio: true, regras: [], verificado: true },
        { id: 'celular', tipo: 'telefone', rotulo: 'Celular', obrigatorio: false, regras: [], verificado: true },
        { id: 'outro', tipo: 'email', rotulo: 'Outro e-mail', obrigatorio: false, regras: [] },
      ],
    },
  ],
};
/** A phone question that accepts numbers of other countries (issue 45), confirmed by SMS. */
const INTERNACIONAL: Definicao = {
  secoes: [{ id: 's', titulo: 'Contato', campos: [{ id: 'celular', tipo: 'telefone', rotulo: 'Celular', obrigatorio: true, regras: [], verificado: true, internacional: true }] }],
};

for (const banco of await bancosDeTeste()) {
  describe(`contato verificado por código (${banco.nome})`, () => {
    let s: ServidorTeste;
    let caixa: CaixaDeEmails;
    let admin: Awaited<ReturnType<typeof clienteApi>>;
    const publico = async (metodo: string, caminho: string, corpo?: unknown) => {
      const r = await fetch(`${s.url}/api/publico${caminho}`, { method: metodo, headers: corpo === undefined ? {} : { 'content-type': 'application/json' }, body: corpo === undefined ? undefined : JSON.stringify(corpo) });
      return { status: r.status, headers: r.headers, json: await r.json() };
    };
    const pedir = (modelo: string, campo: string, valor: string) => publico('POST', `/modelos/${modelo}/verificacoes`, { campo, valor });
    const confirmar = (id: string, codigo: string) => publico('POST', `/verificacoes/${id}/confirmacao`, { codigo });
    const enviar = (modelo: string, respostas: Record<string, unknown>, verificacoes?: Record<string, string>) => publico('POST', `/modelos/${modelo}/formularios`, { respostas, ...(verificacoes ? { verificacoes } : {}) });
    /** The code the mail catcher received for `para` (the newest). */
    const codigoDoEmail = async (para: string) => /\b(\d{6})\b/.exec((await caixa.esperar((e) => e.para.includes(para) && /Seu código/.test(e.assunto))).assunto)![1];
    const smsDe = async (para: string) => ((await (await fetch(`${s.url}/demo/sms.json`)).json()) as { para: string; texto: string }[]).filter((m) => m.para === para);

    before(async () => {
      caixa = await abrirCaixaDeEmails();
      s = await subirServidor({
        databaseUrl: banco.url,
        email: { ...opcoesEmailDoAmbiente({}), caixaDemo: false, smtpUrl: caixa.url, esperasS: [0.3, 0.3], intervaloMs: 50 },
        entregas: { ligado: true, esperasS: [0.3], timeoutMs: 2000, intervaloMs: 50, lote: 10 },
        limitesPublico: { ...LIMITES_PADRAO, porEnderecoPorMinuto: 0, porModeloPorMinuto: 0, tokenDemoPorMinuto: 0, codigosPorDestinatarioPorHora: 3 },
      });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-verificado', null, {}, DEFINICAO);
      await modeloPublicado(admin, 'teste-verificado-2', null, {}, DEFINICAO);
      await modeloPublicado(admin, 'teste-internacional', null, {}, INTERNACIONAL);
    });
    after(async () => {
      await s.fechar();
      await caixa.fechar();
      await banco.descartar?.();
    });

    test('sem prova, o envio é recusado nomeando a pergunta; com o código do e-mail confirmado, aceito; a prova vale só para aquele valor, pergunta e modelo', async () => {
      const sem = await enviar('teste-verificado', { nome: 'Ana', email: 'ana@exemplo.gov.br' });
      assert.equal(sem.status, 422);
      assert.equal(sem.json.detail, 'Confirme o e-mail de "E-mail para contato" com o código enviado a ele.');
      assert.deepEqual(sem.json.errors, [{ field: 'respostas.email', message: 'Confirme o e-mail de "E-mail para contato" com o código enviado a ele.' }]);
      const pedido = await pedir('teste-verificado', 'email', ' Ana@Exemplo.gov.br ');
      assert.equal(pedido.status, 201, JSON.stringify(pedido.json));
      assert.deepEqual([pedido.json.canal, pedido.json.destino], ['EMAIL', 'a***@exemplo.gov.br']);
      const codigo = await codigoDoEmail('ana@exemplo.gov.br');
      const [linha] = await s.db.query<{ hash_codigo: Buffer }>('select hash_codigo from verificacao_contato where id = $1', [pedido.json.id]);
      assert.ok(!linha.hash_codigo.toString('latin1').includes(codigo), 'the code is stored only as a hash');
      const ok = await confirmar(pedido.json.id, codigo);
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      const prova = ok.json.prova;
      assert.equal((await enviar('teste-verificado', { nome: 'Ana', email: 'ana@exemplo.gov.br' }, { email: prova })).status, 201, 'the same address, however typed');
      const outroValor = await enviar('teste-verificado', { nome: 'Ana', email: 'outra@exemplo.gov.br' }, { email: prova });
      assert.deepEqual(outroValor.json.errors.map((e: { field: string }) => e.field), ['respostas.email']);
      assert.equal((await enviar('teste-verificado-2', { nome: 'Ana', email: 'ana@exemplo.gov.br' }, { email: prova })).status, 422, 'another model');
      assert.equal((await enviar('teste-verificado', { nome: 'Ana', email: 'ana@exemplo.gov.br', celular: '(11) 98765-4321' }, { email: prova, celular: prova })).json.errors[0].field, 'respostas.celular', 'another question');
      assert.equal((await pedir('teste-verificado', 'outro', 'x@exemplo.gov.br')).status, 400, 'a question not verified gets no code');
      assert.equal((await pedir('teste-verificado', 'email', 'não é e-mail')).status, 400);
    });

    test('o quinto erro bloqueia mesmo com o código certo; o código expira; esperar entre códigos e o limite por destinatário respondem 429 com Retry-After', async () => {
      const p = await pedir('teste-verificado', 'email', 'bia@exemplo.gov.br');
      const codigo = await codigoDoEmail('bia@exemplo.gov.br');
      const errado = codigo === '000000' ? '111111' : '000000';
      for (let i = 1; i <= REGRAS_VERIFICACAO.tentativas; i++) {
        const r = await confirmar(p.json.id, errado);
        assert.equal(r.status, 422);
        assert.equal(r.json.detail, i < REGRAS_VERIFICACAO.tentativas ? `Código incorreto. Restam ${REGRAS_VERIFICACAO.tentativas - i} tentativas.` : 'Tentativas esgotadas: peça um novo código.');
      }
      const quinta = await confirmar(p.json.id, codigo);
      assert.deepEqual([quinta.status, quinta.json.detail], [429, 'Tentativas esgotadas: peça um novo código.']);

      const outra = await pedir('teste-verificado', 'email', 'caio@exemplo.gov.br');
      const c2 = await codigoDoEmail('caio@exemplo.gov.br');
      await s.db.query(`update verificacao_contato set expira_em = now() - interval '1 second' where id = $1`, [outra.json.id]);
      assert.deepEqual([(await confirmar(outra.json.id, c2)).status], [410]);
      const cedo = await pedir('teste-verificado', 'email', 'caio@exemplo.gov.br');
      assert.equal(cedo.status, 429);
      assert.ok(Number(cedo.headers.get('retry-after')) > 0 && Number(cedo.headers.get('retry-after')) <= REGRAS_VERIFICACAO.esperaReenvioSegundos);
      assert.match(cedo.json.detail, /^Um código acabou de ser enviado\. Aguarde \d+ segundos/);
      // The per-recipient limit (3 an hour here), whatever the question or model: the fourth is refused and not sent.
      await pedir('teste-verificado', 'email', 'davi@exemplo.gov.br');
      await pedir('teste-verificado-2', 'email', 'davi@exemplo.gov.br');
      await s.db.query(`update verificacao_contato set ultimo_envio_em = now() - interval '1 minute' where destino = 'davi@exemplo.gov.br'`);
      assert.equal((await pedir('teste-verificado', 'email', 'davi@exemplo.gov.br')).status, 201);
      const quarto = await pedir('teste-verificado-2', 'email', 'DAVI@exemplo.gov.br');
      assert.equal(quarto.status, 429);
      assert.ok(quarto.headers.get('retry-after'));
      // The three codes go out through the e-mail queue: once they have all arrived, a while more for a fourth that must not.
      const paraDavi = () => caixa.emails.filter((e) => e.para.includes('davi@exemplo.gov.br')).length;
      await caixa.esperar(() => paraDavi() >= 3);
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(paraDavi(), 3, 'nothing beyond the limit');
    });

    test('SMS pelo gateway da demonstração, até o orçamento do modelo; depois, uma mensagem clara', async () => {
      const p = await pedir('teste-verificado', 'celular', '(11) 98765-4321');
      assert.equal(p.status, 201, JSON.stringify(p.json));
      assert.deepEqual([p.json.canal, p.json.destino], ['SMS', '+55 11 *****-4321']);
      const [sms] = await smsDe('+5511987654321');
      const codigo = /^(\d{6}) é o seu código/.exec(sms.texto)![1];
      const prova = (await confirmar(p.json.id, codigo)).json.prova;
      const r = await enviar('teste-verificado', { nome: 'Ana', email: 'ana@exemplo.gov.br', celular: '11987654321' }, { email: (await s.db.query<{ id: string }>(`select id from verificacao_contato where destino = 'ana@exemplo.gov.br' and verificada_em is not null`))[0].id, celular: prova });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      assert.equal((await pedir('teste-verificado', 'celular', '(21) 99876-5432')).status, 201, 'the second SMS of the month');
      const fim = await pedir('teste-verificado', 'celular', '(31) 99123-4567');
      assert.equal(fim.status, 429);
      assert.equal(fim.json.detail, 'Este formulário já enviou todos os SMS do mês. Use outro meio de contato ou tente no próximo mês.');
      assert.equal((await smsDe('+5531991234567')).length, 0);
      assert.equal((await admin('GET', '/modelos/teste-verificado')).json.smsNoMes, 2, 'the count of the month the builder shows');
      assert.equal((await admin('GET', '/modelos/teste-verificado-2')).json.smsNoMes, 0);
      assert.equal((await pedir('teste-verificado', 'celular', '0800 123 4567')).status, 400, 'no one’s phone');
      const refusal = await s.db.query<{ motivo: string }>(`select motivo from verificacao_evento where codigo_servico = 'teste-verificado' and tipo = 'RECUSADO' and canal = 'SMS'`);
      assert.deepEqual(refusal.map((r) => r.motivo), ['ORCAMENTO'], 'the refusal is an event');
    });

    test('um rascunho com a pergunta verificada respondida precisa da prova; a linha do tempo do formulário conta como o contato foi confirmado, sem o código; o analítico conta os códigos', async () => {
      const semProva = await publico('POST', '/modelos/teste-verificado/rascunhos', { respostas: { nome: 'Eva', email: 'eva@exemplo.gov.br' } });
      assert.equal(semProva.status, 422);
      assert.deepEqual(semProva.json.errors, [{ field: 'respostas.email', message: 'Confirme o e-mail de "E-mail para contato" com o código enviado a ele.' }]);
      assert.equal((await publico('POST', '/modelos/teste-verificado/rascunhos', { respostas: { nome: 'Eva' } })).status, 201, 'not answered yet: saved');
      const p = await pedir('teste-verificado', 'email', 'eva@exemplo.gov.br');
      const codigo = await codigoDoEmail('eva@exemplo.gov.br');
      const errado = codigo === '000000' ? '111111' : '000000';
      assert.equal((await confirmar(p.json.id, errado)).status, 422);
      const prova = (await confirmar(p.json.id, codigo)).json.prova;
      const rascunho = await publico('POST', '/modelos/teste-verificado/rascunhos', { respostas: { nome: 'Eva', email: 'eva@exemplo.gov.br' }, verificacoes: { email: prova } });
      assert.equal(rascunho.status, 201, JSON.stringify(rascunho.json));
      const trocado = await publico('PUT', `/rascunhos/${rascunho.json.codigo}`, { respostas: { nome: 'Eva', email: 'eve@exemplo.gov.br' }, verificacoes: { email: prova } });
      assert.deepEqual([trocado.status, trocado.json.errors[0].field], [422, 'respostas.email'], 'another address in the draft needs its own code');
      assert.equal((await s.db.query<{ respostas: { email?: string } }>('select respostas from rascunho where codigo_hash is not null and respostas->>\'email\' = \'eve@exemplo.gov.br\'')).length, 0, 'nothing of it written');

      const r = await publico('POST', '/modelos/teste-verificado/formularios', { respostas: { nome: 'Eva', email: 'eva@exemplo.gov.br' }, verificacoes: { email: prova }, rascunho: rascunho.json.codigo });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const eventos = (await admin('GET', `/formularios-eventos?protocolo=${r.json.protocolo}`)).json as { tipo: string; detalhes: Record<string, unknown> }[];
      const contato = eventos.find((e) => e.tipo === 'CONTATO_VERIFICADO');
      assert.deepEqual(
        { ...contato?.detalhes, verificadoEm: undefined },
        { pergunta: 'E-mail para contato', canal: 'EMAIL', destino: 'e***@exemplo.gov.br', codigos: 1, erradas: 1, verificadoEm: undefined },
      );
      assert.ok(!JSON.stringify(eventos).includes(codigo), 'never the code');
      const [{ n }] = await s.db.query<{ n: number }>(`select count(*)::int as n from verificacao_evento where verificacao_id = $1 and tipo in ('ENVIADO', 'CODIGO_ERRADO', 'CONFIRMADO')`, [p.json.id]);
      assert.equal(n, 3, 'sent, wrong, confirmed: each an event');

      const analitico = (await admin('GET', '/analitico-formularios?modelo=teste-verificado')).json as { verificacoes: { canal: string; enviados: number; confirmados: number; errados: number; recusados: number; smsNoMes?: number; orcamentoSms?: number }[] };
      const email = analitico.verificacoes.find((v) => v.canal === 'EMAIL')!;
      const sms = analitico.verificacoes.find((v) => v.canal === 'SMS')!;
      const [esperado] = await s.db.query<{ enviados: number; confirmados: number }>(`select count(*) filter (where tipo = 'ENVIADO')::int as enviados, count(*) filter (where tipo = 'CONFIRMADO')::int as confirmados from verificacao_evento where codigo_servico = 'teste-verificado' and canal = 'EMAIL'`);
      assert.deepEqual([email.enviados, email.confirmados], [esperado.enviados, esperado.confirmados]);
      assert.ok(email.enviados >= 5 && email.errados >= 5 && email.recusados === 1, JSON.stringify(email)); // the wait; the recipient's limit refused the other model's
      assert.deepEqual([sms.enviados, sms.confirmados, sms.recusados, sms.smsNoMes, sms.orcamentoSms], [2, 1, 1, 2, 2]);
      // A new budget saved in the draft is not in force until published: the analytics say the one the sends are held to.
      const modelo = (await admin('GET', '/modelos/teste-verificado')).json;
      const salvo = await admin('PUT', '/modelos/teste-verificado', { nome: modelo.nome, grupoControleConteudoId: modelo.grupoControleConteudo.id, integracao: { url: null, metodo: 'POST', cabecalhos: {} }, definicao: { ...DEFINICAO, verificacao: { smsPorMes: 7 } }, versao: modelo.versao });
      assert.equal(salvo.status, 200, JSON.stringify(salvo.json));
      const depois = (await admin('GET', '/analitico-formularios?modelo=teste-verificado')).json as { verificacoes: { canal: string; orcamentoSms?: number }[] };
      assert.equal(depois.verificacoes.find((v) => v.canal === 'SMS')!.orcamentoSms, 2);
    });

    test('o cidadão com login cujo token diz o e-mail ou o telefone verificado não precisa de código', async () => {
      const token = (await (await fetch(`${s.url}/api/publico/token-demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf: '529.982.247-25', email: 'Gil@Exemplo.gov.br', telefone: '+5561998765432' }) })).json()).token as string;
      const r = await fetch(`${s.url}/api/publico/modelos/teste-verificado/formularios`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ respostas: { nome: 'Gil', email: 'gil@exemplo.gov.br', celular: '(61) 99876-5432' } }) });
      const recibo = await r.json();
      assert.equal(r.status, 201, JSON.stringify(recibo));
      const eventos = (await admin('GET', `/formularios-eventos?protocolo=${recibo.protocolo}`)).json as { tipo: string; detalhes: Record<string, unknown> }[];
      assert.deepEqual(eventos.filter((e) => e.tipo === 'CONTATO_VERIFICADO').map((e) => [e.detalhes.pergunta, e.detalhes.pelaConta]).sort(), [['Celular', true], ['E-mail para contato', true]]);
      const outro = await fetch(`${s.url}/api/publico/modelos/teste-verificado/formularios`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ respostas: { nome: 'Gil', email: 'outro@exemplo.gov.br' } }) });
      assert.equal(outro.status, 422, 'another address than the token’s still needs a code');
    });

    test('números de outros países só onde a pergunta os aceita', async () => {
      assert.equal((await pedir('teste-verificado', 'celular', '+351 912 345 678')).status, 400, 'a Brazilian-only question');
      const p = await pedir('teste-internacional', 'celular', '+351 912 345 678');
      assert.equal(p.status, 201, JSON.stringify(p.json));
      assert.equal(p.json.destino, '+351 *****5678');
      const [sms] = await smsDe('+351912345678');
      const prova = (await confirmar(p.json.id, /^(\d{6})/.exec(sms.texto)![1])).json.prova;
      const r = await publico('POST', '/modelos/teste-internacional/formularios', { respostas: { celular: '+351 912 345 678' }, verificacoes: { celular: prova } });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const ruim = await publico('POST', '/modelos/teste-internacional/formularios', { respostas: { celular: '12345' } });
      assert.equal(ruim.json.errors[0].message, 'Informe um telefone com DDD, como (11) 98765-4321, ou de outro país com + e o código do país, como +351 912 345 678.');
    });
  });
}
