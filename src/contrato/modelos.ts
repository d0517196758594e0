import { Type, type Static, type TProperties } from 'typebox';
import { STATUS_MODELO } from '../forms/ciclo';
import { OPERADORES } from '../forms/vocabulario';
import { FAMILIAS_ARQUIVO } from '../forms/tiposArquivo';
import { LIMITES, MAXIMO_REPETICAO_PADRAO, TIPOS_CALCULO, TIPOS_CAMPO } from '../forms/vocabulario';
import { IDIOMAS_TRADUCAO } from '../forms/vocabulario';
import { LIMITES_TAXA, PRAZO_PADRAO_MINUTOS } from '../forms/vocabulario';
import { consultaLista, DataHora, Enum, Id, Nulavel, Versao } from './comum';

/** Models (form templates): the definition, the model, its versions and its integration. */

const regra = <T extends string, P extends TProperties = {}>(tipo: T, extra: P = {} as P) => Type.Object({ tipo: Type.Literal(tipo), ...extra });
const numero = Type.Number();
const data = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const Regra = Type.Union(
  [
    regra('required'), regra('email'), regra('integer'), regra('decimal'), regra('url'), regra('cpf'), regra('cnpj'), regra('telefone', { internacional: Type.Optional(Type.Boolean()) }), regra('moeda'), regra('cep'), regra('protocolo'),
    regra('minValue', { min: numero }), regra('maxValue', { max: numero }),
    regra('minLength', { min: Type.Integer({ minimum: 0 }) }), regra('maxLength', { max: Type.Integer({ minimum: 0 }) }),
    regra('dataNaoFutura'), regra('dataNaoPassada'), regra('dataMinima', { min: data }), regra('dataMaxima', { max: data }),
  ],
  { title: 'Regra', description: 'Uma regra de validação de SPEC.md seção 5, com os seus parâmetros.' },
);

