import { IDIOMAS_CIDADAO } from '../i18n/cidadao';
import { Type, type Static } from 'typebox';
import { STATUS_FORMULARIO, STATUS_RETENTATIVA, TIPOS_EVENTO } from '../forms/status';
import { consultaLista, Data, DataHora, Enum, IdLongo, Nulavel, Objeto, type Igual } from './comum';
import { Definicao, ExigenciaConfiabilidade } from './modelos';
import { STATUS_COBRANCA } from '../forms/taxa';
import { SITUACOES_PARTE } from '../forms/etapas';
import type { EnderecoCep as EnderecoDoCep } from '../forms/brasileiros';

/** Filled forms, their events, analytics and integration retries; and the citizens' side. */

const StatusFormulario = Enum(STATUS_FORMULARIO);
const StatusRetentativa = Enum(STATUS_RETENTATIVA);
const TipoEvento = Enum(TIPOS_EVENTO);
const modelos = Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { description: 'Códigos de serviço dos modelos (repetível).' }));
const de = Type.Optional(Data('Desde este dia (inclusive, horário de São Paulo).'));
const ate = Type.Optional(Data('Até este dia (inclusive, horário de São Paulo).'));

const formulario = {
  id: IdLongo(),
  protocolo: Type.String({ examples: ['2026.000001234'] }),
  codigoServico: Type.String(),
  modeloNome: Type.String(),
  modeloVersao: Type.Integer({ minimum: 1 }),
  status: StatusFormulario,
  cpfRequerente: Nulavel(Type.String({ description: 'Sempre mascarado (`***.456.789-**`); inteiro só em `/dados-pessoais`.' })),
  nomeRequerente: Nulavel(Type.String({ description: 'Mascarado, salvo para quem tem READ_FORMULARIO_DADOS_PESSOAIS.' })),
  emailRequerente: Nulavel(Type.String({ description: 'Mascarado, salvo para quem tem READ_FORMULARIO_DADOS_PESSOAIS.' })),
  recebidoEm: DataHora(),
  anonimizadoEm: Nulavel(DataHora('Quando a retenção apagou os dados pessoais.')),
  idioma: Type.Union([Type.Literal('pt-BR'), Type.Literal('en'), Type.Literal('es')], { description: 'O idioma em que o cidadão preencheu (o do e-mail de confirmação e do comprovante).' }),
};
export const Formulario = Type.Object(formulario, {
  title: 'Formulario',
  description: 'Um formulário preenchido numa lista.',
  examples: [{ id: 1234, protocolo: '2026.000001234', codigoServico: 'SOLIC-ALVARA', modeloNome: 'Solicitação de alvará', modeloVersao: 2, status: 'INTEGRADO', cpfRequerente: '***.456.789-**', nomeRequerente: 'M*** S***', emailRequerente: 'm***@e***.br', recebidoEm: '2026-11-21T14:05:00.000Z', anonimizadoEm: null, idioma: 'pt-BR' }],
});

export const filtrosFormularios = {
  modelo: modelos,
  status: Type.Optional(Type.Array(StatusFormulario)),
  de,
  ate,
  protocolo: Type.Optional(Type.String({ maxLength: 40 })),
  cpf: Type.Optional(Type.String({ maxLength: 20, description: 'CPF do requerente, com ou sem pontuação.' })),
};
const ORDENAVEIS_FORMULARIOS = ['recebidoEm', 'protocolo', 'status', 'modelo'] as const;
export const consultaFormularios = Type.Object({ ...consultaLista(ORDENAVEIS_FORMULARIOS), ...filtrosFormularios });
export const consultaPdf = Type.Object({
  dadosPessoais: Type.Optional(Type.Boolean({ default: false, description: 'Sem máscara: exige READ_FORMULARIO_DADOS_PESSOAIS. Cada PDF baixado fica registrado (evento PDF_BAIXADO).' })),
});

export const consultaExportacao = Type.Object({
  ...filtrosFormularios,
  sort: consultaLista(ORDENAVEIS_FORMULARIOS).sort,
  dadosPessoais: Type.Optional(Type.Boolean({ default: false, description: 'Sem máscara: exige READ_FORMULARIO_DADOS_PESSOAIS e fica registrado como evento.' })),
});

