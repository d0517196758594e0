import type { Executor } from '../../src/server/db';
import type { Definicao } from '../../src/forms/definicao';
import { completarCpf } from '../../src/forms/cpf';
import { gerarFormularios } from './gerarFormularios';
import { registrarHistorico, type LinhaEstado } from '../../src/server/api/historicoModelo';

/** The request's own questions, for the models whose subject is not a second copy (issue 50: ITCMD, IPVA and an enrolment asked "Motivo: Perda/Roubo/Dano"). */
const PEDIDOS: Record<string, Definicao['secoes'][number]['campos']> = {
  'educacao-matricula': [
    { id: 'nome-estudante', tipo: 'texto', rotulo: 'Nome do estudante', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 150 }], dadoPessoal: true },
    { id: 'etapa', tipo: 'escolha-unica', rotulo: 'Etapa pretendida', obrigatorio: true, regras: [], opcoes: [{ valor: 'iniciais', rotulo: 'Ensino fundamental — anos iniciais' }, { valor: 'finais', rotulo: 'Ensino fundamental — anos finais' }, { valor: 'medio', rotulo: 'Ensino médio' }] },
    { id: 'escola', tipo: 'texto', rotulo: 'Escola de preferência', ajuda: 'O nome da escola estadual mais perto de casa, se houver uma que prefira.', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 200 }] },
    { id: 'anexo', tipo: 'arquivo', rotulo: 'Documento com foto', obrigatorio: false, regras: [] },
  ],
  'tributos-ipva-isencao': [
    { id: 'placa', tipo: 'texto', rotulo: 'Placa do veículo', ajuda: 'Como está na placa: ABC1D23.', obrigatorio: true, regras: [{ tipo: 'maxLength', max: 8 }] },
    { id: 'renavam', tipo: 'texto', rotulo: 'RENAVAM', obrigatorio: true, regras: [{ tipo: 'maxLength', max: 11 }] },
    { id: 'hipotese', tipo: 'escolha-unica', rotulo: 'Motivo da isenção', obrigatorio: true, regras: [], opcoes: [{ valor: 'pcd', rotulo: 'Pessoa com deficiência' }, { valor: 'taxi', rotulo: 'Táxi' }, { valor: 'antigo', rotulo: 'Veículo com mais de 20 anos' }] },
    { id: 'anexo', tipo: 'arquivo', rotulo: 'Laudo ou documento que comprova', obrigatorio: false, regras: [] },
  ],
  'tributos-itcmd': [
    { id: 'transmissao', tipo: 'escolha-unica', rotulo: 'Tipo de transmissão', obrigatorio: true, regras: [], opcoes: [{ valor: 'heranca', rotulo: 'Herança (causa mortis)' }, { valor: 'doacao', rotulo: 'Doação' }] },
    { id: 'transmitente', tipo: 'texto', rotulo: 'Nome de quem transmite', obrigatorio: true, regras: [{ tipo: 'maxLength', max: 150 }], dadoPessoal: true },
    { id: 'valor-bens', tipo: 'decimal', rotulo: 'Valor declarado dos bens (R$)', obrigatorio: true, regras: [{ tipo: 'minValue', min: 0 }] },
    { id: 'bens', tipo: 'texto-longo', rotulo: 'Descrição dos bens', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 2000 }] },
    // The property's CEP fills its address (issue 44).
    { id: 'cep-imovel', tipo: 'cep', rotulo: 'CEP do imóvel', obrigatorio: false, regras: [], endereco: { logradouro: 'imovel-endereco', bairro: 'imovel-bairro', cidade: 'imovel-cidade', uf: 'imovel-uf' } },
    { id: 'imovel-endereco', tipo: 'texto', rotulo: 'Endereço do imóvel', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 200 }] },
    { id: 'imovel-bairro', tipo: 'texto', rotulo: 'Bairro do imóvel', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 100 }] },
    { id: 'imovel-cidade', tipo: 'texto', rotulo: 'Cidade do imóvel', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 100 }] },
    { id: 'imovel-uf', tipo: 'texto', rotulo: 'UF do imóvel', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 2 }] },
  ],
};

/** The seeded model whose e-mail and mobile are confirmed by code (issue 45). */
export const CONTATO_VERIFICADO = 'tributos-ipva-isencao';

