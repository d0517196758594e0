import type { TFormulario } from '../../contrato/formularios';
import { mascararCpf } from '../../forms/cpf';
import { mascarar } from '../../forms/dadosPessoais';
import type { StatusFormulario } from '../../forms/status';

/** A form's row as the lists read it (the forms list, "Minhas análises"). */
export interface LinhaFormulario {
  id: string;
  protocolo: string;
  codigo_servico: string;
  modelo_nome: string;
  modelo_versao: number;
  status: StatusFormulario;
  cpf_requerente: string | null;
  nome_requerente: string | null;
  email_requerente: string | null;
  recebido_em: string;
  anonimizado_em: string | null;
  idioma: 'pt-BR' | 'en' | 'es';
  respostas?: Record<string, unknown>;
}

/**
 * A form in a list: the requester's CPF always masked there; name and e-mail in clear only for whoever
 * holds READ_FORMULARIO_DADOS_PESSOAIS (issue 13).
 */
export const resumoFormulario = (r: LinhaFormulario, clara = false): TFormulario => ({
  id: Number(r.id),
  protocolo: r.protocolo,
  codigoServico: r.codigo_servico,
  modeloNome: r.modelo_nome,
  modeloVersao: r.modelo_versao,
  status: r.status,
  cpfRequerente: r.cpf_requerente ? mascararCpf(r.cpf_requerente) : null,
  nomeRequerente: r.nome_requerente && (clara ? r.nome_requerente : (mascarar('nome', r.nome_requerente) as string)),
  emailRequerente: r.email_requerente && (clara ? r.email_requerente : (mascarar('email', r.email_requerente) as string)),
  recebidoEm: r.recebido_em,
  anonimizadoEm: r.anonimizado_em,
  idioma: r.idioma,
});
