import { cepNormalizado, formatarCep, type EnderecoCep } from '../../forms/brasileiros';
import { numeroDoAmbiente } from '../ambiente';

/**
 * The CEP lookup behind `GET /api/publico/cep/{cep}` (issue 44): a ViaCEP-compatible service (`CEP_URL`, with
 * `{cep}` where the eight digits go), each answer kept for a day (found or not), at most `CEP_TEMPO_MS` per call.
 * Without `CEP_URL` there is no lookup (the citizen types the address): the default never sends anything out.
 */
export interface OpcoesCep {
  url: string;
  timeoutMs: number;
}

export function opcoesCepDoAmbiente(env: NodeJS.ProcessEnv): OpcoesCep | null {
  const url = env.CEP_URL?.trim();
  if (!url) return null;
  if (!url.includes('{cep}')) throw new Error('CEP_URL deve ter {cep} onde vão os oito dígitos (ex.: https://viacep.com.br/ws/{cep}/json/).');
  return { url, timeoutMs: numeroDoAmbiente(env, 'CEP_TEMPO_MS', 3000, { inteiro: true }) };
}

export type ResultadoCep = { encontrado: true; endereco: EnderecoCep } | { encontrado: false } | { indisponivel: true };

const DIA = 86_400_000;
const MAXIMO_GUARDADO = 10_000;

export function criarBuscaCep(o: OpcoesCep, agora = () => Date.now()) {
  const guardados = new Map<string, { em: number; r: ResultadoCep }>();
  return {
    async buscar(cep: string): Promise<ResultadoCep> {
      const d = cepNormalizado(cep);
      if (!d) return { encontrado: false };
      const g = guardados.get(d);
      if (g && agora() - g.em < DIA) return g.r;
      let r: ResultadoCep;
      try {
        const resposta = await fetch(o.url.replace('{cep}', d), { signal: AbortSignal.timeout(o.timeoutMs), headers: { accept: 'application/json' } });
        if (resposta.status === 400 || resposta.status === 404) r = { encontrado: false };
        else if (!resposta.ok) return { indisponivel: true };
        else {
          const j = (await resposta.json()) as Record<string, unknown>;
          const texto = (k: string) => (typeof j[k] === 'string' ? (j[k] as string).trim().slice(0, 200) : '');
          // ViaCEP answers 200 with {"erro": true} (or "true") for a CEP that does not exist.
          r = j.erro === true || j.erro === 'true' ? { encontrado: false } : { encontrado: true, endereco: { cep: formatarCep(d), logradouro: texto('logradouro'), bairro: texto('bairro'), cidade: texto('localidade'), uf: texto('uf').toUpperCase().slice(0, 2) } };
        }
      } catch {
        // Down, slow or not JSON: nothing kept, the citizen types the address.
        return { indisponivel: true };
      }
      if (guardados.size >= MAXIMO_GUARDADO) guardados.delete(guardados.keys().next().value!);
      guardados.set(d, { em: agora(), r });
      return r;
    },
  };
}
export type BuscaCep = ReturnType<typeof criarBuscaCep>;
