import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario } from '../apoio/entregas';
import type { Definicao } from '../../src/forms/definicao';

/**
 * Conditional questions on the server (issue 15): the same evaluator as the citizen's page decides what
 * was shown; answers to hidden questions are dropped (sent or not, never an error) and their rules
 * skipped; a condition on a removed, later or own field is refused at save and at publish.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const DEF: Definicao = {
  secoes: [
    {
      id: 'inicio',
      titulo: 'Início',
      campos: [
        { id: 'assunto', tipo: 'texto', rotulo: 'Assunto', obrigatorio: true, regras: [] },
        { id: 'tem_dependentes', tipo: 'escolha-unica', rotulo: 'Tem dependentes?', obrigatorio: true, regras: [], opcoes: [{ valor: 'sim', rotulo: 'Sim' }, { valor: 'nao', rotulo: 'Não' }] },
        { id: 'quantos', tipo: 'inteiro', rotulo: 'Quantos?', obrigatorio: true, regras: [{ tipo: 'minValue', min: 1 }], condicao: { juncao: 'todas', criterios: [{ campo: 'tem_dependentes', operador: 'igual', valor: 'sim' }] } },
      ],
    },
    {
      id: 'dependentes',
      titulo: 'Dependentes',
      condicao: { juncao: 'todas', criterios: [{ campo: 'quantos', operador: 'maiorOuIgual', valor: 1 }] },
      campos: [{ id: 'nomes', tipo: 'texto-longo', rotulo: 'Nomes dos dependentes', obrigatorio: true, regras: [] }],
    },
  ],
};

for (const banco of await bancosDeTeste()) {
  describe(`perguntas condicionais (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let grupo: number;

    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      admin = await clienteApi(s.url, 'admin');
      grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
      const corpo = { nome: 'Auxílio com dependentes', grupoControleConteudoId: grupo };
      assert.equal((await admin('POST', '/modelos', { codigoServico: 'teste-condicoes', ...corpo })).status, 201);
      assert.equal((await admin('PUT', '/modelos/teste-condicoes', { ...corpo, definicao: DEF, versao: 1 })).status, 200);
      assert.equal((await admin('POST', '/modelos/teste-condicoes/versoes')).status, 201);
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    const guardadas = async (protocolo: string) => (await s.db.query<{ respostas: Record<string, unknown> }>('select respostas from formulario where protocolo = $1', [protocolo]))[0].respostas;

    test('perguntas ocultas: as suas regras não valem e a resposta enviada é ignorada, não um erro', async () => {
      const r = await enviarFormulario(s.url, 'teste-condicoes', { assunto: 'Auxílio', tem_dependentes: 'nao', quantos: 'abc', nomes: '' });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      assert.deepEqual(await guardadas(r.json.protocolo), { assunto: 'Auxílio', tem_dependentes: 'nao' }, 'the hidden answers are not stored');
      const [{ id }] = await s.db.query<{ id: string }>('select id::text from formulario where protocolo = $1', [r.json.protocolo]);
      const ficha = (await admin('GET', `/formularios/${id}`)).json;
      assert.deepEqual(ficha.camposOcultos, ['quantos', 'nomes'], 'the drawer is told what the citizen never saw');
    });

    test('mostradas, as mesmas perguntas são exigidas com as suas regras, em cadeia até a seção', async () => {
      const faltando = await enviarFormulario(s.url, 'teste-condicoes', { assunto: 'Auxílio', tem_dependentes: 'sim' });
      assert.equal(faltando.status, 400);
      assert.deepEqual(faltando.json.errors.map((e: { field: string }) => e.field), ['respostas.quantos']);
      const zero = await enviarFormulario(s.url, 'teste-condicoes', { assunto: 'Auxílio', tem_dependentes: 'sim', quantos: '0', nomes: '' });
      assert.deepEqual(zero.json.errors, [{ field: 'respostas.quantos', message: 'O valor mínimo permitido é 1.' }], 'the section on "quantos >= 1" stays hidden, so "nomes" is not required');
      const semNomes = await enviarFormulario(s.url, 'teste-condicoes', { assunto: 'Auxílio', tem_dependentes: 'sim', quantos: '2' });
      assert.deepEqual(semNomes.json.errors.map((e: { field: string }) => e.field), ['respostas.nomes'], 'the section shows: its required field is required');
      const ok = await enviarFormulario(s.url, 'teste-condicoes', { assunto: 'Auxílio', tem_dependentes: 'sim', quantos: '2', nomes: 'Ana e Rui' });
      assert.equal(ok.status, 201);
      assert.deepEqual(await guardadas(ok.json.protocolo), { assunto: 'Auxílio', tem_dependentes: 'sim', quantos: '2', nomes: 'Ana e Rui' });
      const [{ id }] = await s.db.query<{ id: string }>('select id::text from formulario where protocolo = $1', [ok.json.protocolo]);
      assert.deepEqual((await admin('GET', `/formularios/${id}`)).json.camposOcultos, []);
    });

    test('uma condição sobre campo removido, posterior ou o próprio é recusada ao salvar, e nada do que estava salvo muda', async () => {
      const antes = (await admin('GET', '/modelos/teste-condicoes')).json;
      const casos: [string, Definicao, RegExp][] = [
        ['removido', { secoes: [{ ...DEF.secoes[0], campos: [DEF.secoes[0].campos[0], DEF.secoes[0].campos[2]] }, DEF.secoes[1]] }, /depende do campo "tem_dependentes", que não existe mais/],
        ['posterior', { secoes: [{ ...DEF.secoes[0], campos: [DEF.secoes[0].campos[0], DEF.secoes[0].campos[2], DEF.secoes[0].campos[1]] }, DEF.secoes[1]] }, /depende de "Tem dependentes\?", que vem depois/],
        ['próprio', { secoes: [DEF.secoes[0], { ...DEF.secoes[1], condicao: { juncao: 'qualquer', criterios: [{ campo: 'nomes', operador: 'preenchido' }] } }] }, /depende de "Nomes dos dependentes", que só aparece junto com ela/],
      ];
      for (const [nome, definicao, mensagem] of casos) {
        const r = await admin('PUT', '/modelos/teste-condicoes', { nome: antes.nome, grupoControleConteudoId: grupo, definicao, versao: antes.versao });
        assert.equal(r.status, 400, nome);
        assert.match(r.json.errors.map((e: { message: string }) => e.message).join(" | "), mensagem, nome);
        assert.match(r.json.errors[0].field, /^definicao\.secoes\[\d\](\.campos\[\d\])?\.condicao\.criterios\[0\]$/, nome);
      }
      const depois = (await admin('GET', '/modelos/teste-condicoes')).json;
      assert.deepEqual([depois.versao, depois.definicao], [antes.versao, antes.definicao]);
      const desconhecido = await admin('PUT', '/modelos/teste-condicoes', { nome: antes.nome, grupoControleConteudoId: grupo, definicao: { secoes: [{ ...DEF.secoes[0], condicao: { juncao: 'sempre', criterios: [] } }] }, versao: antes.versao });
      assert.equal(desconhecido.status, 400, 'a junction other than todas/qualquer is refused by the contract');
    });
  });
}
