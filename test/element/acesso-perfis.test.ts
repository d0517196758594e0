import { expect } from '@open-wc/testing';
import { apiAdmin, botao, desmontarTodos, digitar, esperarShell, esperarTitulo, linhasTabela, montar, porRotulo, textoConteudo, toasts, violacoesGraves, waitUntil } from './apoio';

/** /perfis-acesso against the real API of the demo server. */
afterEach(desmontarTodos);

const api = apiAdmin;
const linhas = linhasTabela;
const escolher = porRotulo;
const texto = textoConteudo;

async function abrirLista(usuario = 'admin') {
  const el = await montar(usuario, { 'initial-path': '/perfis-acesso' });
  await esperarShell(el);
  await esperarTitulo(el, 'Perfil de Acesso');
  await waitUntil(() => linhas(el).length > 0, 'linhas da tabela');
  return el;
}

describe('perfis de acesso', () => {
  it('lista paginada no servidor, com total, ordenação, busca e estado vazio', async () => {
    const el = await abrirLista();
    expect(linhas(el)).to.deep.equal(['Administrador', 'Analista', 'Auditor', 'Designer de formulários', 'Gestor', 'Operador de integração', 'Suporte']);
    expect(el.shadowRoot!.querySelector('[data-testid=total]')!.textContent).to.equal('7 registros');
    expect(el.shadowRoot!.querySelector('tbody tr td:nth-child(5)')!.textContent).to.match(/^\d{2}\/\d{2}\/\d{2}$/);
    expect(await violacoesGraves(el)).to.deep.equal([]);
    escolher(el, 'Ordenar por Nome').click();
    escolher(el, 'Ordenar por Nome').click();
    await waitUntil(() => linhas(el)[0] === 'Suporte', 'nome desc');
    digitar(escolher(el, 'Buscar perfis por nome ou descrição') as HTMLInputElement, 'gestor');
    await waitUntil(() => linhas(el).join() === 'Gestor', 'busca');
    digitar(escolher(el, 'Buscar perfis por nome ou descrição') as HTMLInputElement, 'zzzz');
    await waitUntil(() => texto(el).includes('Nenhum registro encontrado.'), 'vazio');
    expect(texto(el)).to.contain('crie um novo perfil');
  });

  it('criar: mensagens ao enviar, erro de campo do servidor, sucesso volta à lista', async () => {
    const el = await abrirLista();
    botao(el, 'Novo perfil')!.click();
    await esperarTitulo(el, 'Novo perfil de acesso');
    await waitUntil(() => botao(el, 'Salvar'), 'formulário');
    botao(el, 'Salvar')!.click();
    await waitUntil(() => texto(el).includes('Este campo é obrigatório.'), 'obrigatório');
    expect(await violacoesGraves(el)).to.deep.equal([]);
    const nome = el.shadowRoot!.querySelector('input[name=nome]') as HTMLInputElement;
    digitar(nome, 'Gestor');
    botao(el, 'Salvar')!.click();
    await waitUntil(() => texto(el).includes('Já existe um perfil de acesso com este nome.'), 'erro do servidor no campo');
    digitar(nome, 'Leitor de eventos (teste)');
    (el.shadowRoot!.querySelector('input[data-permissao=READ_FORMULARIO_EVENTO], [data-permissao=READ_FORMULARIO_EVENTO] input') as HTMLInputElement).click();
    botao(el, 'Salvar')!.click();
    await esperarTitulo(el, 'Perfil de Acesso');
    await waitUntil(() => toasts(el).some((t) => t.includes('O perfil "Leitor de eventos (teste)" foi salvo.')), 'toast de sucesso');
    const criado = (await api('GET', '/perfis-acesso?texto=Leitor%20de%20eventos')).json[0];
    expect(criado.permissoes).to.deep.equal(['READ_FORMULARIO_EVENTO']);
    await api('DELETE', `/perfis-acesso/${criado.id}`);
  });

  it('409: outra pessoa salvou antes; recarregar mantém o que foi digitado', async () => {
    const { json: p } = await api('POST', '/perfis-acesso', { nome: 'Concorrência (teste)', permissoes: [] });
    try {
      const el = await montar('admin', { 'initial-path': `/perfis-acesso/${p.id}` });
      await esperarShell(el);
      await waitUntil(() => el.shadowRoot!.querySelector('input[name=nome]'), 'formulário');
      const nome = el.shadowRoot!.querySelector('input[name=nome]') as HTMLInputElement;
      expect(nome.value).to.equal('Concorrência (teste)');
      await api('PUT', `/perfis-acesso/${p.id}`, { nome: 'Concorrência (outra pessoa)', permissoes: [], versao: 1 });
      digitar(nome, 'Concorrência (minha versão)');
      botao(el, 'Salvar')!.click();
      await waitUntil(() => texto(el).includes('Outra pessoa alterou este perfil'), 'aviso de conflito');
      botao(el, 'Carregar a versão atual')!.click();
      await waitUntil(() => !texto(el).includes('Outra pessoa alterou este perfil'), 'versão carregada');
      expect(nome.value).to.equal('Concorrência (minha versão)');
      botao(el, 'Salvar')!.click();
      await esperarTitulo(el, 'Perfil de Acesso');
      expect((await api('GET', `/perfis-acesso/${p.id}`)).json.nome).to.equal('Concorrência (minha versão)');
    } finally {
      await api('DELETE', `/perfis-acesso/${p.id}`);
    }
  });

  it('excluir pede confirmação nomeando o perfil; perfil em uso é recusado dizendo quem o usa', async () => {
    const el = await abrirLista();
    escolher(el, 'Excluir o perfil Gestor').click();
    await waitUntil(() => el.shadowRoot!.querySelector('.bp6-alert'), 'confirmação');
    expect(el.shadowRoot!.querySelector('.bp6-alert')!.textContent).to.contain('O perfil "Gestor" será excluído.');
    botao(el, 'Excluir')!.click();
    await waitUntil(() => toasts(el).some((t) => t.includes('está vinculado a 1 usuário: gestor')), 'recusa');
    expect(linhas(el)).to.include('Gestor');
  });

  it('sem permissão de criar, alterar ou excluir, as ações não são oferecidas', async () => {
    const { json: perfil } = await api('POST', '/perfis-acesso', { nome: 'Só leitura (teste)', permissoes: ['READ_PERFIL_ACESSO', 'READ_GRUPO_ACESSO_PUBLICO', 'CREATE_GRUPO_ACESSO_PUBLICO'] });
    await api('POST', '/vinculos-usuarios', { username: 'visitante', nome: 'Vera Visitante Nunes', email: 'visitante@demo.gov.br', perfis: [perfil.id] });
    try {
      const el = await abrirLista('visitante');
      expect(botao(el, 'Novo perfil')).to.equal(undefined);
      expect(el.shadowRoot!.querySelector('[aria-label^="Excluir o perfil"]')).to.equal(null);
      (el.shadowRoot!.querySelector('.cf-tabela-dados tbody tr') as HTMLElement).click();
      await waitUntil(() => el.shadowRoot!.querySelector('input[name=nome]'), 'formulário');
      expect((el.shadowRoot!.querySelector('input[name=nome]') as HTMLInputElement).disabled).to.equal(true);
      expect(botao(el, 'Salvar')).to.equal(undefined);
      expect(botao(el, 'Voltar')).to.not.equal(undefined);
      el.navigate('/perfis-acesso/novo');
      await esperarTitulo(el, 'Acesso negado');
    } finally {
      await api('DELETE', '/vinculos-usuarios/visitante');
      await api('DELETE', `/perfis-acesso/${perfil.id}`);
    }
  });
});
