import { expect, oneEvent } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { cabecalhosMenu, desmontarTodos, esperar, esperarShell, esperarTitulo, montar, textosMenu, waitUntil } from './apoio';
import { MENUS_DEMO as MENUS } from '../apoio/menus';

afterEach(desmontarTodos);


describe('shell por conjunto de permissões', () => {
  it('administrador: todos os grupos, cabeçalhos e nome em vermelho', async () => {
    const el = await montar('admin', { environment: 'Homologação' });
    await esperarShell(el);
    expect(textosMenu(el)).to.deep.equal(MENUS.admin);
    expect(cabecalhosMenu(el)).to.deep.equal(['Modelagem', 'Gestão', 'Administração']);
    const nome = el.shadowRoot!.querySelector('[data-testid=nome-usuario]') as HTMLElement;
    expect(nome.textContent).to.equal('Ana');
    expect(getComputedStyle(nome).color).to.equal('rgb(172, 47, 51)');
    expect(el.shadowRoot!.querySelector('.cf-sigla')!.textContent).to.equal('CFORM');
    expect(el.shadowRoot!.querySelector('.cf-ambiente')!.textContent).to.equal('Homologação');
    expect(el.shadowRoot!.querySelector('[data-testid=sair]')!.textContent).to.equal('Sair');
    await esperarTitulo(el, 'Olá, Ana!');
  });

  for (const u of ['designer', 'auditor', 'operador', 'visitante']) {
    it(`${u}: só as entradas que as regras permitem, nome na cor normal`, async () => {
      const el = await montar(u);
      await esperarShell(el);
      expect(textosMenu(el)).to.deep.equal(MENUS[u]);
      const nome = el.shadowRoot!.querySelector('[data-testid=nome-usuario]') as HTMLElement;
      expect(nome.classList.contains('cf-usuario-admin')).to.equal(false);
      expect(getComputedStyle(nome).color).to.equal('rgb(28, 33, 39)');
    });
  }

  it('sem rótulo de ambiente quando o atributo não é dado; rodapé com versão e os três links', async () => {
    const el = await montar('designer', { 'app-version': '2.4.1' });
    await esperarShell(el);
    expect(el.shadowRoot!.querySelector('.cf-ambiente')).to.equal(null);
    expect(el.shadowRoot!.querySelector('.cf-versao')!.textContent).to.equal('Versão 2.4.1');
    const links = [...el.shadowRoot!.querySelectorAll('.cf-rodape a')] as HTMLAnchorElement[];
    expect(links.map((a) => a.textContent)).to.deep.equal(['PRODADOS', 'DOC', 'GOV']);
    expect(links.every((a) => a.target === '_blank' && a.rel.includes('noopener'))).to.equal(true);
  });

  it('uma página sem permissão vai para /403; quem tem só a permissão da entrada não vê retentativas', async () => {
    const el = await montar('operador');
    await esperarShell(el);
    el.navigate('/retentativas-integracao');
    await esperarTitulo(el, 'Acesso negado');
    expect(textosMenu(el)).to.not.include('Retentativas de Integração');
  });
});