/** Demo templates: each content-control group owns published, draft and archived models. */
const definicao = (assunto: string, codigo?: string): Definicao => ({
  secoes: [
    {
      id: 'requerente',
      titulo: 'Dados do requerente',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 150 }], requerente: 'nome' },
        { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' },
        // The IPVA exemption confirms the e-mail and the mobile by code (issue 45): what the state writes back to must be the citizen's.
        { id: 'email', tipo: 'email', rotulo: 'E-mail', obrigatorio: true, regras: [], requerente: 'email', ...(codigo === CONTATO_VERIFICADO ? { verificado: true, confirmacao: true } : {}) },
        { id: 'nascimento', tipo: 'data', rotulo: 'Data de nascimento', obrigatorio: false, regras: [{ tipo: 'dataNaoFutura' }] },
        codigo === CONTATO_VERIFICADO
          ? { id: 'telefone', tipo: 'telefone', rotulo: 'Celular', obrigatorio: false, regras: [], verificado: true }
          : { id: 'telefone', tipo: 'texto', rotulo: 'Telefone', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 20 }] },
      ],
    },
    {
      id: 'pedido',
      titulo: assunto,
      campos: (codigo && PEDIDOS[codigo]) || [
        { id: 'motivo', tipo: 'escolha-unica', rotulo: 'Motivo', obrigatorio: true, regras: [], opcoes: [{ valor: 'perda', rotulo: 'Perda' }, { valor: 'roubo', rotulo: 'Roubo' }, { valor: 'dano', rotulo: 'Dano' }] },
        { id: 'detalhes', tipo: 'texto-longo', rotulo: 'Detalhes', ajuda: 'Conte o que aconteceu.', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 2000 }] },
        { id: 'anexo', tipo: 'arquivo', rotulo: 'Documento com foto', obrigatorio: false, regras: [] },
      ],
    },
  ],
});

const MODELOS: [string, string, string, 'PUBLICADO' | 'RASCUNHO' | 'ARQUIVADO'][] = [
  ['saude-cartao-sus', 'Segunda via do Cartão SUS', 'Saúde', 'PUBLICADO'],
  ['saude-medicamento-especial', 'Solicitação de medicamento especializado', 'Saúde', 'PUBLICADO'],
  ['saude-ouvidoria', 'Ouvidoria da saúde', 'Saúde', 'RASCUNHO'],
  ['saude-vacinacao-2024', 'Agendamento de vacinação 2024', 'Saúde', 'ARQUIVADO'],
  ['educacao-matricula', 'Matrícula na rede estadual', 'Educação', 'PUBLICADO'],
  ['educacao-historico', 'Segunda via de histórico escolar', 'Educação', 'PUBLICADO'],
  ['educacao-transporte', 'Transporte escolar', 'Educação', 'RASCUNHO'],
  ['educacao-enem-2023', 'Isenção de taxa 2023', 'Educação', 'ARQUIVADO'],
  ['tributos-ipva-isencao', 'Isenção de IPVA', 'Tributos', 'PUBLICADO'],
  ['tributos-itcmd', 'Declaração de ITCMD', 'Tributos', 'PUBLICADO'],
  ['tributos-certidao', 'Certidão negativa de débitos', 'Tributos', 'RASCUNHO'],
  ['tributos-refis-2022', 'Parcelamento Refis 2022', 'Tributos', 'ARQUIVADO'],
];

/**
 * The Cartão SUS model offered in English and Spanish, and a template ("Começar de" in "Novo modelo") (issue 50:
 * no seeded model showed README's language switch or templates out of the box).
 */
const TRADUCOES_CARTAO_SUS: Definicao['traducoes'] = {
  en: {
    nome: 'Replacement SUS health card',
    descricao: 'Form to request a replacement SUS health card.',
    'secao.requerente.titulo': "Applicant's details",
    'secao.pedido.titulo': 'Replacement SUS health card',
    'campo.nome.rotulo': 'Full name',
    'campo.cpf.rotulo': 'CPF',
    'campo.email.rotulo': 'Email',
    'campo.nascimento.rotulo': 'Date of birth',
    'campo.telefone.rotulo': 'Phone',
    'campo.motivo.rotulo': 'Reason',
    'campo.motivo.opcao.perda': 'Lost',
    'campo.motivo.opcao.roubo': 'Stolen',
    'campo.motivo.opcao.dano': 'Damaged',
    'campo.detalhes.rotulo': 'Details',
    'campo.detalhes.ajuda': 'Tell us what happened.',
    'campo.anexo.rotulo': 'Photo ID',
  },
  es: {
    nome: 'Segunda vía de la tarjeta SUS',
    descricao: 'Formulario para pedir la segunda vía de la tarjeta SUS.',
    'secao.requerente.titulo': 'Datos del solicitante',
    'secao.pedido.titulo': 'Segunda vía de la tarjeta SUS',
    'campo.nome.rotulo': 'Nombre completo',
    'campo.cpf.rotulo': 'CPF',
    'campo.email.rotulo': 'Correo electrónico',
    'campo.nascimento.rotulo': 'Fecha de nacimiento',
    'campo.telefone.rotulo': 'Teléfono',
    'campo.motivo.rotulo': 'Motivo',
    'campo.motivo.opcao.perda': 'Pérdida',
    'campo.motivo.opcao.roubo': 'Robo',
    'campo.motivo.opcao.dano': 'Daño',
    'campo.detalhes.rotulo': 'Detalles',
    'campo.detalhes.ajuda': 'Cuéntenos qué pasó.',
    'campo.anexo.rotulo': 'Documento con foto',
  },
};

