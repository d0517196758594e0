import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { esperarAte, subirReceptor } from '../apoio/receptor';
import { DEFINICAO_COMPLETA, enviarFormulario, modeloPublicado, RESPOSTAS_VALIDAS } from '../apoio/entregas';
import { TIPO_CONFIABILIDADE } from '../../src/contrato/problema';
import { CONTA_ITCMD } from '../../demo/server/seedModelos';

/**
 * gov.br reliability per model (issue 44), on both databases: a model asking for prata refuses a bronze account on
 * drafts, uploads and submissions with 403, typed, naming the level needed (in the citizen's language), never a bare
 * 401; a prata account is taken, and the level, seals and second factor it was sent with are stored, shown in the
 * drawer and delivered. A second factor and seals are asked the same way. The public model says what it asks and
 * where the trust catalogue is.
 */
type Nivel = 'bronze' | 'prata' | 'ouro';
const CPF = '529.982.247-25';

for (const banco of await bancosDeTeste()) {
  describe(`conta gov.br exigida pelo modelo (${banco.nome})`, () => {
    let s: ServidorTeste;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    let admin: Awaited<ReturnType<typeof clienteApi>>;
    const token = async (nivel: Nivel, segundoFator = false) =>
      (await (await fetch(`${s.url}/api/publico/token-demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf: CPF, nome: 'Maria Cidadã', nivel, segundoFator }) })).json()).token as string;
    const com = (t: string, idioma = 'pt-BR') => ({ authorization: `Bearer ${t}`, 'accept-language': idioma });
    const publico = async (metodo: string, caminho: string, cabecalhos: Record<string, string>, corpo?: unknown) => {
      const r = await fetch(`${s.url}/api/publico${caminho}`, { method: metodo, headers: { ...cabecalhos, ...(corpo === undefined ? {} : { 'content-type': typeof corpo === 'string' ? 'application/octet-stream' : 'application/json' }) }, body: corpo === undefined ? undefined : typeof corpo === 'string' ? corpo : JSON.stringify(corpo) });
      return { status: r.status, json: await r.json() };
    };

    before(async () => {
      receptor = await subirReceptor();
      s = await subirServidor({ databaseUrl: banco.url, entregas: { ligado: true, esperasS: [0.3], timeoutMs: 500, intervaloMs: 50, lote: 10 }, integracao: { permitidos: { origens: [receptor.origem] } } });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-prata', receptor.url, {}, { ...DEFINICAO_COMPLETA, confiabilidade: CONTA_ITCMD });
      await modeloPublicado(admin, 'teste-dois-fatores', null, {}, { ...DEFINICAO_COMPLETA, confiabilidade: { segundoFator: true } });
      await modeloPublicado(admin, 'teste-certificado', null, {}, { ...DEFINICAO_COMPLETA, confiabilidade: { selos: ['801', '701'] } });
    });
    after(async () => {
      await s.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    test('o modelo diz o que exige e onde fica o catálogo de confiabilidades', async () => {
      const m = (await publico('GET', '/modelos/teste-prata', {})).json;
      assert.equal(m.restrito, true, 'asking for a level asks for the login');
      assert.equal(m.confiabilidade.nivel, 'prata');
      assert.equal(m.confiabilidade.motivo, CONTA_ITCMD!.motivo);
      const catalogo = new URL(m.confiabilidade.catalogoUrl);
      assert.equal(catalogo.origin, new URL(s.url).origin, 'the demo catalogue, on loopback');
      assert.deepEqual([catalogo.searchParams.get('client_id'), catalogo.searchParams.get('niveis')], ['console-formularios-demo', '(2/3)']);
      const lista = (await publico('GET', '/modelos', {})).json as { codigoServico: string; restrito: boolean }[];
      assert.equal(lista.find((x) => x.codigoServico === 'teste-prata')?.restrito, true);
      assert.equal((await publico('GET', '/modelos/teste-entrega-inexistente', {})).status, 404);
      assert.equal((await publico('GET', '/modelos/teste-dois-fatores', {})).json.confiabilidade.catalogoUrl, null, 'a second factor is not raised in the catalogue');
    });

    test('uma conta bronze é recusada com o motivo no rascunho, no anexo, no envio e na conferência; sem login, 401', async () => {
      assert.equal((await enviarFormulario(s.url, 'teste-prata', RESPOSTAS_VALIDAS)).status, 401);
      const bronze = com(await token('bronze'));
      const motivo = 'Este formulário exige uma conta gov.br nível prata ou ouro, e a sua é nível bronze. Aumente o nível da sua conta no gov.br e volte: as respostas ficam guardadas.';
      for (const [nome, r] of [
        ['envio', await enviarFormulario(s.url, 'teste-prata', RESPOSTAS_VALIDAS, bronze)],
        ['rascunho', await publico('POST', '/modelos/teste-prata/rascunhos', bronze, { respostas: { nome: 'Maria' } })],
        ['anexo', await publico('POST', '/modelos/teste-prata/anexos?campo=anexo&nome=a.pdf', bronze, '%PDF-1.4 x')],
        ['conferência', await publico('GET', '/modelos/teste-prata/confiabilidade', bronze)],
      ] as const) {
        assert.equal(r.status, 403, nome);
        assert.equal(r.json.type, TIPO_CONFIABILIDADE, nome);
        assert.equal(r.json.detail, motivo, nome);
      }
      const ingles = await enviarFormulario(s.url, 'teste-prata', RESPOSTAS_VALIDAS, com(await token('bronze'), 'en'));
      assert.equal(ingles.json.detail, 'This form requires a gov.br account at silver or gold level, and yours is bronze. Raise your account’s level at gov.br and come back: your answers are kept.');
      assert.equal((await s.db.query(`select 1 from formulario where codigo_servico = 'teste-prata'`)).length, 0, 'nothing stored');
    });

    test('uma conta prata é aceita; o nível, os selos e o segundo fator ficam no formulário, na gaveta e na entrega', async () => {
      const prata = com(await token('prata', true));
      assert.deepEqual((await publico('GET', '/modelos/teste-prata/confiabilidade', prata)).json, { nivel: 'prata', selos: ['201', '605'], segundoFator: true });
      const r = await enviarFormulario(s.url, 'teste-prata', RESPOSTAS_VALIDAS, prata);
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const conta = { nivel: 'prata', selos: ['201', '605'], segundoFator: true };
      const [f] = await s.db.query<{ id: string; confiabilidade: unknown }>('select id::text, confiabilidade from formulario where protocolo = $1', [r.json.protocolo]);
      assert.deepEqual(f.confiabilidade, conta);
      assert.deepEqual((await admin('GET', `/formularios/${f.id}`)).json.confiabilidade, conta);
      await esperarAte(async () => receptor.doProtocolo(r.json.protocolo).length > 0, 10_000, 'entregue');
      assert.deepEqual(receptor.doProtocolo(r.json.protocolo)[0].corpo.confiabilidade, conta);
      // A draft and an upload are taken too.
      assert.equal((await publico('POST', '/modelos/teste-prata/rascunhos', prata, { respostas: { nome: 'Maria' } })).status, 201);
      const ouro = await enviarFormulario(s.url, 'teste-prata', RESPOSTAS_VALIDAS, com(await token('ouro')));
      assert.equal(ouro.status, 201, 'a level above is taken');
    });

    test('segundo fator e selos: exigidos, recusados sem eles com o motivo; aceitos com eles', async () => {
      const semMfa = await enviarFormulario(s.url, 'teste-dois-fatores', RESPOSTAS_VALIDAS, com(await token('ouro')));
      assert.equal(semMfa.status, 403);
      assert.equal(semMfa.json.detail, 'Este formulário exige a verificação em duas etapas: ative-a na sua conta gov.br e entre de novo.');
      assert.equal((await enviarFormulario(s.url, 'teste-dois-fatores', RESPOSTAS_VALIDAS, com(await token('bronze', true)))).status, 201, 'a second factor asks no level');
      const semSelo = await enviarFormulario(s.url, 'teste-certificado', RESPOSTAS_VALIDAS, com(await token('prata')));
      assert.equal(semSelo.status, 403);
      assert.equal(semSelo.json.detail, 'Este formulário exige um destes selos na sua conta gov.br: Certificado digital; Biometria facial (TSE).');
      assert.equal((await enviarFormulario(s.url, 'teste-certificado', RESPOSTAS_VALIDAS, com(await token('ouro')))).status, 201, 'the demo ouro account has a digital certificate');
    });
  });
}
