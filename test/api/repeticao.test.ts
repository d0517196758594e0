import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, entrarComo, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { esperarAte, subirReceptor } from '../apoio/receptor';
import { enviarFormulario, modeloPublicado } from '../apoio/entregas';
import type { Definicao } from '../../src/forms/definicao';

/**
 * A submission with a repeating set (issue 21), on the real databases: stored as the list of items under
 * the section's id, refused item by item with the pt-BR messages, delivered as the ordered list, shown
 * numbered in the drawer's blocks, exported one row per form with the list in the answers' column (masked
 * inside each item without the permission).
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const DEF: Definicao = {
  secoes: [
    { id: 'requerente', titulo: 'Requerente', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [], requerente: 'nome' }] },
    {
      id: 'dependentes',
      titulo: 'Dependentes',
      repeticao: { minimo: 1, maximo: 3, item: 'dependente' },
      campos: [
        { id: 'nome-dependente', tipo: 'texto', rotulo: 'Nome do dependente', obrigatorio: true, regras: [], dadoPessoal: true },
        { id: 'idade', tipo: 'inteiro', rotulo: 'Idade', obrigatorio: true, regras: [{ tipo: 'maxValue', max: 120 }] },
        { id: 'escola', tipo: 'texto', rotulo: 'Escola', obrigatorio: true, regras: [], condicao: { juncao: 'todas', criterios: [{ campo: 'idade', operador: 'menor', valor: 18 }] } },
      ],
    },
  ],
};
const ITENS = [
  { 'nome-dependente': 'Bia Souza', idade: '10', escola: 'E. E. Centro' },
  { 'nome-dependente': 'Caio Souza', idade: '40', escola: 'não se aplica' },
];

for (const banco of await bancosDeTeste()) {
  describe(`seção que se repete (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    let protocolo: string;

    before(async () => {
      receptor = await subirReceptor();
      s = await subirServidor({ databaseUrl: banco.url, entregas: { ligado: true, esperasS: [0.3], timeoutMs: 2000, intervaloMs: 50, lote: 10 }, integracao: { permitidos: { origens: [receptor.origem] } } });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-repeticao', receptor.url, {}, DEF);
    });
    after(async () => {
      await s.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    test('recusada item a item, com as mensagens da prévia', async () => {
      const semItens = await enviarFormulario(s.url, 'teste-repeticao', { nome: 'Ana Souza', dependentes: [] });
      assert.equal(semItens.status, 400);
      assert.deepEqual(semItens.json.errors, [{ field: 'respostas.dependentes', message: 'Informe ao menos 1 item.' }]);
      const ruins = await enviarFormulario(s.url, 'teste-repeticao', { nome: 'Ana Souza', dependentes: [{ 'nome-dependente': 'Bia', idade: '130' }, { idade: '5', apelido: 'x' }] });
      assert.equal(ruins.status, 400);
      assert.deepEqual(ruins.json.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`).sort(), [
        'respostas.dependentes[0].idade: O valor máximo permitido é 120.',
        'respostas.dependentes[1].apelido: Este formulário não tem o campo "dependentes[1].apelido".',
        'respostas.dependentes[1].escola: Este campo é obrigatório.',
        'respostas.dependentes[1].nome-dependente: Este campo é obrigatório.',
      ]);
      const quatro = await enviarFormulario(s.url, 'teste-repeticao', { nome: 'Ana Souza', dependentes: [...ITENS, ...ITENS] });
      assert.deepEqual(quatro.json.errors, [{ field: 'respostas.dependentes', message: 'Informe no máximo 3 itens.' }]);
    });

    test('guardada como lista (a resposta oculta de um item descartada), entregue na ordem, numerada na gaveta, exportada numa linha', async () => {
      const r = await enviarFormulario(s.url, 'teste-repeticao', { nome: 'Ana Souza', dependentes: ITENS });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      protocolo = r.json.protocolo;
      const [f] = await s.db.query<{ id: string; respostas: Record<string, unknown> }>('select id::text, respostas from formulario where protocolo = $1', [protocolo]);
      assert.deepEqual(f.respostas.dependentes, [ITENS[0], { 'nome-dependente': 'Caio Souza', idade: '40' }], "the adult's hidden school is dropped");

      const entrega = await esperarAte(() => receptor.recebidas.find((x) => (x.corpo as { protocolo?: string }).protocolo === protocolo), 10_000, 'the delivery');
      assert.deepEqual((entrega!.corpo as { respostas: Record<string, unknown> }).respostas.dependentes, f.respostas.dependentes);

      const gestor = await clienteApi(s.url, 'gestor');
      const detalhe = (await gestor('GET', `/formularios/${f.id}`)).json;
      assert.deepEqual(detalhe.camposOcultos, ['dependentes[1].escola']);
      assert.deepEqual(detalhe.respostas.dependentes, [{ 'nome-dependente': '***', idade: '10', escola: 'E. E. Centro' }, { 'nome-dependente': '***', idade: '40' }], 'personal answers masked inside each item');

      const token = (await entrarComo(s.url, 'gestor')).access_token;
      const csv = await (await fetch(`${s.url}/api/formularios/exportacao?protocolo=${protocolo}`, { headers: { authorization: `Bearer ${token}` } })).text();
      const linhas = csv.trim().split('\r\n');
      assert.equal(linhas.length, 2, 'one row per form');
      // The answers' column: the JSON of the answers (masked), the items as a list in order; the payment's four
      // empty cells after it (a form without a fee).
      const celula = /;"(\{.*\})";;;;$/.exec(linhas[1])?.[1].replaceAll('""', '"');
      assert.ok(celula, linhas[1]);
      assert.deepEqual(JSON.parse(celula).dependentes, [{ 'nome-dependente': '***', idade: '10', escola: 'E. E. Centro' }, { 'nome-dependente': '***', idade: '40' }]);
    });
  });
}