/**
 * The citizen's journey (issue 21) at a glance: pages with "Verifique suas respostas", questions the
 * login fills, a repeating set of students with a question inside each that shows only when it applies,
 * the confirmation e-mail to the citizen and a notice to the team.
 */
export const DEFINICAO_EM_PAGINAS: Definicao = {
  emailEquipe: 'equipe.auxilio@educacao.exemplo.gov.br',
  secoes: [
    {
      id: 'responsavel',
      titulo: 'Responsável',
      pagina: true,
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 150 }], requerente: 'nome', preencherDoLogin: 'nome' },
        { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' },
        { id: 'email', tipo: 'email', rotulo: 'E-mail', ajuda: 'A confirmação do pedido, com o comprovante, chega neste e-mail.', obrigatorio: true, regras: [], requerente: 'email', confirmacao: true },
        { id: 'telefone', tipo: 'texto', rotulo: 'Telefone', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 20 }] },
      ],
    },
    {
      id: 'estudantes',
      titulo: 'Estudantes',
      pagina: true,
      repeticao: { minimo: 1, maximo: 6, item: 'estudante' },
      campos: [
        { id: 'nome-estudante', tipo: 'texto', rotulo: 'Nome do estudante', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }], dadoPessoal: true },
        { id: 'nascimento-estudante', tipo: 'data', rotulo: 'Data de nascimento', obrigatorio: true, regras: [{ tipo: 'dataNaoFutura' }], dadoPessoal: true },
        { id: 'serie', tipo: 'escolha-unica', rotulo: 'Etapa de ensino', obrigatorio: true, regras: [], opcoes: [{ valor: 'fundamental', rotulo: 'Ensino fundamental' }, { valor: 'medio', rotulo: 'Ensino médio' }] },
        { id: 'transporte', tipo: 'escolha-unica', rotulo: 'Precisa de transporte escolar?', obrigatorio: true, regras: [], opcoes: [{ valor: 'sim', rotulo: 'Sim' }, { valor: 'nao', rotulo: 'Não' }] },
        { id: 'distancia', tipo: 'inteiro', rotulo: 'Distância até a escola (km)', obrigatorio: true, regras: [{ tipo: 'minValue', min: 1 }, { tipo: 'maxValue', max: 200 }], condicao: { juncao: 'todas', criterios: [{ campo: 'transporte', operador: 'igual', valor: 'sim' }] } },
      ],
    },
    {
      id: 'renda',
      titulo: 'Renda da família',
      pagina: true,
      campos: [
        { id: 'renda-familiar', tipo: 'decimal', rotulo: 'Renda mensal da família (R$)', obrigatorio: true, regras: [{ tipo: 'minValue', min: 0 }] },
        { id: 'beneficio', tipo: 'escolha-unica', rotulo: 'A família recebe outro benefício social?', obrigatorio: true, regras: [], opcoes: [{ valor: 'sim', rotulo: 'Sim' }, { valor: 'nao', rotulo: 'Não' }] },
        { id: 'qual-beneficio', tipo: 'texto', rotulo: 'Qual benefício?', obrigatorio: true, regras: [], condicao: { juncao: 'todas', criterios: [{ campo: 'beneficio', operador: 'igual', valor: 'sim' }] } },
      ],
    },
    {
      id: 'declaracao',
      titulo: 'Declaração',
      pagina: true,
      campos: [{ id: 'aceite', tipo: 'escolha-multipla', rotulo: 'Declaração', obrigatorio: true, regras: [], opcoes: [{ valor: 'verdade', rotulo: 'Declaro que as informações são verdadeiras.' }] }],
    },
  ],
};

