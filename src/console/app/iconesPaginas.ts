// The Blueprint icons only pages draw (ICONES_PAGINAS in routes.ts): a chunk of their own, loaded by the
// icon loader in icones.ts on first use.
import type { IconPaths } from '@blueprintjs/icons';
import exportar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/export';
import exportar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/export';
import importar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/import';
import importar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/import';
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
import download16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/download';
import download20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/download';
import play16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/play';
import play20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/play';
import repeat16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/repeat';
import repeat20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/repeat';
import remove16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/remove';
import remove20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/remove';
import timelineBarChart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart';
import timelineBarChart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/timeline-bar-chart';
import th16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import th20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/th';
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
import share16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import share20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/share';
import idNumber16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number';
import office16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import office20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/office';
import dollar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/dollar';
import dollar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/dollar';
import idNumber20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/id-number';
import key16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/key';
import key20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/key';
import sendMessage16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/send-message';
import sendMessage20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/send-message';

export const CAMINHOS_PAGINAS: Record<string, [IconPaths, IconPaths]> = {
  'chevron-left': [chevronLeft16, chevronLeft20],
  'chevron-right': [chevronRight16, chevronRight20],
  'caret-up': [caretUp16, caretUp20],
  'caret-down': [caretDown16, caretDown20],
  'double-caret-vertical': [doubleCaretVertical16, doubleCaretVertical20],
  'filter': [filter16, filter20],
  'calendar': [calendar16, calendar20],
  'refresh': [refresh16, refresh20],
  'plus': [plus16, plus20],
  'trash': [trash16, trash20],
  'download': [download16, download20],
  'play': [play16, play20],
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
  'share': [share16, share20],
  'id-number': [idNumber16, idNumber20],
  'office': [office16, office20],
  'dollar': [dollar16, dollar20],
  'key': [key16, key20],
  'send-message': [sendMessage16, sendMessage20],
  'export': [exportar16, exportar20],
  'import': [importar16, importar20],
};
