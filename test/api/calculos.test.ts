import { after, before, describe, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, entrarComo, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario } from '../apoio/entregas';
import { esperarAte, subirComReceptorECaixa, type subirReceptor } from '../apoio/receptor';
import type { Definicao } from '../../src/forms/definicao';
import { textosTraduziveis } from '../../src/forms/traducoes';
import { DEFINICAO_RENDA_PER_CAPITA } from '../../demo/server/seedModelos';

/**
 * Calculated values and blocking rules on the server (issue 43), both databases: the seeded "Auxílio por renda per
 * capita" (with English and Spanish texts) published through the API; whatever a browser sends under a value's name
 * is replaced by the server's own result, stored with the answers, shown in the drawer and delivered as `calculados`;
 * a blocking rule refuses the form with its message in pt-BR, English and Spanish and nothing is stored; a draft
 * keeps answers only; publishing is refused for a cycle, an unknown answer and a type mismatch, each at its value.
 */
const MENSAGENS = {
  en: { 'bloqueio.menor-de-idade.mensagem': 'This benefit is for people aged 18 or over.', 'bloqueio.renda-acima.mensagem': 'The income per person is above R$ 706.00.' },
  es: { 'bloqueio.menor-de-idade.mensagem': 'Este beneficio es para mayores de 18 años.', 'bloqueio.renda-acima.mensagem': 'La renta por persona supera R$ 706,00.' },
};
const NOME = 'Auxílio por renda per capita';
/** Every text translated (publishing needs them all): marked copies, but the blocking messages in real words. */
const traducoes = (idioma: 'en' | 'es') => ({ ...Object.fromEntries(textosTraduziveis(DEFINICAO_RENDA_PER_CAPITA, { nome: NOME }).map((x) => [x.chave, `[${idioma}] ${x.original}`])), ...MENSAGENS[idioma] });
const DEF: Definicao = { ...DEFINICAO_RENDA_PER_CAPITA, idiomas: ['en', 'es'], traducoes: { en: traducoes('en'), es: traducoes('es') } };

const membros = (...rendas: string[]) => rendas.map((renda, i) => ({ 'nome-membro': `Pessoa ${i + 1}`, renda }));
const RESPOSTAS = { nome: 'Maria da Silva', cpf: '529.982.247-25', nascimento: '1990-05-01', membros: membros('1.200,50', '0'), moradia: 'alugada' };