/**
 * Calculated values and blocking rules out of the box (issue 43): the family's members with their incomes as a
 * repeating section, the applicant's age and the per-capita income computed as the citizen types, and sending
 * blocked under 18 or above half a minimum wage per person — all computed again by the server.
 */
/** The seeded lease subsidy (issue 46): the landlord co-signs (named by the tenant, signing in with the CPF given), then the Habitação group reviews. */
export const AUXILIO_ALUGUEL = 'habitacao-auxilio-aluguel';
export const definicaoAuxilioAluguel = (habitacao: number): Definicao => ({
  declaracao: { texto: 'Declaro que as informações deste pedido são verdadeiras e que o imóvel é alugado para a minha moradia.' },
  etapas: [
    { id: 'locador', tipo: 'coassinatura', titulo: 'Assinatura do locador', prazoDias: 10, lembreteDias: 3, coassinantes: [{ campoEmail: 'email-locador', campoCpf: 'cpf-locador', campoNome: 'nome-locador' }] },
    { id: 'analise', tipo: 'analise', titulo: 'Análise da Habitação', prazoDias: 15, grupoControleConteudoId: habitacao, notificar: 'habitacao@demo.gov.br' },
  ],
  secoes: [
    {
      id: 'inquilino',
      titulo: 'Inquilino',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 150 }], requerente: 'nome' },
        { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' },
        { id: 'email', tipo: 'email', rotulo: 'E-mail', ajuda: 'Para onde vão o comprovante e o resultado do pedido.', obrigatorio: true, regras: [], requerente: 'email', confirmacao: true },
      ],
    },
    {
      id: 'imovel',
      titulo: 'Imóvel e aluguel',
      campos: [
        { id: 'endereco-imovel', tipo: 'texto', rotulo: 'Endereço do imóvel', obrigatorio: true, regras: [{ tipo: 'maxLength', max: 200 }] },
        { id: 'valor-aluguel', tipo: 'moeda', rotulo: 'Valor mensal do aluguel', obrigatorio: true, regras: [{ tipo: 'minValue', min: 1 }] },
      ],
    },
    {
      id: 'locador',
      titulo: 'Locador',
      campos: [
        { id: 'nome-locador', tipo: 'texto', rotulo: 'Nome do locador', obrigatorio: true, regras: [{ tipo: 'maxLength', max: 150 }], dadoPessoal: true },
        { id: 'cpf-locador', tipo: 'cpf', rotulo: 'CPF do locador', ajuda: 'O locador assina com a conta gov.br deste CPF.', obrigatorio: true, regras: [] },
        { id: 'email-locador', tipo: 'email', rotulo: 'E-mail do locador', ajuda: 'O locador recebe neste endereço o link para conferir e assinar.', obrigatorio: true, regras: [] },
      ],
    },
    {
      id: 'parecer',
      titulo: 'Parecer da Habitação',
      campos: [
        { id: 'valor-aprovado', tipo: 'moeda', rotulo: 'Valor mensal aprovado', obrigatorio: true, regras: [], etapa: 'analise' },
        { id: 'observacao', tipo: 'texto-longo', rotulo: 'Observação da análise', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 1000 }], etapa: 'analise' },
      ],
    },
  ],
});

