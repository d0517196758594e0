import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { criterioAtendido, problemasDasCondicoes, respostasVisiveis, visiveis, type Condicao, type Criterio } from '../../src/forms/condicoes';
import { type CampoDefinicao, type Definicao } from '../../src/forms/definicao';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';
import { errosDasRespostas } from '../../src/forms/preenchimento';

const campo = (id: string, tipo: CampoDefinicao['tipo'], extra: Partial<CampoDefinicao> = {}): CampoDefinicao => ({ id, tipo, rotulo: id, obrigatorio: false, regras: [], ...extra });
const opcoes = (...vs: string[]) => vs.map((valor) => ({ valor, rotulo: valor.toUpperCase() }));
const quando = (criterios: Criterio[], juncao: Condicao['juncao'] = 'todas'): Condicao => ({ juncao, criterios });
const cumpre = (c: CampoDefinicao, operador: Criterio['operador'], valor: unknown, alvo?: string | number, valores?: string[]) => criterioAtendido(c, { campo: c.id, operador, valor: alvo, valores }, valor);

describe('cada operador', () => {
  test('preenchido e não preenchido, em todo tipo (espaços, lista vazia e null contam como vazio)', () => {
    for (const [c, cheio] of [[campo('t', 'texto'), 'x'], [campo('m', 'escolha-multipla', { opcoes: opcoes('a') }), ['a']], [campo('a', 'arquivo'), { nome: 'x.pdf' }], [campo('n', 'inteiro'), 0]] as const) {
      assert.equal(cumpre(c, 'preenchido', cheio), true, c.tipo);
      assert.equal(cumpre(c, 'naoPreenchido', cheio), false, c.tipo);
      for (const vazio of [undefined, null, '', '   ', []]) {
        assert.equal(cumpre(c, 'preenchido', vazio), false, `${c.tipo} ${JSON.stringify(vazio)}`);
        assert.equal(cumpre(c, 'naoPreenchido', vazio), true, `${c.tipo} ${JSON.stringify(vazio)}`);
      }
    }
  });

  test('igual e um de: escolhas pelo valor, textos sem caixa nem acentos, CPF pelos dígitos', () => {
    const u = campo('u', 'escolha-unica', { opcoes: opcoes('sim', 'nao') });
    assert.equal(cumpre(u, 'igual', 'sim', 'sim'), true);
    assert.equal(cumpre(u, 'igual', 'nao', 'sim'), false);
    assert.equal(cumpre(u, 'umDe', 'nao', undefined, ['sim', 'nao']), true);
    assert.equal(cumpre(u, 'umDe', 'talvez', undefined, ['sim', 'nao']), false);
    const m = campo('m', 'escolha-multipla', { opcoes: opcoes('a', 'b', 'c') });
    assert.equal(cumpre(m, 'igual', ['a', 'c'], 'c'), true, 'a multiple choice "equals" an option it holds');
    assert.equal(cumpre(m, 'igual', ['a'], 'c'), false);
    assert.equal(cumpre(m, 'umDe', ['b'], undefined, ['c', 'b']), true);
    assert.equal(cumpre(m, 'umDe', ['a'], undefined, ['c', 'b']), false);
    const t = campo('t', 'texto');
    assert.equal(cumpre(t, 'igual', '  São Paulo ', 'sao paulo'), true);
    assert.equal(cumpre(t, 'igual', 'Santos', 'sao paulo'), false);
    assert.equal(cumpre(t, 'umDe', 'CAMPINAS', undefined, ['Santos', 'Campinas']), true);
    const cpf = campo('c', 'cpf');
    assert.equal(cumpre(cpf, 'igual', '529.982.247-25', '52998224725'), true);
    assert.equal(cumpre(cpf, 'igual', '529.982.247-25', '11144477735'), false);
  });

  test('comparações: números como se digitam no Brasil, datas em ordem de calendário', () => {
    const n = campo('n', 'decimal');
    assert.equal(cumpre(n, 'maior', '1.234,5', 1000), true);
    assert.equal(cumpre(n, 'maior', '1000', 1000), false);
    assert.equal(cumpre(n, 'maiorOuIgual', 1000, '1000'), true);
    assert.equal(cumpre(n, 'menor', '-2', 0), true);
    assert.equal(cumpre(n, 'menorOuIgual', '0,5', 0.5), true);
    assert.equal(cumpre(n, 'igual', '2,50', 2.5), true);
    assert.equal(cumpre(n, 'maior', 'abc', 1), false, 'a number that is none compares as false');
    const d = campo('d', 'data');
    assert.equal(cumpre(d, 'maior', '2026-02-01', '2026-01-31'), true);
    assert.equal(cumpre(d, 'menor', '2025-12-31', '2026-01-01'), true);
    assert.equal(cumpre(d, 'maiorOuIgual', '2026-01-01', '2026-01-01'), true);
    assert.equal(cumpre(d, 'igual', '2026-01-01', '2026-01-02'), false);
    assert.equal(cumpre(d, 'maior', '31/01/2026', '2026-01-01'), false, 'only yyyy-MM-dd');
    for (const op of ['maior', 'maiorOuIgual', 'menor', 'menorOuIgual', 'igual'] as const) assert.equal(cumpre(n, op, undefined, 1), false, `${op} on no answer`);
  });
});