const eventoDoFormulario = {
  id: IdLongo(),
  tipo: TipoEvento,
  ocorridoEm: DataHora(),
  autor: Type.String({ description: 'Username, ou `portal-cidadao`, `entregador`, `retencao`.' }),
  detalhes: Nulavel(Objeto('Dados pessoais mascarados, salvo para quem tem READ_FORMULARIO_DADOS_PESSOAIS.')),
};
export const Evento = Type.Object(
  {
    id: eventoDoFormulario.id,
    formularioId: Nulavel(IdLongo('null: evento do console todo (exportação com dados pessoais, relatório do titular).')),
    protocolo: Nulavel(Type.String()),
    codigoServico: Nulavel(Type.String()),
    modeloNome: Nulavel(Type.String()),
    tipo: eventoDoFormulario.tipo,
    ocorridoEm: eventoDoFormulario.ocorridoEm,
    autor: eventoDoFormulario.autor,
    detalhes: eventoDoFormulario.detalhes,
  },
  {
    title: 'Evento',
    description: 'Um evento de formulário.',
    examples: [{ id: 88, formularioId: 1234, protocolo: '2026.000001234', codigoServico: 'SOLIC-ALVARA', modeloNome: 'Solicitação de alvará', tipo: 'RECEBIDO', ocorridoEm: '2026-11-21T14:05:00.000Z', autor: 'portal-cidadao', detalhes: { protocolo: '2026.000001234', versaoModelo: 2 } }],
  },
);
export const consultaEventos = Type.Object({
  ...consultaLista(['ocorridoEm', 'tipo', 'modelo']),
  modelo: modelos,
  formulario: Type.Optional(IdLongo('Só os eventos deste formulário.')),
  protocolo: Type.Optional(Type.String({ maxLength: 40 })),
  tipo: Type.Optional(Type.Array(TipoEvento)),
  de,
  ate,
});

const retentativaCurta = {
  id: IdLongo(),
  status: StatusRetentativa,
  tentativas: Type.Integer({ minimum: 0 }),
  proximaTentativaEm: Nulavel(DataHora()),
  ultimoStatusHttp: Nulavel(Type.Integer()),
  ultimoErro: Nulavel(Type.String({ description: 'Mascarado, salvo para quem tem READ_FORMULARIO_DADOS_PESSOAIS.' })),
  destino: Nulavel(Type.String()),
};
export const Retentativa = Type.Object(
  {
    ...retentativaCurta,
    formularioId: IdLongo(),
    protocolo: Type.String(),
    codigoServico: Type.String(),
    modeloNome: Type.String(),
    motivoDescarte: Nulavel(Type.String()),
    criadoEm: DataHora(),
    atualizadoEm: DataHora(),
  },
  {
    title: 'Retentativa',
    description: 'A entrega de um formulário à integração do seu modelo e as suas tentativas.',
    examples: [{ id: 51, formularioId: 1234, protocolo: '2026.000001234', codigoServico: 'SOLIC-ALVARA', modeloNome: 'Solicitação de alvará', destino: 'https://integracao.exemplo.gov.br/alvaras', tentativas: 3, proximaTentativaEm: '2026-11-21T15:05:00.000Z', ultimoStatusHttp: 503, ultimoErro: 'O destino respondeu 503.', status: 'PENDENTE', motivoDescarte: null, criadoEm: '2026-11-21T14:05:00.000Z', atualizadoEm: '2026-11-21T14:35:00.000Z' }],
  },
);
const filtrosRetentativas = { modelo: modelos, status: Type.Optional(Type.Array(StatusRetentativa)), de, ate };
export const consultaRetentativas = Type.Object({ ...consultaLista(['criadoEm', 'proximaTentativaEm', 'tentativas', 'status']), ...filtrosRetentativas });
export const CorpoLote = Type.Object(filtrosRetentativas, { additionalProperties: false, title: 'FiltroRetentativas', description: 'O filtro da lista: as retentativas pendentes ou esgotadas que ele alcança são executadas de novo.' });
export const ResultadoLote = Type.Object({ quantidade: Type.Integer({ minimum: 0 }), simulacao: Type.Boolean() }, { title: 'ResultadoLote' });
export const CorpoDescarte = Type.Object({ motivo: Type.String({ minLength: 3, maxLength: 500 }) }, { additionalProperties: false, title: 'Descarte' });

