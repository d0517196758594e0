/**
 * A background job's loop (the delivery worker, the retention job): a round, then the next one at once
 * when the round was full (`lote` done) or someone woke it, otherwise after `intervaloMs`. A failing
 * round (a lost database connection, say) is logged and the loop goes on; `parar` waits for the round
 * in progress.
 */
export function criarLaco(nome: string, rodada: () => Promise<number>, o: { intervaloMs: number; lote: number }) {
  let parado = true;
  let rodando: Promise<unknown> | null = null;
  let relogio: ReturnType<typeof setTimeout> | null = null;
  let acordado = false;

  async function ciclo() {
    relogio = null;
    if (parado) return;
    acordado = false;
    let n = 0;
    try {
      rodando = rodada();
      n = (await rodando) as number;
    } catch (e) {
      if (!parado) console.error(`[${nome}]`, (e as Error).message);
    } finally {
      rodando = null;
    }
    if (!parado) relogio = setTimeout(ciclo, n >= o.lote || acordado ? 0 : o.intervaloMs);
  }

  return {
    iniciar() {
      if (!parado) return;
      parado = false;
      relogio = setTimeout(ciclo, 0);
    },
    /** New work: look now instead of at the next interval. */
    acordar() {
      acordado = true;
      if (!parado && relogio) {
        clearTimeout(relogio);
        relogio = setTimeout(ciclo, 0);
      }
    },
    async parar() {
      parado = true;
      if (relogio) clearTimeout(relogio);
      await rodando?.catch(() => undefined);
    },
  };
}