const definicao: Definicao = {
  secoes: [
    { id: 's1', titulo: 'Início', campos: [campo('tem', 'escolha-unica', { opcoes: opcoes('sim', 'nao'), obrigatorio: true }), campo('quantos', 'inteiro', { obrigatorio: true, condicao: quando([{ campo: 'tem', operador: 'igual', valor: 'sim' }]) }), campo('nomes', 'texto', { obrigatorio: true, condicao: quando([{ campo: 'quantos', operador: 'maior', valor: 1 }]) })] },
    { id: 's2', titulo: 'Detalhes', condicao: quando([{ campo: 'tem', operador: 'igual', valor: 'sim' }, { campo: 'urgente', operador: 'preenchido' }], 'qualquer'), campos: [campo('obs', 'texto-longo', { obrigatorio: true })] },
  ],
};
// `urgente` does not exist (a removed field): refused at save, and never holds.

describe('o que aparece', () => {
  test('escondido, depois mostrado: cada resposta decide o que vem depois, em cadeia', () => {
    assert.deepEqual([...visiveis(definicao, {}).campos], ['tem']);
    assert.deepEqual([...visiveis(definicao, { tem: 'nao' }).campos], ['tem']);
    assert.deepEqual([...visiveis(definicao, { tem: 'sim' }).campos], ['tem', 'quantos', 'obs']);
    assert.deepEqual([...visiveis(definicao, { tem: 'sim', quantos: '3' }).campos], ['tem', 'quantos', 'nomes', 'obs']);
    assert.deepEqual([...visiveis(definicao, { tem: 'nao', quantos: '3' }).campos], ['tem'], 'a hidden answer counts as not given: "nomes" hides with "quantos"');
    assert.deepEqual([...visiveis(definicao, { tem: 'sim' }).secoes], ['s1', 's2']);
    assert.deepEqual([...visiveis(definicao, { tem: 'nao' }).secoes], ['s1'], 'a hidden section hides its fields');
  });

  test('respostas de perguntas ocultas são descartadas, as suas regras não valem; chaves desconhecidas ficam para quem confere', () => {
    assert.deepEqual(respostasVisiveis(definicao, { tem: 'nao', quantos: 'x', nomes: '', obs: 'y', outra: 1 }), { tem: 'nao', outra: 1 });
    assert.deepEqual(errosDasRespostas(definicao, { tem: 'nao', quantos: 'x' }), {}, 'required and integer rules of hidden questions are skipped');
    assert.deepEqual(Object.keys(errosDasRespostas(definicao, { tem: 'sim' })).sort(), ['obs', 'quantos'], 'shown, their rules apply');
  });

  test('a resposta de uma pergunta oculta nunca muda o que aparece (propriedade)', () => {
    fc.assert(
      fc.property(fc.constantFrom('sim', 'nao', undefined), fc.oneof(fc.integer({ min: -5, max: 5 }).map(String), fc.constant(undefined)), fc.string(), (tem, quantos, nomes) => {
        const r = { tem, quantos, nomes };
        const v = visiveis(definicao, r);
        const soVisiveis = respostasVisiveis(definicao, r);
        assert.deepEqual(visiveis(definicao, soVisiveis), v, 'dropping hidden answers shows the same');
      }),
    );
  });
});