/** A form's Pix fee as staff see it (issue 38). */
export const PagamentoDoFormulario = Type.Object(
  {
    status: Enum(STATUS_COBRANCA),
    valor: Type.String({ description: 'Em reais ("32.50").' }),
    txid: Type.String(),
    endToEndId: Nulavel(Type.String({ description: 'O identificador do Pix no sistema do Banco Central, quando pago.' })),
    pagoEm: Nulavel(DataHora()),
    expiraEm: DataHora(),
    devolvido: Type.String({ description: 'Quanto já foi devolvido ao cidadão ("0.00").' }),
  },
  { description: 'A taxa do formulário paga por Pix (issue 38); null num formulário sem taxa.' },
);
export type TPagamentoDoFormulario = Static<typeof PagamentoDoFormulario>;

/** A refund asked from the drawer: the whole remaining fee without `valor`. */
export const CorpoDevolucao = Type.Object(
  {
    valor: Type.Optional(Type.String({ maxLength: 20, description: 'Em reais, como o cidadão escreve ("18,90"); sem ele, tudo o que resta.' })),
    motivo: Type.Optional(Type.String({ maxLength: 500, description: 'Por que se devolve (fica no evento).' })),
  },
  { additionalProperties: false },
);

/** What a citizen's account has, and whether it serves the model (issue 44). */
export const ConfiabilidadeDoCidadao = Type.Object(
  {
    nivel: Nulavel(Enum(['bronze', 'prata', 'ouro'] as const)),
    selos: Type.Array(Type.String(), { description: 'Os ids dos selos da conta.' }),
    segundoFator: Type.Boolean({ description: 'Se o login usou a verificação em duas etapas.' }),
  },
  { title: 'ConfiabilidadeDoCidadao', description: 'O nível, os selos e o segundo fator da conta gov.br com que o formulário foi enviado (issue 44).' },
);
export const AssinaturaDoFormulario = Type.Object(
  {
    situacao: Enum(['ASSINADO', 'SEM_ASSINATURA'] as const, 'ASSINADO com a conta gov.br do cidadão; SEM_ASSINATURA: o modelo pedia a assinatura sem exigi-la, e o cidadão enviou sem assinar.'),
    nome: Type.Optional(Type.String({ description: 'O titular do certificado que assinou.' })),
    cpf: Type.Optional(Nulavel(Type.String({ description: 'O CPF do certificado.' }))),
    emissor: Type.Optional(Type.String({ description: 'A autoridade que emitiu o certificado.' })),
    assinadoEm: Type.Optional(DataHora()),
  },
  { title: 'AssinaturaDoFormulario', description: 'A assinatura eletrônica avançada gov.br do cidadão (issue 44): o comprovante guardado é o documento assinado.' },
);
/** The steps after sending (issue 46). */
export const SituacaoParte = Enum(SITUACOES_PARTE, 'AGUARDANDO: a etapa ainda não começou; PENDENTE: pode agir até `prazoEm`; ASSINADO, APROVADO, RECUSADO (com `motivo`) ou EXPIRADO.');
export const TipoParte = Enum(['COASSINATURA', 'ANALISE'] as const);

export const ParteDoFormulario = Type.Object(
  {
    etapa: Type.String({ description: 'O id da etapa na versão do modelo.' }),
    titulo: Type.String(),
    tipo: TipoParte,
    ordem: Type.Integer({ minimum: 0 }),
    situacao: SituacaoParte,
    nome: Nulavel(Type.String({ description: 'O coassinante (mascarado, salvo para quem tem READ_FORMULARIO_DADOS_PESSOAIS).' })),
    email: Nulavel(Type.String({ description: 'Para onde foi o link (mascarado como o nome).' })),
    exigeCpf: Type.Boolean({ description: 'O coassinante entra com o login do cidadão, com o CPF indicado.' }),
    grupoControleConteudoId: Nulavel(Type.Integer({ description: 'Numa análise: o grupo que analisa.' })),
    prazoEm: Nulavel(DataHora()),
    agiuEm: Nulavel(DataHora()),
    autor: Nulavel(Type.String({ description: 'Quem agiu: o usuário da equipe, ou o coassinante.' })),
    motivo: Nulavel(Type.String()),
    aceite: Nulavel(Objeto('O que o coassinante aceitou: o texto exato da declaração, o instante, o endereço de origem e o CPF do login.')),
  },
  { title: 'ParteDoFormulario', description: 'Uma parte de uma etapa depois do envio (issue 46).' },
);

