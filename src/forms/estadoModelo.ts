import type { Definicao } from './definicao';
import { diferenca, jsonEstavel, resumoDiferenca } from './diferenca';
import { emPortugues, type Tradutor } from '../i18n';
import { formatarDataHoraCompleta } from '../i18n/datas';

/**
 * A model as a designer leaves it at a save (issue 36): what the history keeps of each change, what an exported
 * file carries between environments, and what "Duplicar" copies. Never a secret: of the integration, the
 * address, the method and the names of its headers (their values may be credentials; the new environment
 * fills them in). Never a content-control group (each environment has its own; it is chosen at import).
 */
export interface EstadoModelo {
  nome: string;
  descricao: string;
  definicao: Definicao;
  retencaoDias: number | null;
  abreEm: string | null;
  fechaEm: string | null;
  limiteRespostas: number | null;
  mensagemLimite: string | null;
  modeloBase: boolean;
  /** Restricted to a public-access group (the group itself is the environment's). */
  restrito: boolean;
  integracao: { url: string | null; metodo: 'POST' | 'PUT' | 'PATCH'; cabecalhos: string[] };
}

/** What changed between two states, in sentences (the definition's changes as the version diff says them, then the data's). */
export function mudancasDoModelo(antes: EstadoModelo | null, depois: EstadoModelo, t: Tradutor = emPortugues): string[] {
  if (!antes) return [];
  const linhas = resumoDiferenca(diferenca(antes.definicao, depois.definicao, t), t);
  const instante = (v: string | null) => (v ? formatarDataHoraCompleta(v) : '—');
  const texto = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  const campo = (chave: Parameters<Tradutor>[0], a: string, b: string) => a !== b && linhas.push(t('historico.mudou', { campo: t(chave), a, b }));
  campo('historico.campo.nome', antes.nome, depois.nome);
  if (antes.descricao !== depois.descricao) linhas.push(t('historico.descricao'));
  campo('historico.campo.abre', instante(antes.abreEm), instante(depois.abreEm));
  campo('historico.campo.fecha', instante(antes.fechaEm), instante(depois.fechaEm));
  campo('historico.campo.limite', texto(antes.limiteRespostas), texto(depois.limiteRespostas));
  if ((antes.mensagemLimite ?? '') !== (depois.mensagemLimite ?? '')) linhas.push(t('historico.mensagem-limite'));
  campo('historico.campo.retencao', texto(antes.retencaoDias), texto(depois.retencaoDias));
  if (antes.modeloBase !== depois.modeloBase) linhas.push(t(depois.modeloBase ? 'historico.virou-base' : 'historico.deixou-base'));
  if (antes.restrito !== depois.restrito) linhas.push(t(depois.restrito ? 'historico.restrito' : 'historico.aberto'));
  if (jsonEstavel(antes.integracao) !== jsonEstavel(depois.integracao)) linhas.push(t('historico.integracao'));
  return linhas;
}

/** The same state whatever the order of its keys: what a file's checksum and "nothing changed" compare. */
export const estadoCanonico = (e: EstadoModelo): string => jsonEstavel(e);