describe('alternar o menu', () => {
  it('começa expandido; o botão recolhe e expande, com as dicas certas', async () => {
    const el = await montar('designer');
    await esperarShell(el);
    const botao = el.shadowRoot!.querySelector('[data-testid=alternar-menu]') as HTMLButtonElement;
    expect(botao.getAttribute('aria-label')).to.equal('Recolher menu');
    botao.dispatchEvent(new MouseEvent('mouseenter', { bubbles: true }));
    botao.focus();
    await waitUntil(() => el.shadowRoot!.querySelector('[role=tooltip]')?.textContent === 'Recolher menu', 'dica "Recolher menu"');
    botao.click();
    await waitUntil(() => !el.shadowRoot!.querySelector('[data-testid=menu]'), 'menu recolhido');
    expect(botao.getAttribute('aria-label')).to.equal('Expandir menu');
    // Used, the button drops its tooltip (issue 37: it stayed over the menu just opened); focused again, the new one.
    expect(el.shadowRoot!.querySelector('[role=tooltip]')).to.equal(null);
    botao.blur();
    botao.focus();
    await waitUntil(() => el.shadowRoot!.querySelector('[role=tooltip]')?.textContent === 'Expandir menu', 'dica "Expandir menu"');
    botao.click();
    await esperar(el, '[data-testid=menu]');
  });

  it('em telas com menos de 768 px o menu começa fechado e fecha depois de uma escolha', async () => {
    await setViewport({ width: 600, height: 800 });
    try {
      const el = await montar('admin');
      await esperarTitulo(el, 'Olá, Ana!');
      expect(el.shadowRoot!.querySelector('[data-testid=menu]')).to.equal(null);
      (el.shadowRoot!.querySelector('[data-testid=alternar-menu]') as HTMLButtonElement).click();
      await esperarShell(el);
      (el.shadowRoot!.querySelector('[data-rota=formularios-eventos]') as HTMLElement).click();
      await esperarTitulo(el, 'Eventos');
      expect(el.shadowRoot!.querySelector('[data-testid=menu]')).to.equal(null);
    } finally {
      await setViewport({ width: 1280, height: 800 });
    }
  });

  it('em telas largas o menu continua aberto depois de uma escolha', async () => {
    const el = await montar('admin');
    await esperarShell(el);
    (el.shadowRoot!.querySelector('[data-rota=formularios-eventos]') as HTMLElement).click();
    await esperarTitulo(el, 'Eventos');
    expect(el.shadowRoot!.querySelector('[data-testid=menu]')).to.not.equal(null);
  });
});

describe('rotas', () => {
  const PAGINAS: [string, string, string][] = [
    ['/403', 'Acesso negado', 'Você não tem permissão para acessar esta página.'],
    ['/404', 'Página não encontrada', 'O endereço acessado não existe.'],
    ['/erro', 'Ocorreu um erro', 'Não foi possível concluir a operação. Tente novamente; se o problema continuar, contate o suporte.'],
    ['/erro-rede', 'O servidor não respondeu a requisição.', 'Por favor, tente novamente mais tarde.'],
  ];
  it('as quatro páginas de erro com os seus textos', async () => {
    const el = await montar('designer');
    await esperarShell(el);
    for (const [caminho, t, texto] of PAGINAS) {
      el.navigate(caminho);
      await esperarTitulo(el, t);
      expect(el.shadowRoot!.querySelector('.cf-erro-texto')!.textContent).to.equal(texto);
    }
  });

  it('/ vai para /pagina-inicial, caminho desconhecido vai para /404, e o evento navigated avisa o host', async () => {
    const el = await montar('gestor');
    await esperarShell(el);
    setTimeout(() => el.navigate('/nao/existe'));
    const ev = (await oneEvent(el, 'navigated')) as CustomEvent<{ path: string }>;
    expect(ev.bubbles && ev.composed).to.equal(true);
    await esperarTitulo(el, 'Página não encontrada');
    el.navigate('/');
    await esperarTitulo(el, 'Olá, Gabriela!');
  });

  it('páginas com parâmetros mostram o seu título no layout; um modelo que não existe vai para /404', async () => {
    const el = await montar('admin');
    await esperarShell(el);
    el.navigate('/modelos/saude-ouvidoria');
    await esperarTitulo(el, 'Modelo saude-ouvidoria');
    el.navigate('/modelos/segunda-via-rg');
    await esperarTitulo(el, 'Página não encontrada');
    el.navigate('/grupos-acesso-publico/novo');
    await esperarTitulo(el, 'Novo grupo de acesso público');
  });

  it('modo memória (padrão): a URL do host não muda; o caminho volta depois de recarregar', async () => {
    const antes = location.href;
    const el = await montar('gestor', { id: 'console-memoria' });
    await esperarShell(el);
    el.navigate('/formularios');
    await esperarTitulo(el, 'Formulários Preenchidos');
    expect(location.href).to.equal(antes);
    el.remove();
    const outro = await montar('gestor', { id: 'console-memoria' });
    await esperarShell(outro);
    await esperarTitulo(outro, 'Formulários Preenchidos');
  });

  it('initial-path escolhe a primeira página no modo memória', async () => {
    const el = await montar('gestor', { 'initial-path': '/formularios-eventos' });
    await esperarShell(el);
    await esperarTitulo(el, 'Eventos');
  });

  it('modo browser com base-path: usa a tabela de caminhos do host e abre deep links', async () => {
    const original = location.pathname + location.search;
    history.replaceState(null, '', '/console/analitico-formularios');
    try {
      const el = await montar('gestor', { router: 'browser', 'base-path': '/console' });
      await esperarShell(el);
      await esperarTitulo(el, 'Analítico de Formulários');
      el.navigate('/formularios-eventos');
      await esperarTitulo(el, 'Eventos');
      expect(location.pathname).to.equal('/console/formularios-eventos');
    } finally {
      desmontarTodos();
      history.replaceState(null, '', original);
    }
  });
});