export const DetalheFormulario = Type.Object(
  {
    ...formulario,
    respostas: Objeto('As respostas, com os dados pessoais mascarados.'),
    dadosPessoais: Type.Object({ mascarados: Type.Boolean(), podeMostrar: Type.Boolean({ description: 'Se quem chama pode pedir `/dados-pessoais`.' }) }),
    versaoModelo: Nulavel(Type.Object({ numero: Type.Integer({ minimum: 1 }), nome: Type.String(), definicao: Definicao })),
    camposOcultos: Type.Array(Type.String(), { description: 'As perguntas que as respostas do cidadão ocultaram (condições da versão): ele não as viu.' }),
    declaracao: Nulavel(Type.Object({ texto: Type.String(), aceitaEm: DataHora() }, { description: 'A declaração que o cidadão aceitou (issue 36): o texto exato e o instante.' })),
    confiabilidade: Nulavel(ConfiabilidadeDoCidadao),
    assinatura: Nulavel(AssinaturaDoFormulario),
    pagamento: Nulavel(PagamentoDoFormulario),
    eventos: Type.Array(Type.Object(eventoDoFormulario)),
    retentativa: Nulavel(Type.Object(retentativaCurta)),
    etapas: Type.Array(ParteDoFormulario, { description: 'As partes das etapas depois do envio (issue 46), em ordem; vazia sem etapas.' }),
    podeAnalisar: Type.Boolean({ description: 'Se o chamador pode aprovar ou recusar a análise pendente agora (UPDATE_FORMULARIO_ANALISE e o grupo da etapa).' }),
  },
  { title: 'DetalheFormulario', description: 'Um formulário com as respostas, a versão do modelo, os eventos e a entrega. Cada consulta é registrada (evento VISUALIZADO).' },
);
export const DadosPessoais = Type.Object(
  { respostas: Objeto(), cpfRequerente: Nulavel(Type.String()), nomeRequerente: Nulavel(Type.String()), emailRequerente: Nulavel(Type.String()) },
  { title: 'DadosPessoais', description: 'Os dados pessoais de um formulário sem máscara (evento DADOS_PESSOAIS_VISTOS).' },
);

