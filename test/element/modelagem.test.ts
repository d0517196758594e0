import { expect } from '@open-wc/testing';
import { animacoesTerminadas, apiAdmin, botao, campo, DEMO, desmontarTodos, digitar, escolher, esperar, esperarShell, esperarTitulo, linhasTabela, montar, porRotulo, textoConteudo, titulo, toasts, violacoesGraves, type ElementoConsole, waitUntil } from './apoio';

/** The designer's pages (/modelos, /modelos/novo, the builder) against the real API of the demo server. */
afterEach(desmontarTodos);

const raiz = (el: HTMLElement) => el.shadowRoot!;
const previa = (el: HTMLElement) => raiz(el).querySelector('.cf-previa') as HTMLElement;
const rotulosLinhas = (el: HTMLElement) => [...raiz(el).querySelectorAll('.cf-linha-campo .cf-rotulo-texto')].map((n) => n.textContent!.trim());
const linha = (el: HTMLElement, id: string) => raiz(el).querySelector(`[data-campo-id="${id}"]`) as HTMLElement;
/** Opens a field's properties (a click on an open one would close it). */
const abrirCampo = (el: HTMLElement, id: string) => linha(el, id).classList.contains('cf-selecionado') || (linha(el, id).querySelector('.cf-rotulo-campo') as HTMLButtonElement).click();
const dentroDoCampo = (el: HTMLElement, id: string) => `[data-campo-id="${id}"]`;

