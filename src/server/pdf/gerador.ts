import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { numeroDoAmbiente } from '../ambiente';
import { arquivoDoServico, COMPILADO } from '../arquivos';
import { ErroHttp } from '../api/erros';
import type { FichaPdf } from './fichaPdf';
import { selarPdf, type Selo } from './selo';

/**
 * Every PDF the server makes (the citizen's receipt, the staff download, the confirmation e-mail's
 * attachment) is built here, in a small pool of worker threads (issue 33): the layout is CPU work, and
 * on the event loop one large answer held every other request. Each document has a time limit: past it,
 * its worker is stopped (and replaced) and the caller gets a pt-BR 503; an e-mail job is retried as any
 * failed send. A full queue answers 503 at once (with Retry-After) instead of piling work up.
 *
 * Fair (issue 50: 70 requests from one address made a staff download wait 12.5 s, or answer 503): staff
 * downloads go first, then citizens' documents taking turns by who asked (their address), then e-mail
 * attachments (background work, retried anyway); one asker holds at most PDF_POR_ORIGEM documents queued or
 * being built, and the queue's room (PDF_FILA_MAX) is counted per class, so citizens never fill the staff's.
 */
export interface OpcoesPdf {
  /** Worker threads (PDF_TRABALHADORES; default 1 on two cores, half the cores above). */
  trabalhadores: number;
  /** Per document, from the moment a worker takes it (PDF_TEMPO_LIMITE_MS). */
  tempoLimiteMs: number;
  /** Documents waiting for a worker, per class (PDF_FILA_MAX); beyond it, 503. */
  fila: number;
  /** Documents one asker (an address, a user) may have queued or being built at once (PDF_POR_ORIGEM); beyond it, 503. */
  porOrigem: number;
  /** The worker thread's file; a unit test gives a stand-in to follow the queue alone. */
  trabalhador?: URL;
}

/** Who a document is for, in the order they are served. */
export type ClassePdf = 'equipe' | 'cidadao' | 'fundo';
export const CLASSES_PDF: readonly ClassePdf[] = ['equipe', 'cidadao', 'fundo'];
/** Who asked: its class and a key of the asker (an address, a username); e-mails go as background. */
export interface PedidoDe {
  classe: ClassePdf;
  origem: string;
}
const FUNDO: PedidoDe = { classe: 'fundo', origem: '' };
/** The seconds a refused caller is told to wait (Retry-After). */
export const ESPERA_OCUPADO_S = 5;

export const MSG_PDF_DEMORADO = 'Não foi possível gerar o PDF agora: o documento levou tempo demais. Tente de novo em alguns minutos.';
export const MSG_PDF_OCUPADO = 'Muitos PDFs sendo gerados agora. Tente de novo em alguns segundos.';

export function opcoesPdfDoAmbiente(env: NodeJS.ProcessEnv): OpcoesPdf {
  return {
    trabalhadores: numeroDoAmbiente(env, 'PDF_TRABALHADORES', Math.max(1, Math.floor(availableParallelism() / 2)), { minimo: 1, inteiro: true }),
    tempoLimiteMs: numeroDoAmbiente(env, 'PDF_TEMPO_LIMITE_MS', 10_000, { minimo: 100, inteiro: true }),
    fila: numeroDoAmbiente(env, 'PDF_FILA_MAX', 64, { minimo: 1, inteiro: true }),
    porOrigem: numeroDoAmbiente(env, 'PDF_POR_ORIGEM', 2, { minimo: 1, inteiro: true }),
  };
}

interface Pedido {
  id: number;
  de: PedidoDe;
  ficha: FichaPdf;
  ok: (b: Buffer) => void;
  erro: (e: Error) => void;
}

interface Trabalhador {
  worker: Worker;
  atual: Pedido | null;
  relogio?: NodeJS.Timeout;
}

/** The worker thread's file: the compiled one in production and in `npm start`, so no run-time transpiler is needed (issue 48). */
const ARQUIVO_TRABALHADOR = arquivoDoServico(COMPILADO ? 'trabalhadorPdf.js' : 'pdf/trabalhadorPdf.ts');

const ocupado = () => new ErroHttp(503, MSG_PDF_OCUPADO, undefined, undefined, { 'retry-after': String(ESPERA_OCUPADO_S) });

