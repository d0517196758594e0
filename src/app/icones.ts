// Generated from the icon names below: the Blueprint icons the console draws, bundled (no run-time fetch).
// Add a name to ROTAS/ICONES or ICONES_SHELL in routes.tsx and an import pair here; test/unit/icones.test.ts checks both agree.
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
import chevronLeft16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import chevronLeft20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left';
import chevronRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import chevronRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right';
import caretUp16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-up';
import caretUp20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-up';
import caretDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import caretDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down';
import doubleCaretVertical16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical';
import doubleCaretVertical20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical';
import search16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import search20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import filter16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter';
import filter20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/filter';
import calendar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import calendar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar';
import refresh16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import refresh20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import plus16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/plus';
import plus20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/plus';
import trash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import trash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/trash';
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
import share16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import share20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/share';
import download16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/download';
import download20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/download';
import idNumber16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number';
import idNumber20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/id-number';
import key16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/key';
import key20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/key';
import sendMessage16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/send-message';
import sendMessage20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/send-message';
import play16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/play';
import play20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/play';
import repeat16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/repeat';
import repeat20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/repeat';
import remove16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/remove';
import remove20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/remove';
import th16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import th20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/th';
import timelineBarChart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart';
import timelineBarChart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/timeline-bar-chart';
import arrowUp16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up';
import arrowUp20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-up';
import arrowDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-down';
import arrowDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-down';
import dragHandleVertical16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/drag-handle-vertical';
import dragHandleVertical20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/drag-handle-vertical';
import undo16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo';
import undo20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/undo';
import redo16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/redo';
import redo20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/redo';
import floppyDisk16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk';
import floppyDisk20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk';
import upload16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/upload';
import upload20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/upload';
import archive16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/archive';
import archive20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/archive';
import unarchive16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/unarchive';
import unarchive20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/unarchive';
import eyeOpen16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import eyeOpen20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open';
import comparison16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/comparison';
import comparison20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/comparison';
import newTextBox16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/new-text-box';
import newTextBox20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/new-text-box';
import alignLeft16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/align-left';
import alignLeft20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/align-left';
import numerical16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/numerical';
import numerical20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/numerical';
import envelope16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import envelope20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope';
import selection16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/selection';
import selection20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/selection';
import multiSelect16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/multi-select';
import multiSelect20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/multi-select';
import paperclip16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/paperclip';
import paperclip20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/paperclip';

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
  'chevron-left': [chevronLeft16, chevronLeft20],
  'chevron-right': [chevronRight16, chevronRight20],
  'caret-up': [caretUp16, caretUp20],
  'caret-down': [caretDown16, caretDown20],
  'double-caret-vertical': [doubleCaretVertical16, doubleCaretVertical20],
  'search': [search16, search20],
  'filter': [filter16, filter20],
  'calendar': [calendar16, calendar20],
  'refresh': [refresh16, refresh20],
  'plus': [plus16, plus20],
  'trash': [trash16, trash20],
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
  'share': [share16, share20],
  'download': [download16, download20],
  'id-number': [idNumber16, idNumber20],
  'key': [key16, key20],
  'play': [play16, play20],
  'send-message': [sendMessage16, sendMessage20],
  'repeat': [repeat16, repeat20],
  'remove': [remove16, remove20],
  'timeline-bar-chart': [timelineBarChart16, timelineBarChart20],
  'th': [th16, th20],
  'arrow-up': [arrowUp16, arrowUp20],
  'arrow-down': [arrowDown16, arrowDown20],
  'drag-handle-vertical': [dragHandleVertical16, dragHandleVertical20],
  'undo': [undo16, undo20],
  'redo': [redo16, redo20],
  'floppy-disk': [floppyDisk16, floppyDisk20],
  'upload': [upload16, upload20],
  'archive': [archive16, archive20],
  'unarchive': [unarchive16, unarchive20],
  'eye-open': [eyeOpen16, eyeOpen20],
  'comparison': [comparison16, comparison20],
  'new-text-box': [newTextBox16, newTextBox20],
  'align-left': [alignLeft16, alignLeft20],
  'numerical': [numerical16, numerical20],
  'envelope': [envelope16, envelope20],
  'selection': [selection16, selection20],
  'multi-select': [multiSelect16, multiSelect20],
  'paperclip': [paperclip16, paperclip20],
};

export const ICONES_EMBUTIDOS = Object.keys(CAMINHOS) as IconName[];

let pronto: Promise<void> | null = null;

/** Registers the bundled icons with Blueprint once per page, before the first render. */
export function carregarIcones(): Promise<void> {
  pronto ??= (async () => {
    Icons.setLoaderOptions({
      loader: async (nome, tamanho) => {
        const c = CAMINHOS[nome];
        if (!c) {
          console.warn(`[console-formularios] ícone não embutido: ${nome}`);
          return [];
        }
        return tamanho >= 20 ? c[1] : c[0];
      },
    });
    await Promise.all([Icons.load(ICONES_EMBUTIDOS, 16), Icons.load(ICONES_EMBUTIDOS, 20)]);
  })();
  return pronto;
}