export const DEFINICAO_RENDA_PER_CAPITA: Definicao = {
  secoes: [
    {
      id: 'requerente',
      titulo: 'Requerente',
      pagina: true,
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 150 }], requerente: 'nome' },
        { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' },
        { id: 'email', tipo: 'email', rotulo: 'E-mail', obrigatorio: false, regras: [], requerente: 'email', confirmacao: true },
        { id: 'nascimento', tipo: 'data', rotulo: 'Data de nascimento', obrigatorio: true, regras: [{ tipo: 'dataNaoFutura' }] },
        { id: 'telefone', tipo: 'telefone', rotulo: 'Telefone', obrigatorio: false, regras: [] },
        // The CEP fills the address (issue 44: in the demo, 01001-000 is Praça da Sé).
        { id: 'cep', tipo: 'cep', rotulo: 'CEP', obrigatorio: false, regras: [], endereco: { logradouro: 'logradouro', bairro: 'bairro', cidade: 'cidade', uf: 'uf' } },
        { id: 'logradouro', tipo: 'texto', rotulo: 'Endereço (rua, avenida…)', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 200 }], dadoPessoal: true },
        { id: 'numero', tipo: 'texto', rotulo: 'Número e complemento', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 60 }], dadoPessoal: true },
        { id: 'bairro', tipo: 'texto', rotulo: 'Bairro', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 100 }] },
        { id: 'cidade', tipo: 'texto', rotulo: 'Cidade', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 100 }] },
        { id: 'uf', tipo: 'texto', rotulo: 'UF', obrigatorio: false, regras: [{ tipo: 'maxLength', max: 2 }] },
      ],
    },
    {
      id: 'membros',
      titulo: 'Pessoas da família',
      pagina: true,
      repeticao: { minimo: 1, maximo: 12, item: 'membro' },
      campos: [
        { id: 'nome-membro', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [{ tipo: 'maxLength', max: 150 }], dadoPessoal: true },
        { id: 'renda', tipo: 'decimal', rotulo: 'Renda mensal (R$)', ajuda: 'Salários, aposentadorias e outros ganhos do mês. Sem renda: 0.', obrigatorio: true, regras: [{ tipo: 'minValue', min: 0 }] },
      ],
    },
    {
      id: 'resumo',
      titulo: 'Renda da família',
      pagina: true,
      campos: [{ id: 'moradia', tipo: 'escolha-unica', rotulo: 'A família mora em', obrigatorio: true, regras: [], opcoes: [{ valor: 'propria', rotulo: 'Casa própria' }, { valor: 'alugada', rotulo: 'Casa alugada' }, { valor: 'cedida', rotulo: 'Casa cedida' }] }],
    },
  ],
  calculos: [
    { id: 'idade', rotulo: 'Idade', tipo: 'numero', expressao: { idade: [{ var: 'nascimento' }] }, secao: 'requerente' },
    { id: 'renda-total', rotulo: 'Renda total da família', tipo: 'dinheiro', expressao: { soma: { map: [{ var: 'membros' }, { var: 'renda' }] } }, secao: 'resumo' },
    { id: 'renda-per-capita', rotulo: 'Renda por pessoa', tipo: 'dinheiro', expressao: { '/': [{ var: 'renda-total' }, { contagem: { var: 'membros' } }] }, secao: 'resumo' },
  ],
  bloqueios: [
    { id: 'menor-de-idade', quando: { '<': [{ var: 'idade' }, 18] }, mensagem: 'Este benefício é para maiores de 18 anos.' },
    { id: 'renda-acima', quando: { '>': [{ var: 'renda-per-capita' }, 706] }, mensagem: 'A renda por pessoa passa de R$ 706,00 (meio salário mínimo): este auxílio é para famílias com renda por pessoa até esse valor.' },
  ],
};

/** The gov.br account the ITCMD declaration asks for (issue 44). */
export const CONTA_ITCMD: Definicao['confiabilidade'] = { nivel: 'prata', motivo: 'A declaração do ITCMD tem valor legal: o Estado precisa ter certeza de que é você quem declara.' };

