/**
 * The words and bounds of a model's definition that the API contract (src/contrato/modelos.ts) is built from and
 * the rules in src/forms read: field types, limits, condition operators, the languages a model may be offered
 * in, a fee's bounds. Here, below both, so neither imports the other back (issue 48).
 */
export const TIPOS_CAMPO = ['texto', 'texto-longo', 'inteiro', 'decimal', 'email', 'url', 'data', 'cpf', 'cnpj', 'telefone', 'moeda', 'cep', 'escolha-unica', 'escolha-multipla', 'arquivo'] as const;
export type TipoCampo = (typeof TIPOS_CAMPO)[number];
export const LIMITES = { secoes: 50, campos: 500, rotulo: 200, ajuda: 1000, opcoes: 500, textoOpcao: 200, repeticao: 100, declaracao: 5000, calculos: 100, expressao: 4000, profundidade: 30, mensagemBloqueio: 500 } as const;
/** A repeating section's maximum when the designer does not say (issue 21). */
export const MAXIMO_REPETICAO_PADRAO = 25;
export const OPERADORES = ['igual', 'umDe', 'preenchido', 'naoPreenchido', 'maior', 'maiorOuIgual', 'menor', 'menorOuIgual'] as const;
/** The languages a model may be offered in besides pt-BR: those the citizen's catalogs have (src/i18n/cidadao.ts). */
export const IDIOMAS_TRADUCAO = ['en', 'es'] as const;
export type IdiomaTraducao = (typeof IDIOMAS_TRADUCAO)[number];
export const PRAZO_PADRAO_MINUTOS = 30;
export const LIMITES_TAXA = { descricao: 140, centavosMaximo: 100_000_000, prazoMaximoMinutos: 7 * 24 * 60 } as const;
/** What a calculated value is (issue 43): a number, money (integer centavos), a date (yyyy-MM-dd), a text or yes/no. */
export const TIPOS_CALCULO = ['numero', 'dinheiro', 'data', 'texto', 'simNao'] as const;
export type TipoCalculo = (typeof TIPOS_CALCULO)[number];
/** The query parameter a portal page is brought back with from the citizen's gov.br signature (issue 44): the outcome's id. */
export const RETORNO_ASSINATURA_GOVBR = 'assinatura-govbr';