export const Opcao = Type.Object({ valor: Type.String(), rotulo: Type.String() }, { title: 'Opcao' });
export const Criterio = Type.Object(
  {
    campo: Type.String({ description: 'O id de uma pergunta anterior.' }),
    operador: Enum(OPERADORES, 'igual, umDe, preenchido e naoPreenchido para escolhas, textos e CPF; comparações também para números e datas; só preenchido/naoPreenchido para arquivos.'),
    valor: Type.Optional(Type.Union([Type.String(), Type.Number()], { description: 'Com igual e as comparações: o valor de uma opção, um texto, um número ou uma data yyyy-MM-dd.' })),
    valores: Type.Optional(Type.Array(Type.String(), { description: 'Com umDe: os valores aceitos.' })),
  },
  { title: 'Criterio', description: 'Uma exigência sobre a resposta de uma pergunta anterior (uma pergunta oculta conta como não respondida).' },
);
export const Condicao = Type.Object(
  { juncao: Enum(['todas', 'qualquer'] as const, 'Todas as exigências, ou qualquer uma delas.'), criterios: Type.Array(Criterio) },
  { title: 'Condicao', description: 'Quando a pergunta (ou a seção) aparece; sem condição, sempre. Respostas a perguntas ocultas são descartadas e as suas regras não valem.' },
);
const Expressao = Type.Unknown({
  title: 'Expressao',
  description:
    'Uma expressão JSON Logic (jsonlogic.com) sobre as respostas: `{"var": "id"}` lê uma resposta (números como números, datas yyyy-MM-dd, uma seção que se repete como a lista dos seus itens) ou outro valor calculado (dinheiro em reais). Operações: if, ==, !=, >, >=, <, <=, !, and, or, +, -, *, /, min, max, cat, in, map, filter e as nossas: soma, contagem, minimo, maximo (de uma lista), idade (anos completos de uma data a hoje ou a outra data), diasEntre, somarDias, arredondar (a centavos), hoje (a data em São Paulo), e as das exigências de uma regra: preenchido, naoPreenchido, igual (textos sem caixa nem acentos; uma escolha múltipla por qualquer marcada) e umDe. Uma resposta que falta faz o resultado faltar (null). O servidor recalcula tudo.',
});
export const Campo = Type.Object(
  {
    id: Type.String({ description: 'Nome da resposta: a chave em `respostas`.' }),
    tipo: Enum(TIPOS_CAMPO),
    rotulo: Type.String(),
    ajuda: Type.Optional(Type.String()),
    obrigatorio: Type.Boolean(),
    regras: Type.Array(Regra),
    opcoes: Type.Optional(Type.Array(Opcao)),
    requerente: Type.Optional(Enum(['cpf', 'nome', 'email'] as const, 'Este campo diz quem é o requerente (no máximo um de cada).')),
    dadoPessoal: Type.Optional(Type.Boolean({ description: 'Marcado como dado pessoal (CPF, e-mail e campos do requerente sempre são).' })),
    condicao: Type.Optional(Condicao),
    obrigatorioQuando: Type.Optional(Type.Unknown({ description: 'Uma regra (issue 43): a pergunta passa a ser obrigatória quando esta expressão (ver Expressao) vale para as respostas anteriores e os valores calculados.' })),
    preencherDoLogin: Type.Optional(Enum(['nome', 'cpf', 'email', 'nascimento'] as const, 'Preenchido pelo login do cidadão (gov.br ou o do estado) e travado: nome num campo de texto, CPF num de CPF, e-mail num de e-mail, nascimento num de data. O servidor usa o valor do token, não o que o navegador mandou.')),
    confirmacao: Type.Optional(Type.Boolean({ description: 'Só num campo de e-mail (no máximo um): o cidadão recebe nesse endereço a confirmação do envio, com o comprovante em PDF.' })),
    internacional: Type.Optional(Type.Boolean({ description: 'Só num campo de telefone (issue 45): aceita também números de outros países, digitados com + e o código do país (+351 912 345 678); sem ele, só números brasileiros com DDD.' })),
    etapa: Type.Optional(Type.String({ description: 'O id de uma etapa de análise (issue 46): a pergunta é reservada à equipe dessa etapa, que a preenche na gaveta ao analisar; o cidadão não a vê nem a responde.' })),
    verificado: Type.Optional(Type.Boolean({ description: 'Só num campo de e-mail ou telefone, fora de seções que se repetem (issue 45): o cidadão confirma o endereço ou o número com um código de uso único enviado a ele (`POST /api/publico/modelos/{codigo}/verificacoes`), e o envio leva a prova em `verificacoes`.' })),
    endereco: Type.Optional(
      Type.Object(
        { logradouro: Type.Optional(Type.String()), bairro: Type.Optional(Type.String()), cidade: Type.Optional(Type.String()), uf: Type.Optional(Type.String()) },
        { additionalProperties: false, description: 'Só num campo de CEP (issue 44): as perguntas de texto que o CEP preenche (ids), pela busca em `GET /api/publico/cep/{cep}`; continuam editáveis.' },
      ),
    ),
    arquivo: Type.Optional(
      Type.Object(
        {
          tamanhoMaximoMb: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Tamanho máximo de um arquivo, em MB (10 quando ausente).' })),
          tipos: Type.Optional(Type.Array(Enum(FAMILIAS_ARQUIVO), { description: 'Tipos aceitos, conferidos pelo conteúdo (todos quando ausente).' })),
        },
        { description: 'Só em campos do tipo arquivo: o que o campo aceita.' },
      ),
    ),
  },
  { title: 'Campo', description: 'Uma pergunta do formulário.' },
);
export const Secao = Type.Object(
  {
    id: Type.String(),
    titulo: Type.String(),
    campos: Type.Array(Campo),
    condicao: Type.Optional(Condicao),
    pagina: Type.Optional(Type.Boolean({ description: 'A seção começa uma página própria: o cidadão avança com "Continuar" e envia em "Verifique suas respostas". Sem nenhuma seção marcada, o formulário é uma página só.' })),
    repeticao: Type.Optional(
      Type.Object(
        {
          minimo: Type.Integer({ minimum: 0, maximum: LIMITES.repeticao, description: 'Quantos itens no mínimo (0: pode ficar sem nenhum).' }),
          maximo: Type.Integer({ minimum: 1, maximum: LIMITES.repeticao, description: `Quantos itens no máximo (${MAXIMO_REPETICAO_PADRAO} por padrão).` }),
          item: Type.Optional(Type.String({ maxLength: 60, description: 'O nome de cada item ("dependente"): "Adicionar outro dependente", "Dependente 2".' })),
        },
        { description: 'A seção se repete ("Dependentes"): a resposta é uma lista de itens, cada um com as perguntas da seção, guardada sob o id da seção (`respostas.dependentes = [{ nome, nascimento }, …]`). As condições valem dentro de cada item; perguntas de fora não podem depender das de dentro. Campos de arquivo não entram numa seção que se repete.' },
      ),
    ),
  },
  { title: 'Secao' },
);
export const Calculo = Type.Object(
  {
    id: Type.String({ maxLength: 60, description: 'Nome do valor: a chave em `respostas` do formulário guardado e em `calculados` da entrega.' }),
    rotulo: Type.String({ maxLength: LIMITES.rotulo }),
    tipo: Enum(TIPOS_CALCULO, 'numero; dinheiro (guardado em centavos, inteiro); data (yyyy-MM-dd); texto; simNao.'),
    expressao: Expressao,
    secao: Type.Optional(Type.String({ description: 'A seção ao fim da qual o cidadão vê o valor (só leitura). Sem ela, o valor fica oculto ao cidadão: a equipe o vê na ficha, no CSV e na entrega.' })),
  },
  { title: 'Calculo', description: 'Um valor calculado das respostas (issue 43): o navegador mostra, o servidor recalcula e guarda o seu resultado, nunca o que o navegador mandou.' },
);
export const Bloqueio = Type.Object(
  {
    id: Type.String({ maxLength: 60 }),
    quando: Expressao,
    mensagem: Type.String({ maxLength: LIMITES.mensagemBloqueio, description: 'O que o cidadão lê quando a regra vale ("Este benefício é para maiores de 18 anos."); traduzível (`bloqueio.<id>.mensagem`).' }),
  },
  { title: 'Bloqueio', description: 'Uma regra que impede o envio: quando a expressão vale, o cidadão lê a mensagem na etapa das respostas que ela lê, e o servidor recusa o envio (422).' },
);
const textosEmUmIdioma = Type.Record(Type.String({ maxLength: 300 }), Type.String({ maxLength: LIMITES.declaracao }));
/** What a model asks of the citizen's gov.br account (issue 44). */
export const ExigenciaConfiabilidade = Type.Object(
  {
    nivel: Type.Optional(Enum(['prata', 'ouro'] as const, 'O nível mínimo da conta gov.br (Portaria SEDGGME 2.154/2021): prata ou ouro.')),
    selos: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9]{3}$' }), { maxItems: 40, uniqueItems: true, description: 'Ou: pelo menos um destes selos de confiabilidade do gov.br, pelos seus ids (801 certificado digital, 701 biometria facial TSE…).' })),
    segundoFator: Type.Optional(Type.Boolean({ description: 'Se o login precisa ter usado a verificação em duas etapas (`mfa` em `amr`).' })),
    motivo: Type.Optional(Type.String({ maxLength: 300, description: 'Por que o serviço pede isso, como o cidadão lê (traduzível: `confiabilidade.motivo`).' })),
  },
  {
    additionalProperties: false,
    title: 'ExigenciaConfiabilidade',
    description:
      'A conta gov.br que o formulário exige (issue 44): quem não a tem não salva rascunho, não anexa e não envia (403 com o motivo). Um formulário com exigência pede o login do cidadão, e o cidadão é levado ao catálogo de confiabilidades do gov.br para subir de nível.',
  },
);