const contagem = { total: Type.Integer({ minimum: 0 }), porStatus: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Quantidade por status (os ausentes são zero).' }) };
const inteiro = Type.Integer({ minimum: 0 });
export const JornadaModelo = Type.Object(
  {
    codigoServico: Type.String(),
    nome: Type.String(),
    iniciados: inteiro,
    rascunhos: inteiro,
    enviados: inteiro,
    taxaConclusao: Type.Number({ minimum: 0, maximum: 1, description: 'Enviados sobre iniciados.' }),
    paginas: Type.Array(Type.Object({ pagina: Type.String(), titulo: Type.String(), alcancaram: inteiro, pararam: inteiro })),
    paradaMaisComum: Nulavel(Type.Object({ pagina: Type.String(), titulo: Type.String(), pararam: inteiro })),
  },
  { title: 'JornadaModelo', description: 'A jornada do cidadão num modelo, de contadores anônimos: iniciados (primeiro "Continuar" ou primeiro rascunho), rascunhos salvos, enviados pela página, a taxa de conclusão e onde mais se para.' },
);
export const Analitico = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    modelos: Type.Array(Type.Object({ ...contagem, codigoServico: Type.String(), nome: Type.String(), taxaFalhaIntegracao: Type.Number({ minimum: 0, maximum: 1 }) })),
    serieDiaria: Type.Array(Type.Object({ ...contagem, dia: Data() })),
    jornada: Type.Array(JornadaModelo, { description: 'Só os modelos com jornada no período (formulários iniciados numa página do cidadão).' }),
    limites: Type.Array(
      Type.Object({ codigoServico: Type.String(), nome: Type.String(), recebidas: Type.Integer({ minimum: 0 }), limite: Type.Integer({ minimum: 1 }) }),
      { description: 'Os modelos com limite de respostas (issue 36), com quantas já recebeu desde sempre ("312 de 5.000"), não só no período.' },
    ),
    recebimentos: Type.Array(
      Type.Object({ codigoServico: Type.String(), nome: Type.String(), dia: Data(), pagamentos: Type.Integer({ minimum: 1 }), valor: Type.String({ description: 'Em reais ("1250.00").' }), devolvido: Type.String({ description: 'Quanto desses pagamentos já foi devolvido, em reais.' }) }),
      { description: 'As taxas recebidas por Pix (issue 38) no período, por modelo e dia de São Paulo do pagamento, do dia mais recente ao mais antigo.' },
    ),
    verificacoes: Type.Array(
      Type.Object({
        codigoServico: Type.String(),
        nome: Type.String(),
        canal: Enum(['EMAIL', 'SMS'] as const),
        enviados: Type.Integer({ minimum: 0, description: 'Códigos enviados no período.' }),
        confirmados: Type.Integer({ minimum: 0, description: 'Valores confirmados com o código.' }),
        errados: Type.Integer({ minimum: 0, description: 'Tentativas com código errado, bloqueado ou vencido.' }),
        recusados: Type.Integer({ minimum: 0, description: 'Pedidos de código recusados: espera entre envios, limites (destinatário, endereço, modelo) ou orçamento de SMS.' }),
        smsNoMes: Type.Optional(Type.Integer({ minimum: 0, description: 'SMS: quantos o modelo enviou neste mês (não só no período).' })),
        orcamentoSms: Type.Optional(Type.Integer({ minimum: 0, description: 'SMS: o orçamento mensal do modelo (`definicao.verificacao.smsPorMes`).' })),
      }),
      { description: 'Contato confirmado por código (issue 45) no período, por modelo e canal.' },
    ),
  },
  { title: 'Analitico', description: 'Totais por modelo e por status e a série diária do período.' },
);
export const consultaAnalitico = Type.Object({ de, ate, modelo: modelos });

export const consultaRelatorio = Type.Object({ cpf: Type.String({ maxLength: 20 }), formato: Type.Optional(Enum(['json', 'csv'] as const)) });
export const RelatorioTitular = Type.Object(
  {
    titular: Type.Object({ cpf: Type.String() }),
    geradoEm: DataHora(),
    formularios: Type.Array(
      Type.Object({
        protocolo: Type.String(),
        modelo: Type.String(),
        codigoServico: Type.String(),
        versaoModelo: Type.Integer(),
        status: StatusFormulario,
        recebidoEm: DataHora(),
        requerente: Type.Object({ cpf: Nulavel(Type.String()), nome: Nulavel(Type.String()), email: Nulavel(Type.String()) }),
        respostas: Type.Array(Type.Object({ titulo: Type.String(), linhas: Type.Array(Type.Object({ id: Type.String(), rotulo: Type.String(), valor: Type.String() })) })),
      }),
    ),
  },
  { title: 'RelatorioTitular', description: 'Tudo o que o console guarda de um CPF (LGPD, direito de acesso do titular).' },
);

