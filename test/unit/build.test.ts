import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error rollup.config.mjs is plain JavaScript
import { classesDoModulo, classesUsadas, paraShadowRoot, purgarBlueprint } from '../../rollup.config.mjs';

test("Blueprint's document selectors become :host", () => {
  assert.equal(paraShadowRoot(':root{--a:1}html{font-size:14px}body{margin:0}'), ':host{--a:1}:host{font-size:14px}:host{margin:0}');
  assert.equal(paraShadowRoot('body.bp6-overlay-open{overflow:hidden}'), ':host(.bp6-overlay-open){overflow:hidden}');
  assert.equal(paraShadowRoot('table.bp6-html-table td{x:1}.bp6-dialog-body{y:1}'), 'table.bp6-html-table td{x:1}.bp6-dialog-body{y:1}', 'class names that contain the words stay');
});

test("the Classes module's constants that survived tree-shaking, resolved", () => {
  const codigo = 'let NS$1 = "bp6";\nif (typeof BLUEPRINT_NAMESPACE !== "undefined") { NS$1 = BLUEPRINT_NAMESPACE; }\nconst NAVBAR = `${NS$1}-navbar`;\nconst NAVBAR_HEADING = `${NAVBAR}-heading`;\nconst TAB = `${NS$1}-tab`;\nconst TABS = `${TAB}s`;\nfunction intentClass(i) { return `${NS$1}-intent-${i}`; }';
  assert.deepEqual([...classesDoModulo(codigo)].sort(), ['bp6-navbar', 'bp6-navbar-heading', 'bp6-tab', 'bp6-tabs']);
});

test('a class counts as used when the Classes module defines it, the code names it, or builds it from a prefix and a word', () => {
  const usada = classesUsadas('const a = `${e}-button`, b = `${e}-intent-${t}`, c = "primary", d = "bp6-navbar", f = `${e}-icon-${n}`; g("info-sign")', new Set(['bp6-tabs', 'bp6-overlay']));
  assert.ok(usada('bp6-tabs'), 'defined by the Classes module');
  assert.ok(usada('bp6-button'), 'written as ${NS}-button');
  assert.ok(usada('bp6-navbar'), 'written whole');
  assert.ok(usada('bp6-intent-primary'), '-intent- and "primary"');
  assert.ok(usada('bp6-icon-info-sign'), '-icon- and "info-sign"');
  assert.ok(usada('bp6-overlay-appear-active'), "react-transition-group's phases after a used class");
  assert.ok(!usada('bp6-slider-appear'), 'but not after one the bundle left out');
  assert.ok(!usada('bp6-intent-danger'), '"danger" is nowhere');
  assert.ok(!usada('bp6-slider-handle'), 'a component the bundle left out');
  assert.ok(!usada('bp6-button-group'), 'a longer class than the one written');
  assert.ok(!classesUsadas('`${e}-dark`', new Set(['bp6-dark']))('bp6-dark'), 'the dark theme is never turned on');
});

test('purging keeps the selectors whose Blueprint classes are all used, and drops emptied rules and blocks', () => {
  const usada = (c: string) => ['bp6-button', 'bp6-tag'].includes(c);
  assert.equal(
    purgarBlueprint(
      ':host{--a:1}.bp6-button{a:1}.bp6-dark .bp6-button,.bp6-slider.bp6-button{b:2}.bp6-button:not(.bp6-slider,.bp6-disabled):where(.bp6-x){b:3}.bp6-slider{c:3}@media (min-width:1px){.bp6-slider .x{d:4}}@media (hover:hover){@supports (x:y){.bp6-slider{e:5}}.bp6-tag{f:6}}@keyframes bp6-x{from{g:7}to{h:8}}',
      usada,
    ),
    ':host{--a:1}.bp6-button{a:1}.bp6-button:not(.bp6-slider,.bp6-disabled):where(.bp6-x){b:3}@media (hover:hover){.bp6-tag{f:6}}@keyframes bp6-x{from{g:7}to{h:8}}',
  );
  assert.equal(purgarBlueprint('.bp6-button:is(.bp6-tag, .bp6-button){a:1}', usada), '.bp6-button:is(.bp6-tag, .bp6-button){a:1}', 'commas inside parentheses do not split');
});
