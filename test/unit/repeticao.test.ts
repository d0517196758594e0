import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CampoDefinicao, Definicao } from '../../src/forms/definicao';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';
import { camposOcultos, respostasVisiveis, visiveis } from '../../src/forms/condicoes';
import { chavesDesconhecidas, errosDasRespostas } from '../../src/forms/preenchimento';
import { adicionarItem, alterarItem, comItensMinimos, lerChaveNoItem, removerItem } from '../../src/forms/repeticao';
import { mascararRespostas } from '../../src/forms/dadosPessoais';
import { respostasComoVistas } from '../../src/forms/respostas';
import { errosDaPagina, revisao } from '../../src/forms/paginas';
import { semDadosPessoais } from '../../src/server/entrega/retencao';

const campo = (id: string, extra: Partial<CampoDefinicao> = {}): CampoDefinicao => ({ id, tipo: 'texto', rotulo: id, obrigatorio: false, regras: [], ...extra });

/** A household: the requester, then 1 to 3 dependants, each with a name, a CPF, and "renda" only when they work. */
const D: Definicao = {
  secoes: [
    { id: 'requerente', titulo: 'Requerente', pagina: true, campos: [campo('nome', { obrigatorio: true, requerente: 'nome' })] },
    {
      id: 'dependentes',
      titulo: 'Dependentes',
      pagina: true,
      repeticao: { minimo: 1, maximo: 3, item: 'dependente' },
      campos: [
        campo('nome-dependente', { rotulo: 'Nome do dependente', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }], dadoPessoal: true }),
        campo('cpf-dependente', { tipo: 'cpf', rotulo: 'CPF do dependente' }),
        campo('trabalha', { tipo: 'escolha-unica', rotulo: 'Trabalha?', opcoes: [{ valor: 'sim', rotulo: 'Sim' }, { valor: 'nao', rotulo: 'Não' }] }),
        campo('renda', { tipo: 'inteiro', rotulo: 'Renda', obrigatorio: true, condicao: { juncao: 'todas', criterios: [{ campo: 'trabalha', operador: 'igual', valor: 'sim' }] } }),
      ],
    },
  ],
};

