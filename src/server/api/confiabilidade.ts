import { enderecoDoCatalogo, exige, faltaDe, nomeDoSelo, type Exigencia } from '../../forms/confiabilidade';
import type { IdiomaCidadao } from '../../i18n/cidadao';
import { TIPO_CONFIABILIDADE } from '../../contrato/problema';
import { urlDoAmbiente } from '../ambiente';
import { textoCidadao } from '../textosCidadao';
import type { Cidadao } from './cidadao';
import { ErroHttp } from './erros';

/**
 * The gov.br account a model asks for (issue 44), on the server: a citizen below it is refused with 403, typed
 * (`TIPO_CONFIABILIDADE`) so the element shows its page, and a reason that names what is missing, in the
 * citizen's language; the trust catalogue's address (CIDADAO_CATALOGO_URL, gov.br's by default) goes with the
 * model, so the element can send the citizen there and back.
 */
export interface CatalogoConfiabilidades {
  url: string;
  clientId: string;
}

export const CATALOGO_GOVBR = 'https://confiabilidades.acesso.gov.br/';

/** CIDADAO_CATALOGO_URL and CIDADAO_CLIENT_ID (this service's client at gov.br; CIDADAO_AUDIENCE by default); null without a client. */
export function catalogoDoAmbiente(env: NodeJS.ProcessEnv): CatalogoConfiabilidades | null {
  const clientId = env.CIDADAO_CLIENT_ID?.trim() || env.CIDADAO_AUDIENCE?.trim();
  return clientId ? { url: urlDoAmbiente(env, 'CIDADAO_CATALOGO_URL') ?? CATALOGO_GOVBR, clientId } : null;
}

/** The refusal of a citizen (or of no citizen) whose account does not serve `e`; null when it serves. */
export function recusaDeConfiabilidade(e: Exigencia | undefined, cidadao: Cidadao | null, idioma: IdiomaCidadao): ErroHttp | null {
  const falta = faltaDe(e, cidadao?.confiabilidade);
  if (!falta) return null;
  const atual = textoCidadao(idioma, `nivel.${cidadao?.confiabilidade?.nivel ?? 'nenhum'}`);
  const motivos = [
    ...(falta.nivel ? [textoCidadao(idioma, falta.nivel === 'ouro' ? 'api.confiabilidade-ouro' : 'api.confiabilidade-prata', { atual })] : []),
    ...(falta.selos ? [textoCidadao(idioma, 'api.confiabilidade-selos', { selos: falta.selos.map(nomeDoSelo).join('; ') })] : []),
    ...(falta.segundoFator ? [textoCidadao(idioma, 'api.confiabilidade-segundo-fator')] : []),
  ];
  return new ErroHttp(403, motivos.join(' '), undefined, TIPO_CONFIABILIDADE);
}

/** What the element is told of a model's requirement: the requirement and where the catalogue is (null: none asked). */
export function confiabilidadePublica(e: Exigencia | undefined, catalogo: CatalogoConfiabilidades | null | undefined) {
  if (!exige(e)) return null;
  return { ...e, catalogoUrl: catalogo && (e.nivel || e.selos?.length) ? enderecoDoCatalogo(catalogo.url, catalogo.clientId, e) : null };
}
