import { expect, oneEvent } from '@open-wc/testing';
import { apiAdmin, botao, desmontarTodos, digitar, esperarShell, esperarTitulo, linhasTabela, montar, porRotulo, violacoesGraves, waitUntil } from './apoio';

/** /vinculos-usuarios/busca: search, the link in a drawer (linkable), effective permissions and why. */
afterEach(desmontarTodos);

const gaveta = (el: HTMLElement) => el.shadowRoot!.querySelector('.bp6-drawer') as HTMLElement | null;
const linhaMenu = (el: HTMLElement, entrada: string) => [...gaveta(el)!.querySelectorAll(`tr[data-entrada="${entrada}"] td`)].map((td) => td.textContent!.trim());

describe('vínculos de usuários', () => {
  it('busca por nome e abre o vínculo numa gaveta endereçável, com permissões efetivas e o porquê de cada entrada', async () => {
    const el = await montar('admin', { 'initial-path': '/vinculos-usuarios/busca' });
    await esperarShell(el);
    await esperarTitulo(el, 'Vínculos de Usuários');
    await waitUntil(() => linhasTabela(el).length === 7, 'sete vínculos (a analista, issue 46)');
    digitar(porRotulo(el, 'Buscar por nome, usuário ou e-mail') as HTMLInputElement, 'gestora');
    await waitUntil(() => linhasTabela(el).join() === 'Gabriela Gestora Almeida', 'busca');
    const navegou = oneEvent(el, 'navigated');
    (el.shadowRoot!.querySelector('.cf-tabela-dados tbody tr') as HTMLElement).click();
    expect(((await navegou) as CustomEvent<{ path: string }>).detail.path).to.equal('/vinculos-usuarios/busca?usuario=gestor');
    await waitUntil(() => gaveta(el)?.querySelector('[data-testid=permissoes-efetivas]'), 'gaveta');
    expect(gaveta(el)!.querySelector('[data-testid=permissoes-efetivas]')!.textContent).to.equal('READ_FORMULARIOREAD_FORMULARIO_EVENTO');
    expect(linhaMenu(el, 'formularios')).to.deep.equal(['Formulários Preenchidos', 'Sim', 'Visível.']);
    expect(linhaMenu(el, 'modelos')).to.deep.equal(['Modelos de Formulários', 'Não', 'O grupo Modelagem só aparece com a permissão: Consultar modelos de formulários (READ_MODELO).']);
    expect(await violacoesGraves(el)).to.deep.equal([]);
  });

  it('link direto; mudar os perfis mostra na hora o que muda no menu; salvar grava', async () => {
    const el = await montar('admin', { 'initial-path': '/vinculos-usuarios/busca?usuario=operador' });
    await esperarShell(el);
    await waitUntil(() => gaveta(el)?.querySelector('[data-testid=permissoes-efetivas]'), 'gaveta');
    expect(linhaMenu(el, 'retentativas-integracao')[1]).to.equal('Não');
    expect(linhaMenu(el, 'retentativas-integracao')[2]).to.match(/^O grupo Administração só aparece com um par completo de permissões de administração\. Ter READ_RETENTATIVA_INTEGRACAO sozinha não basta\. Falta Criar perfis de acesso \(CREATE_PERFIL_ACESSO\)/);
    (gaveta(el)!.querySelector('input[data-perfil="Suporte"]') as HTMLInputElement).click();
    await waitUntil(() => linhaMenu(el, 'retentativas-integracao')[1] === 'Sim', 'par completo');
    try {
      botao(el, 'Salvar')!.click();
      await waitUntil(() => !gaveta(el), 'gaveta fechada');
      const v = (await apiAdmin('GET', '/vinculos-usuarios/operador')).json;
      expect(v.perfis.map((p: { nome: string }) => p.nome)).to.deep.equal(['Operador de integração', 'Suporte']);
      // The change is in the access audit trail: in the link's own history, and in the whole trail.
      const navegou = oneEvent(el, 'navigated');
      el.navigate('/vinculos-usuarios/busca?usuario=operador');
      await navegou;
      await waitUntil(() => gaveta(el)?.querySelector('[data-testid=historico-vinculo] .cf-mudancas'), 'histórico do vínculo');
      const historico = gaveta(el)!.querySelector('[data-testid=historico-vinculo] tbody tr')!.textContent!;
      expect(historico).to.contain('admin').and.contain('Vínculo de usuário — alterado').and.contain('Perfis: + Suporte');
      el.navigate('/vinculos-usuarios/busca');
      await waitUntil(() => !gaveta(el) && botao(el, 'Trilha de auditoria'), 'botão da trilha');
      botao(el, 'Trilha de auditoria')!.click();
      await waitUntil(() => gaveta(el)?.querySelector('.cf-mudancas'), 'trilha');
      expect(gaveta(el)!.querySelector('.bp6-drawer-header')!.textContent).to.contain('Trilha de auditoria de acesso');
      expect(gaveta(el)!.querySelector('tbody')!.textContent).to.contain('Perfis: + Suporte');
      expect(await violacoesGraves(el)).to.deep.equal([]);
    } finally {
      const v = (await apiAdmin('GET', '/vinculos-usuarios/operador')).json;
      await apiAdmin('PUT', '/vinculos-usuarios/operador', { nome: v.nome, email: v.email, administrador: false, perfis: v.perfis.filter((p: { nome: string }) => p.nome === 'Operador de integração').map((p: { id: number }) => p.id), grupos: v.grupos.map((g: { id: number }) => g.id), versao: v.versao });
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

  it('quem administra acessos sem ser administrador: o próprio vínculo e o de um administrador só para leitura; só oferece o que pode conceder', async () => {
    const perfil = (await apiAdmin('POST', '/perfis-acesso', { nome: 'Delegação (teste)', permissoes: ['READ_VINCULOS_USUARIO', 'UPDATE_VINCULOS_USUARIO', 'READ_PERFIL_ACESSO', 'READ_GRUPO_CONTROLE_CONTEUDO', 'READ_RETENTATIVA_INTEGRACAO'] })).json;
    const antes = (await apiAdmin('GET', '/vinculos-usuarios/suporte')).json;
    const comPerfis = (perfis: number[], versao: number) => apiAdmin('PUT', '/vinculos-usuarios/suporte', { nome: antes.nome, email: antes.email, administrador: false, perfis, grupos: antes.grupos.map((g: { id: number }) => g.id), versao });
    await comPerfis([...antes.perfis.map((p: { id: number }) => p.id), perfil.id], antes.versao);
    try {
      const el = await montar('suporte', { 'initial-path': '/vinculos-usuarios/busca?usuario=suporte' });
      await esperarShell(el);
      await waitUntil(() => gaveta(el)?.querySelector('[data-testid=vinculo-bloqueado]'), 'próprio vínculo');
      expect(gaveta(el)!.querySelector('[data-testid=vinculo-bloqueado]')!.textContent).to.contain('Você não pode alterar o seu próprio vínculo');
      expect(botao(el, 'Salvar')).to.equal(undefined);
      expect(gaveta(el)!.querySelector('[data-testid=historico-vinculo]'), 'no audit trail for a non-administrator').to.equal(null);

      el.navigate('/vinculos-usuarios/busca?usuario=admin');
      await waitUntil(() => gaveta(el)?.querySelector('[data-testid=vinculo-bloqueado]')?.textContent?.includes('vínculo de um administrador'), 'vínculo de administrador');

      el.navigate('/vinculos-usuarios/busca?usuario=auditor');
      await waitUntil(() => gaveta(el)?.querySelector('input[data-perfil="Auditor"]') && !gaveta(el)!.querySelector('[data-testid=vinculo-bloqueado]'), 'vínculo do auditor');
      const g = gaveta(el)!;
      const desligado = (seletor: string) => (g.querySelector(seletor) as HTMLInputElement).disabled;
      expect(desligado('input[data-perfil="Administrador"]'), 'a profile with permissions suporte lacks').to.equal(true);
      expect(desligado('input[data-perfil="Auditor"]'), 'READ_FORMULARIO_EVENTO: suporte lacks it').to.equal(true);
      expect(desligado('input[data-perfil="Suporte"]'), 'within what suporte holds').to.equal(false);
      expect(desligado('input[data-grupo="Educação"]'), 'a group suporte is not in').to.equal(true);
      expect(desligado('input[data-grupo="Tributos"]')).to.equal(false);
      expect((g.querySelector('.bp6-switch input') as HTMLInputElement).disabled, 'administrator flag').to.equal(true);
      expect(g.textContent).to.contain('Só um administrador concede o papel de administrador.');
      expect(botao(el, 'Trilha de auditoria')).to.equal(undefined);
      expect(await violacoesGraves(el)).to.deep.equal([]);
    } finally {
      const v = (await apiAdmin('GET', '/vinculos-usuarios/suporte')).json;
      await comPerfis(antes.perfis.map((p: { id: number }) => p.id), v.versao);
      await apiAdmin('DELETE', `/perfis-acesso/${perfil.id}`);
    }
  });
});