/** Who co-signs (issue 46): named by the citizen's answers (the questions' ids) or fixed by the model. */
export const Coassinante = Type.Object(
  {
    campoEmail: Type.Optional(Type.String({ description: 'Uma pergunta de e-mail: o link vai ao endereço que o cidadão responder.' })),
    campoCpf: Type.Optional(Type.String({ description: 'Uma pergunta de CPF: o coassinante entra com o login do cidadão, e o CPF do login tem de ser este.' })),
    campoNome: Type.Optional(Type.String({ description: 'Uma pergunta de texto com o nome, como o coassinante é chamado.' })),
    email: Type.Optional(Type.String({ maxLength: 254, description: 'Ou um endereço fixo.' })),
    cpf: Type.Optional(Type.String({ maxLength: 14, description: 'Com o endereço fixo: o CPF que o login tem de ter.' })),
    nome: Type.Optional(Type.String({ maxLength: 200, description: 'Com o endereço fixo: o nome.' })),
  },
  { additionalProperties: false, title: 'Coassinante' },
);
export const TIPOS_ETAPA = ['coassinatura', 'analise'] as const;
export const Etapa = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9-]{1,40}$', description: 'Nome da etapa (letras minúsculas, números e hífens): as perguntas reservadas a uma análise a citam em `etapa`.' }),
    tipo: Enum(TIPOS_ETAPA, 'coassinatura: as pessoas de `coassinantes` assinam (ou recusam) em paralelo, cada uma pelo seu link; analise: a equipe do grupo `grupoControleConteudoId` aprova ou recusa, e preenche as perguntas reservadas à etapa.'),
    titulo: Type.String({ minLength: 1, maxLength: 120, description: 'Como a etapa aparece ao cidadão e à equipe ("Assinatura do locador").' }),
    prazoDias: Type.Integer({ minimum: 1, maximum: 90, description: 'Dias para agir, contados do início da etapa; passado o prazo, o formulário fica EXPIRADO.' }),
    lembreteDias: Type.Optional(Type.Integer({ minimum: 1, maximum: 89, description: 'Quantos dias antes do prazo vai um lembrete a quem ainda não agiu.' })),
    coassinantes: Type.Optional(Type.Array(Coassinante, { minItems: 1, maxItems: 10 })),
    grupoControleConteudoId: Type.Optional(Id('Numa análise: o grupo de controle de conteúdo cuja equipe analisa.')),
    notificar: Type.Optional(Type.String({ maxLength: 254, description: 'Um endereço avisado quando a etapa começa (numa análise, a caixa da equipe).' })),
  },
  { additionalProperties: false, title: 'Etapa', description: 'Uma etapa depois da parte do cidadão (issue 46). As etapas correm em ordem, congeladas com o formulário na versão que o cidadão enviou; só um formulário cuja última etapa aprovou é entregue.' },
);