describe('seções que se repetem', () => {
  test('mínimo e máximo de itens, com mensagens em pt-BR', () => {
    assert.equal(errosDasRespostas(D, { nome: 'Ana', dependentes: [] }).dependentes, 'Informe ao menos 1 item.');
    assert.equal(errosDasRespostas(D, { nome: 'Ana' }).dependentes, 'Informe ao menos 1 item.');
    const quatro = Array.from({ length: 4 }, () => ({ 'nome-dependente': 'Bia Souza' }));
    assert.equal(errosDasRespostas(D, { nome: 'Ana', dependentes: quatro }).dependentes, 'Informe no máximo 3 itens.');
    assert.equal(errosDasRespostas(D, { nome: 'Ana', dependentes: 'x' }).dependentes, 'Envie os itens como uma lista.');
    assert.deepEqual(errosDasRespostas(D, { nome: 'Ana', dependentes: [{ 'nome-dependente': 'Bia Souza' }] }), {});
  });

  test('as regras e as condições valem dentro de cada item, pela chave do item', () => {
    const r = { nome: 'Ana', dependentes: [{ 'nome-dependente': 'Bi', trabalha: 'sim' }, { 'nome-dependente': 'Caio Lima', trabalha: 'nao', 'cpf-dependente': '123' }, { 'nome-dependente': 'Duda Reis', trabalha: 'sim', renda: '1500' }] };
    assert.deepEqual(errosDasRespostas(D, r), {
      'dependentes[0].nome-dependente': 'Este campo deve ter pelo menos 3 caracteres.',
      'dependentes[0].renda': 'Este campo é obrigatório.',
      'dependentes[1].cpf-dependente': 'Este campo deve ser um CPF válido.',
    });
    const v = visiveis(D, r);
    assert.deepEqual(v.entradas.get('dependentes')!.map((m) => m.has('renda')), [true, false, true]);
    // A hidden answer of one item is dropped; the other items keep theirs.
    const comRendaOculta = { ...r, dependentes: [r.dependentes[0], { ...r.dependentes[1], renda: '99' }, r.dependentes[2]] };
    assert.deepEqual((respostasVisiveis(D, comRendaOculta).dependentes as Record<string, unknown>[]).map((i) => i.renda), [undefined, undefined, '1500']);
    assert.deepEqual(camposOcultos(D, r), ['dependentes[1].renda']);
  });

  test('adicionar e remover itens respeitam o mínimo e o máximo; alterar cria o item que falta', () => {
    let r = comItensMinimos(D, {});
    assert.deepEqual(r, { dependentes: [{}] });
    assert.deepEqual(removerItem(r, D.secoes[1], 0), r, 'the minimum stays');
    r = adicionarItem(adicionarItem(r, D.secoes[1]), D.secoes[1]);
    assert.equal((r.dependentes as unknown[]).length, 3);
    assert.equal(adicionarItem(r, D.secoes[1]), r, 'the maximum stays');
    r = alterarItem(r, 'dependentes', 1, 'nome-dependente', 'Bia');
    assert.deepEqual(removerItem(r, D.secoes[1], 0).dependentes, [{ 'nome-dependente': 'Bia' }, {}]);
    assert.deepEqual(lerChaveNoItem('dependentes[12].nome-dependente'), { secao: 'dependentes', indice: 12, campo: 'nome-dependente' });
    assert.equal(lerChaveNoItem('nome'), null);
    assert.deepEqual(comItensMinimos(D, { dependentes: [{ a: 1 }, {}] }).dependentes, [{ a: 1 }, {}], 'a draft keeps its items');
  });

  test('respostas desconhecidas, no topo e dentro dos itens', () => {
    assert.deepEqual(chavesDesconhecidas(D, { nome: 'A', inventado: 1, dependentes: [{ 'nome-dependente': 'x', apelido: 'y' }] }), ['inventado', 'dependentes[0].apelido']);
  });

  test('dados pessoais mascarados e apagados dentro de cada item', () => {
    const r = { nome: 'Ana Souza', dependentes: [{ 'nome-dependente': 'Bia Souza', 'cpf-dependente': '529.982.247-25', trabalha: 'sim' }] };
    assert.deepEqual(mascararRespostas(D, r), { nome: 'A*** S***', dependentes: [{ 'nome-dependente': '***', 'cpf-dependente': '***.982.247-**', trabalha: 'sim' }] });
    const apagado = semDadosPessoais(D, r);
    assert.deepEqual(apagado.respostas, { nome: null, dependentes: [{ 'nome-dependente': null, 'cpf-dependente': null, trabalha: 'sim' }] });
    assert.deepEqual(apagado.apagadas, ['nome', 'dependentes[0].nome-dependente', 'dependentes[0].cpf-dependente']);
  });

  test('a ficha, o PDF e a revisão mostram cada item numerado', () => {
    const r = { nome: 'Ana', dependentes: [{ 'nome-dependente': 'Bia', trabalha: 'nao' }, { 'nome-dependente': 'Caio', trabalha: 'sim', renda: 10 }] };
    const blocos = respostasComoVistas(D, r);
    assert.deepEqual(blocos.map((b) => b.titulo), ['Requerente', 'Dependentes — Dependente 1', 'Dependentes — Dependente 2']);
    assert.deepEqual(blocos[1].linhas.map((l) => l.rotulo), ['Nome do dependente', 'CPF do dependente', 'Trabalha?'], 'the hidden question of item 1 is left out');
    assert.deepEqual(blocos[2].linhas.map((l) => [l.rotulo, l.valor]).at(-1), ['Renda', '10']);
    assert.deepEqual(respostasComoVistas(D, { nome: 'Ana', dependentes: [] })[1], { titulo: 'Dependentes', linhas: [{ id: 'dependentes', rotulo: 'Dependentes', valor: 'Nenhum item informado.' }] });
    const rev = revisao(D, r).find((p) => p.pagina.id === 'dependentes')!.secoes[0];
    assert.deepEqual(rev.itens!.map((cs) => cs.map((c) => c.id)), [['nome-dependente', 'cpf-dependente', 'trabalha'], ['nome-dependente', 'cpf-dependente', 'trabalha', 'renda']]);
    assert.deepEqual(errosDaPagina(D, 'dependentes', errosDasRespostas(D, { dependentes: [{}] }), { dependentes: [{}] }).map((e) => [e.chave, e.rotulo]), [['dependentes[0].nome-dependente', 'Dependente 1: Nome do dependente']]);
  });

  test('o construtor recusa limites sem sentido, arquivos e requerente no item, e condições de fora sobre o item', () => {
    const com = (repeticao: unknown, campos = D.secoes[1].campos) => validarDefinicao({ secoes: [D.secoes[0], { ...D.secoes[1], repeticao, campos } as Definicao['secoes'][number]] }).map((p) => p.mensagem);
    assert.deepEqual(com({ minimo: 0, maximo: 25 }), []);
    assert.deepEqual(com({ minimo: 4, maximo: 2 }), ['O mínimo de itens (4) é maior que o máximo (2).']);
    assert.deepEqual(com({ minimo: 0, maximo: 0 }), ['O mínimo e o máximo de itens devem ser números inteiros de 0 a 100 (o máximo, ao menos 1).']);
    assert.deepEqual(com({ minimo: 0, maximo: 2 }, [campo('doc', { tipo: 'arquivo' })]), ['Uma seção que se repete ainda não aceita campos de arquivo: mova-os para outra seção.']);
    assert.deepEqual(com({ minimo: 0, maximo: 2 }, [campo('cpf', { tipo: 'cpf', requerente: 'cpf' })]), ['Quem é o requerente, o e-mail da confirmação e o que vem do login não podem ficar numa seção que se repete.']);
    const fora: Definicao = { secoes: [...D.secoes, { id: 'fim', titulo: 'Fim', campos: [campo('obs', { condicao: { juncao: 'todas', criterios: [{ campo: 'trabalha', operador: 'igual', valor: 'sim' }] } })] }] };
    assert.deepEqual(validarDefinicao(fora).map((p) => p.mensagem), ['A condição depende de "Trabalha?", que fica numa seção que se repete: só perguntas do mesmo item podem depender dela.']);
    const mesmoNome: Definicao = { secoes: [{ ...D.secoes[0], campos: [...D.secoes[0].campos, campo('dependentes')] }, D.secoes[1]] };
    assert.deepEqual(validarDefinicao(mesmoNome).map((p) => p.caminho), ['secoes[1].id']);
  });
});

