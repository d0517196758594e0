import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { apiAdmin, botao, desmontarTodos, digitar, esperarShell, esperarTitulo, linhasTabela, montar, porRotulo, violacoesGraves } from './apoio';

/** /vinculos-usuarios/busca: search, the link in a drawer (linkable), effective permissions and why. */
afterEach(desmontarTodos);

const gaveta = (el: HTMLElement) => el.shadowRoot!.querySelector('.bp6-drawer') as HTMLElement | null;
const linhaMenu = (el: HTMLElement, entrada: string) => [...gaveta(el)!.querySelectorAll(`tr[data-entrada="${entrada}"] td`)].map((td) => td.textContent!.trim());

describe('vínculos de usuários', () => {
  it('busca por nome e abre o vínculo numa gaveta endereçável, com permissões efetivas e o porquê de cada entrada', async () => {
    const el = await montar('admin', { 'initial-path': '/vinculos-usuarios/busca' });
    await esperarShell(el);
    await esperarTitulo(el, 'Vínculos de Usuários');
    await waitUntil(() => linhasTabela(el).length === 6, 'seis vínculos');
    digitar(porRotulo(el, 'Buscar por nome, usuário ou e-mail') as HTMLInputElement, 'gestora');
    await waitUntil(() => linhasTabela(el).join() === 'Gabriela Gestora Almeida', 'busca');
    const navegou = oneEvent(el, 'navigated');
    (el.shadowRoot!.querySelector('.cf-tabela-dados tbody tr') as HTMLElement).click();
    expect(((await navegou) as CustomEvent<{ path: string }>).detail.path).to.equal('/vinculos-usuarios/busca?usuario=gestor');
    await waitUntil(() => gaveta(el)?.querySelector('[data-testid=permissoes-efetivas]'), 'gaveta');
    expect(gaveta(el)!.querySelector('[data-testid=permissoes-efetivas]')!.textContent).to.equal('READ_FORMULARIOREAD_FORMULARIO_EVENTO');
    expect(linhaMenu(el, 'formularios')).to.deep.equal(['Formulários Preenchidos', 'Sim', 'Visível.']);
    expect(linhaMenu(el, 'modelos')).to.deep.equal(['Modelos de Formulários', 'Não', 'Falta uma destas permissões: READ_MODELO.']);
    expect(await violacoesGraves(el)).to.deep.equal([]);
  });

  it('link direto; mudar os perfis mostra na hora o que muda no menu; salvar grava', async () => {
    const el = await montar('admin', { 'initial-path': '/vinculos-usuarios/busca?usuario=operador' });
    await esperarShell(el);
    await waitUntil(() => gaveta(el)?.querySelector('[data-testid=permissoes-efetivas]'), 'gaveta');
    expect(linhaMenu(el, 'retentativas-integracao')[1]).to.equal('Não');
    expect(linhaMenu(el, 'retentativas-integracao')[2]).to.match(/^Falta algum destes pares completos/);
    (gaveta(el)!.querySelector('input[data-perfil="Suporte"]') as HTMLInputElement).click();
    await waitUntil(() => linhaMenu(el, 'retentativas-integracao')[1] === 'Sim', 'par completo');
    try {
      botao(el, 'Salvar')!.click();
      await waitUntil(() => !gaveta(el), 'gaveta fechada');
      const v = (await apiAdmin('GET', '/vinculos-usuarios/operador')).json;
      expect(v.perfis.map((p: { nome: string }) => p.nome)).to.deep.equal(['Operador de integração', 'Suporte']);
    } finally {
      const v = (await apiAdmin('GET', '/vinculos-usuarios/operador')).json;
      await apiAdmin('PUT', '/vinculos-usuarios/operador', { nome: v.nome, email: v.email, administrador: false, perfis: [6], grupos: v.grupos.map((g: { id: number }) => g.id), versao: v.versao });
    }
  });

  it('novo vínculo: validação do e-mail, gravado com perfis e grupos', async () => {
    const el = await montar('admin', { 'initial-path': '/vinculos-usuarios/busca' });
    await esperarShell(el);
    await waitUntil(() => botao(el, 'Novo vínculo'), 'botão novo');
    botao(el, 'Novo vínculo')!.click();
    await waitUntil(() => gaveta(el)?.querySelector('input[name=username]'), 'formulário novo');
    const g = gaveta(el)!;
    digitar(g.querySelector('input[name=username]') as HTMLInputElement, 'visitante');
    digitar(g.querySelector('input[name=nome]') as HTMLInputElement, 'Vera Visitante Nunes');
    digitar(g.querySelector('input[name=email]') as HTMLInputElement, 'vera@');
    await waitUntil(() => g.textContent!.includes('Este campo deve ser um endereço de e-mail válido.'), 'e-mail');
    digitar(g.querySelector('input[name=email]') as HTMLInputElement, 'visitante@demo.gov.br');
    (g.querySelector('input[data-perfil="Auditor"]') as HTMLInputElement).click();
    (g.querySelector('input[data-grupo="Educação"]') as HTMLInputElement).click();
    botao(el, 'Salvar')!.click();
    await waitUntil(() => !gaveta(el), 'gaveta fechada');
    try {
      const v = (await apiAdmin('GET', '/vinculos-usuarios/visitante')).json;
      expect([v.perfis.map((p: { nome: string }) => p.nome), v.grupos.map((x: { nome: string }) => x.nome), v.concedidoPor]).to.deep.equal([['Auditor'], ['Educação'], 'admin']);
    } finally {
      await apiAdmin('DELETE', '/vinculos-usuarios/visitante');
    }
  });
});