let seq = 0;
/** A fresh draft model in the Saúde group, removed (or archived, once published) after the test. */
async function modeloDeTeste(definicao: unknown = { secoes: [] }) {
  const grupo = (await apiAdmin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
  const codigo = `teste-el-${Date.now().toString(36)}-${++seq}`;
  await apiAdmin('POST', '/modelos', { codigoServico: codigo, nome: `Modelo de teste ${seq}`, grupoControleConteudoId: grupo });
  if ((definicao as { secoes: unknown[] }).secoes.length) {
    const m = (await apiAdmin('GET', `/modelos/${codigo}`)).json;
    await apiAdmin('PUT', `/modelos/${codigo}`, { nome: m.nome, grupoControleConteudoId: grupo, definicao, versao: m.versao });
  }
  return {
    codigo,
    grupo,
    limpar: async () => {
      const m = (await apiAdmin('GET', `/modelos/${codigo}`)).json;
      if (m.ultimaVersao === 0) await apiAdmin('DELETE', `/modelos/${codigo}`);
      else if (m.status !== 'ARQUIVADO') await apiAdmin('POST', `/modelos/${codigo}/arquivamento`);
    },
  };
}

async function abrirConstrutor(codigo: string, usuario = 'designer'): Promise<ElementoConsole> {
  const el = await montar(usuario, { 'initial-path': `/modelos/${codigo}` });
  await esperarShell(el);
  await esperarTitulo(el, `Modelo ${codigo}`);
  await esperar(el, '.cf-construtor-colunas');
  return el;
}

async function adicionarCampo(el: HTMLElement, tipo: string, rotulo: string) {
  const antes = raiz(el).querySelectorAll('.cf-linha-campo').length;
  (raiz(el).querySelector(`.cf-paleta button[data-tipo="${tipo}"]`) as HTMLButtonElement).click();
  await waitUntil(() => raiz(el).querySelectorAll('.cf-linha-campo').length === antes + 1, `campo ${tipo} adicionado`);
  const aberto = raiz(el).querySelector('.cf-linha-campo.cf-selecionado') as HTMLElement;
  digitar(campo(el, 'Rótulo', '.cf-linha-campo.cf-selecionado'), rotulo);
  await waitUntil(() => aberto.querySelector('.cf-rotulo-texto')!.textContent === rotulo, 'rótulo no editor');
  return aberto.dataset.campoId!;
}

/** The preview's error messages under the fields (without the hidden "Erro:" a screen reader hears first). */
const mensagens = (el: HTMLElement) => [...previa(el).querySelectorAll('.fc-grupo-erro .fc-erro')].map((n) => n.textContent!.replace(/^\s*Erro:\s*/, '').trim());

describe('modelos: lista e novo modelo', function () {
  this.timeout(60_000);
  it('lista com filtros, situação como etiqueta, excluir só para rascunhos nunca publicados, sem violações graves', async () => {
    const el = await montar('designer', { 'initial-path': '/modelos' });
    await esperarShell(el);
    await esperarTitulo(el, 'Modelos de Formulários');
    await waitUntil(() => linhasTabela(el).length > 0, 'linhas');
    expect(linhasTabela(el)).to.include('Matrícula na rede estadual');
    expect(await violacoesGraves(el)).to.deep.equal([]);
    // The designer profile has no DELETE_MODELO: no delete anywhere.
    expect(raiz(el).querySelector('[aria-label^="Excluir o modelo"]')).to.equal(null);
    escolher(campo<HTMLSelectElement>(el, 'Situação'), 'PUBLICADO');
    botao(el, 'Filtrar')!.click();
    await waitUntil(() => !linhasTabela(el).includes('Ouvidoria da saúde'), 'filtro de situação');
    const situacoes = [...raiz(el).querySelectorAll('.cf-tabela-dados tbody [data-codigo]')].map((n) => n.textContent);
    expect(situacoes.length).to.be.greaterThan(0);
    expect(new Set(situacoes)).to.deep.equal(new Set(['Publicado']));
  });

  it('excluir (administrador): só rascunhos nunca publicados, depois de confirmar', async () => {
    const t = await modeloDeTeste();
    const el = await montar('admin', { 'initial-path': '/modelos' });
    await esperarShell(el);
    await waitUntil(() => linhasTabela(el).length > 0, 'linhas');
    expect(porRotulo(el, 'Excluir o modelo Ouvidoria da saúde')).to.exist;
    expect(porRotulo(el, 'Excluir o modelo Matrícula na rede estadual')).to.equal(null);
    digitar(porRotulo(el, 'Buscar modelos por nome ou código') as HTMLInputElement, t.codigo);
    await waitUntil(() => linhasTabela(el).length === 1, 'busca pelo código');
    (raiz(el).querySelector('[aria-label^="Excluir o modelo Modelo de teste"]') as HTMLButtonElement).click();
    await waitUntil(() => raiz(el).querySelector('.bp6-alert'), 'confirmação');
    ([...raiz(el).querySelectorAll('.bp6-alert button')].find((b) => b.textContent === 'Excluir') as HTMLButtonElement).click();
    await waitUntil(() => textoConteudo(el).includes('Nenhum registro encontrado.'), 'excluído');
    await apiAdmin('GET', `/modelos/${t.codigo}`).then(
      () => expect.fail('o modelo ainda existe'),
      (e: Error) => expect(e.message).to.contain('404'),
    );
  });

  it('novo modelo: mensagens, código já usado, criado abre o construtor', async () => {
    const el = await montar('designer', { 'initial-path': '/modelos/novo' });
    await esperarShell(el);
    await esperarTitulo(el, 'Novo modelo de formulário');
    await waitUntil(() => botao(el, 'Salvar'), 'formulário');
    botao(el, 'Salvar')!.click();
    await waitUntil(() => textoConteudo(el).includes('Este campo é obrigatório.'), 'obrigatórios');
    expect(await violacoesGraves(el)).to.deep.equal([]);
    digitar(campo(el, 'Código do serviço'), 'a b');
    await waitUntil(() => textoConteudo(el).includes('O código do serviço deve ter de 3 a 40 caracteres: letras, números e hífens.'), 'código inválido');
    digitar(campo(el, 'Código do serviço'), 'saude-ouvidoria');
    digitar(campo(el, 'Nome'), 'Outro');
    // A group of the group's own list (the page's first select is "Começar de" when a template exists).
    const grupoSelect = campo<HTMLSelectElement>(el, 'Grupo de controle de conteúdo');
    escolher(grupoSelect, (grupoSelect.querySelector('option[value]:not([value=""])') as HTMLOptionElement).value);
    digitar(campo(el, 'Endereço (URL) de destino'), 'ftp://x');
    await waitUntil(() => textoConteudo(el).includes('O valor não é um endereço de URL válido.'), 'url inválida');
    digitar(campo(el, 'Endereço (URL) de destino'), 'https://sistema.exemplo.gov.br/recebe');
    digitar(campo<HTMLTextAreaElement>(el, 'Cabeçalhos'), 'sem dois pontos');
    await waitUntil(() => textoConteudo(el).includes('Linha 1: use "Nome: valor"'), 'cabeçalho inválido');
    digitar(campo<HTMLTextAreaElement>(el, 'Cabeçalhos'), 'X-Chave: 123');
    botao(el, 'Salvar')!.click();
    await waitUntil(() => textoConteudo(el).includes('Já existe um modelo com este código.'), 'código já usado');
    const codigo = `novo-el-${Date.now().toString(36)}`;
    digitar(campo(el, 'Código do serviço'), codigo);
    botao(el, 'Salvar')!.click();
    try {
      await esperarTitulo(el, `Modelo ${codigo}`);
      await waitUntil(() => toasts(el).some((t) => t.includes('foi criado')), 'toast');
      // Created with a destination: its signing secret is shown once, right here.
      await waitUntil(() => raiz(el).querySelector('[data-testid=segredo-dialogo] input'), 'segredo mostrado');
      expect((raiz(el).querySelector('[data-testid=segredo-dialogo] input') as HTMLInputElement).value).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(await violacoesGraves(el)).to.deep.equal([]);
      botao(el, 'Já guardei')!.click();
      await waitUntil(() => !raiz(el).querySelector('[data-testid=segredo-dialogo]'), 'fechado');
      const m = (await apiAdmin('GET', `/modelos/${codigo}`)).json;
      expect({ url: m.integracao.url, metodo: m.integracao.metodo, cabecalhos: m.integracao.cabecalhos, segredo: m.integracao.segredo.existe }).to.deep.equal({ url: 'https://sistema.exemplo.gov.br/recebe', metodo: 'POST', cabecalhos: ['X-Chave'], segredo: true });
      expect(m.status).to.equal('RASCUNHO');
    } finally {
      await apiAdmin('DELETE', `/modelos/${codigo}`).catch(() => undefined);
    }
  });
});

describe('construtor de formulários', function () {
  this.timeout(90_000);
  it('monta um formulário com todos os tipos de campo; a prévia mostra cada um e as mensagens da SPEC; salva', async () => {
    const t = await modeloDeTeste();
    try {
      const el = await abrirConstrutor(t.codigo);
      expect(textoConteudo(el)).to.contain('O formulário está vazio');
      // "Adicionar seção" does not touch the declaration's fieldset below it (issue 50).
      const vao = raiz(el).querySelector('.cf-declaracao-editor')!.getBoundingClientRect().top - botao(el, 'Adicionar seção')!.getBoundingClientRect().bottom;
      expect(vao).to.be.at.least(8);
      botao(el, 'Adicionar seção')!.click();
      await esperar(el, '.cf-secao-editor');
      const tipos: [string, string][] = [
        ['texto', 'Nome completo'],
        ['texto-longo', 'Relato'],
        ['inteiro', 'Quantidade'],
        ['decimal', 'Valor'],
        ['email', 'E-mail'],
        ['url', 'Página pessoal'],
        ['data', 'Data do fato'],
        ['cpf', 'CPF do requerente'],
        ['escolha-unica', 'Motivo'],
        ['escolha-multipla', 'Documentos'],
        ['arquivo', 'Comprovante'],
      ];
      const ids: Record<string, string> = {};
      for (const [tipo, rotulo] of tipos) ids[tipo] = await adicionarCampo(el, tipo, rotulo);
      // Rules and options on some of them.
      abrirCampo(el, ids.texto);
      await waitUntil(() => linha(el, ids.texto).classList.contains('cf-selecionado'), 'texto aberto');
      (linha(el, ids.texto).querySelector('.bp6-switch input') as HTMLInputElement).click();
      digitar(campo(el, 'Tamanho mínimo (caracteres)', dentroDoCampo(el, ids.texto)), '3');
      abrirCampo(el, ids.inteiro);
      await waitUntil(() => linha(el, ids.inteiro).classList.contains('cf-selecionado'), 'inteiro aberto');
      digitar(campo(el, 'Valor máximo', dentroDoCampo(el, ids.inteiro)), '10');
      abrirCampo(el, ids['escolha-unica']);
      await waitUntil(() => linha(el, ids['escolha-unica']).classList.contains('cf-selecionado'), 'escolha aberta');
      digitar(campo<HTMLTextAreaElement>(el, 'Opções', dentroDoCampo(el, ids['escolha-unica'])), 'Perda\nRoubo\nDano');

      // The preview draws every field as the citizen sees it.
      const p = previa(el);
      for (const [, rotulo] of tipos) expect(p.textContent).to.contain(rotulo);
      expect([...p.querySelectorAll('input[type=radio]')].map((r) => (r.parentElement as HTMLElement).textContent!.trim())).to.deep.equal(['Perda', 'Roubo', 'Dano']);
      expect(p.querySelectorAll('input[type=checkbox]').length).to.equal(2);
      expect(p.querySelector('input[type=file]')).to.exist;

      // Its messages as one types (SPEC.md section 5's words).
      const entrada = (rotulo: string) => campo<HTMLInputElement>(el, rotulo, '.cf-previa');
      digitar(entrada('Nome completo'), 'Jo');
      digitar(entrada('Quantidade'), '11');
      digitar(entrada('Valor'), 'abc');
      digitar(entrada('E-mail'), 'joao@');
      digitar(entrada('Página pessoal'), 'pagina');
      digitar(entrada('Data do fato'), '31/02/26');
      digitar(entrada('CPF do requerente'), '111.111.111-11');
      await waitUntil(() => mensagens(el).length === 7, `mensagens da prévia: ${mensagens(el).join(' | ')}`);
      expect(mensagens(el)).to.deep.equal([
        'Este campo deve ter pelo menos 3 caracteres.',
        'O valor máximo permitido é 10.',
        'Este campo deve ser um número decimal.',
        'Este campo deve ser um endereço de e-mail válido.',
        'O valor não é um endereço de URL válido.',
        'Esta data não existe.',
        'Este campo deve ser um CPF válido.',
      ]);
      digitar(entrada('Nome completo'), '');
      await waitUntil(() => mensagens(el)[0] === 'Este campo é obrigatório.', 'obrigatório na prévia');
      digitar(entrada('Nome completo'), 'João');
      digitar(entrada('Quantidade'), '10');
      await waitUntil(() => mensagens(el).length === 5, 'mensagens somem ao corrigir');
      expect(await violacoesGraves(el)).to.deep.equal([]);

      botao(el, 'Salvar rascunho')!.click();
      await waitUntil(() => toasts(el).some((x) => x.includes('foi salvo')), 'salvo');
      await waitUntil(() => textoConteudo(el).includes('Rascunho salvo por designer'), 'indicador de salvo');
      const m = (await apiAdmin('GET', `/modelos/${t.codigo}`)).json;
      const campos = m.definicao.secoes[0].campos;
      expect(campos.map((c: { tipo: string }) => c.tipo)).to.deep.equal(tipos.map(([x]) => x));
      expect(campos[0]).to.include({ rotulo: 'Nome completo', obrigatorio: true });
      expect(campos[0].regras).to.deep.equal([{ tipo: 'minLength', min: 3 }]);
      expect(campos[2].regras).to.deep.equal([{ tipo: 'maxValue', max: 10 }]);
      expect(campos[8].opcoes).to.deep.equal([
        { valor: 'perda', rotulo: 'Perda' },
        { valor: 'roubo', rotulo: 'Roubo' },
        { valor: 'dano', rotulo: 'Dano' },
      ]);
    } finally {
      await t.limpar();
    }
  });

  it('regras sem sentido (mínimo acima do máximo) são apontadas e o rascunho não é salvo', async () => {
    const t = await modeloDeTeste({ secoes: [{ id: 's', titulo: 'Dados', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: false, regras: [] }] }] });
    try {
      const el = await abrirConstrutor(t.codigo);
      abrirCampo(el, 'nome');
      await waitUntil(() => linha(el, 'nome').classList.contains('cf-selecionado'), 'aberto');
      digitar(campo(el, 'Tamanho mínimo (caracteres)', '[data-campo-id="nome"]'), '5');
      digitar(campo(el, 'Tamanho máximo (caracteres)', '[data-campo-id="nome"]'), '2');
      await waitUntil(() => linha(el, 'nome').textContent!.includes('O tamanho mínimo (5) não pode ser maior que o máximo (2).'), 'problema no campo');
      expect(linha(el, 'nome').textContent).to.contain('1 problema');
      expect(linha(el, 'nome').textContent).not.to.contain('problema(s)');
      botao(el, 'Salvar rascunho')!.click();
      await waitUntil(() => textoConteudo(el).includes('O rascunho tem problemas'), 'lista de problemas');
      expect(textoConteudo(el)).to.contain('Campo "Nome" (seção "Dados"): O tamanho mínimo (5) não pode ser maior que o máximo (2).');
      expect((await apiAdmin('GET', `/modelos/${t.codigo}`)).json.definicao.secoes[0].campos[0].regras).to.deep.equal([]);
      await waitUntil(() => toasts(el).some((x) => x.includes('O rascunho não foi salvo')), 'toast de erro');
      // The toast sits under the top bar, its close button named in the console's language.
      const toast = raiz(el).querySelector('.cf-toast-error') as HTMLElement;
      await animacoesTerminadas(el);
      expect(toast.getBoundingClientRect().top).to.be.at.least(raiz(el).querySelector('.cf-topo')!.getBoundingClientRect().bottom);
      await waitUntil(() => toast.querySelector('button[aria-label="Fechar"]'), 'botão "Fechar" do toast');
      // Fixed and saved: the success replaces the error toast instead of standing beside it.
      digitar(campo(el, 'Tamanho máximo (caracteres)', '[data-campo-id="nome"]'), '20');
      botao(el, 'Salvar rascunho')!.click();
      await waitUntil(() => toasts(el).some((x) => x.startsWith('Salvo')), 'toast de sucesso');
      await waitUntil(() => !toasts(el).some((x) => x.includes('O rascunho não foi salvo')), 'o toast de erro saiu');
    } finally {
      await t.limpar();
    }
  });

  it('409: outra pessoa salvou; comparar, manter o próprio trabalho e salvar por cima', async () => {
    const def = { secoes: [{ id: 's', titulo: 'Dados', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: false, regras: [] }] }] };
    const t = await modeloDeTeste(def);
    try {
      const el = await abrirConstrutor(t.codigo);
      const m = (await apiAdmin('GET', `/modelos/${t.codigo}`)).json;
      await apiAdmin('PUT', `/modelos/${t.codigo}`, { nome: m.nome, grupoControleConteudoId: t.grupo, definicao: { secoes: [{ ...def.secoes[0], titulo: 'Dados da outra pessoa' }] }, versao: m.versao });
      abrirCampo(el, 'nome');
      await waitUntil(() => linha(el, 'nome').classList.contains('cf-selecionado'), 'aberto');
      digitar(campo(el, 'Rótulo', '[data-campo-id="nome"]'), 'Nome do requerente');
      botao(el, 'Salvar rascunho')!.click();
      await waitUntil(() => textoConteudo(el).includes('Outra pessoa salvou este modelo'), 'aviso de conflito');
      expect(textoConteudo(el)).to.contain('Alterações não salvas');
      // The toast says what the panel says: nothing saved, choose on the page (no "Recarregue").
      await waitUntil(() => toasts(el).length > 0, 'toast do conflito');
      expect(toasts(el)).to.deep.equal(['Nada foi salvoOutra pessoa alterou este registro depois que você o abriu. Escolha no aviso da página como continuar.']);
      botao(el, 'Comparar')!.click();
      await waitUntil(() => raiz(el).querySelector('.bp6-dialog .cf-tabela-diferenca'), 'comparação');
      const dialogo = raiz(el).querySelector('.bp6-dialog')!.textContent!;
      expect(dialogo).to.contain('rótulo: "Nome" → "Nome do requerente"');
      expect(dialogo).to.contain('A seção "Dados da outra pessoa" agora se chama "Dados".');
      (raiz(el).querySelector('.bp6-dialog [aria-label=Close], .bp6-dialog .bp6-dialog-close-button') as HTMLElement).click();
      botao(el, 'Manter o meu trabalho')!.click();
      await waitUntil(() => !textoConteudo(el).includes('Outra pessoa salvou este modelo'), 'versão atual carregada');
      expect(campo(el, 'Rótulo', '[data-campo-id="nome"]').value).to.equal('Nome do requerente');
      botao(el, 'Salvar rascunho')!.click();
      await waitUntil(() => textoConteudo(el).includes('Rascunho salvo por designer'), 'salvo por cima');
      expect((await apiAdmin('GET', `/modelos/${t.codigo}`)).json.definicao.secoes[0]).to.deep.include({ titulo: 'Dados' });
    } finally {
      await t.limpar();
    }
  });

  it('publicar: recusado com o rascunho vazio; aceito com confirmação; a versão 2 diz o que muda; comparação lado a lado', async () => {
    const t = await modeloDeTeste();
    try {
      const el = await abrirConstrutor(t.codigo);
      botao(el, 'Publicar')!.click();
      await waitUntil(() => textoConteudo(el).includes('O rascunho não pode ser publicado'), 'recusa');
      expect(textoConteudo(el)).to.contain('Para publicar, o modelo precisa de pelo menos um campo.');
      botao(el, 'Adicionar seção')!.click();
      await esperar(el, '.cf-secao-editor');
      await adicionarCampo(el, 'texto', 'Nome');
      const cpf = await adicionarCampo(el, 'cpf', 'CPF');
      botao(el, 'Publicar')!.click();
      await waitUntil(() => raiz(el).querySelector('.bp6-alert'), 'confirmação');
      expect(raiz(el).querySelector('.bp6-alert')!.textContent).to.contain('Primeira versão: 2 campos em 1 seção.');
      ([...raiz(el).querySelectorAll('.bp6-alert button')].find((b) => b.textContent === 'Publicar') as HTMLButtonElement).click();
      await waitUntil(() => toasts(el).some((x) => x.includes('A versão 1 de')), 'publicado v1');
      expect(raiz(el).querySelector('.cf-cabecalho-modelo [data-codigo]')!.textContent).to.equal('Publicado');
      expect(textoConteudo(el)).to.contain('Versão publicada: v1');
      // Nothing changed since v1: "Publicar" is off, and says why (it used to publish an identical v2).
      await waitUntil(() => botao(el, 'Publicar')?.disabled, 'publicar desligado');
      expect(textoConteudo(el)).to.contain('Nada mudou desde a versão 1.');
      const igual = await apiAdmin('POST', `/modelos/${t.codigo}/versoes`).then(() => 'publicou', (e: Error) => e.message);
      expect(igual).to.contain('409').and.contain('Nada mudou desde a versão 1: não há o que publicar.');

      // Version 2: a label changed, a field removed, one added.
      abrirCampo(el, cpf);
      await waitUntil(() => linha(el, cpf).classList.contains('cf-selecionado'), 'cpf aberto');
      digitar(campo(el, 'Rótulo', `[data-campo-id="${cpf}"]`), 'CPF do requerente');
      await adicionarCampo(el, 'email', 'E-mail');
      botao(el, 'Publicar')!.click();
      await waitUntil(() => raiz(el).querySelector('.bp6-alert')?.textContent?.includes('O que muda em relação à versão 1'), 'confirmação v2');
      const resumo = raiz(el).querySelector('.bp6-alert')!.textContent!;
      expect(resumo).to.contain('1 campo adicionado: "E-mail".');
      expect(resumo).to.contain('1 campo alterado: "CPF do requerente".');
      ([...raiz(el).querySelectorAll('.bp6-alert button')].find((b) => b.textContent === 'Publicar') as HTMLButtonElement).click();
      await waitUntil(() => toasts(el).some((x) => x.includes('A versão 2 de')), 'publicado v2');

      (raiz(el).querySelector('[role=tab][id$=versoes]') as HTMLElement).click();
      await esperar(el, '.cf-tabela-versoes');
      await waitUntil(() => raiz(el).querySelectorAll('.cf-tabela-versoes tbody tr').length === 2, 'duas versões');
      expect([...raiz(el).querySelectorAll('.cf-tabela-versoes tbody tr td:first-child')].map((n) => n.textContent)).to.deep.equal(['v2', 'v1']);
      expect(raiz(el).querySelector('.cf-tabela-versoes tbody tr td:nth-child(3)')!.textContent).to.equal('designer');
      await waitUntil(() => raiz(el).querySelector('.cf-tabela-diferenca'), 'diferença v1 × v2');
      const linhasDif = [...raiz(el).querySelectorAll('.cf-tabela-diferenca tbody tr')].map((tr) => [tr.getAttribute('data-mudanca'), tr.textContent]);
      expect(linhasDif.map(([m]) => m)).to.have.members(['alterado', 'adicionado']);
      expect(linhasDif.find(([m]) => m === 'alterado')![1]).to.contain('rótulo: "CPF" → "CPF do requerente"');
      expect(await violacoesGraves(el)).to.deep.equal([]);

      // A version opens read-only.
      (porRotulo(el, 'Ver a versão 1') as HTMLButtonElement).click();
      await waitUntil(() => raiz(el).querySelector('.bp6-dialog .fc-formulario'), 'versão 1 aberta');
      const dialogo = raiz(el).querySelector('.bp6-dialog') as HTMLElement;
      expect(dialogo.textContent).to.contain('Versão 1');
      expect(dialogo.textContent).not.to.contain('E-mail');
      expect([...dialogo.querySelectorAll('input')].every((i) => i.disabled || i.readOnly)).to.equal(true);
      expect(dialogo.querySelector('.fc-formulario button')).to.equal(null, 'no button to send or save');
    } finally {
      await t.limpar();
    }
  });

  it('nome da resposta vem do rótulo (único, editável); paleta de tipos por clique e arrastando; a prévia marca o campo aberto', async () => {
    const t = await modeloDeTeste({ secoes: [{ id: 's1', titulo: 'Contato', campos: [] }] });
    try {
      const el = await abrirConstrutor(t.codigo);
      const rotulo = () => campo(el, 'Rótulo', '.cf-linha-campo.cf-selecionado');
      const aberto = () => (raiz(el).querySelector('.cf-linha-campo.cf-selecionado') as HTMLElement | null)?.dataset.campoId;
      // Click on the palette: the new field is named after its label...
      (raiz(el).querySelector('.cf-paleta button[data-tipo="texto"]') as HTMLButtonElement).click();
      await waitUntil(() => aberto() === 'texto', 'campo novo "texto"');
      rotulo().focus();
      digitar(rotulo(), 'Telefone');
      rotulo().blur();
      await waitUntil(() => aberto() === 'telefone', `nome "telefone", visto ${aberto()}`);
      expect(campo(el, 'Nome da resposta', '.cf-linha-campo.cf-selecionado').value).to.equal('telefone');
      // ...and the preview marks the field being edited.
      expect(previa(el).querySelector('.fc-destacado[data-campo]')?.getAttribute('data-campo')).to.equal('telefone');
      // A second "Telefone" gets a name of its own.
      (raiz(el).querySelector('.cf-paleta button[data-tipo="texto"]') as HTMLButtonElement).click();
      await waitUntil(() => aberto() === 'texto', 'segundo campo');
      rotulo().focus();
      digitar(rotulo(), 'Telefone');
      rotulo().blur();
      await waitUntil(() => aberto() === 'telefone-2', `nome "telefone-2", visto ${aberto()}`);
      // A name the designer typed stays when the label changes.
      const nome = campo(el, 'Nome da resposta', '.cf-linha-campo.cf-selecionado');
      nome.focus();
      digitar(nome, 'celular');
      nome.blur();
      await waitUntil(() => aberto() === 'celular', 'renomeado à mão');
      rotulo().focus();
      digitar(rotulo(), 'Telefone celular');
      rotulo().blur();
      // The label change has been taken (the preview shows it); only then: the typed name stayed.
      await waitUntil(() => previa(el).textContent?.includes('Telefone celular'), 'a prévia com o rótulo novo');
      expect(aberto()).to.equal('celular');
      expect(previa(el).querySelector('.fc-destacado[data-campo]')?.getAttribute('data-campo')).to.equal('celular');
      // Drag a type from the palette to the top of the section.
      const dt = new DataTransfer();
      raiz(el).querySelector('.cf-paleta button[data-tipo="email"]')!.dispatchEvent(new DragEvent('dragstart', { bubbles: true, composed: true, dataTransfer: dt }));
      const primeira = linha(el, 'telefone');
      const r = primeira.getBoundingClientRect();
      primeira.dispatchEvent(new DragEvent('dragover', { bubbles: true, composed: true, cancelable: true, dataTransfer: dt, clientY: r.top + 2 }));
      await waitUntil(() => raiz(el).querySelector('.cf-soltar-antes'), 'marca de soltar');
      primeira.dispatchEvent(new DragEvent('drop', { bubbles: true, composed: true, cancelable: true, dataTransfer: dt }));
      await waitUntil(() => rotulosLinhas(el).join() === 'E-mail,Telefone,Telefone celular', `ordem: ${rotulosLinhas(el).join()}`);
      expect(aberto()).to.equal('e-mail');
      expect(await violacoesGraves(el)).to.deep.equal([]);
    } finally {
      await t.limpar();
    }
  });

  it('condição: o designer faz "Quantos?" aparecer só quando "Tem dependentes?" é Sim, e a prévia acompanha', async () => {
    const t = await modeloDeTeste({
      secoes: [
        {
          id: 's1',
          titulo: 'Família',
          campos: [
            { id: 'tem', tipo: 'escolha-unica', rotulo: 'Tem dependentes?', obrigatorio: true, regras: [], opcoes: [{ valor: 'sim', rotulo: 'Sim' }, { valor: 'nao', rotulo: 'Não' }] },
            { id: 'quantos', tipo: 'inteiro', rotulo: 'Quantos?', obrigatorio: true, regras: [] },
          ],
        },
      ],
    });
    try {
      const el = await abrirConstrutor(t.codigo);
      const naPrevia = (id: string) => !!previa(el).querySelector(`[data-campo="${id}"]`);
      expect(naPrevia('quantos')).to.equal(true);
      // The first question has nothing before it to depend on.
      abrirCampo(el, 'tem');
      await esperar(el, '[data-campo-id="tem"] .cf-condicao');
      expect(raiz(el).querySelector('[data-campo-id="tem"] .cf-condicao')!.textContent).to.include('Não há perguntas antes desta');
      abrirCampo(el, 'quantos');
      await esperar(el, '[data-campo-id="quantos"] .cf-condicao');
      const dentro = '[data-campo-id="quantos"] .cf-condicao';
      const ativar = [...raiz(el).querySelectorAll(`${dentro} label`)].find((l) => l.textContent!.includes('Só quando as respostas anteriores pedirem'))!.querySelector('input') as HTMLInputElement;
      ativar.click();
      await waitUntil(() => raiz(el).querySelector(`${dentro} .cf-criterio`), 'uma exigência');
      expect(campo<HTMLSelectElement>(el, 'Pergunta', dentro).value).to.equal('tem');
      escolher(campo<HTMLSelectElement>(el, 'Comparação', dentro), 'igual');
      await waitUntil(() => [...raiz(el).querySelectorAll(`${dentro} label`)].some((l) => l.textContent!.trim() === 'Valor'), 'o valor');
      expect(campo<HTMLSelectElement>(el, 'Valor', dentro).value).to.equal('sim');
      // Blueprint's select caret says what it is in the console's language, not "Open dropdown".
      const titulos = [...raiz(el).querySelectorAll(`${dentro} svg title`)].map((x) => x.textContent);
      expect(titulos).to.include('Abrir a lista');
      expect(titulos).to.not.include('Open dropdown');
      // The preview follows: hidden until "Sim" is chosen, shown with it, hidden again with "Não".
      await waitUntil(() => !naPrevia('quantos'), 'quantos some da prévia');
      const radio = (rotulo: string) => raiz(el).getElementById(([...previa(el).querySelectorAll('[data-campo="tem"] label')].find((l) => l.textContent!.trim() === rotulo) as HTMLLabelElement).htmlFor) as HTMLInputElement;
      radio('Sim').click();
      await waitUntil(() => naPrevia('quantos'), 'quantos aparece com "Sim"');
      radio('Não').click();
      await waitUntil(() => !naPrevia('quantos'), 'quantos some com "Não"');
      expect(await violacoesGraves(el)).to.deep.equal([]);
      botao(el, 'Salvar rascunho')!.click();
      await waitUntil(async () => (await apiAdmin('GET', `/modelos/${t.codigo}`)).json.definicao.secoes[0].campos[1].condicao, 'condição salva', { timeout: 10000 });
      expect((await apiAdmin('GET', `/modelos/${t.codigo}`)).json.definicao.secoes[0].campos[1].condicao).to.deep.equal({ juncao: 'todas', criterios: [{ campo: 'tem', operador: 'igual', valor: 'sim' }] });
    } finally {
      await t.limpar();
    }
  });

  it('campo de arquivo: tamanho máximo e tipos aceitos escolhidos numa lista; a prévia diz o que aceita; salvos', async () => {
    const t = await modeloDeTeste({ secoes: [{ id: 's1', titulo: 'Documentos', campos: [{ id: 'rg', tipo: 'arquivo', rotulo: 'Documento de identidade', obrigatorio: true, regras: [] }] }] });
    try {
      const el = await abrirConstrutor(t.codigo);
      const dica = () => previa(el).querySelector('[data-campo="rg"] .fc-dica')!.textContent!.trim();
      expect(dica()).to.equal('Aceita PDF, imagens (PNG, JPEG, GIF, WebP) ou documentos de escritório (Word, Excel, PowerPoint, OpenDocument), até 10 MB.');
      abrirCampo(el, 'rg');
      await esperar(el, '[data-campo-id="rg"] .cf-arquivos-aceitos');
      const dentro = '[data-campo-id="rg"] .cf-arquivos-aceitos';
      const tamanho = campo(el, 'Tamanho máximo (MB)', dentro);
      digitar(tamanho, '500');
      await waitUntil(() => raiz(el).querySelector(dentro)!.textContent!.includes('Informe um número inteiro de 1 a 100.'), 'fora do intervalo');
      expect(tamanho.getAttribute('aria-invalid')).to.equal('true');
      digitar(tamanho, '5');
      const caixa = (rotulo: string) => [...raiz(el).querySelectorAll(`${dentro} label`)].find((l) => l.textContent!.trim().startsWith(rotulo))!.querySelector('input') as HTMLInputElement;
      caixa('documentos de escritório').click();
      caixa('imagens').click();
      // The last kind left cannot be unticked: a file field accepts at least one.
      await waitUntil(() => caixa('PDF').disabled, 'o último tipo fica');
      await waitUntil(() => dica() === 'Aceita PDF, até 5 MB.', 'a prévia acompanha');
      expect((previa(el).querySelector('[data-campo="rg"] input[type="file"]') as HTMLInputElement).accept).to.equal('.pdf,application/pdf');
      caixa('imagens').click();
      await waitUntil(() => !caixa('PDF').disabled && dica() === 'Aceita PDF ou imagens (PNG, JPEG, GIF, WebP), até 5 MB.', 'dois tipos');
      expect(await violacoesGraves(el)).to.deep.equal([]);
      botao(el, 'Salvar rascunho')!.click();
      await waitUntil(async () => (await apiAdmin('GET', `/modelos/${t.codigo}`)).json.definicao.secoes[0].campos[0].arquivo, 'salvo', { timeout: 10000 });
      expect((await apiAdmin('GET', `/modelos/${t.codigo}`)).json.definicao.secoes[0].campos[0].arquivo).to.deep.equal({ tamanhoMaximoMb: 5, tipos: ['pdf', 'imagem'] });
    } finally {
      await t.limpar();
    }
  });

  it('desfazer e refazer; reordenar pelo teclado e arrastando; sair sem salvar pergunta antes', async () => {
    const campos = ['a', 'b', 'c'].map((id) => ({ id, tipo: 'texto', rotulo: id.toUpperCase(), obrigatorio: false, regras: [] }));
    const t = await modeloDeTeste({ secoes: [{ id: 's1', titulo: 'Um', campos }, { id: 's2', titulo: 'Dois', campos: [] }] });
    try {
      const el = await abrirConstrutor(t.codigo);
      expect(rotulosLinhas(el)).to.deep.equal(['A', 'B', 'C']);
      // Keyboard: Alt+↓ moves the focused field and keeps the focus on it.
      const b = linha(el, 'b').querySelector('.cf-rotulo-campo') as HTMLButtonElement;
      b.focus();
      b.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true, composed: true }));
      await waitUntil(() => rotulosLinhas(el).join() === 'A,C,B', 'movido para baixo');
      expect(raiz(el).activeElement?.getAttribute('data-foco')).to.equal('b');
      expect(textoConteudo(el)).to.contain('"B" agora está na posição 3 de 3 da seção "Um".');
      // Its name is what it shows, nothing hidden with a comma (issue 50: "Texto , posição"); its position is its description.
      const botaoB = linha(el, 'b').querySelector('.cf-rotulo-campo') as HTMLButtonElement;
      expect(botaoB.textContent).to.equal('BTexto');
      expect(raiz(el).getElementById(botaoB.getAttribute('aria-describedby')!)?.textContent).to.equal('Posição 3 de 3.');
      // Drag: A onto the empty second section.
      const dt = new DataTransfer();
      linha(el, 'a').querySelector('.cf-alca')!.dispatchEvent(new DragEvent('dragstart', { bubbles: true, composed: true, dataTransfer: dt }));
      const secao2 = raiz(el).querySelectorAll('.cf-secao-editor')[1];
      secao2.dispatchEvent(new DragEvent('dragover', { bubbles: true, composed: true, cancelable: true, dataTransfer: dt }));
      await waitUntil(() => secao2.querySelector('.cf-soltar-antes'), 'marca de soltar');
      secao2.dispatchEvent(new DragEvent('drop', { bubbles: true, composed: true, cancelable: true, dataTransfer: dt }));
      await waitUntil(() => [...secao2.querySelectorAll('.cf-rotulo-texto')].map((n) => n.textContent).join() === 'A', 'arrastado para a seção Dois');
      expect(rotulosLinhas(el)).to.deep.equal(['C', 'B', 'A']);
      // Undo both moves, redo one.
      botao(el, 'Desfazer')!.click();
      await waitUntil(() => rotulosLinhas(el).join() === 'A,C,B', 'desfeito o arraste');
      raiz(el).querySelector('.cf-construtor')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, composed: true }));
      await waitUntil(() => rotulosLinhas(el).join() === 'A,B,C', 'Ctrl+Z');
      expect(textoConteudo(el)).not.to.contain('Alterações não salvas');
      botao(el, 'Refazer')!.click();
      await waitUntil(() => rotulosLinhas(el).join() === 'A,C,B', 'refeito');
      expect(textoConteudo(el)).to.contain('Alterações não salvas');
      // Leaving asks; "stay" keeps the work, "leave" goes.
      el.navigate('/modelos');
      await waitUntil(() => raiz(el).querySelector('.bp6-alert')?.textContent?.includes('Sair sem salvar?'), 'pergunta ao sair');
      ([...raiz(el).querySelectorAll('.bp6-alert button')].find((x) => x.textContent === 'Cancelar') as HTMLButtonElement).click();
      await waitUntil(() => !raiz(el).querySelector('.bp6-alert'), 'ficou');
      expect(titulo(el)).to.equal(`Modelo ${t.codigo}`);
      // Signing out asks too (it used to sign out at once and lose the work).
      (raiz(el).querySelector('[data-testid=sair]') as HTMLButtonElement).click();
      await waitUntil(() => raiz(el).querySelector('.bp6-alert')?.textContent?.includes('Sair sem salvar?'), 'pergunta ao sair da sessão');
      ([...raiz(el).querySelectorAll('.bp6-alert button')].find((x) => x.textContent === 'Cancelar') as HTMLButtonElement).click();
      await waitUntil(() => !raiz(el).querySelector('.bp6-alert'), 'continua na sessão');
      expect(textoConteudo(el)).to.contain('Alterações não salvas');
      el.navigate('/modelos');
      await waitUntil(() => raiz(el).querySelector('.bp6-alert'), 'pergunta de novo');
      ([...raiz(el).querySelectorAll('.bp6-alert button')].find((x) => x.textContent === 'Sair sem salvar') as HTMLButtonElement).click();
      await esperarTitulo(el, 'Modelos de Formulários');
    } finally {
      await t.limpar();
    }
  });

  it('sem UPDATE_MODELO ou arquivado: somente leitura', async () => {
    const t = await modeloDeTeste({ secoes: [{ id: 's', titulo: 'Dados', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: false, regras: [] }] }] });
    try {
      await apiAdmin('POST', `/modelos/${t.codigo}/versoes`);
      await apiAdmin('POST', `/modelos/${t.codigo}/arquivamento`);
      const el = await abrirConstrutor(t.codigo);
      expect(textoConteudo(el)).to.contain('Modelo arquivado');
      expect(botao(el, 'Salvar rascunho')).to.equal(undefined);
      expect(botao(el, 'Adicionar seção')).to.equal(undefined);
      abrirCampo(el, 'nome');
      await waitUntil(() => linha(el, 'nome').classList.contains('cf-selecionado'), 'aberto');
      expect(campo(el, 'Rótulo', '[data-campo-id="nome"]').disabled).to.equal(true);
      botao(el, 'Restaurar')!.click();
      await waitUntil(() => botao(el, 'Salvar rascunho'), 'restaurado');
      expect(raiz(el).querySelector('.cf-cabecalho-modelo [data-codigo]')!.textContent).to.equal('Publicado');
    } finally {
      await t.limpar();
    }
  });
});