/** The languages of a model's texts (issue 37). */
const idiomasDoConteudo = {
  idioma: Enum(IDIOMAS_CIDADAO, 'O idioma dos textos do modelo nesta resposta: o primeiro do `Accept-Language` em que ele é oferecido, senão o português.'),
  idiomas: Type.Array(Enum(IDIOMAS_CIDADAO), { description: 'Os idiomas em que o modelo é oferecido (o português primeiro): o cidadão pode trocar, e as respostas continuam valendo.' }),
};
const situacao = {
  situacao: Enum(['EM_BREVE', 'ABERTO', 'ENCERRADO', 'ESGOTADO'] as const, 'Se aceita respostas agora: antes de abrir, aberto, encerrado, ou com o limite de respostas atingido.'),
  abreEm: Nulavel(DataHora('Quando abre (null: aberto desde a publicação).')),
  fechaEm: Nulavel(DataHora('Quando encerra (null: sem data).')),
};
export const ModeloPublicoResumo = Type.Object(
  { codigoServico: Type.String(), nome: Type.String(), versao: Type.Integer({ minimum: 1, description: 'A versão publicada que um envio preenche.' }), restrito: Type.Boolean({ description: 'Só para os CPFs de um grupo de acesso público (envio com o token do cidadão).' }), ...situacao },
  { title: 'ModeloPublicoResumo' },
);
export const ModeloPublico = Type.Object(
  {
    codigoServico: Type.String(),
    nome: Type.String(),
    descricao: Type.String(),
    versao: Type.Integer({ minimum: 1 }),
    restrito: Type.Boolean({ description: 'Pede o login do cidadão: um grupo de acesso público, ou uma conta gov.br exigida.' }),
    ...idiomasDoConteudo,
    ...situacao,
    definicao: Nulavel(Definicao),
    confiabilidade: Type.Optional(
      Nulavel(
        Type.Object(
          { ...ExigenciaConfiabilidade.properties, catalogoUrl: Nulavel(Type.String({ description: 'O catálogo de confiabilidades do gov.br com `client_id` e `niveis`; o elemento acrescenta `redirect_uri` (a página onde está).' })) },
          { description: 'A conta gov.br que o formulário exige (issue 44); null: nenhuma.' },
        ),
      ),
    ),
    mensagem: Type.Optional(Type.String({ description: 'Antes de abrir: "Este formulário abre em …", no idioma pedido.' })),
  },
  { title: 'ModeloPublico', description: 'A última versão publicada de um modelo, para o cidadão preencher.' },
);
export const CorpoEnvio = Type.Object(
  {
    respostas: Objeto('As respostas por nome de campo.'),
    rascunho: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'O código do rascunho de onde o envio veio: as respostas são conferidas com a versão em que o rascunho começou, e o rascunho é apagado com o envio.' })),
    declaracaoAceita: Type.Optional(Type.Boolean({ description: 'O aceite da declaração do modelo (obrigatório quando o modelo tem uma).' })),
    verificacoes: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 100 }), { description: 'Por pergunta `verificado` (issue 45), a prova do código confirmado (o `prova` de `POST /verificacoes/{id}/confirmacao`) para exatamente esse valor.' })),
  },
  { additionalProperties: false, title: 'Envio', examples: [{ respostas: { cpf: '123.456.789-09', nome: 'Maria da Silva' } }] },
);

/** One step of the citizen's journey, counted anonymously (issue 21). */
export const CorpoJornada = Type.Object(
  {
    evento: Enum(['INICIADO', 'PAGINA'] as const, 'INICIADO no primeiro "Continuar"; PAGINA ao chegar a uma página (uma vez por preenchimento). Enviados e rascunhos salvos são contados pelo servidor, a partir do envio e do rascunho de verdade.'),
    pagina: Type.Optional(Type.String({ maxLength: 100, description: 'Com PAGINA: o id da página (a sua primeira seção) ou "revisao".' })),
  },
  { additionalProperties: false, title: 'CorpoJornada' },
);