describe('a diferença entre versões fala da jornada', () => {
  test('página, repetição, limites, e-mail da equipe, confirmação e login', async () => {
    const { diferenca, resumoDiferenca } = await import('../../src/forms/diferenca');
    const antes: Definicao = { secoes: [{ ...D.secoes[0], pagina: undefined }, { ...D.secoes[1], repeticao: undefined, pagina: undefined }] };
    const depois: Definicao = { ...D, emailEquipe: 'equipe@orgao.gov.br', secoes: [{ ...D.secoes[0], campos: [{ ...D.secoes[0].campos[0], preencherDoLogin: 'nome' }] }, D.secoes[1]] };
    const r = resumoDiferenca(diferenca(antes, depois));
    for (const esperado of ['A seção "Requerente" passa a começar uma página.', 'A seção "Dependentes" passa a se repetir (1 a 3 itens).', 'E-mail da equipe: de — para equipe@orgao.gov.br.']) assert.ok(r.includes(esperado), r.join('\n'));
    assert.deepEqual(diferenca(antes, depois).campos.find((c) => c.id === 'nome')?.detalhes, ['passa a vir do login: Nome do login']);
    const limites = resumoDiferenca(diferenca(D, { secoes: [D.secoes[0], { ...D.secoes[1], repeticao: { minimo: 0, maximo: 25 } }] }));
    assert.ok(limites.includes('A seção "Dependentes": de 1 a 3 itens para 0 a 25 itens.'), limites.join('\n'));
  });
});

describe('validade e link dos rascunhos', () => {
  test('30 dias por padrão, RASCUNHO_VALIDADE_DIAS e RASCUNHO_URL conferidos; código com ao menos 128 bits', async () => {
    const { opcoesRascunhosDoAmbiente } = await import('../../src/server/api/rotas/rascunhos');
    const { novoCodigo, hashDoCodigo } = await import('../../src/server/codigos');
    const padrao = opcoesRascunhosDoAmbiente({}, 'https://portal.exemplo.gov.br');
    assert.equal(padrao.validadeDias, 30);
    assert.equal(padrao.link('a b'), 'https://portal.exemplo.gov.br/cidadao.html?rascunho=a%20b');
    assert.equal(opcoesRascunhosDoAmbiente({ RASCUNHO_VALIDADE_DIAS: '7', RASCUNHO_URL: 'https://servicos.gov.br/retomar/{codigo}' }, 'x').link('K'), 'https://servicos.gov.br/retomar/K');
    assert.equal(opcoesRascunhosDoAmbiente({ RASCUNHO_VALIDADE_DIAS: '7' }, 'x').validadeDias, 7);
    assert.throws(() => opcoesRascunhosDoAmbiente({ RASCUNHO_URL: 'https://servicos.gov.br/retomar' }, 'x'), /inclua \{codigo\}/);
    assert.throws(() => opcoesRascunhosDoAmbiente({ RASCUNHO_VALIDADE_DIAS: '0' }, 'x'));
    const codigos = new Set(Array.from({ length: 1000 }, novoCodigo));
    assert.equal(codigos.size, 1000);
    for (const c of [...codigos].slice(0, 10)) assert.ok(Buffer.from(c, 'base64url').length * 8 >= 128);
    assert.equal(hashDoCodigo('x').length, 32, 'only a SHA-256 is kept');
  });
});
