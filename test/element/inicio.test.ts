import { expect } from '@open-wc/testing';
import { DEMO, desmontarTodos, esperar, esperarShell, esperarTitulo, montar, textosMenu, toasts, violacoesGraves, waitUntil } from './apoio';

afterEach(desmontarTodos);

describe('chamadas de início (SPEC.md seção 8)', () => {
  it('erro HTTP: toast fechável no grupo de erros com a mensagem de suporte; fica na página, sem administrador', async () => {
    // The test runner's own server answers 404 to /api/...: an HTTP error.
    const el = await montar('admin', { 'api-url': DEMO.origemTestes });
    await esperar(el, '[data-testid=menu]');
    await waitUntil(() => toasts(el, 'mensagens-erro').length === 1, 'toast no grupo mensagens-erro');
    expect(toasts(el, 'mensagens-erro')[0]).to.equal('ErroNão foi possível buscar informações básicas de usuário: contate o suporte');
    const toast = el.shadowRoot!.querySelector('.cf-toasts-mensagens-erro .bp6-toast')!;
    expect(toast.classList.contains('bp6-intent-danger')).to.equal(true);
    expect(toast.querySelector('button[aria-label], .bp6-button')).to.not.equal(null, 'closable');
    expect(textosMenu(el)).to.deep.equal(['Página Inicial']);
    expect(el.shadowRoot!.querySelector('.cf-usuario-admin')).to.equal(null);
    await esperarTitulo(el, 'Olá, Ana!');
  });

  it('falha sem resposta HTTP: toast com o texto da própria falha', async () => {
    const el = await montar('gestor', { 'api-url': 'http://127.0.0.1:9' });
    await esperar(el, '[data-testid=menu]');
    await waitUntil(() => toasts(el, 'mensagens-erro').length === 1, 'toast no grupo mensagens-erro');
    expect(toasts(el, 'mensagens-erro')[0]).to.equal('ErroFailed to fetch');
    await esperarTitulo(el, 'Olá, Gabriela!');
  });

  it('o toast fecha quando o usuário fecha', async () => {
    const el = await montar('admin', { 'api-url': DEMO.origemTestes });
    await waitUntil(() => toasts(el, 'mensagens-erro').length === 1, 'toast');
    (el.shadowRoot!.querySelector('.cf-toasts-mensagens-erro .bp6-toast .bp6-button') as HTMLButtonElement).click();
    await waitUntil(() => toasts(el, 'mensagens-erro').length === 0, 'toast fechado');
  });
});

describe('provedor de identidade inacessível', () => {
  it('mostra /erro-rede com botão para tentar entrar de novo, e o botão Entrar no topo', async () => {
    const el = await montar(null, { 'keycloak-url': 'http://127.0.0.1:9', 'initial-path': '/formularios' });
    await esperarTitulo(el, 'O servidor não respondeu a requisição.');
    expect(el.shadowRoot!.querySelector('.cf-erro-texto')!.textContent).to.equal('Por favor, tente novamente mais tarde.');
    expect(el.shadowRoot!.querySelector('[data-testid=tentar-entrar]')!.textContent).to.equal('Tentar entrar novamente');
    expect(el.shadowRoot!.querySelector('[data-testid=entrar]')!.textContent).to.equal('Entrar');
    expect(textosMenu(el)).to.deep.equal(['Página Inicial']);
    // Still unreachable: trying again says so instead of leaving the page for a browser error.
    (el.shadowRoot!.querySelector('[data-testid=entrar]') as HTMLButtonElement).click();
    await waitUntil(() => toasts(el, 'mensagens-erro').length === 1, 'toast de rede');
    expect(toasts(el, 'mensagens-erro')[0]).to.equal('O servidor não respondeu a requisição.Por favor, tente novamente mais tarde.');
  });
});

describe('isolamento do host', () => {
  it('o CSS agressivo da página não entra no console, e o console não muda a página', async () => {
    const estilo = document.createElement('style');
    estilo.textContent = '* { font: 20px serif !important; box-sizing: content-box !important; color: rgb(0, 128, 0) !important } button { background: red !important } .bp6-button, .cf-raiz { display: none !important }';
    document.head.append(estilo);
    const botaoHost = document.createElement('button');
    botaoHost.textContent = 'do portal';
    document.body.append(botaoHost);
    try {
      const el = await montar('admin');
      await esperarShell(el);
      const item = el.shadowRoot!.querySelector('[data-testid=menu] .bp6-menu-item') as HTMLElement;
      const cs = getComputedStyle(item);
      expect(cs.fontSize).to.equal('14px');
      expect(cs.fontFamily).to.not.match(/^serif$/);
      expect(cs.color).to.not.equal('rgb(0, 128, 0)');
      const sair = el.shadowRoot!.querySelector('[data-testid=sair]') as HTMLElement;
      expect(getComputedStyle(sair).display).to.not.equal('none');
      expect(getComputedStyle(sair).backgroundColor).to.not.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(botaoHost).backgroundColor).to.equal('rgb(255, 0, 0)', 'host page keeps its own rules');
      expect(document.querySelectorAll('style').length).to.equal(1, 'the element adds no <style> to the page');
      expect(document.adoptedStyleSheets.length).to.equal(0, 'nor adopts sheets on the document');
    } finally {
      estilo.remove();
      botaoHost.remove();
    }
  });
});

describe('acessibilidade (axe-core)', () => {
  it('página inicial, menu e topo sem violações sérias', async () => {
    const el = await montar('admin', { environment: 'Homologação' });
    await esperarShell(el);
    await esperarTitulo(el, 'Olá, Ana!');
    expect(await violacoesGraves(el)).to.deep.equal([]);
  });

  it('páginas de erro sem violações sérias', async () => {
    const el = await montar('gestor');
    await esperarShell(el);
    for (const [c, t] of [['/403', 'Acesso negado'], ['/erro-rede', 'O servidor não respondeu a requisição.']]) {
      el.navigate(c);
      await esperarTitulo(el, t);
      expect(await violacoesGraves(el)).to.deep.equal([]);
    }
  });

  it('todo controle do topo e do menu é alcançável pelo teclado', async () => {
    const el = await montar('admin');
    await esperarShell(el);
    const focaveis = [...el.shadowRoot!.querySelectorAll('.cf-topo button, [data-testid=menu] .bp6-menu-item, .cf-rodape a')] as HTMLElement[];
    expect(focaveis.length).to.be.greaterThan(12);
    for (const f of focaveis) expect(f.tabIndex, f.textContent ?? '').to.be.at.least(0);
  });
});