/** Drafts (issue 21): answers saved to finish later, opened by an unguessable code. */
export const CorpoRascunho = Type.Object(
  {
    respostas: Objeto('As respostas até aqui, por nome de campo (sem conferir regras: um rascunho pode estar incompleto).'),
    pagina: Type.Optional(Type.String({ maxLength: 100, description: 'A página em que o cidadão parou (o id da sua primeira seção).' })),
    email: Type.Optional(Type.String({ maxLength: 254, description: 'Para onde enviar o link de retomada (opcional).' })),
    verificacoes: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 100 }), { description: 'Como no envio: por pergunta `verificado` respondida (issue 45), a prova do código confirmado para esse valor; sem ela o rascunho é recusado (422).' })),
  },
  { additionalProperties: false, title: 'CorpoRascunho' },
);
export const RascunhoSalvo = Type.Object(
  {
    codigo: Type.String({ description: 'A chave do rascunho (ao menos 128 bits aleatórios): quem a tem abre o rascunho. Guarde-a só no link de retomada.' }),
    expiraEm: DataHora(),
    link: Type.String({ description: 'O link de retomada.' }),
    emailEnviado: Type.Boolean({ description: 'Se o link foi posto na fila de e-mails: falso sem `email`, sem e-mails configurados, ou quando o endereço já recebeu os links de uma hora (PUBLICO_EMAILS_RASCUNHO_DESTINATARIO).' }),
  },
  { title: 'RascunhoSalvo' },
);
export const Rascunho = Type.Object(
  {
    codigoServico: Type.String(),
    nome: Type.String(),
    descricao: Type.String(),
    versao: Type.Integer({ minimum: 1, description: 'A versão do modelo em que o rascunho começou: as perguntas são as dela até o envio.' }),
    restrito: Type.Boolean(),
    ...idiomasDoConteudo,
    situacao: Type.Optional(Enum(['EM_BREVE', 'ABERTO', 'ENCERRADO', 'ESGOTADO'] as const, 'Se o modelo aceita respostas agora (issue 36): encerrado ou cheio, o rascunho ainda se lê, mas não se envia nem se salva.')),
    mensagem: Type.Optional(Type.String({ description: 'Por que não se envia mais (encerrado, limite atingido), no idioma pedido.' })),
    definicao: Definicao,
    respostas: Objeto('As respostas salvas.'),
    pagina: Nulavel(Type.String()),
    expiraEm: DataHora(),
  },
  { title: 'Rascunho' },
);
export const Recibo = Type.Object(
  {
    protocolo: Type.String(),
    codigoServico: Type.String(),
    versaoModelo: Type.Integer({ minimum: 1 }),
    status: StatusFormulario,
    recebidoEm: DataHora(),
    comprovante: Type.Object(
      {
        codigoVerificacao: Type.String({ pattern: '^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$', description: 'Impresso no comprovante; os servidores o conferem no console.' }),
        url: Type.String({ description: 'O PDF do comprovante (caminho relativo ao servidor da API).' }),
      },
      { description: 'O comprovante em PDF que o cidadão pode baixar logo depois do envio.' },
    ),
    andamento: Type.Optional(Type.Object({ url: Type.String({ description: 'O andamento (GET): cada etapa e cada parte.' }) }, { description: 'Só num envio com etapas depois do envio (issue 46): o formulário é entregue depois que todas as partes agem.' })),
    pagamento: Type.Optional(Type.Object({ url: Type.String({ description: 'O pagamento (GET): valor, QR Code, validade, situação.' }) }, { description: 'Só num envio com taxa (status AGUARDANDO_PAGAMENTO): o formulário é entregue depois que o banco confirma o Pix.' })),
  },
  { title: 'Recibo', description: 'O recibo do envio, com o comprovante em PDF.', examples: [{ protocolo: '2026.000001234', codigoServico: 'SOLIC-ALVARA', versaoModelo: 2, status: 'RECEBIDO', recebidoEm: '2026-11-21T14:05:00.000Z', comprovante: { codigoVerificacao: 'K7QM-X2RD-9TWH', url: '/api/publico/comprovantes/2026.000001234?codigo=K7QM-X2RD-9TWH' } }] },
);

export const Pagamento = Type.Object(
  {
    status: Enum(STATUS_COBRANCA, 'CRIANDO: a cobrança ainda vai ao PSP (volte em instantes); ATIVA: pague com o QR Code ou o copia-e-cola; PAGA; EXPIRADA (renovável uma vez).'),
    valor: Type.String({ pattern: '^\\d+\\.\\d{2}$', description: 'Em reais, como a API Pix escreve ("32.50").' }),
    valorCentavos: Type.Integer({ minimum: 1 }),
    txid: Type.String({ pattern: '^[a-zA-Z0-9]{26,35}$' }),
    copiaECola: Type.Optional(Type.String({ description: 'O BR Code dinâmico (Pix copia e cola), enquanto ATIVA.' })),
    qr: Type.Optional(Type.Array(Type.String({ pattern: '^[01]+$' }), { description: 'O QR Code do copia-e-cola, linha a linha (1: módulo escuro), para a página desenhar.' })),
    expiraEm: DataHora(),
    pagoEm: Nulavel(DataHora()),
    renovavel: Type.Boolean({ description: 'Expirada e ainda não renovada: POST …/renovacao gera outro código.' }),
  },
  { title: 'Pagamento', description: 'A taxa de um envio paga por Pix (issue 38).' },
);