describe('idioma e ondulação', () => {
  it('language="en" usa o catálogo inglês', async () => {
    const el = await montar('auditor', { language: 'en' });
    await esperarShell(el);
    expect(textosMenu(el)).to.deep.equal(['Home', 'Events']);
    expect(el.shadowRoot!.querySelector('[data-testid=alternar-menu]')!.getAttribute('aria-label')).to.equal('Collapse menu');
    expect(el.shadowRoot!.querySelector('[data-testid=sair]')!.textContent).to.equal('Sign out');
  });

  it('ondulação ao pressionar botões e itens do menu, sem mudar o tamanho de nada, e nenhuma com prefers-reduced-motion', async () => {
    const el = await montar('designer');
    await esperarShell(el);
    const pressionar = (alvo: HTMLElement) => {
      const r = alvo.getBoundingClientRect();
      alvo.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, clientX: r.left + 10, clientY: r.top + 5 }));
    };
    const onda = (alvo: HTMLElement) => getComputedStyle(alvo, '::after').animationName;
    const item = el.shadowRoot!.querySelector('[data-rota=modelos]') as HTMLElement;
    pressionar(item);
    expect(onda(item)).to.equal('cf-ondulacao');
    // The pressed control keeps its size: a ripple added as a child widened a Blueprint button (its children are
    // spaced but the last), and a button at the end of a wrapping row moved from under the pointer before the click.
    for (const seletor of ['[data-testid=alternar-menu]', '[data-testid=sair]']) {
      const botao = el.shadowRoot!.querySelector(seletor) as HTMLElement;
      const antes = botao.getBoundingClientRect();
      pressionar(botao);
      expect(onda(botao), seletor).to.equal('cf-ondulacao');
      const depois = botao.getBoundingClientRect();
      expect([depois.width, depois.height, depois.left], seletor).to.deep.equal([antes.width, antes.height, antes.left]);
    }
    // A second press during the ripple starts it again, and the first one's cancellation does not end the second.
    const sair = el.shadowRoot!.querySelector('[data-testid=sair]') as HTMLElement;
    await new Promise((ok) => setTimeout(ok, 700));
    expect(sair.classList.contains('cf-ondulando'), 'a onda termina').to.equal(false);
    pressionar(sair);
    await new Promise((ok) => setTimeout(ok, 100));
    pressionar(sair);
    await new Promise((ok) => setTimeout(ok, 100));
    expect(sair.classList.contains('cf-ondulando'), 'a segunda onda segue').to.equal(true);
    expect(onda(sair)).to.equal('cf-ondulacao-b');
    await new Promise((ok) => setTimeout(ok, 600));
    expect(sair.classList.contains('cf-ondulando'), 'e termina').to.equal(false);
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      const botao = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-rota]')].find((x) => x.dataset.rota !== 'modelos')!;
      pressionar(botao);
      expect(botao.classList.contains('cf-ondulando')).to.equal(false);
      expect(botao.style.getPropertyValue('--cf-onda-tamanho')).to.equal('');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});
