import { waitUntil as waitUntilOpenWc } from '@open-wc/testing';
import axe from 'axe-core';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/console/element';
import type { ConsoleFormulariosElement } from '../../src/console/element';
import type { HostConsole } from '../../src/console/app/Console';

/** Where the demo server (embedded provider + API) of this run answers; set by executar.ts. */
export const DEMO = (window as unknown as { __DEMO__: { url: string; origemTestes: string } }).__DEMO__;

export type ElementoConsole = ConsoleFormulariosElement & HostConsole;

/**
 * open-wc's `waitUntil`, with 10 s by default instead of 1 s: most waits here follow a call to this run's API server, and
 * under CI's load (this suite runs beside the Keycloak suite's start) one took longer than 1 s (01/12, the builder's
 * "Publicar" confirmation). A wait returns as soon as its condition holds, so this only changes how long a failure takes.
 */
export const waitUntil: typeof waitUntilOpenWc = (condicao, mensagem, opcoes) => waitUntilOpenWc(condicao, mensagem, { timeout: 10_000, ...opcoes });

interface TokensServidor {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

/** Real tokens for a seeded user, from the embedded provider's code flow (run in Node). */
export async function tokensDe(username: string) {
  const t = (await executeServerCommand('entrar', { username })) as TokensServidor;
  return { token: t.access_token, refreshToken: t.refresh_token, idToken: t.id_token };
}

const montados: HTMLElement[] = [];

/** Puts a <console-formularios> in the page, signed in as `username` (null: no tokens handed over). */
export async function montar(username: string | null, atributos: Record<string, string> = {}): Promise<ElementoConsole> {
  const el = document.createElement('console-formularios') as ElementoConsole;
  el.setAttribute('keycloak-url', DEMO.url);
  el.setAttribute('api-url', DEMO.url);
  for (const [k, v] of Object.entries(atributos)) el.setAttribute(k, v);
  if (username) el.initialTokens = await tokensDe(username);
  document.body.append(el);
  montados.push(el);
  return el;
}

export function desmontarTodos(): void {
  for (const el of montados.splice(0)) el.remove();
  sessionStorage.clear();
}

export async function esperar<T extends Element = HTMLElement>(el: HTMLElement, seletor: string, timeout = 15000): Promise<T> {
  await waitUntil(() => el.shadowRoot!.querySelector(seletor), `não apareceu: ${seletor}`, { timeout });
  return el.shadowRoot!.querySelector(seletor) as unknown as T;
}

/** Waits for the shell with the menu drawn after the start-up calls. */
export async function esperarShell(el: HTMLElement): Promise<void> {
  await esperar(el, '[data-testid=menu]');
  await waitUntil(() => !el.shadowRoot!.querySelector('.cf-ocupado'), 'o console continuou ocupado', { timeout: 15000 });
}

export function textosMenu(el: HTMLElement): string[] {
  return [...el.shadowRoot!.querySelectorAll('[data-testid=menu] .bp6-menu-item .bp6-text-overflow-ellipsis, [data-testid=menu] .bp6-menu-item .bp6-fill')].map((n) => n.textContent!.trim());
}

export function cabecalhosMenu(el: HTMLElement): string[] {
  return [...el.shadowRoot!.querySelectorAll('[data-testid=menu] .bp6-menu-header')].map((n) => n.textContent!.trim());
}

export function titulo(el: HTMLElement): string {
  return el.shadowRoot!.querySelector('.cf-titulo-pagina')?.textContent?.trim() ?? '';
}

export async function esperarTitulo(el: HTMLElement, texto: string): Promise<void> {
  await waitUntil(() => titulo(el) === texto, `título esperado "${texto}", visto "${titulo(el)}"`, { timeout: 15000 });
}

export function toasts(el: HTMLElement, grupo?: string): string[] {
  const sel = grupo ? `.cf-toasts-${grupo} .bp6-toast` : '.bp6-toast';
  return [...el.shadowRoot!.querySelectorAll(sel)].map((n) => n.querySelector('.cf-toast-conteudo')?.textContent?.trim() ?? '');
}

/** Waits (1.5 s at most) for the element's transitions: a toast, dialog or drawer is checked as it will be seen, not mid-way. */
export async function animacoesTerminadas(alvo: Element): Promise<void> {
  const raizSombra = (alvo as HTMLElement).shadowRoot;
  if (!raizSombra) return;
  const quadro = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const fim = performance.now() + 1500;
  // A transition starts a frame after its class is set: look again until none is running.
  for (await quadro(); performance.now() < fim; await quadro()) {
    const rodando = raizSombra.getAnimations();
    if (!rodando.length) return;
    await Promise.race([Promise.all(rodando.map((a) => a.finished.catch(() => undefined))), new Promise((ok) => setTimeout(ok, fim - performance.now()))]);
  }
}

/** axe-core's serious and critical WCAG 2.1 A/AA violations inside an element (shadow roots included). */
export async function violacoesGraves(alvo: Element): Promise<string[]> {
  await animacoesTerminadas(alvo);
  const r = await axe.run(alvo, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

let tokenAdmin = '';
/** The reference API as the administrator, for a test's setup and checks (throws on 4xx/5xx). */
export async function apiAdmin(metodo: string, caminho: string, corpo?: unknown) {
  tokenAdmin ||= (await tokensDe('admin')).token;
  const r = await fetch(`${DEMO.url}/api${caminho}`, {
    method: metodo,
    // The API answers in the caller's language: the test browser asks for English by default (issue 37).
    headers: { authorization: `Bearer ${tokenAdmin}`, 'accept-language': 'pt-BR', ...(corpo ? { 'content-type': 'application/json' } : {}) },
    body: corpo ? JSON.stringify(corpo) : undefined,
  });
  const json = r.status === 204 ? null : await r.json();
  if (r.status >= 400) throw new Error(`${metodo} ${caminho}: ${r.status} ${JSON.stringify(json)}`);
  return { status: r.status, json };
}

export const linhasTabela = (el: HTMLElement) => [...el.shadowRoot!.querySelectorAll('.cf-tabela-dados tbody tr')].map((tr) => tr.querySelector('td')!.textContent!.trim());
export const botao = (el: HTMLElement, texto: string) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === texto) as HTMLButtonElement | undefined;
export const porRotulo = (el: HTMLElement, rotulo: string) => el.shadowRoot!.querySelector(`[aria-label="${rotulo}"]`) as HTMLElement;
export const textoConteudo = (el: HTMLElement) => el.shadowRoot!.querySelector('.cf-conteudo')!.textContent!;

/** Types into an input or textarea as React sees it. */
export function digitar(campo: HTMLInputElement | HTMLTextAreaElement, texto: string) {
  const proto = campo instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(campo, texto);
  campo.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The input, select or textarea labelled `rotulo` (label text without the required mark), within `dentro`. */
export function campo<T extends HTMLElement = HTMLInputElement>(el: HTMLElement, rotulo: string, dentro = ''): T {
  const raiz = el.shadowRoot!;
  // Without the marks after a label: Blueprint's "*" on required fields, the citizen form's "(opcional)".
  const label = [...raiz.querySelectorAll(`${dentro} label`)].find((l) => l.textContent!.replace(/\s*(\*|\((opcional|optional)\))\s*$/, '').trim() === rotulo) as HTMLLabelElement | undefined;
  if (!label) throw new Error(`sem rótulo "${rotulo}"`);
  return raiz.getElementById(label.htmlFor) as T;
}

/** Picks an option of a select as React sees it. */
export function escolher(select: HTMLSelectElement, valor: string) {
  select.value = valor;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The text of each cell of the table's rows (one array per row). */
export const celulas = (el: HTMLElement, tabela = '.cf-tabela-dados') => [...el.shadowRoot!.querySelectorAll(`${tabela} tbody tr`)].map((tr) => [...tr.querySelectorAll('td, th')].map((c) => c.textContent!.trim()));

/** The total the paged table shows ("123 registros", "Nenhum registro": 0). */
export const totalTabela = (el: HTMLElement) => Number(el.shadowRoot!.querySelector('[data-testid=total]')?.textContent!.replace(/\D/g, '') ?? NaN);

/** Submits the filter bar (the "Filtrar" button). */
export const filtrar = (el: HTMLElement) => botao(el, 'Filtrar')!.click();

/** Captures the next file the page hands to the browser's download (the Blob given to URL.createObjectURL). */
export function capturarDownload(): Promise<{ blob: Blob; texto: () => Promise<string> }> {
  const original = URL.createObjectURL;
  return new Promise((ok) => {
    URL.createObjectURL = (o: Blob | MediaSource) => {
      URL.createObjectURL = original;
      ok({ blob: o as Blob, texto: () => (o as Blob).text() });
      return original.call(URL, o);
    };
  });
}

/** The reference API as a seeded user (real token), for checks that compare the page with the API. */
export async function apiComo(username: string, caminho: string) {
  const { token } = await tokensDe(username);
  const r = await fetch(`${DEMO.url}/api${caminho}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'pt-BR' } });
  return { status: r.status, total: Number(r.headers.get('x-total-count')), json: await r.json() };
}