for (const banco of await bancosDeTeste()) {
  describe(`valores calculados e regras de bloqueio (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Awaited<ReturnType<typeof clienteApi>>;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    let fechar: () => Promise<void>;
    let caixa: Awaited<ReturnType<typeof subirComReceptorECaixa>>['caixa'];
    let corpo: Record<string, unknown>;
    before(async () => {
      ({ s, receptor, fechar, caixa } = await subirComReceptorECaixa({ databaseUrl: banco.url, idiomasFormularios: ['en', 'es'] }));
      admin = await clienteApi(s.url, 'admin');
      const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
      corpo = { nome: NOME, grupoControleConteudoId: grupo, integracao: { url: receptor.url, metodo: 'POST', cabecalhos: {} } };
      assert.equal((await admin('POST', '/modelos', { codigoServico: 'renda', ...corpo })).status, 201);
      const salvo = await admin('PUT', '/modelos/renda', { ...corpo, definicao: DEF, versao: 1 });
      assert.equal(salvo.status, 200, JSON.stringify(salvo.json));
      const publicado = await admin('POST', '/modelos/renda/versoes');
      assert.equal(publicado.status, 201, JSON.stringify(publicado.json));
    });
    after(async () => {
      await fechar();
      await banco.descartar?.();
    });

    test('um valor calculado adulterado é trocado pelo do servidor: guardado, na ficha e na entrega (calculados)', async () => {
      const r = await enviarFormulario(s.url, 'renda', { ...RESPOSTAS, email: 'maria.calculos@exemplo.com.br', idade: 99, 'renda-total': 1, 'renda-per-capita': 1 });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const [f] = await s.db.query<{ id: string; respostas: Record<string, unknown> }>('select id::text, respostas from formulario where protocolo = $1', [r.json.protocolo]);
      assert.equal(f.respostas.idade, new Date().getUTCFullYear() - 1990 - (new Date().toISOString().slice(5, 10) < '05-01' ? 1 : 0));
      assert.equal(f.respostas['renda-total'], 120050, 'R$ 1.200,50 in centavos');
      assert.equal(f.respostas['renda-per-capita'], 60025);
      // The citizen's receipt (PDF) shows the values placed in a section, as the check step did.
      const pdf = Buffer.from(await (await fetch(`${s.url}${r.json.comprovante.url}`)).arrayBuffer());
      const texto = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');
      assert.match(texto, /Renda por pessoa R\$ 600,25/);
      assert.match(texto, /Renda total da família R\$ 1\.200,50/);
      // So does the confirmation e-mail, as the SMTP server received it.
      const m = await caixa.esperar((e) => e.para.includes('maria.calculos@exemplo.com.br'));
      assert.match(m.texto, /Renda por pessoa: R\$\s600,25/);
      // The drawer gets them with the answers; the CSV export carries them in the answers' cell.
      const ficha = (await admin('GET', `/formularios/${f.id}`)).json;
      assert.equal(ficha.respostas['renda-per-capita'], 60025);
      const csv = await (await fetch(`${s.url}/api/formularios/exportacao?modelo=renda`, { headers: { authorization: `Bearer ${(await entrarComo(s.url, 'admin')).access_token}` } })).text();
      const linha = csv.split('\r\n').find((l) => l.startsWith(r.json.protocolo));
      assert.match(linha ?? csv, /""renda-per-capita"":60025/);
      const [entrega] = await esperarAte(() => receptor.doProtocolo(r.json.protocolo)[0] && receptor.doProtocolo(r.json.protocolo), 15_000, 'a entrega');
      assert.deepEqual(entrega.corpo.calculados, { idade: f.respostas.idade, 'renda-total': 120050, 'renda-per-capita': 60025 });
      assert.equal(Object.hasOwn(entrega.corpo.respostas, 'renda-per-capita'), false, 'the answers are the citizen\'s, the values apart');
    });

    test('uma regra de bloqueio recusa o envio com a sua mensagem, em português, inglês e espanhol; nada é guardado', async () => {
      const [{ antes }] = await s.db.query<{ antes: number }>(`select count(*)::int as antes from formulario where codigo_servico = 'renda'`);
      const menor = { ...RESPOSTAS, nascimento: `${new Date().getUTCFullYear() - 10}-01-01` };
      const pt = await enviarFormulario(s.url, 'renda', menor);
      assert.equal(pt.status, 422);
      assert.equal(pt.json.detail, 'Este benefício é para maiores de 18 anos.');
      assert.deepEqual(pt.json.errors, [{ field: 'bloqueios.menor-de-idade', message: 'Este benefício é para maiores de 18 anos.' }]);
      const en = await enviarFormulario(s.url, 'renda', menor, { 'accept-language': 'en' });
      assert.deepEqual([en.status, en.json.detail], [422, 'This benefit is for people aged 18 or over.']);
      const es = await enviarFormulario(s.url, 'renda', { ...RESPOSTAS, membros: membros('1500') }, { 'accept-language': 'es' });
      assert.deepEqual([es.status, es.json.errors], [422, [{ field: 'bloqueios.renda-acima', message: 'La renta por persona supera R$ 706,00.' }]]);
      // Lying about the value does not help: the rule reads the server's own.
      const mentindo = await enviarFormulario(s.url, 'renda', { ...RESPOSTAS, membros: membros('1500'), 'renda-per-capita': 100 });
      assert.equal(mentindo.status, 422);
      const [{ depois }] = await s.db.query<{ depois: number }>(`select count(*)::int as depois from formulario where codigo_servico = 'renda'`);
      assert.equal(depois, antes);
      // Changed to within the limit, it is sent.
      assert.equal((await enviarFormulario(s.url, 'renda', { ...RESPOSTAS, membros: membros('1500', '0', '0') })).status, 201, 'R$ 500,00 per person');
    });

    test('um rascunho guarda só respostas: o valor mandado com ele é descartado', async () => {
      const r = await fetch(`${s.url}/api/publico/modelos/renda/rascunhos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas: { nascimento: '1990-05-01', 'renda-per-capita': 1 } }) });
      assert.equal(r.status, 201, await r.clone().text());
      const [rascunho] = await s.db.query<{ respostas: Record<string, unknown> }>(`select respostas from rascunho where codigo_servico = 'renda' order by id desc limit 1`);
      assert.deepEqual(rascunho.respostas, { nascimento: '1990-05-01' });
    });

    test('exportado e importado em outro código, o modelo leva os seus cálculos e regras, e a prévia da importação os nomeia', async () => {
      const arquivo = (await admin('GET', '/modelos/renda/exportacao')).json;
      assert.deepEqual(arquivo.modelo.definicao.calculos, DEF.calculos);
      const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
      const importado = await admin('POST', '/modelos/importacao', { arquivo, grupoControleConteudoId: grupo, codigoServico: 'renda-copia' });
      assert.equal(importado.status, 201, JSON.stringify(importado.json));
      const copia = (await admin('GET', '/modelos/renda-copia')).json;
      assert.deepEqual([copia.definicao.calculos, copia.definicao.bloqueios], [DEF.calculos, DEF.bloqueios]);
      // The copy's value renamed; importing the file over it again, the preview says what of the calculations changes.
      const definicao = { ...copia.definicao, calculos: copia.definicao.calculos.map((c: { id: string }) => (c.id === 'idade' ? { ...c, rotulo: 'Idade do requerente' } : c)) };
      assert.equal((await admin('PUT', '/modelos/renda-copia', { nome: copia.nome, grupoControleConteudoId: grupo, definicao, versao: copia.versao })).status, 200);
      const previa = await admin('POST', '/modelos/importacao/previa', { arquivo, codigoServico: 'renda-copia' });
      assert.equal(previa.status, 200, JSON.stringify(previa.json));
      assert.ok(previa.json.mudancas.includes('Valor calculado "Idade" alterado: nome'), previa.json.mudancas.join('\n'));
    });

    test('uma regra torna obrigatória uma pergunta opcional: o servidor a exige quando vale, e só então', async () => {
      const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
      const definicao: Definicao = {
        secoes: [{ id: 's', titulo: 'Pedido', campos: [
          { id: 'valor', tipo: 'moeda', rotulo: 'Valor pedido', obrigatorio: true, regras: [] },
          { id: 'justificativa', tipo: 'texto-longo', rotulo: 'Justificativa', obrigatorio: false, regras: [], obrigatorioQuando: { '>': [{ var: 'valor' }, 1000] } },
        ] }],
      };
      const corpoModelo = { nome: 'Pedido com justificativa', grupoControleConteudoId: grupo };
      assert.equal((await admin('POST', '/modelos', { codigoServico: 'exigencia', ...corpoModelo })).status, 201);
      assert.equal((await admin('PUT', '/modelos/exigencia', { ...corpoModelo, definicao, versao: 1 })).status, 200);
      assert.equal((await admin('POST', '/modelos/exigencia/versoes')).status, 201);
      const alto = await enviarFormulario(s.url, 'exigencia', { valor: 'R$ 2.000,00' });
      assert.deepEqual([alto.status, alto.json.errors], [400, [{ field: 'respostas.justificativa', message: 'Este campo é obrigatório.' }]]);
      assert.equal((await enviarFormulario(s.url, 'exigencia', { valor: 'R$ 2.000,00', justificativa: 'Reforma da escola.' })).status, 201);
      assert.equal((await enviarFormulario(s.url, 'exigencia', { valor: '500' })).status, 201, 'below the amount it stays optional');
    });

    test('publicar é recusado por um ciclo, uma resposta que não existe e um tipo que não confere, cada um no seu valor', async () => {
      const base = (await admin('GET', '/modelos/renda')).json;
      const calculos: Definicao['calculos'] = [
        { id: 'a', rotulo: 'A', tipo: 'numero', expressao: { '+': [{ var: 'b' }, 1] } },
        { id: 'b', rotulo: 'B', tipo: 'numero', expressao: { '+': [{ var: 'a' }, 1] } },
        { id: 'c', rotulo: 'C', tipo: 'numero', expressao: { '*': [{ var: 'salario' }, 12] } },
        { id: 'd', rotulo: 'D', tipo: 'numero', expressao: { '*': [{ var: 'nome' }, 2] } },
      ];
      const salvo = await admin('PUT', '/modelos/renda', { ...corpo, definicao: { ...DEFINICAO_RENDA_PER_CAPITA, calculos, bloqueios: [] }, versao: base.versao });
      assert.equal(salvo.status, 200, 'a half-built calculation can be saved');
      const recusa = await admin('POST', '/modelos/renda/versoes');
      assert.equal(recusa.status, 400);
      assert.deepEqual(recusa.json.errors, [
        { field: 'definicao.calculos[0].expressao', message: 'O valor "A" depende de si mesmo (um ciclo).' },
        { field: 'definicao.calculos[1].expressao', message: 'O valor "B" depende de si mesmo (um ciclo).' },
        { field: 'definicao.calculos[2].expressao', message: 'O cálculo lê "salario", que não é uma pergunta nem um valor deste formulário.' },
        { field: 'definicao.calculos[3].expressao', message: 'A operação "*" pede um número, mas recebe um texto.' },
      ]);
    });
  });
}
