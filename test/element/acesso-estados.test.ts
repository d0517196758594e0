import { expect } from '@open-wc/testing';
import { apiAdmin, botao, desmontarTodos, digitar, esperarShell, esperarTitulo, linhasTabela, montar, porRotulo, textoConteudo, toasts, violacoesGraves, waitUntil } from './apoio';

/** The states every access-administration page must show, page by page. */
afterEach(desmontarTodos);

interface Pagina {
  caminho: string;
  titulo: string;
  busca: string;
  primeiroAZ: string;
  ultimoAZ: string;
  novo: string;
  leitura: string;
  api: string;
  /** Opens an item and gives the form's container (page or drawer). */
  abrirForm?: boolean;
}

const PAGINAS: Pagina[] = [
  { caminho: '/grupos-controle-conteudo', titulo: 'Grupos de Controle de Conteúdo', busca: 'Buscar grupos por nome ou descrição', primeiroAZ: 'Educação', ultimoAZ: 'Tributos', novo: 'Novo grupo de controle de conteúdo', leitura: 'READ_GRUPO_CONTROLE_CONTEUDO', api: '/grupos-controle-conteudo', abrirForm: true },
  { caminho: '/grupos-acesso-publico', titulo: 'Grupos de Acesso Público', busca: 'Buscar grupos por nome ou descrição', primeiroAZ: 'Beneficiários do programa Remédio em Casa', ultimoAZ: 'Servidores da educação', novo: 'Novo grupo de acesso público', leitura: 'READ_GRUPO_ACESSO_PUBLICO', api: '/grupos-acesso-publico', abrirForm: true },
  { caminho: '/vinculos-usuarios/busca', titulo: 'Vínculos de Usuários', busca: 'Buscar por nome, usuário ou e-mail', primeiroAZ: 'Ana Administradora Lima', ultimoAZ: 'Sofia Suporte Ribeiro', novo: 'Novo vínculo', leitura: 'READ_VINCULOS_USUARIO', api: '/vinculos-usuarios' },
];

async function abrir(caminho: string, titulo: string, usuario = 'admin') {
  const el = await montar(usuario, { 'initial-path': caminho });
  await esperarShell(el);
  await esperarTitulo(el, titulo);
  await waitUntil(() => linhasTabela(el).length > 0, 'linhas');
  return el;
}

for (const pg of PAGINAS) {
  describe(`estados de ${pg.caminho}`, () => {
    it('ordena pelo cabeçalho, fica vazio dizendo o que fazer, e guarda a busca ao abrir um item e voltar', async () => {
      const el = await abrir(pg.caminho, pg.titulo);
      expect(linhasTabela(el)[0]).to.equal(pg.primeiroAZ);
      expect(await violacoesGraves(el)).to.deep.equal([]);
      porRotulo(el, 'Ordenar por Nome').click();
      porRotulo(el, 'Ordenar por Nome').click();
      await waitUntil(() => linhasTabela(el)[0] === pg.ultimoAZ, 'decrescente');
      digitar(porRotulo(el, pg.busca) as HTMLInputElement, 'zzzz');
      await waitUntil(() => textoConteudo(el).includes('Nenhum registro encontrado.'), 'vazio');
      expect(textoConteudo(el)).to.contain(`crie um novo`);
      digitar(porRotulo(el, pg.busca) as HTMLInputElement, pg.ultimoAZ.slice(0, 5));
      await waitUntil(() => linhasTabela(el).join() === pg.ultimoAZ, 'busca');
      if (pg.abrirForm) {
        (el.shadowRoot!.querySelector('.cf-tabela-dados tbody tr') as HTMLElement).click();
        await waitUntil(() => botao(el, 'Cancelar'), 'formulário');
        expect(await violacoesGraves(el)).to.deep.equal([]);
        botao(el, 'Cancelar')!.click();
        await esperarTitulo(el, pg.titulo);
        await waitUntil(() => linhasTabela(el).join() === pg.ultimoAZ, 'busca mantida');
        expect((porRotulo(el, pg.busca) as HTMLInputElement).value).to.equal(pg.ultimoAZ.slice(0, 5));
      }
    });

    it('sem permissão de criar, alterar ou excluir, nada disso é oferecido', async () => {
      const { json: perfil } = await apiAdmin('POST', '/perfis-acesso', { nome: `Leitura ${pg.api} (teste)`, permissoes: [pg.leitura, 'READ_PERFIL_ACESSO', 'CREATE_PERFIL_ACESSO'] });
      await apiAdmin('POST', '/vinculos-usuarios', { username: 'visitante', nome: 'Vera Visitante Nunes', email: 'visitante@demo.gov.br', perfis: [perfil.id] });
      try {
        const el = await abrir(pg.caminho, pg.titulo, 'visitante');
        expect(botao(el, pg.novo)).to.equal(undefined);
        expect(el.shadowRoot!.querySelector('[aria-label^="Excluir o"]')).to.equal(null);
        (el.shadowRoot!.querySelector('.cf-tabela-dados tbody tr') as HTMLElement).click();
        await waitUntil(() => botao(el, 'Voltar'), 'ficha só de leitura');
        expect(botao(el, 'Salvar')).to.equal(undefined);
        expect((el.shadowRoot!.querySelector('input[name=nome]') as HTMLInputElement).disabled).to.equal(true);
      } finally {
        await apiAdmin('DELETE', '/vinculos-usuarios/visitante');
        await apiAdmin('DELETE', `/perfis-acesso/${perfil.id}`);
      }
    });
  });
}

describe('formulários de grupo', () => {
  it('mensagens ao enviar, erro de campo do servidor (nome repetido) e 409 mantendo o que foi digitado', async () => {
    const el = await abrir('/grupos-controle-conteudo', 'Grupos de Controle de Conteúdo');
    botao(el, 'Novo grupo de controle de conteúdo')!.click();
    await waitUntil(() => botao(el, 'Salvar'), 'formulário');
    botao(el, 'Salvar')!.click();
    await waitUntil(() => textoConteudo(el).includes('Este campo é obrigatório.'), 'obrigatório');
    digitar(el.shadowRoot!.querySelector('input[name=nome]') as HTMLInputElement, 'saúde');
    botao(el, 'Salvar')!.click();
    await waitUntil(() => textoConteudo(el).includes('Já existe um grupo de controle de conteúdo com este nome.'), 'nome repetido');
    const { json: g } = await apiAdmin('POST', '/grupos-controle-conteudo', { nome: 'Conflito (teste)' });
    try {
      el.navigate(`/grupos-controle-conteudo/${g.id}`);
      await waitUntil(() => (el.shadowRoot!.querySelector('input[name=nome]') as HTMLInputElement | null)?.value === 'Conflito (teste)', 'edição');
      await apiAdmin('PUT', `/grupos-controle-conteudo/${g.id}`, { nome: 'Conflito (outra pessoa)', versao: g.versao });
      digitar(el.shadowRoot!.querySelector('textarea[name=descricao]') as unknown as HTMLTextAreaElement, 'minha descrição');
      botao(el, 'Salvar')!.click();
      await waitUntil(() => textoConteudo(el).includes('Outra pessoa alterou este grupo'), '409');
      botao(el, 'Carregar a versão atual')!.click();
      await waitUntil(() => toasts(el).some((t) => t.includes('O que você digitou foi mantido.')), 'recarregado');
      expect((el.shadowRoot!.querySelector('textarea[name=descricao]') as HTMLTextAreaElement).value).to.equal('minha descrição');
    } finally {
      await apiAdmin('DELETE', `/grupos-controle-conteudo/${g.id}`);
    }
  });
});
