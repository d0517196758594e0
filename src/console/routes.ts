import type { IconName } from '@blueprintjs/icons';
import { P, type Permissao } from '../access/permissoes';
import { entradaVisivel, type GrupoMenu, type Permissoes } from '../access/regras';
import type { ChaveTexto } from '../i18n';

/**
 * THE route table (DESIGN.md section 4): SPEC.md section 2's routes and menu, the permission each
 * needs, the icon of each entry and the page that draws it (by name: app/paginas.ts binds each name to
 * its lazy component, so the pages can import this table without a circle). The router, the menu, the
 * guards, the home page's shortcuts and the tests all read it; nothing else spells a path.
 */

/** SPEC.md's icon names (Material Design) and the bundled Blueprint icon drawn for each. */
export const ICONES = {
  home: 'home',
  'account-supervisor': 'people',
  history: 'history',
  'file-document-multiple-outline': 'duplicate',
  'form-dropdown': 'form',
  'file-document-edit-outline': 'edit',
  'desktop-mac-dashboard': 'dashboard',
  information: 'info-sign',
  bell: 'notifications',
  account: 'person',
  'file-pdf': 'document',
  'file-cloud': 'cloud',
  'file-cloud-outline': 'cloud-upload',
} as const satisfies Record<string, IconName>;

export type IconeSpec = keyof typeof ICONES;

/** The pages, by name (app/paginas.ts has their components). */
export const PAGINAS = ['inicio', 'modelos', 'formularios', 'acesso', 'integracao', 'iframe', 'erro'] as const;
export type NomePagina = (typeof PAGINAS)[number];

export interface Rota {
  /** SPEC.md's route name (menu entries) or ours (sub-pages). */
  name: string;
  /** react-router pattern; parameters as `:nome`. */
  path: string;
  /** Page title (and menu label for menu entries). */
  title: ChaveTexto;
  /** Shown in the menu, in table order. */
  menu?: boolean;
  group: GrupoMenu;
  permission?: Permissao;
  icon?: IconeSpec;
  /** Public routes render without a session (SPEC.md: the error pages). */
  public?: boolean;
  page: NomePagina;
}

export const ROTAS = [
  { name: 'home', path: '/pagina-inicial', title: 'menu.home', menu: true, group: 'sempre', icon: 'home', page: 'inicio' },
  { name: 'modelos', path: '/modelos', title: 'menu.modelos', menu: true, group: 'designer', permission: P.READ_MODELO, icon: 'file-document-edit-outline', page: 'modelos' },
  { name: 'modelos-novo', path: '/modelos/novo', title: 'pagina.modelos-novo', group: 'designer', permission: P.CREATE_MODELO, page: 'modelos' },
  { name: 'modelos-editar', path: '/modelos/:codigoServico', title: 'pagina.modelos-editar', group: 'designer', permission: P.READ_MODELO, page: 'modelos' },
  { name: 'formularios', path: '/formularios', title: 'menu.formularios', menu: true, group: 'manager', permission: P.READ_FORMULARIO, icon: 'file-document-multiple-outline', page: 'formularios' },
  { name: 'analitico-formularios', path: '/analitico-formularios', title: 'menu.analitico-formularios', menu: true, group: 'manager', permission: P.READ_FORMULARIO, icon: 'desktop-mac-dashboard', page: 'formularios' },
  { name: 'formularios-eventos', path: '/formularios-eventos', title: 'menu.formularios-eventos', menu: true, group: 'manager', permission: P.READ_FORMULARIO_EVENTO, icon: 'bell', page: 'formularios' },
  // Issue 46: the forms waiting for a review by one of the user's content-control groups.
  { name: 'analises', path: '/analises', title: 'menu.analises', menu: true, group: 'manager', permission: P.READ_FORMULARIO_ANALISE, icon: 'file-pdf', page: 'formularios' },
  { name: 'retentativas-integracao', path: '/retentativas-integracao', title: 'menu.retentativas-integracao', menu: true, group: 'administrator', permission: P.READ_RETENTATIVA_INTEGRACAO, icon: 'history', page: 'integracao' },
  { name: 'vinculos-usuarios-busca', path: '/vinculos-usuarios/busca', title: 'menu.vinculos-usuarios-busca', menu: true, group: 'administrator', permission: P.READ_VINCULOS_USUARIO, icon: 'account-supervisor', page: 'acesso' },
  { name: 'perfis-acesso', path: '/perfis-acesso', title: 'menu.perfis-acesso', menu: true, group: 'administrator', permission: P.READ_PERFIL_ACESSO, icon: 'account', page: 'acesso' },
  { name: 'perfis-acesso-novo', path: '/perfis-acesso/novo', title: 'pagina.perfis-acesso-novo', group: 'administrator', permission: P.CREATE_PERFIL_ACESSO, page: 'acesso' },
  { name: 'perfis-acesso-editar', path: '/perfis-acesso/:perfilAcessoId', title: 'pagina.perfis-acesso-editar', group: 'administrator', permission: P.READ_PERFIL_ACESSO, page: 'acesso' },
  { name: 'grupos-controle-conteudo', path: '/grupos-controle-conteudo', title: 'menu.grupos-controle-conteudo', menu: true, group: 'administrator', permission: P.READ_GRUPO_CONTROLE_CONTEUDO, icon: 'form-dropdown', page: 'acesso' },
  { name: 'grupos-controle-conteudo-novo', path: '/grupos-controle-conteudo/novo', title: 'pagina.grupos-controle-conteudo-novo', group: 'administrator', permission: P.CREATE_GRUPO_CONTROLE_CONTEUDO, page: 'acesso' },
  { name: 'grupos-controle-conteudo-editar', path: '/grupos-controle-conteudo/:grupoControleConteudoId', title: 'pagina.grupos-controle-conteudo-editar', group: 'administrator', permission: P.READ_GRUPO_CONTROLE_CONTEUDO, page: 'acesso' },
  { name: 'grupos-acesso-publico', path: '/grupos-acesso-publico', title: 'menu.grupos-acesso-publico', menu: true, group: 'administrator', permission: P.READ_GRUPO_ACESSO_PUBLICO, icon: 'file-cloud', page: 'acesso' },
  { name: 'grupos-acesso-publico-novo', path: '/grupos-acesso-publico/novo', title: 'pagina.grupos-acesso-publico-novo', group: 'administrator', permission: P.CREATE_GRUPO_ACESSO_PUBLICO, page: 'acesso' },
  { name: 'grupos-acesso-publico-editar', path: '/grupos-acesso-publico/:grupoAcessoPublicoId', title: 'pagina.grupos-acesso-publico-editar', group: 'administrator', permission: P.READ_GRUPO_ACESSO_PUBLICO, page: 'acesso' },
  { name: 'iframe', path: '/iframe', title: 'pagina.iframe', group: 'sempre', icon: 'information', page: 'iframe' },
  { name: '403', path: '/403', title: 'erro.403.titulo', group: 'sempre', public: true, page: 'erro' },
  { name: '404', path: '/404', title: 'erro.404.titulo', group: 'sempre', public: true, page: 'erro' },
  { name: 'erro', path: '/erro', title: 'erro.erro.titulo', group: 'sempre', public: true, page: 'erro' },
  { name: 'erro-rede', path: '/erro-rede', title: 'erro.erro-rede.titulo', group: 'sempre', public: true, page: 'erro' },
] as const satisfies readonly Rota[];

