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
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(caixa.emails.filter((e) => e.para.includes('davi@exemplo.gov.br')).length, 3, 'nothing beyond the limit');
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
    });
  });
}
