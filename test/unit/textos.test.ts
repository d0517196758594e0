import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ptBR } from '../../src/i18n/pt-BR';
import { en } from '../../src/i18n/en';

/**
 * Issue 16: every user-visible text goes through the i18n catalogs. This test reads every component
 * (src/**\/*.tsx, and the .ts hooks of src/console/app, src/console/ui, src/console/pages and src/console/state) with the TypeScript parser and fails on text a user would read written in place: JSX
 * text, and string or template literals that read as words (a capital followed by lower case, two
 * words, or an accented letter) anywhere but in technical places (imports, class names, test ids,
 * keys of the catalogs, thrown errors for developers).
 */
const RAIZ = join(import.meta.dirname, '../../src');

function arquivos(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    // Components, and the hooks and helpers that sit beside them in the shell, the widgets and the pages.
    return statSync(p).isDirectory() ? arquivos(p) : p.endsWith('.tsx') || (/\/(app|ui|pages|state)\//.test(p) && p.endsWith('.ts')) ? [p] : [];
  });
}

const PALAVRAS = /(?:^|[^\p{L}])\p{Lu}\p{Ll}|\p{Ll}{2,}\s+\p{Ll}{2,}|[À-ÖØ-öø-ÿ]/u;
/** Class lists ("cf-layout cf-menu-aberto"), module paths and selectors are not words. */
const NAO_TEXTO = (s: string) => /^\.{0,2}\//.test(s) || /^[\s\w${}.:#[\]=>"'-]*$/.test(s) && /(^|\s|[.#])(cf|bp6|fc)-/.test(s);
const ATRIBUTOS_TECNICOS = new Set(['className', 'aria-keyshortcuts', 'id', 'key', 'type', 'icon', 'intent', 'variant', 'size', 'role', 'href', 'target', 'rel', 'name', 'autoComplete', 'inputMode', 'htmlFor', 'labelFor', 'method', 'position', 'placement', 'lang', 'accept', 'd', 'viewBox', 'fill', 'stroke', 'transform', 'textAnchor', 'dominantBaseline']);

function textosLiterais(arquivo: string): string[] {
  const fonte = ts.createSourceFile(arquivo, readFileSync(arquivo, 'utf8'), ts.ScriptTarget.Latest, true, arquivo.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const achados: string[] = [];
  const linha = (n: ts.Node) => fonte.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const tecnico = (n: ts.Node): boolean => {
    const p = n.parent;
    if (!p) return false;
    if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) return true;
    // A key of an object (Blueprint's own English label, renamed by rotulosBlueprint.ts) is not shown.
    if (ts.isPropertyAssignment(p) && p.name === n) return true;
    // The attribute a value goes to, through conditionals (aria-keyshortcuts={x ? undefined : 'Alt+…'}).
    let a: ts.Node | undefined = p;
    while (a && (ts.isConditionalExpression(a) || ts.isParenthesizedExpression(a) || ts.isBinaryExpression(a) || ts.isJsxExpression(a))) a = a.parent;
    if (a && ts.isJsxAttribute(a)) {
      const attr = a.name.getText();
      return ATRIBUTOS_TECNICOS.has(attr) || attr.startsWith('data-');
    }
    if (ts.isNewExpression(p) && /Error$/.test(p.expression.getText())) return true;
    if (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
    // A key compared with the keyboard event's (e.key === 'Enter') is not text.
    if (ts.isBinaryExpression(p) && /\.key$/.test(p.left.getText())) return true;
    if (ts.isCallExpression(p) && /^(console\.\w+|t|traduzir|querySelector\w*|matchMedia)$/.test(p.expression.getText().replace(/^.*\.(?=querySelector)/, ''))) return true;
    return tecnico(p) && !ts.isJsxElement(p) && !ts.isJsxExpression(p) && !ts.isConditionalExpression(p) && !ts.isBinaryExpression(p) && !ts.isPropertyAssignment(p) && !ts.isArrayLiteralExpression(p);
  };
  const visitar = (n: ts.Node) => {
    if (ts.isJsxText(n) && /\p{L}/u.test(n.text)) achados.push(`${linha(n)}: ${n.text.trim()}`);
    else if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && PALAVRAS.test(n.text) && !NAO_TEXTO(n.text) && !tecnico(n)) achados.push(`${linha(n)}: ${n.text}`);
    else if (ts.isTemplateExpression(n) && PALAVRAS.test([n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(' ')) && !NAO_TEXTO(n.getText().slice(1, -1)) && !tecnico(n)) achados.push(`${linha(n)}: ${n.getText()}`);
    ts.forEachChild(n, visitar);
  };
  visitar(fonte);
  return achados;
}

test('no component holds a user-visible text of its own: all of them come from the i18n catalogs', () => {
  const falhas = arquivos(RAIZ).flatMap((a) => textosLiterais(a).map((t) => `${relative(RAIZ, a)}:${t}`));
  assert.deepEqual(falhas, [], `texto escrito no componente em vez de vir dos catálogos (src/i18n):\n${falhas.join('\n')}`);
});

test('the pt-BR and English catalogs have the same keys, none empty, and the same placeholders', () => {
  const pt = Object.keys(ptBR).sort();
  assert.deepEqual(Object.keys(en).sort(), pt);
  for (const k of pt) {
    const a = (ptBR as Record<string, string>)[k];
    const b = (en as Record<string, string>)[k];
    assert.ok(a.trim() && b.trim(), `${k}: texto vazio`);
    const nomes = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
    assert.deepEqual(nomes(b), nomes(a), `${k}: os parâmetros diferem entre pt-BR e inglês`);
  }
});

test("the citizen's catalog has its three languages for every key, none empty, with the same placeholders; the console's take its sides", async () => {
  const { TEXTOS_CIDADAO, ladoCidadao } = await import('../../src/i18n/cidadao');
  const nomes = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
  for (const [k, [pt, en, es]] of Object.entries(TEXTOS_CIDADAO)) {
    assert.ok(pt.trim() && en.trim() && es.trim(), `${k}: texto vazio`);
    assert.deepEqual(nomes(en), nomes(pt), `${k}: os parâmetros diferem entre pt-BR e inglês`);
    assert.deepEqual(nomes(es), nomes(pt), `${k}: os parâmetros diferem entre pt-BR e espanhol`);
  }
  for (const [k, v] of Object.entries(ladoCidadao(0))) assert.equal((ptBR as Record<string, string>)[k], v, `${k}: o catálogo do console em pt-BR`);
  for (const [k, v] of Object.entries(ladoCidadao(1))) assert.equal((en as Record<string, string>)[k], v, `${k}: o catálogo do console em inglês`);
});

test("no key is both the console's and the citizen's: merged into one catalog, one would hide the other", async () => {
  const { TEXTOS_CIDADAO } = await import('../../src/i18n/cidadao');
  const { lado } = await import('../../src/i18n/textos');
  const doConsole = new Set(Object.keys(lado(0)));
  assert.deepEqual(Object.keys(TEXTOS_CIDADAO).filter((k) => doConsole.has(k)), []);
});
