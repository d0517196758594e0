import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { ROTAS } from '../../src/console/routes';
import { animacoesTerminadas, apiAdmin, desmontarTodos, montar, titulo, violacoesGraves, type ElementoConsole, waitUntil } from './apoio';

/**
 * Issue 16: every page at 390 px and 768 px, in pt-BR and in English, as the administrator (who opens
 * them all): the top bar's pieces and the page title never overlap and stay inside the bar, the page
 * never scrolls sideways (tables scroll inside their own area), the menu is closed after each
 * navigation, and axe-core finds nothing serious.
 */
const LARGURAS = [390, 768];

after(() => setViewport({ width: 1280, height: 800 }));
afterEach(desmontarTodos);

async function caminhos(): Promise<string[]> {
  const primeiro = async (lista: string) => (await apiAdmin('GET', `${lista}?size=1`)).json[0];
  const ids: Record<string, string> = {
    codigoServico: 'saude-ouvidoria',
    perfilAcessoId: String((await primeiro('/perfis-acesso')).id),
    grupoControleConteudoId: String((await primeiro('/grupos-controle-conteudo')).id),
    grupoAcessoPublicoId: String((await primeiro('/grupos-acesso-publico')).id),
  };
  const formulario = (await primeiro('/formularios')).id;
  const daTabela = ROTAS.filter((r) => r.path !== '/iframe').map((r) => r.path.replace(/:(\w+)/g, (_, k: string) => ids[k]));
  // The drawers open over their lists: a filled form, a user's link and the audit trail.
  return [...daTabela, `/formularios?id=${formulario}`, '/vinculos-usuarios/busca?usuario=gestor', '/vinculos-usuarios/busca?trilha=1'];
}

const caixa = (el: Element | null) => (el ? el.getBoundingClientRect() : null);
const sobrepoem = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

function problemasDeLayout(el: ElementoConsole, largura: number): string[] {
  const r = el.shadowRoot!;
  const erros: string[] = [];
  const barra = caixa(r.querySelector('.cf-topo'))!;
  const pecas: [string, DOMRect | null][] = [
    ['botão do menu', caixa(r.querySelector('[data-testid=alternar-menu]'))],
    ['sigla', caixa(r.querySelector('.cf-sigla'))],
    ['ambiente', caixa(r.querySelector('.cf-ambiente'))],
    ['nome', caixa(r.querySelector('[data-testid=nome-usuario]'))],
    ['Sair', caixa(r.querySelector('[data-testid=sair]'))],
    ['título', caixa(r.querySelector('.cf-conteudo .cf-titulo-pagina'))],
  ];
  for (const [nome, c] of pecas) {
    if (!c || !c.width || !c.height) erros.push(`${nome}: não aparece`);
    else if (nome !== 'título' && (c.left < barra.left - 0.5 || c.right > barra.right + 0.5 || c.top < barra.top - 0.5 || c.bottom > barra.bottom + 0.5)) erros.push(`${nome}: fora da barra superior`);
  }
  for (let i = 0; i < pecas.length; i++)
    for (let j = i + 1; j < pecas.length; j++) {
      const [a, ca] = pecas[i];
      const [b, cb] = pecas[j];
      if (ca && cb && sobrepoem(ca, cb)) erros.push(`${a} sobre ${b}`);
    }
  if (document.documentElement.scrollWidth > innerWidth) erros.push(`a página rola na horizontal (${document.documentElement.scrollWidth} > ${innerWidth})`);
  const conteudo = r.querySelector('.cf-conteudo') as HTMLElement;
  if (conteudo.scrollWidth > conteudo.clientWidth + 1) erros.push(`o conteúdo rola na horizontal (${conteudo.scrollWidth} > ${conteudo.clientWidth})`);
  const gaveta = [...r.querySelectorAll<HTMLElement>('.bp6-overlay-open .bp6-drawer')].at(-1);
  if (gaveta) {
    const g = gaveta.getBoundingClientRect();
    if (g.left < -0.5 || g.right > largura + 0.5) erros.push(`a gaveta não cabe na tela (${Math.round(g.left)}–${Math.round(g.right)})`);
    for (const n of gaveta.querySelectorAll<HTMLElement>('.bp6-drawer-body, .cf-corpo-gaveta')) if (n.scrollWidth > n.clientWidth + 1) erros.push(`a gaveta rola na horizontal (${n.className}: ${n.scrollWidth} > ${n.clientWidth}; ${[...n.querySelectorAll('*')].filter((f) => f.getBoundingClientRect().right > n.getBoundingClientRect().right + 1).slice(0, 3).map((f) => f.tagName + '.' + f.className).join(', ')})`);
  }
  if (r.querySelector('[data-testid=menu]')) erros.push('o menu ficou aberto sobre a página');
  return erros;
}

async function percorrer(idioma: string, largura: number, comAxe: boolean) {
  await setViewport({ width: largura, height: 800 });
  const el = await montar('admin', { language: idioma, environment: 'Demonstração', 'initial-path': '/pagina-inicial' });
  // On a narrow element the menu starts closed: the shell is ready when the first page is.
  await waitUntil(() => el.shadowRoot!.querySelector('.cf-titulo-pagina') && !el.shadowRoot!.querySelector('.cf-ocupado'), 'console pronto', { timeout: 15000 });
  const falhas: string[] = [];
  for (const caminho of await caminhos()) {
    el.navigate(caminho);
    await waitUntil(() => titulo(el) !== '' && !el.shadowRoot!.querySelector('.cf-ocupado, [aria-busy=true]'), `${caminho}: a página não terminou de carregar`, { timeout: 15000 });
    if (caminho.includes('?')) await waitUntil(() => el.shadowRoot!.querySelector('.bp6-drawer'), `${caminho}: gaveta`, { timeout: 15000 });
    await animacoesTerminadas(el);
    falhas.push(...problemasDeLayout(el, largura).map((p) => `${largura}px ${idioma} ${caminho}: ${p}`));
    if (comAxe) falhas.push(...(await violacoesGraves(el)).map((v) => `${largura}px ${idioma} ${caminho}: axe ${v}`));
  }
  expect(falhas).to.deep.equal([]);
}

describe('telas estreitas (390 e 768 px): barra superior, título, rolagem e menu em todas as páginas', function () {
  this.timeout(240_000);
  for (const largura of LARGURAS) {
    it(`${largura} px, pt-BR, com axe-core`, () => percorrer('pt-BR', largura, true));
    it(`${largura} px, inglês`, () => percorrer('en', largura, false));
  }

  it('o menu começa fechado numa tela estreita, abre pelo botão e fecha depois de uma escolha', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = await montar('gestor', { 'initial-path': '/formularios' });
    await waitUntil(() => titulo(el) === 'Formulários Preenchidos', 'página');
    expect(el.shadowRoot!.querySelector('[data-testid=menu]')).to.equal(null);
    (el.shadowRoot!.querySelector('[data-testid=alternar-menu]') as HTMLButtonElement).click();
    await waitUntil(() => el.shadowRoot!.querySelector('[data-rota=formularios-eventos]'), 'menu aberto');
    (el.shadowRoot!.querySelector('[data-rota=formularios-eventos]') as HTMLElement).click();
    await waitUntil(() => titulo(el) === 'Eventos', 'Eventos');
    expect(el.shadowRoot!.querySelector('[data-testid=menu]')).to.equal(null);
  });
});