export const Definicao = Type.Object(
  {
    secoes: Type.Array(Secao),
    calculos: Type.Optional(Type.Array(Calculo, { maxItems: LIMITES.calculos, description: 'Os valores calculados (issue 43), avaliados na ordem das suas dependências.' })),
    bloqueios: Type.Optional(Type.Array(Bloqueio, { maxItems: LIMITES.calculos, description: 'As regras que impedem o envio (issue 43).' })),
    emailEquipe: Type.Optional(Type.String({ maxLength: 254, description: 'Um endereço da equipe que recebe um aviso de cada envio (com os dados pessoais mascarados).' })),
    declaracao: Type.Optional(
      Type.Object(
        { texto: Type.String({ minLength: 1, maxLength: LIMITES.declaracao, description: 'A declaração, como o cidadão a lê.' }) },
        { description: 'A "Declaração" (issue 36): o cidadão a lê em "Verifique suas respostas", logo antes de "Enviar", e marca o aceite (obrigatório; no envio, `declaracaoAceita: true`). O formulário guarda o texto aceito e o instante; o PDF e a entrega os trazem.' },
      ),
    ),
    taxa: Type.Optional(
      Type.Object(
        {
          valorCentavos: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITES_TAXA.centavosMaximo, description: 'Um valor fixo, em centavos.' })),
          porResposta: Type.Optional(
            Type.Object(
              { campo: Type.String({ description: 'Uma pergunta de escolha única.' }), valores: Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: LIMITES_TAXA.centavosMaximo }), { description: 'Centavos por valor de opção (toda opção da pergunta).' }) },
              { description: 'Ou o valor escolhido pela resposta de uma pergunta de escolha única.' },
            ),
          ),
          calculo: Type.Optional(Type.String({ description: 'Ou o valor de um valor calculado do tipo dinheiro (issue 43): a cobrança é sempre o valor que o servidor calcula.' })),
          descricao: Type.String({ maxLength: LIMITES_TAXA.descricao, description: 'O que o app do banco do cidadão mostra (a `solicitacaoPagador` da cobrança).' }),
          chavePix: Type.String({ maxLength: 77, description: 'A chave Pix que recebe: CPF ou CNPJ (só dígitos), e-mail, telefone +55 ou chave aleatória.' }),
          prazoMinutos: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITES_TAXA.prazoMaximoMinutos, description: `Quantos minutos o QR Code vale (${PRAZO_PADRAO_MINUTOS} por padrão).` })),
        },
        { description: 'A taxa do formulário (issue 38), paga por Pix: o formulário fica AGUARDANDO_PAGAMENTO até o banco confirmar, e só então é entregue.' },
      ),
    ),
    confiabilidade: Type.Optional(ExigenciaConfiabilidade),
    verificacao: Type.Optional(
      Type.Object(
        { smsPorMes: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Quantos SMS de código o modelo pode enviar por mês (1.000 por padrão); acabado, nenhum telefone recebe código até o mês seguinte.' })) },
        { additionalProperties: false, description: 'Os códigos das perguntas `verificado` (issue 45).' },
      ),
    ),
    assinatura: Type.Optional(
      Enum(['exigida', 'opcional'] as const, 'A assinatura eletrônica avançada do gov.br (issue 44; Lei 14.063/2020): depois de "Verifique suas respostas", o cidadão autoriza no gov.br a assinatura do comprovante, que é guardado assinado. `exigida`: só formulários assinados são guardados; `opcional`: o cidadão pode enviar sem assinar, e o formulário fica marcado "sem assinatura". O gov.br só assina para contas prata ou ouro.'),
    ),
    etapas: Type.Optional(Type.Array(Etapa, { maxItems: 5, description: 'As etapas depois do envio (issue 46): coassinaturas e análises, em ordem.' })),
    idiomas: Type.Optional(Type.Array(Enum(IDIOMAS_TRADUCAO), { uniqueItems: true, description: 'Os outros idiomas em que o formulário é oferecido ao cidadão (issue 37; o principal é o português). Publicar pede todos os textos traduzidos em cada um.' })),
    traducoes: Type.Optional(
      Type.Object(
        { en: Type.Optional(textosEmUmIdioma), es: Type.Optional(textosEmUmIdioma) } satisfies Record<(typeof IDIOMAS_TRADUCAO)[number], unknown>,
        {
          additionalProperties: false,
          description:
            'Os textos em cada idioma, pela chave de onde estão (ids, nunca posições): `nome`, `descricao`, `mensagemLimite` (os do modelo), `secao.<id>.titulo`, `secao.<id>.item`, `campo.<id>.rotulo`, `campo.<id>.ajuda`, `campo.<id>.opcao.<valor>`, `declaracao`, `calculo.<id>.rotulo`, `bloqueio.<id>.mensagem`, `confiabilidade.motivo`. Valores e respostas não mudam com o idioma. Um texto sem tradução sai no português.',
        },
      ),
    ),
  },
  {
    title: 'Definicao',
    description: `As seções e perguntas de um modelo. Os limites (no máximo ${LIMITES.secoes} seções, ${LIMITES.campos} campos, rótulos de ${LIMITES.rotulo} caracteres, ajuda de ${LIMITES.ajuda}, ${LIMITES.opcoes} opções) e as regras do construtor são conferidos ao salvar e ao publicar, com um erro 400 por campo (\`definicao.secoes[0].campos[2].rotulo\`).`,
    examples: [{ secoes: [{ id: 'requerente', titulo: 'Requerente', campos: [{ id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' }] }] }],
  },
);

const autoria = { criadoEm: DataHora(), criadoPor: Type.String(), atualizadoEm: DataHora(), atualizadoPor: Type.String() };
const resumo = {
  codigoServico: Type.String({ description: 'Código do serviço: identifica o modelo.' }),
  nome: Type.String(),
  descricao: Type.String(),
  status: Enum(STATUS_MODELO),
  grupoControleConteudo: Type.Object({ id: Id(), nome: Type.String() }),
  grupoAcessoPublicoId: Nulavel(Id('Só os CPFs deste grupo de acesso público preenchem o formulário; null: qualquer pessoa.')),
  retencaoDias: Nulavel(Type.Integer({ minimum: 1, description: 'Dias que um formulário guarda os dados pessoais; null: guardados.' })),
  abreEm: Nulavel(DataHora('Antes deste instante, o cidadão vê "abre em…" e não envia; null: aberto desde a publicação.')),
  fechaEm: Nulavel(DataHora('Deste instante em diante, o cidadão vê "encerrado em…" (410); null: sem data para encerrar.')),
  limiteRespostas: Nulavel(Type.Integer({ minimum: 1, description: 'Quantos formulários o modelo aceita no total; o último aceito é o de número igual ao limite.' })),
  mensagemLimite: Nulavel(Type.String({ description: 'O que o cidadão lê quando o limite foi atingido (sem ela, a mensagem padrão).' })),
  modeloBase: Type.Boolean({ description: 'Um modelo-base: "Novo modelo" o oferece, como ponto de partida, a quem vê o seu grupo.' }),
  ultimaVersao: Type.Integer({ minimum: 0, description: 'Número da última versão publicada (0: nunca publicado).' }),
  versao: Versao(),
  ...autoria,
};
export const ModeloResumo = Type.Object(resumo, {
  title: 'ModeloResumo',
  description: 'Um modelo de formulário numa lista.',
  examples: [{ codigoServico: 'SOLIC-ALVARA', nome: 'Solicitação de alvará', descricao: '', status: 'PUBLICADO', grupoControleConteudo: { id: 1, nome: 'Urbanismo' }, grupoAcessoPublicoId: null, retencaoDias: 365, abreEm: null, fechaEm: '2026-12-19T02:59:00.000Z', limiteRespostas: 5000, mensagemLimite: null, modeloBase: false, ultimaVersao: 2, versao: 7, criadoEm: '2026-11-20T13:00:00.000Z', criadoPor: 'designer', atualizadoEm: '2026-11-21T09:30:00.000Z', atualizadoPor: 'designer' }],
});

const METODOS = ['POST', 'PUT', 'PATCH'] as const;
export const EstadoIntegracao = Type.Object(
  {
    url: Nulavel(Type.String({ description: 'Destino das entregas; null: sem integração.' })),
    metodo: Enum(METODOS),
    cabecalhos: Type.Array(Type.String(), { description: 'Os nomes dos cabeçalhos que as entregas levam. Os valores são credenciais: guardados cifrados, nunca aparecem na API (nem para quem os gravou), nem vão para cópias ou exportações.' }),
    segredo: Type.Object({ existe: Type.Boolean(), criadoEm: Nulavel(DataHora()), anteriorValidoAte: Nulavel(DataHora('Até quando o segredo anterior ainda assina (rotação).')) }, { description: 'O segredo de assinatura nunca aparece aqui: só na resposta que o criou.' }),
    esgotadasSeguidas: Type.Integer({ minimum: 0 }),
    pausadaEm: Nulavel(DataHora('Quando a integração foi pausada por falhas seguidas.')),
  },
  { title: 'EstadoIntegracao' },
);
export const Modelo = Type.Object(
  {
    ...resumo,
    definicao: Definicao,
    integracao: EstadoIntegracao,
    respostas: Type.Integer({ minimum: 0, description: 'Formulários recebidos até agora (os do limite de respostas: "312 de 5.000").' }),
    smsNoMes: Type.Integer({ minimum: 0, description: 'SMS de código (issue 45) que o modelo enviou neste mês, contra `definicao.verificacao.smsPorMes`.' }),
    segredoNovo: Type.Optional(Type.String({ description: 'Só na resposta que deu ao modelo a sua primeira integração: o segredo de assinatura, mostrado esta única vez.' })) },
  { title: 'Modelo', description: 'Um modelo com o rascunho da definição e a integração.' },
);

const integracao = Type.Object(
  {
    url: Type.Optional(Nulavel(Type.String({ format: 'uri', pattern: '^https?://', maxLength: 500 }))),
    metodo: Type.Optional(Enum(METODOS)),
    cabecalhos: Type.Optional(
      // Null first: the validator would coerce a null into the string branch (""), losing the "keep".
      Type.Record(Type.String(), Type.Union([Type.Null(), Type.String({ maxLength: 1000 })]), {
        maxProperties: 20,
        description: 'Todos os cabeçalhos que o modelo guarda depois de salvar: um valor grava (ou troca) o daquele nome; `null` mantém o valor já guardado (a API não o devolve); um nome que não vier é removido.',
        examples: [{ Authorization: null, 'X-Orgao': 'saude' }],
      }),
    ),
  },
  { additionalProperties: false },
);
const dados = {
  nome: Type.String({ minLength: 1, maxLength: 200 }),
  descricao: Type.Optional(Type.String({ maxLength: 2000, default: '' })),
  grupoControleConteudoId: Id(),
  grupoAcessoPublicoId: Type.Optional(Nulavel(Id())),
  integracao: Type.Optional(integracao),
  retencaoDias: Type.Optional(Nulavel(Type.Integer({ minimum: 1, maximum: 36500 }))),
  abreEm: Type.Optional(Nulavel(DataHora())),
  fechaEm: Type.Optional(Nulavel(DataHora())),
  limiteRespostas: Type.Optional(Nulavel(Type.Integer({ minimum: 1, maximum: 100_000_000 }))),
  mensagemLimite: Type.Optional(Nulavel(Type.String({ maxLength: 500 }))),
  modeloBase: Type.Optional(Type.Boolean()),
};
export const CorpoModelo = Type.Object({ codigoServico: Type.String({ maxLength: 40, description: 'De 3 a 40 letras, números e hífens: o código nos endereços.' }), ...dados }, { additionalProperties: false, title: 'NovoModelo' });
export const CorpoModeloAlterado = Type.Object({ ...dados, definicao: Definicao, versao: Versao() }, { additionalProperties: false, title: 'ModeloAlterado' });
export const consultaModelos = Type.Object({
  ...consultaLista(['nome', 'codigoServico', 'status', 'atualizadoEm', 'grupo']),
  texto: Type.Optional(Type.String({ maxLength: 200, description: 'Parte do nome ou do código do serviço.' })),
  status: Type.Optional(Type.Array(Enum(STATUS_MODELO))),
  grupo: Type.Optional(Type.Array(Id(), { description: 'Grupos de controle de conteúdo.' })),
  modeloBase: Type.Optional(Type.Boolean({ description: 'Só os modelos-base (os que "Novo modelo" oferece).' })),
});

export const VersaoModelo = Type.Object(
  { numero: Type.Integer({ minimum: 1 }), nome: Type.String(), publicadoEm: DataHora(), publicadoPor: Type.String(), definicao: Type.Optional(Definicao) },
  { title: 'VersaoModelo', description: 'Uma versão publicada (imutável); a definição só na consulta de uma versão.' },
);
export const OpcaoModelo = Type.Object(
  { codigoServico: Type.String(), nome: Type.String(), status: Enum(STATUS_MODELO), integracaoPausadaEm: Nulavel(DataHora()) },
  { title: 'OpcaoModelo', description: 'Um modelo como os filtros o oferecem.' },
);
export const GruposDoModelo = Type.Object(
  {
    controleConteudo: Type.Array(Type.Object({ id: Id(), nome: Type.String() })),
    acessoPublico: Type.Array(Type.Object({ id: Id(), nome: Type.String() })),
    idiomas: Type.Array(Enum(IDIOMAS_TRADUCAO), { description: 'Os idiomas em que um modelo pode ser oferecido além do português, neste ambiente (IDIOMAS_FORMULARIOS).' }),
  },
  { title: 'GruposDoModelo', description: 'Os grupos que um modelo pode receber, e os idiomas em que pode ser oferecido.' },
);
export const SegredoGerado = Type.Object(
  { segredo: Type.String({ description: 'Formato Standard Webhooks (`whsec_…`): mostrado só nesta resposta.' }), criadoEm: DataHora(), anteriorValidoAte: Nulavel(DataHora()) },
  { title: 'SegredoGerado' },
);
export const ResultadoTeste = Type.Object(
  { ok: Type.Boolean(), statusHttp: Nulavel(Type.Integer()), mensagem: Type.String({ description: 'O resultado em pt-BR.' }), duracaoMs: Type.Optional(Type.Number({ minimum: 0 })) },
  { title: 'ResultadoTeste', description: 'O resultado de uma entrega de teste.' },
);

/** A model as it stands at a change (issue 36): what the history keeps and a file between environments carries. Never a secret nor a group. */
export const EstadoModelo = Type.Object(
  {
    nome: Type.String({ minLength: 1, maxLength: 200 }),
    descricao: Type.String({ maxLength: 2000 }),
    definicao: Definicao,
    retencaoDias: Nulavel(Type.Integer({ minimum: 1, maximum: 36500 })),
    abreEm: Nulavel(DataHora()),
    fechaEm: Nulavel(DataHora()),
    limiteRespostas: Nulavel(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
    mensagemLimite: Nulavel(Type.String({ maxLength: 500 })),
    modeloBase: Type.Boolean(),
    restrito: Type.Boolean({ description: 'Restrito a um grupo de acesso público (o grupo é de cada ambiente).' }),
    integracao: Type.Object(
      { url: Nulavel(Type.String({ maxLength: 500 })), metodo: Enum(METODOS), cabecalhos: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20, description: 'Os nomes dos cabeçalhos; os valores (podem ser credenciais) ficam de fora.' }) },
      { description: 'Endereço, método e nomes dos cabeçalhos; nunca o segredo de assinatura.' },
    ),
  },
  { title: 'EstadoModelo' },
);
export const VERSAO_ESQUEMA_EXPORTACAO = 1;
export const ModeloExportado = Type.Object(
  {
    formato: Type.Literal('console-formularios/modelo'),
    versaoEsquema: Type.Integer({ minimum: 1, description: `A versão do formato; esta API lê até a ${VERSAO_ESQUEMA_EXPORTACAO}.` }),
    exportadoEm: DataHora(),
    codigoServico: Type.String({ maxLength: 40 }),
    versaoPublicada: Type.Integer({ minimum: 0, description: 'A última versão publicada no ambiente de origem (0: nunca).' }),
    modelo: EstadoModelo,
    checksum: Type.String({ pattern: '^sha256:[0-9a-f]{64}$', description: 'SHA-256 do JSON canônico (chaves em ordem) de `{ codigoServico, modelo }`: um arquivo alterado depois de exportado é recusado.' }),
  },
  { title: 'ModeloExportado', description: 'Um modelo num arquivo, para levar de um ambiente a outro (homologação → produção): definição, dados e endereço da integração, sem segredos, grupos nem dados pessoais.' },
);
export const CorpoImportacao = Type.Object(
  {
    arquivo: Type.Unknown({ description: 'O arquivo exportado (ModeloExportado), como veio.' }),
    grupoControleConteudoId: Type.Optional(Id('O grupo de controle de conteúdo do modelo neste ambiente (obrigatório para criar; um modelo que já existe fica no seu).')),
    codigoServico: Type.Optional(Type.String({ maxLength: 40, description: 'Importar com outro código (padrão: o do arquivo).' })),
    versao: Type.Optional(Versao()),
  },
  { additionalProperties: false, title: 'Importacao' },
);
export const PreviaImportacao = Type.Object(
  {
    acao: Enum(['criar', 'alterar'] as const, 'Criar um modelo novo, ou trocar o rascunho de um que já existe.'),
    codigoServico: Type.String(),
    nome: Type.String(),
    mudancas: Type.Array(Type.String(), { description: 'O que muda, em frases no idioma de quem pede (`Accept-Language`: `en`, ou português); para criar, vazio.' }),
    definicaoAtual: Nulavel(Definicao),
    definicaoNova: Definicao,
    cabecalhosAPreencher: Type.Array(Type.String(), { description: 'Os cabeçalhos da integração cujo valor não veio no arquivo.' }),
    versao: Nulavel(Versao()),
  },
  { title: 'PreviaImportacao', description: 'O que a importação fará, para conferir antes.' },
);
export const CorpoCopia = Type.Object(
  {
    codigoServico: Type.String({ maxLength: 40, description: 'O código da cópia (de 3 a 40 letras, números e hífens).' }),
    nome: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    grupoControleConteudoId: Type.Optional(Id('Padrão: o grupo do original.')),
  },
  { additionalProperties: false, title: 'Copia' },
);
export const EntradaHistorico = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    ocorridoEm: DataHora(),
    autor: Type.String(),
    acao: Enum(['CRIADO', 'SALVO', 'PUBLICADO', 'ARQUIVADO', 'RESTAURADO', 'DUPLICADO', 'IMPORTADO', 'VOLTOU_A'] as const),
    resumo: Type.Array(Type.String(), { description: 'O que a mudança fez e o que mudou em relação à entrada anterior, em frases no idioma de quem lê (`Accept-Language`: `en`, ou português por padrão). A entrada mais antiga que a retenção manteve não tem a anterior: diz só a sua frase.' }),
    estado: Type.Optional(EstadoModelo),
  },
  { title: 'EntradaHistorico', description: 'Uma mudança de um modelo: quem, quando, o que mudou; o modelo como ficou só na consulta de uma entrada.' },
);

export type TRegra = Static<typeof Regra>;
export type TDefinicao = Static<typeof Definicao>;
export type TModeloResumo = Static<typeof ModeloResumo>;
export type TModelo = Static<typeof Modelo>;
export type TEstadoIntegracao = Static<typeof EstadoIntegracao>;
export type TCorpoModelo = Static<typeof CorpoModelo>;
export type TVersaoModelo = Static<typeof VersaoModelo>;
export type TOpcaoModelo = Static<typeof OpcaoModelo>;
export type TGruposDoModelo = Static<typeof GruposDoModelo>;
export type TSegredoGerado = Static<typeof SegredoGerado>;
export type TResultadoTeste = Static<typeof ResultadoTeste>;
export type TModeloExportado = Static<typeof ModeloExportado>;
export type TPreviaImportacao = Static<typeof PreviaImportacao>;
export type TEntradaHistorico = Static<typeof EntradaHistorico>;
