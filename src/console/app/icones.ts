// The Blueprint icons the shell draws (route icons and ICONES_SHELL in routes.ts), bundled: no run-time
// fetch. The pages' icons (ICONES_PAGINAS) are in iconesPaginas.ts, a chunk of their own loaded on first
// use. Add a name to the list in routes.ts and an import pair in the matching file; test/unit/rotas.test.ts
// checks they agree.
import { Icons, type IconName, type IconPaths } from '@blueprintjs/icons';
import home16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import home20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import people16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import people20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import history16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import history20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/history';
import duplicate16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import duplicate20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/duplicate';
import form16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/form';
import form20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/form';
import edit16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import edit20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import dashboard16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import dashboard20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard';
import infoSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import infoSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import notifications16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import notifications20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/notifications';
import person16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import person20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/person';
import document16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import document20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import cloud16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cloud';
import cloud20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cloud';
import cloudUpload16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cloud-upload';
import cloudUpload20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cloud-upload';
import menu16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import menu20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu';
import menuClosed16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-closed';
import menuClosed20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu-closed';
import menuOpen16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-open';
import menuOpen20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu-open';
import logIn16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-in';
import logIn20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-in';
import logOut16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import logOut20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import cross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import cross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import tick16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import tick20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import error16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import error20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import warningSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import warningSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';
import search16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import search20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import shield16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shield';
import shield20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/shield';
import globeNetwork16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/globe-network';
import globeNetwork20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/globe-network';
import lock16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import lock20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import disable16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/disable';
import disable20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/disable';
import offline16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';
import offline20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import tickCircle16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import tickCircle20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import issue16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/issue';
import issue20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/issue';
import inbox16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox';
import inbox20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/inbox';
import phone16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/phone';
import phone20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/phone';
import mapMarker16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker';
import mapMarker20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/map-marker';
import time16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/time';
import time20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/time';
import link16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/link';
import link20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/link';

const CAMINHOS: Record<string, [IconPaths, IconPaths]> = {
  'home': [home16, home20],
  'people': [people16, people20],
  'history': [history16, history20],
  'duplicate': [duplicate16, duplicate20],
  'form': [form16, form20],
  'edit': [edit16, edit20],
  'dashboard': [dashboard16, dashboard20],
  'info-sign': [infoSign16, infoSign20],
  'notifications': [notifications16, notifications20],
  'person': [person16, person20],
  'document': [document16, document20],
  'cloud': [cloud16, cloud20],
  'cloud-upload': [cloudUpload16, cloudUpload20],
  'menu': [menu16, menu20],
  'menu-closed': [menuClosed16, menuClosed20],
  'menu-open': [menuOpen16, menuOpen20],
  'log-in': [logIn16, logIn20],
  'log-out': [logOut16, logOut20],
  'cross': [cross16, cross20],
  'tick': [tick16, tick20],
  'error': [error16, error20],
  'warning-sign': [warningSign16, warningSign20],
  'search': [search16, search20],
  'shield': [shield16, shield20],
  'globe-network': [globeNetwork16, globeNetwork20],
  'lock': [lock16, lock20],
  'disable': [disable16, disable20],
  'offline': [offline16, offline20],
  'tick-circle': [tickCircle16, tickCircle20],
  'issue': [issue16, issue20],
  'inbox': [inbox16, inbox20],
  'phone': [phone16, phone20],
  'map-marker': [mapMarker16, mapMarker20],
  'time': [time16, time20],
  'link': [link16, link20],
};

export const ICONES_EMBUTIDOS = Object.keys(CAMINHOS) as IconName[];

let pronto: Promise<void> | null = null;

/**
 * Registers the icons with Blueprint once per page: the shell's before the first render; the pages' are
 * fetched with their chunk when an icon of theirs is first drawn (Blueprint's Icon loads what it lacks),
 * and that chunk is asked for right after the shell's icons, so it is usually there before a page is.
 */
export function carregarIcones(): Promise<void> {
  pronto ??= (async () => {
    Icons.setLoaderOptions({
      loader: async (nome, tamanho) => {
        const c = CAMINHOS[nome] ?? (await import('./iconesPaginas')).CAMINHOS_PAGINAS[nome];
        if (!c) {
          console.warn(`[console-formularios] ícone não embutido: ${nome}`);
          return [];
        }
        return tamanho >= 20 ? c[1] : c[0];
      },
    });
    await Promise.all([Icons.load(ICONES_EMBUTIDOS, 16), Icons.load(ICONES_EMBUTIDOS, 20)]);
    void import('./iconesPaginas');
  })();
  return pronto;
}
