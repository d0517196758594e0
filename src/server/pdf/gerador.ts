import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { numeroDoAmbiente } from '../ambiente';
import { arquivoDoServico, COMPILADO } from '../arquivos';
import { ErroHttp } from '../api/erros';
import type { FichaPdf } from './fichaPdf';

/**
 * Every PDF the server makes (the citizen's receipt, the staff download, the confirmation e-mail's
 * attachment) is built here, in a small pool of worker threads (issue 33): the layout is CPU work, and
 * on the event loop one large answer held every other request. Each document has a time limit: past it,
 * its worker is stopped (and replaced) and the caller gets a pt-BR 503; an e-mail job is retried as any
 * failed send. A full queue answers 503 at once instead of piling work up.
 */
export interface OpcoesPdf {
  /** Worker threads (PDF_TRABALHADORES; default 1 on two cores, half the cores above). */
  trabalhadores: number;
  /** Per document, from the moment a worker takes it (PDF_TEMPO_LIMITE_MS). */
  tempoLimiteMs: number;
  /** Documents waiting for a worker (PDF_FILA_MAX); beyond it, 503. */
  fila: number;
}

export const MSG_PDF_DEMORADO = 'Não foi possível gerar o PDF agora: o documento levou tempo demais. Tente de novo em alguns minutos.';
export const MSG_PDF_OCUPADO = 'Muitos PDFs sendo gerados agora. Tente de novo em alguns segundos.';

export function opcoesPdfDoAmbiente(env: NodeJS.ProcessEnv): OpcoesPdf {
  return {
    trabalhadores: numeroDoAmbiente(env, 'PDF_TRABALHADORES', Math.max(1, Math.floor(availableParallelism() / 2)), { minimo: 1, inteiro: true }),
    tempoLimiteMs: numeroDoAmbiente(env, 'PDF_TEMPO_LIMITE_MS', 10_000, { minimo: 100, inteiro: true }),
    fila: numeroDoAmbiente(env, 'PDF_FILA_MAX', 64, { minimo: 1, inteiro: true }),
  };
}

interface Pedido {
  id: number;
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

export function criarGeradorPdf(o: OpcoesPdf) {
  const espera: Pedido[] = [];
  const trabalhadores: Trabalhador[] = [];
  let proximo = 0;
  let fechado = false;

  function novo(): Trabalhador {
    const t: Trabalhador = { worker: new Worker(ARQUIVO_TRABALHADOR), atual: null };
    t.worker.unref();
    t.worker.on('message', (m: { id: number; pdf?: Uint8Array; erro?: string }) => {
      const p = t.atual;
      if (!p || p.id !== m.id) return;
      terminar(t);
      if (m.pdf) p.ok(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else p.erro(new Error(`PDF: ${m.erro}`));
      andar();
    });
    // A worker that dies (out of memory, a bug) fails its document and is replaced on the next one.
    t.worker.on('error', (e) => {
      const p = t.atual;
      descartar(t);
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
    while (espera.length && !fechado) {
      const t = trabalhadores.find((x) => !x.atual) ?? (trabalhadores.length < o.trabalhadores ? novo() : null);
      if (!t) return;
      const p = espera.shift()!;
      t.atual = p;
      // While it works, the worker keeps a script that waits for it alive.
      t.worker.ref();
      t.relogio = setTimeout(() => {
        descartar(t);
        p.erro(new ErroHttp(503, MSG_PDF_DEMORADO));
        andar();
      }, o.tempoLimiteMs);
      t.worker.postMessage({ id: p.id, ficha: p.ficha });
    }
  }

  return {
    /** The PDF's bytes, built off the event loop. */
    gerar(ficha: FichaPdf): Promise<Buffer> {
      if (fechado) return Promise.reject(new ErroHttp(503, MSG_PDF_OCUPADO));
      if (espera.length >= o.fila) return Promise.reject(new ErroHttp(503, MSG_PDF_OCUPADO));
      return new Promise<Buffer>((ok, erro) => {
        espera.push({ id: ++proximo, ficha, ok, erro });
        andar();
      });
    },
    /** Stops the workers; documents not started fail. */
    async fechar() {
      fechado = true;
      for (const p of espera.splice(0)) p.erro(new ErroHttp(503, MSG_PDF_OCUPADO));
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
export const gerarPdf = (ficha: FichaPdf): Promise<Buffer> => (pool ??= criarGeradorPdf(opcoesPdfDoAmbiente(process.env))).gerar(ficha);
/** Stops the process's pool (on shutdown); a later document starts a new one. */
export async function fecharPdf(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.fechar();
}
