/**
 * Access tokens already verified, kept by their exact text (issue 47): a console makes several calls a second with
 * the same token, and verifying its signature each time (an RSA check sent to libuv's thread pool, its header and
 * claims parsed again) was the largest single piece of a list's time on the server. Only a token that passed every
 * check is kept, under its whole text (signature included: no other string finds it), and never past its expiry
 * (with the clock tolerance jose applies) nor past `idadeMaximaMs` after it was verified — so a key withdrawn from
 * the issuer's JWKS stops working within that bound, as jose's own key cache already implies. At most `maximo`
 * tokens; beyond, the oldest verified go first.
 */
export class TokensVerificados<T> {
  private readonly guardados = new Map<string, { valor: T; ateMs: number }>();

  constructor(private readonly o: { maximo: number; idadeMaximaMs: number; toleranciaS: number; agora?: () => number }) {}

  private agora(): number {
    return this.o.agora ? this.o.agora() : Date.now();
  }

  /** The verified caller of `token`, when it was verified and is still within its bounds. */
  obter(token: string): T | undefined {
    const g = this.guardados.get(token);
    if (!g) return undefined;
    if (this.agora() < g.ateMs) return g.valor;
    this.guardados.delete(token);
    return undefined;
  }

  /** Keeps a token that passed verification, with its `exp` claim (seconds). */
  guardar(token: string, exp: number, valor: T): void {
    const ateMs = Math.min((exp + this.o.toleranciaS) * 1000, this.agora() + this.o.idadeMaximaMs);
    if (ateMs <= this.agora()) return;
    this.guardados.delete(token);
    this.guardados.set(token, { valor, ateMs });
    // Insertion order is verification order: the first key is the oldest.
    while (this.guardados.size > this.o.maximo) this.guardados.delete(this.guardados.keys().next().value!);
  }

  get tamanho(): number {
    return this.guardados.size;
  }
}