export const AnexoEnviado = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'O anexo, para a resposta do campo no envio do formulário.' }),
    nome: Type.String({ description: 'O nome do arquivo, sem caracteres de controle, barras ou aspas.' }),
    tipo: Type.String({ description: 'O tipo encontrado no conteúdo (não no nome).' }),
    tamanho: Type.Integer({ minimum: 1 }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  },
  { title: 'AnexoEnviado', description: 'Um arquivo recebido e guardado, conferido pelo tamanho e pelo conteúdo.', examples: [{ id: '0b6f1c52-3f4a-4c1e-9d2a-7c1f0e9b2a11', nome: 'laudo.pdf', tipo: 'application/pdf', tamanho: 182344, sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' }] },
);

export const Verificacao = Type.Object(
  {
    valido: Type.Boolean({ description: 'Se o código confere com o protocolo.' }),
    formulario: Type.Optional(Type.Object(formulario, { description: 'O formulário, quando o código confere e quem pergunta pode vê-lo.' })),
  },
  { title: 'Verificacao', description: 'A conferência de um comprovante.' },
);
/** A PDF checked by its signature (issue 44). */
export const VerificacaoPdf = Type.Object(
  {
    situacao: Enum(['integro', 'alterado', 'sem-assinatura', 'outro-signatario'] as const, 'integro: assinado por este serviço e sem nenhuma alteração; alterado: a assinatura não confere com o conteúdo (algo mudou depois de assinado); sem-assinatura: o PDF não tem assinatura digital; outro-signatario: assinado, mas não pelo certificado deste serviço.'),
    protocolo: Nulavel(Type.String({ description: 'O formulário do PDF, quando íntegro.' })),
    modelo: Nulavel(Type.String({ description: 'O nome do modelo do formulário, quando íntegro e ainda guardado.' })),
    recebidoEm: Nulavel(DataHora()),
    assinadoEm: Nulavel(DataHora()),
    signatario: Nulavel(Type.String({ description: 'O nome (CN) do certificado que assinou.' })),
  },
  { title: 'VerificacaoPdf', description: 'Se um PDF de comprovante ou da equipe está íntegro e assinado por este serviço, e qual formulário ele é.' },
);
export const consultaVerificacao = Type.Object({ protocolo: Type.String({ minLength: 1, maxLength: 40 }), codigo: Type.String({ minLength: 1, maxLength: 40 }) });

export type TFormulario = Static<typeof Formulario>;
export type TVerificacaoPdf = Static<typeof VerificacaoPdf>;
export type TDetalheFormulario = Static<typeof DetalheFormulario>;
export type TDadosPessoais = Static<typeof DadosPessoais>;
export type TEvento = Static<typeof Evento>;
export type TRetentativa = Static<typeof Retentativa>;
export type TAnalitico = Static<typeof Analitico>;
export type TResultadoLote = Static<typeof ResultadoLote>;
export type TModeloPublico = Static<typeof ModeloPublico>;
export type TRecibo = Static<typeof Recibo>;
export type TRascunho = Static<typeof Rascunho>;
export type TVerificacao = Static<typeof Verificacao>;
export type TCorpoRascunho = Static<typeof CorpoRascunho>;

export const EnderecoCep = Type.Object(
  {
    cep: Type.String({ description: 'O CEP como se escreve: 01001-000.' }),
    logradouro: Type.String({ description: 'Rua, avenida, praça… (vazio nos CEPs de cidade inteira).' }),
    bairro: Type.String(),
    cidade: Type.String(),
    uf: Type.String({ description: 'A sigla do estado: SP.' }),
  },
  { title: 'EnderecoCep', description: 'O que um CEP determina (issue 44): o elemento preenche com isso as perguntas de endereço ligadas ao campo de CEP, que continuam editáveis.' },
);
/** The answer's schema and the type the element fills the address with are one shape (a compile-time check). */
export const MESMO_ENDERECO: Igual<Static<typeof EnderecoCep>, EnderecoDoCep> = true;
