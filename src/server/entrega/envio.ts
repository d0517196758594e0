import { lookup } from 'node:dns/promises';
import { request as pedidoHttp } from 'node:http';
import { request as pedidoHttps } from 'node:https';
import { cabecalhosAssinados } from './assinatura';
import { destinoVerificado, type Permitidos, type Resolvedor } from './destino';

/**
 * One HTTP send to an integration's destination (a delivery's attempt, or the builder's test): the
 * destination guard after resolution, the Standard Webhooks signature, a timeout, no redirect followed,
 * and a short pt-BR outcome. The receiver's body is read and thrown away: what a destination answers is
 * never stored or shown (an internal service's response must not become readable in the console).
 */
export interface PedidoConexao {
  url: URL;
  /** The checked address to connect to (the name in `url` is not resolved again: no DNS rebinding). */
  ip: string;
  familia: 4 | 6;
  metodo: string;
  cabecalhos: Record<string, string>;
  corpo: string;
  timeoutMs: number;
}

/** Opens the connection and answers the status (injected in tests to prove none is opened for a hostile address). */
export type Conector = (p: PedidoConexao) => Promise<{ status: number }>;

export interface OpcoesEnvio {
  permitidos: Permitidos;
  resolver: Resolvedor;
  conectar: Conector;
}

export interface Resultado {
  ok: boolean;
  statusHttp: number | null;
  erro: string | null;
  duracaoMs: number;
}

export const resolvedorDoSistema: Resolvedor = (host) => lookup(host, { all: true, verbatim: true });

const LIMITE_RESPOSTA = 64 * 1024;

/** node:http/https pinned to the checked address; TLS still verifies the certificate for the name. */
export const conectorHttp: Conector = (p) =>
  new Promise((ok, erro) => {
    const fazer = p.url.protocol === 'https:' ? pedidoHttps : pedidoHttp;
    const req = fazer(
      p.url,
      {
        method: p.metodo,
        headers: { ...p.cabecalhos, 'content-length': Buffer.byteLength(p.corpo) },
        lookup: (_host: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) => (o.all ? cb(null, [{ address: p.ip, family: p.familia }]) : cb(null, p.ip, p.familia)),
        signal: AbortSignal.timeout(p.timeoutMs),
      } as never,
      (res) => {
        let lidos = 0;
        res.on('data', (d: Buffer) => {
          lidos += d.length;
          if (lidos > LIMITE_RESPOSTA) res.destroy();
        });
        res.on('end', () => ok({ status: res.statusCode ?? 0 }));
        res.on('close', () => ok({ status: res.statusCode ?? 0 }));
        res.on('error', () => ok({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', erro);
    req.end(p.corpo);
  });

const TEXTO_STATUS: Record<number, string> = {
  400: 'requisição inválida',
  401: 'não autenticado',
  403: 'acesso negado',
  404: 'não encontrado',
  405: 'método não permitido',
  408: 'tempo esgotado',
  409: 'conflito',
  410: 'não existe mais',
  413: 'conteúdo grande demais',
  415: 'formato não aceito',
  422: 'não processável',
  429: 'muitas requisições',
  500: 'erro interno',
  501: 'não implementado',
  502: 'gateway inválido',
  503: 'serviço indisponível',
  504: 'tempo esgotado no gateway',
};

const TEXTO_FALHA: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão interrompida',
  EHOSTUNREACH: 'destino inalcançável',
  ENETUNREACH: 'rede inalcançável',
  ETIMEDOUT: 'tempo de conexão esgotado',
  EPIPE: 'conexão interrompida',
  ENOTFOUND: 'nome não encontrado (DNS)',
  EAI_AGAIN: 'falha temporária de DNS',
};

/** The outcome of an answer, in pt-BR. */
export function textoDaResposta(status: number): string {
  const nome = TEXTO_STATUS[status];
  if (status >= 300 && status < 400) return `O destino respondeu ${status} (redirecionamento), que não é seguido.`;
  return `O destino respondeu ${status}${nome ? ` (${nome})` : ''}.`;
}

function textoDaFalha(e: unknown, timeoutMs: number): string {
  const err = e as Error & { code?: string; cause?: { code?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || err.code === 'ABORT_ERR') return `Sem resposta em ${(timeoutMs / 1000).toLocaleString('pt-BR')} s.`;
  const codigo = err.code ?? err.cause?.code ?? '';
  if (/CERT|SSL|TLS|SELF_SIGNED/i.test(codigo)) return 'Falha de conexão: o certificado TLS do destino não é válido.';
  return `Falha de conexão: ${TEXTO_FALHA[codigo] ?? 'o destino não pôde ser contatado'}.`;
}

/** Sends `corpo` to `destino`, signed with `segredos`; never throws. */
export async function enviarAssinado(
  o: OpcoesEnvio,
  e: { destino: string; metodo: string; cabecalhos: Record<string, string>; corpo: string; id: string; segredos: readonly string[]; timeoutMs: number; extras?: Record<string, string> },
): Promise<Resultado> {
  const inicio = performance.now();
  const fim = (r: Omit<Resultado, 'duracaoMs'>): Resultado => ({ ...r, duracaoMs: Math.round(performance.now() - inicio) });
  const alvo = await destinoVerificado(e.destino, o.permitidos, o.resolver);
  if ('recusa' in alvo) return fim({ ok: false, statusHttp: null, erro: `Destino recusado: ${alvo.recusa}` });
  try {
    const r = await o.conectar({
      url: alvo.url,
      ip: alvo.ip,
      familia: alvo.familia,
      metodo: e.metodo,
      cabecalhos: { ...e.cabecalhos, ...e.extras, 'content-type': 'application/json', ...(e.segredos.length ? cabecalhosAssinados(e.segredos, e.id, e.corpo) : {}) },
      corpo: e.corpo,
      timeoutMs: e.timeoutMs,
    });
    if (r.status >= 200 && r.status < 300) return fim({ ok: true, statusHttp: r.status, erro: null });
    return fim({ ok: false, statusHttp: r.status, erro: textoDaResposta(r.status) });
  } catch (err) {
    return fim({ ok: false, statusHttp: null, erro: textoDaFalha(err, e.timeoutMs) });
  }
}