describe('integração do modelo no construtor', function () {
  this.timeout(60_000);
  const abrirDados = async (el: HTMLElement) => {
    await waitUntil(() => raiz(el).querySelector('[role=tab][id$=dados]'), 'abas');
    (raiz(el).querySelector('[role=tab][id$=dados]') as HTMLElement).click();
    await waitUntil(() => raiz(el).querySelector('[data-testid=painel-integracao]'), 'painel de integração');
  };

  it('enviar teste: aceito pelo receptor; recusado com o motivo em pt-BR; gerar novo segredo mostra-o uma vez e diz até quando o anterior assina', async () => {
    const el = await montar('designer', { 'initial-path': '/modelos/saude-ouvidoria' });
    await esperarShell(el);
    await abrirDados(el);
    botao(el, 'Enviar teste')!.click();
    await waitUntil(() => raiz(el).querySelector('[data-testid=resultado-teste]'), 'resultado');
    expect(raiz(el).querySelector('[data-testid=resultado-teste]')!.textContent).to.equal('O destino respondeu 200: a entrega de teste foi aceita.');
    expect(raiz(el).querySelector('[data-testid=resultado-teste]')!.classList.contains('bp6-intent-success')).to.equal(true);

    botao(el, 'Gerar novo segredo')!.click();
    await waitUntil(() => [...raiz(el).querySelectorAll('.bp6-alert button')].find((b) => b.textContent === 'Gerar'), 'confirmação');
    ([...raiz(el).querySelectorAll('.bp6-alert button')].find((b) => b.textContent === 'Gerar') as HTMLButtonElement).click();
    await waitUntil(() => raiz(el).querySelector('[data-testid=segredo-dialogo] input'), 'novo segredo');
    expect((raiz(el).querySelector('[data-testid=segredo-dialogo] input') as HTMLInputElement).value).to.match(/^whsec_/);
    botao(el, 'Já guardei')!.click();
    await waitUntil(() => raiz(el).querySelector('[data-testid=painel-integracao]')!.textContent!.includes('O anterior ainda assina junto até'), 'sobreposição');
    expect(await violacoesGraves(el)).to.deep.equal([]);

    const codigo = `teste-dns-${Date.now().toString(36)}`;
    const grupo = (await apiAdmin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
    expect((await apiAdmin('POST', '/modelos', { codigoServico: codigo, nome: 'Destino sem DNS', grupoControleConteudoId: grupo, integracao: { url: 'https://sistema.exemplo.gov.br/recebe' } })).status).to.equal(201);
    try {
      el.navigate(`/modelos/${codigo}`);
      await waitUntil(() => !raiz(el).querySelector('[data-testid=resultado-teste]'), 'outro modelo, sem resultado anterior');
      await abrirDados(el);
      botao(el, 'Enviar teste')!.click();
      await waitUntil(() => raiz(el).querySelector('[data-testid=resultado-teste]'), 'resultado');
      expect(raiz(el).querySelector('[data-testid=resultado-teste]')!.textContent).to.equal('Destino recusado: O nome sistema.exemplo.gov.br não foi encontrado (DNS).');
    } finally {
      await apiAdmin('DELETE', `/modelos/${codigo}`);
    }
  });

  it('um destino interno ou um cabeçalho com quebra de linha: a mensagem do servidor aparece no campo', async () => {
    const el = await montar('designer', { 'initial-path': '/modelos/saude-ouvidoria' });
    await esperarShell(el);
    await abrirDados(el);
    const url = campo(el, 'Endereço (URL) de destino');
    const original = url.value;
    digitar(url, 'https://169.254.169.254/latest/meta-data/');
    botao(el, 'Salvar rascunho')!.click();
    await waitUntil(() => textoConteudo(el).includes('O destino 169.254.169.254 é um endereço link-local'), 'recusa do destino');
    digitar(url, original);
  });

  it('cabeçalhos guardados: só os nomes aparecem; um é trocado escrevendo-o de novo, outro removido; nenhum valor volta à tela', async () => {
    const codigo = `teste-cab-${Date.now().toString(36)}`;
    const grupo = (await apiAdmin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
    expect((await apiAdmin('POST', '/modelos', { codigoServico: codigo, nome: 'Cabeçalhos guardados', grupoControleConteudoId: grupo, integracao: { url: `${DEMO.url}/demo/receptor`, cabecalhos: { Authorization: 'Bearer valor-que-nao-aparece', 'X-Api-Key': 'chave-que-nao-aparece' } } })).status).to.equal(201);
    try {
      const el = await montar('designer', { 'initial-path': `/modelos/${codigo}` });
      await esperarShell(el);
      await abrirDados(el);
      const guardados = () => [...raiz(el).querySelectorAll('.cf-cabecalhos-guardados li code')].map((c) => c.textContent);
      expect(guardados()).to.deep.equal(['Authorization', 'X-Api-Key']);
      expect(raiz(el).querySelector('.cf-cabecalhos-guardados')!.textContent).to.contain('(valor guardado)');
      expect(raiz(el).innerHTML).not.to.contain('nao-aparece');
      expect(campo<HTMLTextAreaElement>(el, 'Cabeçalhos novos ou trocados').value).to.equal('');
      expect(await violacoesGraves(el)).to.deep.equal([]);
      porRotulo(el, 'Remover o cabeçalho X-Api-Key').click();
      await waitUntil(() => guardados().join() === 'Authorization', 'removido da lista');
      // The focus stays in the group: on the next header's button.
      await waitUntil(() => raiz(el).activeElement?.getAttribute('aria-label') === 'Remover o cabeçalho Authorization', 'foco no que resta');
      digitar(campo<HTMLTextAreaElement>(el, 'Cabeçalhos novos ou trocados'), 'authorization: Bearer trocado\nX-Orgao: saude');
      botao(el, 'Salvar rascunho')!.click();
      await waitUntil(() => guardados().join() === 'authorization,X-Orgao', `salvo: ${guardados().join()}`);
      expect(campo<HTMLTextAreaElement>(el, 'Cabeçalhos novos ou trocados').value).to.equal('');
      expect((await apiAdmin('GET', `/modelos/${codigo}`)).json.integracao.cabecalhos).to.deep.equal(['authorization', 'X-Orgao']);
      expect(botao(el, 'Salvar rascunho')).to.not.equal(undefined);
      expect(textoConteudo(el)).not.to.contain('Bearer trocado');
      botao(el, 'Enviar teste')!.click();
      await waitUntil(() => raiz(el).querySelector('[data-testid=resultado-teste]'), 'resultado');
      expect(raiz(el).querySelector('[data-testid=resultado-teste]')!.textContent).to.equal('O destino respondeu 200: a entrega de teste foi aceita.');
    } finally {
      await apiAdmin('DELETE', `/modelos/${codigo}`);
    }
  });
});