describe('condições que não fazem sentido, ao salvar e ao publicar', () => {
  const comCondicao = (condicao: Condicao, onde: 'campo' | 'secao' = 'campo'): Definicao => ({
    secoes: [
      { id: 's1', titulo: 'A', campos: [campo('a', 'escolha-unica', { opcoes: opcoes('x', 'y') }), campo('n', 'inteiro'), campo('d', 'data'), campo('f', 'arquivo'), campo('b', 'texto', onde === 'campo' ? { condicao } : {})] },
      { id: 's2', titulo: 'B', campos: [campo('z', 'texto')], ...(onde === 'secao' ? { condicao } : {}) },
    ],
  });
  const mensagens = (d: Definicao) => problemasDasCondicoes(d).map((p) => p.mensagem);

  test('uma condição bem formada não tem problema', () => {
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'a', operador: 'umDe', valores: ['x', 'y'] }, { campo: 'n', operador: 'maior', valor: 3 }, { campo: 'd', operador: 'menor', valor: '2026-01-01' }, { campo: 'f', operador: 'preenchido' }]))), []);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'b', operador: 'preenchido' }]), 'secao')), [], 'a section may depend on an earlier section');
  });

  test('campo removido, ciclo e campo posterior', () => {
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'sumiu', operador: 'preenchido' }]))), ['A condição depende do campo "sumiu", que não existe mais.']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'b', operador: 'preenchido' }]))), ['A condição depende de "b", que só aparece junto com ela: escolha uma pergunta anterior.']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'z', operador: 'preenchido' }]))), ['A condição depende de "z", que vem depois: só perguntas anteriores podem decidir o que aparece.']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'z', operador: 'preenchido' }]), 'secao')), ['A condição depende de "z", que só aparece junto com ela: escolha uma pergunta anterior.'], "a section on one of its own fields");
  });

  test('operador sem sentido para o tipo, valor ausente ou do tipo errado, opção que não existe, condição vazia', () => {
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'f', operador: 'igual', valor: 'x' }]))), ['Esta comparação não serve para o tipo do campo "f".']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'a', operador: 'maior', valor: 'x' }]))), ['Esta comparação não serve para o tipo do campo "a".']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'a', operador: 'igual' }]))), ['Informe o valor que a condição compara.']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'a', operador: 'umDe', valores: [] }]))), ['Informe o valor que a condição compara.']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'a', operador: 'igual', valor: 'w' }]))), ['"w" não é uma opção do campo "a".']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'n', operador: 'maior', valor: 'muito' }]))), ['A condição compara com um número: informe um número.']);
    assert.deepEqual(mensagens(comCondicao(quando([{ campo: 'd', operador: 'maior', valor: '01/01/2026' }]))), ['A condição compara com uma data: informe uma data válida.']);
    assert.deepEqual(mensagens(comCondicao(quando([]))), ['A condição precisa de pelo menos uma exigência.']);
  });

  test('validarDefinicao recusa, com o caminho do critério, ao salvar e ao publicar', () => {
    const d = comCondicao(quando([{ campo: 'z', operador: 'preenchido' }]));
    for (const publicar of [false, true]) {
      const p = validarDefinicao(d, publicar);
      assert.deepEqual(p.filter((x) => x.caminho.includes('condicao')).map((x) => x.caminho), ['secoes[0].campos[4].condicao.criterios[0]']);
    }
    assert.match(validarDefinicao(definicao).map((x) => x.mensagem).join(' | '), /depende do campo "urgente", que não existe mais/);
  });
});

describe('a condição nas outras partes do modelo', () => {
  test('a diferença entre versões nomeia condições novas, alteradas e retiradas, de campos e de seções', async () => {
    const { diferenca, resumoDiferenca } = await import('../../src/forms/diferenca');
    const semCondicoes: Definicao = { secoes: definicao.secoes.map(({ condicao: _s, ...s }) => ({ ...s, campos: s.campos.map(({ condicao: _c, ...c }) => c) })) };
    const alterada: Definicao = { secoes: [{ ...definicao.secoes[0], campos: definicao.secoes[0].campos.map((c) => (c.id === 'quantos' ? { ...c, condicao: quando([{ campo: 'tem', operador: 'umDe', valores: ['sim', 'nao'] }]) } : c)) }, definicao.secoes[1]] };
    const detalhes = (a: Definicao, b: Definicao, id: string) => diferenca(a, b).campos.find((c) => c.id === id)!.detalhes;
    assert.deepEqual(detalhes(semCondicoes, definicao, 'quantos'), ['condição nova: só aparece quando "tem" é igual a SIM']);
    assert.deepEqual(detalhes(definicao, semCondicoes, 'nomes'), ['condição retirada (aparecia só quando "quantos" é maior que 1): aparece sempre']);
    assert.deepEqual(detalhes(definicao, alterada, 'quantos'), ['condição: aparecia quando "tem" é igual a SIM, agora aparece quando "tem" é um de SIM, NAO']);
    assert.deepEqual(resumoDiferenca(diferenca(semCondicoes, definicao)).slice(-1), ['A seção "Detalhes" agora só aparece quando "tem" é igual a SIM ou "urgente" está preenchido.']);
    assert.deepEqual(resumoDiferenca(diferenca(definicao, semCondicoes)).slice(-1), ['A seção "Detalhes" agora aparece sempre (antes, só quando "tem" é igual a SIM ou "urgente" está preenchido).']);
    assert.deepEqual(diferenca(definicao, structuredClone(definicao)).campos.filter((c) => c.tipo !== 'igual'), [], 'the same conditions: no change');
  });

  test('renomear a resposta de um campo leva junto as condições que a leem', async () => {
    const { renomearCampo } = await import('../../src/forms/edicao');
    const d = renomearCampo(definicao, 'tem', 'possui');
    assert.deepEqual(d.secoes[0].campos[1].condicao, quando([{ campo: 'possui', operador: 'igual', valor: 'sim' }]));
    assert.equal(d.secoes[1].condicao!.criterios[0].campo, 'possui');
    assert.deepEqual(problemasDasCondicoes(d).map((p) => p.mensagem), ['A condição depende do campo "urgente", que não existe mais.'], 'only the removed field is still reported');
  });

  test('a gaveta deixa de fora o que o cidadão não viu', async () => {
    const { respostasPorSecao } = await import('../../src/forms/respostas');
    const { camposOcultos } = await import('../../src/forms/condicoes');
    const r = { tem: 'nao' };
    assert.deepEqual(camposOcultos(definicao, r), ['quantos', 'nomes', 'obs']);
    assert.deepEqual(respostasPorSecao(definicao, r, undefined, camposOcultos(definicao, r)), [{ titulo: 'Início', linhas: [{ id: 'tem', rotulo: 'tem', valor: 'NAO' }] }]);
  });
});