export function criarGeradorPdf(o: OpcoesPdf) {
  /** Per class, per asker, in arrival order; the askers of a class take turns (a Map keeps insertion order: the next turn is its first key). */
  const espera = new Map<ClassePdf, Map<string, Pedido[]>>(CLASSES_PDF.map((c) => [c, new Map()]));
  /** Documents queued or being built, per class and asker. */
  const emCurso = new Map<string, number>();
  const chave = (d: PedidoDe) => `${d.classe}\u0000${d.origem}`;
  const esperando = (c: ClassePdf) => [...espera.get(c)!.values()].reduce((n, l) => n + l.length, 0);
  /** The next document: the first class with one; in it, the asker whose turn it is, who then goes to the back. */
  function proximoPedido(): Pedido | undefined {
    for (const c of CLASSES_PDF) {
      const filas = espera.get(c)!;
      const [origem, lista] = filas.entries().next().value ?? [];
      if (!lista) continue;
      const p = lista.shift()!;
      filas.delete(origem!);
      if (lista.length) filas.set(origem!, lista);
      return p;
    }
    return undefined;
  }
  function largar(p: Pedido) {
    const k = chave(p.de);
    const n = (emCurso.get(k) ?? 0) - 1;
    if (n > 0) emCurso.set(k, n);
    else emCurso.delete(k);
  }
  const trabalhadores: Trabalhador[] = [];
  let proximo = 0;
  let fechado = false;

  function novo(): Trabalhador {
    const t: Trabalhador = { worker: new Worker(o.trabalhador ?? ARQUIVO_TRABALHADOR), atual: null };
    t.worker.unref();
    t.worker.on('message', (m: { id: number; pdf?: Uint8Array; erro?: string }) => {
      const p = t.atual;
      if (!p || p.id !== m.id) return;
      terminar(t);
      largar(p);
      if (m.pdf) p.ok(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else p.erro(new Error(`PDF: ${m.erro}`));
      andar();
    });
    // A worker that dies (out of memory, a bug) fails its document and is replaced on the next one.
    t.worker.on('error', (e) => {
      const p = t.atual;
      descartar(t);
      if (p) largar(p);
      p?.erro(e);
      andar();
    });
    trabalhadores.push(t);
    return t;
  }
  function terminar(t: Trabalhador) {
    clearTimeout(t.relogio);
    t.atual = null;
    t.worker.unref();
  }
  function descartar(t: Trabalhador) {
    clearTimeout(t.relogio);
    trabalhadores.splice(trabalhadores.indexOf(t), 1);
    void t.worker.terminate();
  }
  function andar() {
    while (!fechado) {
      const livre = trabalhadores.find((x) => !x.atual) ?? (trabalhadores.length < o.trabalhadores ? 'novo' : null);
      if (!livre) return;
      const p = proximoPedido();
      if (!p) return;
      const t = livre === 'novo' ? novo() : livre;
      t.atual = p;
      // While it works, the worker keeps a script that waits for it alive.
      t.worker.ref();
      t.relogio = setTimeout(() => {
        descartar(t);
        largar(p);
        p.erro(new ErroHttp(503, MSG_PDF_DEMORADO, undefined, undefined, { 'retry-after': '60' }));
        andar();
      }, o.tempoLimiteMs);
      t.worker.postMessage({ id: p.id, ficha: p.ficha });
    }
  }

  return {
    /** The PDF's bytes, built off the event loop, in `de`'s turn. */
    gerar(ficha: FichaPdf, de: PedidoDe = FUNDO): Promise<Buffer> {
      const k = chave(de);
      if (fechado || esperando(de.classe) >= o.fila || (de.classe !== 'fundo' && (emCurso.get(k) ?? 0) >= o.porOrigem)) return Promise.reject(ocupado());
      emCurso.set(k, (emCurso.get(k) ?? 0) + 1);
      return new Promise<Buffer>((ok, erro) => {
        const filas = espera.get(de.classe)!;
        filas.set(de.origem, [...(filas.get(de.origem) ?? []), { id: ++proximo, de, ficha, ok, erro }]);
        andar();
      });
    },
    /** Stops the workers; documents not finished fail (a request waiting for one is answered, not left hanging). */
    async fechar() {
      fechado = true;
      for (const filas of espera.values()) for (const p of [...filas.values()].flat()) p.erro(ocupado());
      for (const filas of espera.values()) filas.clear();
      for (const t of trabalhadores) t.atual?.erro(ocupado());
      await Promise.all(trabalhadores.splice(0).map((t) => (clearTimeout(t.relogio), t.worker.terminate())));
    },
  };
}

export type GeradorPdf = ReturnType<typeof criarGeradorPdf>;

/**
 * The process's pool, made on the first document with the environment's options (PDF_TRABALHADORES,
 * PDF_TEMPO_LIMITE_MS, PDF_FILA_MAX): like libuv's thread pool, one per process, whatever serves from it.
 */
let pool: GeradorPdf | null = null;
/**
 * A PDF: laid out in the pool, then sealed here with the state's certificate when the service has one (issue 44:
 * one hash and one signature, about a millisecond); without one, unsigned.
 */
export async function gerarPdf(ficha: FichaPdf, de?: PedidoDe, s?: Selo | null): Promise<Buffer> {
  const pdf = await (pool ??= criarGeradorPdf(opcoesPdfDoAmbiente(process.env))).gerar(s ? { ...ficha, selo: { nome: s.nome } } : ficha, de);
  return s ? selarPdf(pdf, s, ficha.protocolo) : pdf;
}
/** Stops the process's pool (on shutdown); a later document starts a new one. */
export async function fecharPdf(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.fechar();
}