export type NomeRota = (typeof ROTAS)[number]['name'];

const PORNOME = new Map<string, Rota>(ROTAS.map((r) => [r.name, r]));

export function rota(nome: NomeRota): Rota {
  return PORNOME.get(nome)!;
}

export const INICIAL = '/pagina-inicial';
export const CAMINHO_403 = rota('403').path;
export const CAMINHO_404 = rota('404').path;
export const CAMINHO_ERRO = rota('erro').path;
export const CAMINHO_ERRO_REDE = rota('erro-rede').path;

/** Typed link builder: `caminho('modelos-editar', { codigoServico: 'abc' })` -> `/modelos/abc`. */
export function caminho(nome: NomeRota, params: Record<string, string | number> = {}, query?: Record<string, string>): string {
  const p = rota(nome).path.replace(/:(\w+)/g, (_, k: string) => {
    if (!(k in params)) throw new Error(`caminho(${nome}): falta o parâmetro ${k}`);
    return encodeURIComponent(String(params[k]));
  });
  const q = query ? new URLSearchParams(query).toString() : '';
  return q ? `${p}?${q}` : p;
}

/** The menu entries the user may see, in SPEC.md's order. */
export function entradasMenu(permissoes: Permissoes): Rota[] {
  return ROTAS.filter((r) => 'menu' in r && r.menu && entradaVisivel(r, permissoes));
}

/** Whether a route may be shown to a user with these permissions (the guard's rule). */
export function podeAcessar(r: Rota, permissoes: Permissoes): boolean {
  return !!('public' in r && r.public) || entradaVisivel(r, permissoes);
}

/** Finds the route a concrete path belongs to (static segments win over parameters). */
export function rotaDoCaminho(caminhoAtual: string): Rota | undefined {
  const limpo = caminhoAtual.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  const seg = limpo.split('/');
  let achada: Rota | undefined;
  for (const r of ROTAS) {
    const rs = r.path.split('/');
    if (rs.length !== seg.length) continue;
    if (!rs.every((s, i) => s.startsWith(':') || s === seg[i])) continue;
    if (!achada || r.path.split(':').length < achada.path.split(':').length) achada = r;
  }
  return achada;
}

/** Blueprint icons the shell draws by name, besides the route icons (loaded before first render). */
export const ICONES_SHELL: IconName[] = ['menu', 'menu-closed', 'menu-open', 'log-in', 'log-out', 'cross', 'tick', 'error', 'warning-sign', 'info-sign', 'search', 'shield', 'globe-network', 'lock', 'disable', 'offline', 'tick-circle', 'issue', 'inbox', 'phone', 'map-marker', 'time', 'link'];

/** Blueprint icons only pages draw: bundled in a chunk of their own (src/console/app/iconesPaginas.ts), loaded on first use. */
export const ICONES_PAGINAS: IconName[] = ['chevron-left', 'chevron-right', 'caret-up', 'caret-down', 'double-caret-vertical', 'filter', 'calendar', 'refresh', 'plus', 'trash', 'download', 'play', 'repeat', 'remove', 'timeline-bar-chart', 'th', 'arrow-up', 'arrow-down', 'drag-handle-vertical', 'undo', 'redo', 'floppy-disk', 'upload', 'archive', 'unarchive', 'eye-open', 'comparison', 'new-text-box', 'align-left', 'numerical', 'envelope', 'selection', 'multi-select', 'paperclip', 'share', 'id-number', 'office', 'dollar', 'key', 'send-message', 'export', 'import'];