/** The demo's models, all delivering to `destino` (the demo receiver, on loopback). */
export async function semearModelos(tx: Executor, destino: string): Promise<void> {
  const [{ id: grupoPublico }] = await tx.query<{ id: number }>(
    `insert into grupo_acesso_publico (nome, descricao) values ('Beneficiários do programa Remédio em Casa', 'Cidadãos autorizados a pedir medicamentos especializados') returning id`,
  );
  const cpfs = Array.from({ length: 25 }, (_, i) => completarCpf(String(123456000 + i * 37)));
  await tx.query('insert into grupo_acesso_publico_cidadao (grupo_id, cpf) select $1, unnest($2::text[])', [grupoPublico, cpfs]);
  await tx.query(`insert into grupo_acesso_publico (nome, descricao) values ('Servidores da educação', 'Professores e técnicos da rede estadual')`);
  for (const [codigo, nome, grupo, status] of MODELOS) {
    // One model with a fee paid by Pix (issue 38): the second copy of a school record costs R$ 18,90, free after a robbery.
    const taxa: Definicao['taxa'] = codigo === 'educacao-historico' ? { porResposta: { campo: 'motivo', valores: { perda: 1890, roubo: 0, dano: 1890 } }, descricao: 'Segunda via de histórico escolar', chavePix: 'financeiro@educacao.uf.gov.br', prazoMinutos: 30 } : undefined;
    const traduzido = codigo === 'saude-cartao-sus' ? { idiomas: ['en', 'es'] as Definicao['idiomas'], traducoes: TRADUCOES_CARTAO_SUS } : {};
    // A tax declaration is a legal act (issue 44): it asks for a gov.br account at prata level or above, and the citizen signs it with gov.br.
    const conta = codigo === 'tributos-itcmd' ? { confiabilidade: CONTA_ITCMD, assinatura: 'exigida' as const } : {};
    const d = JSON.stringify({ ...definicao(nome, codigo), ...(taxa ? { taxa } : {}), ...traduzido, ...conta });
    const versoes = status === 'RASCUNHO' ? 0 : 2;
    await tx.query(
      `insert into modelo (codigo_servico, nome, descricao, status, definicao, grupo_controle_conteudo_id, grupo_acesso_publico_id, integracao_url, ultima_versao, criado_por, atualizado_por)
       select $1, $2, $3, $4, $5, g.id, $6, $7, $8, 'admin', 'admin' from grupo_controle_conteudo g where g.nome = $9`,
      [codigo, nome, `Formulário de ${nome.toLowerCase()}.`, status, d, codigo === 'saude-medicamento-especial' ? grupoPublico : null, destino, versoes, grupo],
    );
    for (let n = 1; n <= versoes; n++) {
      await tx.query(`insert into modelo_versao (codigo_servico, numero, nome, definicao, publicado_por, publicado_em) values ($1, $2, $3, $4, 'designer', now() - make_interval(days => $5))`, [codigo, n, nome, d, (versoes - n + 1) * 30]);
    }
  }
  await gerarFormularios(tx, 4000, 120);
  // After the generated forms (whose answers fit the other models): published, with no forms yet.
  const [habitacao] = await tx.query<{ id: number }>(`select id from grupo_controle_conteudo where nome = 'Habitação'`);
  const extras: [string, string, string, Definicao, string][] = [
    ['educacao-auxilio-familia', 'Auxílio Família na Escola', 'Auxílio para famílias com estudantes na rede estadual: em páginas, com um item por estudante e confirmação por e-mail.', DEFINICAO_EM_PAGINAS, 'Educação'],
    ['educacao-auxilio-renda', 'Auxílio por renda per capita', 'Auxílio para famílias de baixa renda: a renda por pessoa e a idade são calculadas enquanto se responde, e o envio é impedido acima do limite ou abaixo de 18 anos.', DEFINICAO_RENDA_PER_CAPITA, 'Educação'],
    // Where the schema has the Habitação group (the partitions' migration test seeds an earlier one).
    ...(habitacao ? [[AUXILIO_ALUGUEL, 'Auxílio aluguel', 'Ajuda mensal no aluguel: o locador confirma o contrato assinando pelo link que recebe, e a Habitação analisa e aprova o valor.', definicaoAuxilioAluguel(habitacao.id), 'Habitação'] as [string, string, string, Definicao, string]] : []),
  ];
  for (const [codigo, nome, descricao, definicaoExtra, grupo] of extras) {
    const d = JSON.stringify(definicaoExtra);
    await tx.query(
      `insert into modelo (codigo_servico, nome, descricao, status, definicao, grupo_controle_conteudo_id, integracao_url, ultima_versao, criado_por, atualizado_por)
       select $1, $2, $3, 'PUBLICADO', $4, g.id, $5, 1, 'admin', 'admin' from grupo_controle_conteudo g where g.nome = $6`,
      [codigo, nome, descricao, d, destino, grupo],
    );
    await tx.query(`insert into modelo_versao (codigo_servico, numero, nome, definicao, publicado_por, publicado_em) values ($1, 1, $2, $3, 'designer', now() - interval '3 days')`, [codigo, nome, d]);
  }
  // Each model's history starts with how it was seeded (issue 36): its first change is then a difference from it.
  // (The partitions' migration test seeds a database of an earlier schema, without the history.)
  const [{ historico }] = await tx.query<{ historico: string | null }>(`select to_regclass('modelo_historico')::text as historico`);
  // A template to start from (where the schema has templates: the partitions' test seeds an earlier one).
  if (historico) await tx.query(`update modelo set modelo_base = true where codigo_servico = 'saude-cartao-sus'`);
  if (historico) for (const m of await tx.query<LinhaEstado & { codigo_servico: string }>('select * from modelo order by codigo_servico')) await registrarHistorico(tx, m.codigo_servico, 'admin', 'CRIADO', m);
}
