import { Type } from 'typebox';
import { STATUS_FORMULARIO } from '../forms/status';
import { DataHora, Enum, Nulavel, Objeto } from './comum';
import { Definicao } from './modelos';
import { Formulario } from './formularios';

/** The steps after sending (issue 46): a form's parties, the co-signer's page, the analysis, the citizen's view. */

import { ParteDoFormulario, SituacaoParte as Situacao, TipoParte } from './formularios';
export { ParteDoFormulario };

export const Coassinatura = Type.Object(
  {
    protocolo: Type.String(),
    modelo: Type.String({ description: 'O nome do modelo, no idioma em que o formulário foi preenchido.' }),
    idioma: Enum(['pt-BR', 'en', 'es'] as const),
    etapa: Type.String({ description: 'O título da etapa.' }),
    nome: Nulavel(Type.String({ description: 'O coassinante, como o requerente o nomeou.' })),
    situacao: Situacao,
    prazoEm: Nulavel(DataHora()),
    agiuEm: Nulavel(DataHora()),
    exigeLogin: Type.Boolean({ description: 'O pedido é para um CPF: o formulário só aparece com o token do cidadão desse CPF.' }),
    assinatura: Nulavel(Enum(['exigida', 'opcional'] as const, 'O modelo pede a assinatura gov.br (issue 44): o coassinante assina da mesma forma (`POST …/assinatura`); `exigida`: só assim.')),
    declaracao: Nulavel(Type.String({ description: 'A declaração do modelo, que o coassinante aceita ao assinar.' })),
    definicao: Nulavel(Definicao),
    respostas: Nulavel(Objeto('As respostas do requerente, como ele as conferiu antes de enviar.')),
  },
  { title: 'Coassinatura', description: 'O pedido de assinatura que o link abre. Sem o login pedido, só o cabeçalho (sem definição nem respostas).' },
);

export const CorpoCoassinatura = Type.Object(
  {
    decisao: Enum(['ASSINAR', 'RECUSAR'] as const),
    motivo: Type.Optional(Type.String({ maxLength: 500, description: 'Para recusar: o motivo (3 a 500 caracteres), que o requerente lê.' })),
    declaracaoAceita: Type.Optional(Type.Boolean({ description: 'Para assinar, quando o modelo tem declaração: true.' })),
  },
  { additionalProperties: false, title: 'CorpoCoassinatura' },
);

export const CorpoAnalise = Type.Object(
  {
    decisao: Enum(['APROVAR', 'RECUSAR'] as const),
    motivo: Type.Optional(Type.String({ maxLength: 500, description: 'Para recusar: o motivo (3 a 500 caracteres), que o requerente lê por e-mail.' })),
    respostas: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'As perguntas reservadas à etapa (`etapa` na definição), pelo id; ao aprovar, as obrigatórias precisam de resposta.' })),
  },
  { additionalProperties: false, title: 'CorpoAnalise' },
);

export const Analise = Type.Object(
  {
    formulario: Formulario,
    etapa: Type.String(),
    titulo: Type.String(),
    grupoControleConteudoId: Type.Integer(),
    prazoEm: DataHora(),
  },
  { title: 'Analise', description: 'Um formulário que aguarda a análise de um grupo do chamador.' },
);

export const Andamento = Type.Object(
  {
    protocolo: Type.String(),
    status: Enum(STATUS_FORMULARIO),
    etapas: Type.Array(
      Type.Object({
        titulo: Type.String(),
        tipo: TipoParte,
        partes: Type.Array(Type.Object({ nome: Nulavel(Type.String({ description: 'O coassinante, mascarado; null numa análise.' })), situacao: Situacao, prazoEm: Nulavel(DataHora()), agiuEm: Nulavel(DataHora()), motivo: Nulavel(Type.String()) })),
      }),
    ),
  },
  { title: 'Andamento', description: 'Onde está um formulário com etapas depois do envio, como o requerente vê.' },
);

export type TAnalise = import('typebox').Static<typeof Analise>;
export type TParteDoFormulario = import('typebox').Static<typeof ParteDoFormulario>;
