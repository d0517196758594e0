import { numeroDoAmbiente, urlDoAmbiente } from './ambiente';

/**
 * Text messages (issue 45: the codes of verified phone questions), through a gateway's HTTP API: one POST of JSON
 * `{ "to": "+5511987654321", "message": "…" }` to `SMS_URL`, with `Authorization: Bearer SMS_TOKEN` — the shape of the
 * generic HTTP adapters Brazilian gateways offer (Zenvia, Comtele, TWW and others are reached this way through their
 * "HTTP genérico" or a small proxy). A 2xx is sent; anything else, or no answer, is not.
 */
export interface OpcoesSms {
  url: string;
  token?: string;
  timeoutMs?: number;
}

export class SmsNaoEnviado extends Error {}

export function criarSms(o: OpcoesSms) {
  return {
    async enviar(para: string, mensagem: string): Promise<void> {
      let r: Response;
      try {
        r = await fetch(o.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
          body: JSON.stringify({ to: para, message: mensagem }),
          redirect: 'error',
          signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
        });
      } catch (e) {
        throw new SmsNaoEnviado(`o serviço de SMS não respondeu: ${(e as Error).message}`);
      }
      if (r.status < 200 || r.status >= 300) throw new SmsNaoEnviado(`o serviço de SMS recusou a mensagem (HTTP ${r.status})`);
    },
  };
}

export type Sms = ReturnType<typeof criarSms>;

/** SMS_URL, SMS_TOKEN, SMS_TEMPO_LIMITE_MS; null without SMS_URL (verified phone questions cannot get a code). */
export function smsDoAmbiente(env: NodeJS.ProcessEnv): OpcoesSms | null {
  const url = urlDoAmbiente(env, 'SMS_URL');
  return url ? { url, token: env.SMS_TOKEN?.trim() || undefined, timeoutMs: numeroDoAmbiente(env, 'SMS_TEMPO_LIMITE_MS', 10_000, { minimo: 100, inteiro: true }) } : null;
}
