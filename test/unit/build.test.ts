import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error rollup.config.mjs is plain JavaScript
import { paraShadowRoot, semTemaEscuro } from '../../rollup.config.mjs';

test("Blueprint's document selectors become :host", () => {
  assert.equal(paraShadowRoot(':root{--a:1}html{font-size:14px}body{margin:0}'), ':host{--a:1}:host{font-size:14px}:host{margin:0}');
  assert.equal(paraShadowRoot('body.bp6-overlay-open{overflow:hidden}'), ':host(.bp6-overlay-open){overflow:hidden}');
  assert.equal(paraShadowRoot('table.bp6-html-table td{x:1}.bp6-dialog-body{y:1}'), 'table.bp6-html-table td{x:1}.bp6-dialog-body{y:1}', 'class names that contain the words stay');
});

test("Blueprint's dark-theme-only rules are dropped; mixed and ordinary rules stay", () => {
  assert.equal(
    semTemaEscuro('.bp6-button{a:1}.bp6-dark .bp6-button,.bp6-dark.bp6-button{b:2}.bp6-tag,.bp6-dark .bp6-tag{c:3}@media (min-width:1px){.bp6-dark .x{d:4}.y{e:5}}'),
    '.bp6-button{a:1}.bp6-tag,.bp6-dark .bp6-tag{c:3}@media (min-width:1px){.y{e:5}}',
  );
});
