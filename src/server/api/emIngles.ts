import { ptBR } from '../../i18n/pt-BR';
import { en } from '../../i18n/en';
import type { ChaveTexto } from '../../i18n';
import { idiomaPreferido } from '../../i18n/cidadao';
import { MSG_415 } from './contrato';

/**
 * The API's texts for a console in English (issue 37: the retries' "last error" and the API's refusals came in
 * Portuguese). Staff texts are written in Portuguese where they happen (the API's language, what logs and the
 * audit keep); an answer to a caller asking for English (Accept-Language) is said in English here, at the edge:
 * the refusals of the routes (this table, `{x}` for the values), and every sentence made from the console's
 * catalogs (their Portuguese and English sides). A text found in neither stays in Portuguese.
 */
const FRASES: [string, string][] = [
  // Issue 46: reviews.
  ['Diga o motivo da recusa (de 3 a 500 caracteres): o requerente o recebe por e-mail.', 'Give the reason for refusing (3 to 500 characters): the requester gets it by e-mail.'],
  ['Esta etapa não preenche "{campo}".', 'This step does not fill "{campo}".'],
  ['Esta análise é de um grupo de controle de conteúdo que não é o seu.', 'This review belongs to a content-control group that is not yours.'],
  ['Este formulário não aguarda análise agora: outra pessoa pode ter decidido antes, ou ele foi encerrado.', 'This form is not waiting for a review now: someone else may have decided first, or it was closed.'],
  // Authentication, permissions, the API's own errors.
  ['Envie um token de acesso válido no cabeçalho Authorization.', 'Send a valid access token in the Authorization header.'],
  ['Token de acesso inválido ou expirado.', 'Invalid or expired access token.'],
  ['Você não tem a permissão {p}.', 'You do not have the {p} permission.'],
  ['Você precisa de uma destas permissões: {lista}.', 'You need one of these permissions: {lista}.'],
  ['Você só pode consultar as suas próprias permissões.', 'You may only look up your own permissions.'],
  ['Recurso não encontrado.', 'Resource not found.'],
  [MSG_415, 'The body is not application/json: send it as application/json.'],
  ['Erro interno do servidor.', 'Internal server error.'],
  ['Corpo da requisição grande demais.', 'Request body too large.'],
  ['Verifique os campos destacados.', 'Check the highlighted fields.'],
  ['Este registro foi alterado por outra pessoa depois que você o abriu; nada foi salvo.', 'Someone else changed this record after you opened it; nothing was saved.'],
  ['O banco de dados ficou indisponível por um instante. Confira se a operação foi concluída e tente de novo em alguns segundos.', 'The database was unavailable for a moment. Check whether the operation went through and try again in a few seconds.'],
  ['Parâmetros inválidos: {lista}', 'Invalid parameters: {lista}'],
  // The public limits' refusals (429) and their "when".
  ['Muitas requisições seguidas. {t}', 'Too many requests in a row. {t}'],
  ['Este formulário está recebendo envios demais agora. {t}', 'This form is receiving too many submissions right now. {t}'],
  ['Você já enviou arquivos demais na última hora (até {mb} MB por hora). {t}', 'You have sent too many files in the last hour (up to {mb} MB an hour). {t}'],
  ['Este formulário está recebendo arquivos demais agora. {t}', 'This form is receiving too many files right now. {t}'],
  ['Este endereço já recebeu links de rascunho demais na última hora. {t}', 'This address has received too many draft links in the last hour. {t}'],
  ['Este endereço já recebeu confirmações demais na última hora. {t}', 'This address has received too many confirmations in the last hour. {t}'],
  ['Tente de novo em {s} s.', 'Try again in {s} s.'],
  ['Tente de novo em {m} min.', 'Try again in {m} min.'],
  ['Campo desconhecido.', 'Unknown field.'],
  ['Parâmetro desconhecido.', 'Unknown parameter.'],
  ['Formato inválido.', 'Invalid format.'],
  ['Valor inválido.', 'Invalid value.'],
  ['Valor não permitido. Use um destes: {lista}.', 'Value not allowed. Use one of: {lista}.'],
  ['No máximo {n} itens.', 'At most {n} items.'],
  ['Este campo deve ser do tipo {tipo}.', 'This field must be of type {tipo}.'],
  ['Campo de ordenação desconhecido.', 'Unknown sort field.'],
  ['Use asc ou desc.', 'Use asc or desc.'],
  ['A direção da ordenação deve ser asc ou desc.', 'The sort direction must be asc or desc.'],
  ['Não é possível ordenar por "{campo}". Use: {lista}.', 'Cannot sort by "{campo}". Use: {lista}.'],
  ['Data inválida no período.', 'Invalid date in the period.'],
  // Pix refunds (issue 38).
  ['Este formulário não tem pagamento confirmado para devolver.', 'This form has no confirmed payment to refund.'],
  ['O pagamento deste formulário já foi todo devolvido.', "This form's payment has already been fully refunded."],
  ['O PSP não aceitou a devolução; nada foi registrado. Tente de novo em alguns minutos.', 'The PSP did not accept the refund; nothing was recorded. Try again in a few minutes.'],
  ['Certificado de cliente do PSP ausente ou não reconhecido.', "The PSP's client certificate is missing or not recognised."],
  // Groups and scope.
  ['Este modelo pertence a um grupo de controle de conteúdo que não é o seu.', 'This form template belongs to a content-control group that is not yours.'],
  ['Este formulário pertence a um grupo de controle de conteúdo que não é o seu.', 'This form belongs to a content-control group that is not yours.'],
  ['Esta retentativa pertence a um grupo de controle de conteúdo que não é o seu.', 'This retry belongs to a content-control group that is not yours.'],
  ['Escolha um dos seus grupos de controle de conteúdo.', 'Choose one of your content-control groups.'],
  ['Grupo de controle de conteúdo não encontrado.', 'Content-control group not found.'],
  ['Grupo de acesso público não encontrado.', 'Public-access group not found.'],
  ['Grupo de controle de conteúdo {id} não existe.', 'Content-control group {id} does not exist.'],
  ['Perfil de acesso {id} não existe.', 'Access profile {id} does not exist.'],
  ['Perfil de acesso não encontrado.', 'Access profile not found.'],
  ['Já existe um perfil de acesso com este nome.', 'An access profile with this name already exists.'],
  ['O usuário "{u}" não tem vínculo.', 'User "{u}" has no link.'],
  ['O usuário "{u}" não tem vínculo no console.', 'User "{u}" has no link in the console.'],
  ['Este usuário já tem vínculo.', 'This user already has a link.'],
  ['Você não pode excluir o seu próprio vínculo.', 'You cannot delete your own link.'],
  ['Só administradores consultam a trilha de auditoria de acesso.', 'Only administrators look up the access audit trail.'],
  // Form templates.
  ['Modelo "{codigo}" não encontrado.', 'Form template "{codigo}" not found.'],
  ['Já existe um modelo com este código.', 'A form template with this code already exists.'],
  ['A definição do formulário tem problemas.', "The form's definition has problems."],
  ['O rascunho tem problemas e não pode ser publicado.', 'The draft has problems and cannot be published.'],
  ['Um modelo arquivado não pode ser alterado; restaure-o antes.', 'An archived form template cannot be changed; restore it first.'],
  ['Um modelo já publicado não pode ser excluído; arquive-o.', 'A form template already published cannot be deleted; archive it.'],
  ['Nada mudou desde a versão {n}: não há o que publicar.', 'Nothing changed since version {n}: there is nothing to publish.'],
  ['O modelo "{codigo}" não tem a versão {n}.', 'Form template "{codigo}" has no version {n}.'],
  ['Este modelo não tem integração: informe o endereço de destino e salve antes de testar.', 'This form template has no integration: enter the destination address and save before testing.'],
  ['O histórico do modelo "{codigo}" não tem a entrada {id}.', 'The history of form template "{codigo}" has no entry {id}.'],
  ['A definição daquela entrada não passa mais nas regras do construtor.', "That entry's definition no longer passes the builder's rules."],
  ['O idioma "{i}" não é oferecido neste ambiente (IDIOMAS_FORMULARIOS: {lista}).', 'The language "{i}" is not offered in this environment (IDIOMAS_FORMULARIOS: {lista}).'],
  ['Este ambiente não cobra taxas: configure o PSP do Pix (PIX_PSP_URL) antes de publicar um formulário com taxa.', 'This environment charges no fees: configure the Pix PSP (PIX_PSP_URL) before publishing a form with a fee.'],
  // Between environments.
  ['O arquivo não é um modelo exportado pelo Console de Formulários.', 'The file is not a form template exported by Console de Formulários.'],
  ['Escolha um arquivo .json exportado pelo botão "Exportar" de um modelo.', 'Choose a .json file exported with a form template\'s "Export" button.'],
  ['Este arquivo vem de uma versão mais nova do Console de Formulários (formato {a}); este ambiente lê até o formato {b}. Atualize este ambiente antes de importar.', 'This file comes from a newer version of Console de Formulários (format {a}); this environment reads up to format {b}. Update this environment before importing.'],
  ['Formato {a} não suportado.', 'Format {a} not supported.'],
  ['O arquivo está incompleto ou foi alterado: não tem a forma de um modelo exportado.', 'The file is incomplete or was changed: it does not have the shape of an exported form template.'],
  ['O arquivo foi alterado depois de exportado: a soma de verificação não confere. Exporte-o de novo no ambiente de origem.', 'The file was changed after it was exported: the checksum does not match. Export it again in the source environment.'],
  ['A soma de verificação não confere.', 'The checksum does not match.'],
  ['A definição do formulário no arquivo tem problemas.', "The form's definition in the file has problems."],
  ['Escolha o grupo de controle de conteúdo do modelo neste ambiente.', "Choose the form template's content-control group in this environment."],
  ['O modelo deste código está arquivado: restaure-o antes de importar por cima dele.', 'The form template with this code is archived: restore it before importing over it.'],
  ['Criar um modelo pede a permissão CREATE_MODELO.', 'Creating a form template needs the CREATE_MODELO permission.'],
  ['Este código já é de um modelo deste ambiente: trocar o seu rascunho pede a permissão UPDATE_MODELO.', "This code already belongs to a form template of this environment: replacing its draft needs the UPDATE_MODELO permission."],
  // Forms, personal data, retries.
  ['Formulário não encontrado.', 'Form not found.'],
  ['Retentativa não encontrada.', 'Retry not found.'],
  ['Este formulário não tem esse anexo.', 'This form has no such attachment.'],
  ['Este anexo não existe mais (removido no fim do prazo de retenção).', 'This attachment no longer exists (removed at the end of the retention period).'],
  ['Baixar o PDF sem máscara exige a permissão READ_FORMULARIO_DADOS_PESSOAIS.', 'Downloading the PDF unmasked needs the READ_FORMULARIO_DADOS_PESSOAIS permission.'],
  ['Exportar dados pessoais sem máscara exige a permissão READ_FORMULARIO_DADOS_PESSOAIS.', 'Exporting personal data unmasked needs the READ_FORMULARIO_DADOS_PESSOAIS permission.'],
  ['O relatório do titular traz dados pessoais sem máscara: exige a permissão READ_FORMULARIO_DADOS_PESSOAIS.', "The data subject's report has personal data unmasked: it needs the READ_FORMULARIO_DADOS_PESSOAIS permission."],
  ['"{c}" não é um CPF válido.', '"{c}" is not a valid CPF.'],
  ['Uma retentativa descartada não é mais executada.', 'A discarded retry is no longer run.'],
  ['Esta integração já foi concluída com sucesso.', 'This integration already finished successfully.'],
  ['Esta retentativa já está em execução.', 'This retry is already running.'],
  ['Esta retentativa já foi descartada.', 'This retry was already discarded.'],
  ['Este link de download expirou. Uma nova entrega (ou retentativa) traz um link novo.', 'This download link expired. A new delivery (or retry) brings a new link.'],
  ['Grupo de controle de conteúdo não encontrado.', 'Content-control group not found.'],
  ['O {g} "{nome}" é usado por {n}: {lista}. Mude o grupo desses modelos antes de excluir.', 'The {g} "{nome}" is used by {n}: {lista}. Change those form templates\' group before deleting.'],
  ['Já existe um {g} com este nome.', 'A {g} with this name already exists.'],
  ['{g} não encontrado.', '{g} not found.'],
  ['grupo de controle de conteúdo', 'content-control group'],
  ['grupo de acesso público', 'public-access group'],
  ['Grupo de controle de conteúdo', 'Content-control group'],
  ['Grupo de acesso público', 'Public-access group'],
  ['Este link de download não é válido: use o link exatamente como veio na entrega.', 'This download link is not valid: use the link exactly as it came in the delivery.'],
  ['A sessão de login expirou. Volte ao console e tente de novo.', 'The sign-in session expired. Go back to the console and try again.'],
  ['O perfil "{nome}" está vinculado a {n}: {lista}. Retire-o desses vínculos antes de excluir.', 'The profile "{nome}" is linked to {n}: {lista}. Take it out of those links before deleting.'],
  ['{n} modelo', '{n} form template'],
  ['{n} modelos', '{n} form templates'],
  ['{n} usuário', '{n} user'],
  ['{n} usuários', '{n} users'],
  // The citizen's routes (their own catalog speaks pt-BR, English and Spanish; these few are said here).
  ['Cada resposta pode ter no máximo {x}.', 'Each answer may have at most {x}.'],
  ['Esta resposta é grande demais (no máximo {x}).', 'This answer is too large (at most {x}).'],
  ['Um rascunho pode ter no máximo {x} KB de respostas.', 'A draft may have at most {x} KB of answers.'],
  ['Comprovante não encontrado: confira o protocolo e o código de verificação.', 'Receipt not found: check the protocol and the verification code.'],
  ['Envie o arquivo PDF do comprovante: o que chegou não é um PDF.', 'Send the receipt’s PDF file: what arrived is not a PDF.'],
  ['Esta Idempotency-Key já foi usada para outras respostas. Use uma chave nova para um novo envio.', 'This Idempotency-Key was already used for other answers. Use a new key for a new submission.'],
  ['O cabeçalho Idempotency-Key deve ter de 1 a 200 caracteres.', 'The Idempotency-Key header must have 1 to 200 characters.'],
  ['Informe um campo de arquivo deste formulário.', 'Give a file question of this form.'],
  ['Este formulário não tem essa página.', 'This form has no such page.'],
  ['Este formulário não tem esse campo de arquivo.', 'This form has no such file question.'],
  ['O arquivo passa do tamanho máximo deste campo ({x} MB).', "The file is larger than this question's maximum ({x} MB)."],
  ['Este arquivo não é de um tipo aceito neste campo: envie {tipos}. O tipo é conferido pelo conteúdo, não pelo nome.', 'This file is not of a type this question accepts: send {tipos}. The type is checked by the content, not by the name.'],
  ['Este documento tem partes demais.', 'This document has too many parts.'],
  ['Este documento é grande demais depois de descompactado.', 'This document is too large once uncompressed.'],
  ['Este documento é grande demais depois de descompactado (um arquivo compactado assim pode derrubar quem o abre).', 'This document is too large once uncompressed (a compressed file like this can bring down whoever opens it).'],
  // A delivery's outcome (the retries' "last error").
  ['O destino respondeu {n} ({nome}).', 'The destination answered {n} ({nome}).'],
  ['O destino respondeu {n}.', 'The destination answered {n}.'],
  ['O destino respondeu {n} (redirecionamento), que não é seguido.', 'The destination answered {n} (a redirect), which is not followed.'],
  ['Sem resposta em {n} s.', 'No answer in {n} s.'],
  ['Falha de conexão: o certificado TLS do destino não é válido.', "Connection failure: the destination's TLS certificate is not valid."],
  ['Falha de conexão: {motivo}.', 'Connection failure: {motivo}.'],
  ['Destino recusado: {motivo}', 'Destination refused: {motivo}'],
  ['O nome {host} não foi encontrado (DNS).', 'The name {host} was not found (DNS).'],
  ['O nome {host} aponta para {ip}, um endereço {tipo}; a entrega não foi feita.', 'The name {host} points to {ip}, a {tipo} address; the delivery was not made.'],
  ['O segredo de assinatura não pôde ser lido: a chave SEGREDOS_CHAVE mudou? Gere um novo segredo no construtor.', 'The signing secret could not be read: did the SEGREDOS_CHAVE key change? Make a new secret in the builder.'],
  ['Serviço indisponível (HTTP {n})', 'Service unavailable (HTTP {n})'],
  // Words inside the sentences above.
  ['requisição inválida', 'bad request'],
  ['não autenticado', 'unauthenticated'],
  ['acesso negado', 'forbidden'],
  ['não encontrado', 'not found'],
  ['método não permitido', 'method not allowed'],
  ['tempo esgotado', 'timeout'],
  ['conflito', 'conflict'],
  ['não existe mais', 'gone'],
  ['conteúdo grande demais', 'payload too large'],
  ['formato não aceito', 'unsupported media type'],
  ['não processável', 'unprocessable'],
  ['muitas requisições', 'too many requests'],
  ['erro interno', 'internal error'],
  ['não implementado', 'not implemented'],
  ['gateway inválido', 'bad gateway'],
  ['serviço indisponível', 'service unavailable'],
  ['tempo esgotado no gateway', 'gateway timeout'],
  ['conexão recusada', 'connection refused'],
  ['conexão interrompida', 'connection reset'],
  ['destino inalcançável', 'host unreachable'],
  ['rede inalcançável', 'network unreachable'],
  ['tempo de conexão esgotado', 'connection timed out'],
  ['nome não encontrado (DNS)', 'name not found (DNS)'],
  ['falha temporária de DNS', 'temporary DNS failure'],
  ['o destino não pôde ser contatado', 'the destination could not be reached'],
  ['privado', 'private'],
  ['de loopback', 'loopback'],
  ['link-local', 'link-local'],
  ['reservado', 'reserved'],
];

interface Padrao {
  regex: RegExp;
  nomes: string[];
  ingles: string;
  /** Literal characters: the more, the more specific (tried first). */
  peso: number;
}

const escapar = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function compilar(pt: string, ingles: string): Padrao | null {
  const nomes: string[] = [];
  const partes = pt.split(/\{(\w+)\}/);
  let fonte = '';
  partes.forEach((p, i) => {
    if (i % 2) {
      nomes.push(p);
      fonte += '(.+?)';
    } else fonte += escapar(p);
  });
  const peso = partes.filter((_, i) => i % 2 === 0).join('').length;
  // A template that is only a value ("{x}") or nearly so would match anything.
  if (peso < 4) return null;
  return { regex: new RegExp(`^${fonte}$`, 's'), nomes, ingles, peso };
}

/** The catalogs' sentences, Portuguese to English, except plural forms (said by the catalogs' own code). */
function doCatalogo(): [string, string][] {
  return (Object.keys(ptBR) as ChaveTexto[]).filter((k) => typeof ptBR[k] === 'string' && typeof en[k] === 'string' && ptBR[k] !== en[k] && !/\{\w+, plural,/.test(ptBR[k])).map((k) => [ptBR[k], en[k]]);
}

let padroes: Padrao[] | null = null;
let exatos: Map<string, string> | null = null;
function carregar() {
  const todos = [...FRASES, ...doCatalogo()];
  exatos = new Map(todos.filter(([pt]) => !/\{\w+\}/.test(pt)).map(([pt, e]) => [pt, e]));
  padroes = todos.filter(([pt]) => /\{\w+\}/.test(pt)).map(([pt, e]) => compilar(pt, e)).filter((x): x is Padrao => !!x).sort((a, b) => b.peso - a.peso);
}

/** `texto` in English when it is one of the API's sentences (its values, when themselves sentences, too); else as it is. */
export function emIngles(texto: string, profundidade = 0): string {
  if (!padroes) carregar();
  const exato = exatos!.get(texto);
  if (exato !== undefined) return exato;
  if (profundidade > 2) return texto;
  for (const p of padroes!) {
    const m = p.regex.exec(texto);
    if (!m) continue;
    const valores = Object.fromEntries(p.nomes.map((n, i) => [n, emIngles(m[i + 1], profundidade + 1)]));
    return p.ingles.replace(/\{(\w+)\}/g, (x, n: string) => valores[n] ?? x);
  }
  return texto;
}

const TITULOS_EN: Record<string, string> = {
  'Requisição inválida': 'Bad request',
  'Não autenticado': 'Unauthenticated',
  'Acesso negado': 'Forbidden',
  'Não encontrado': 'Not found',
  Conflito: 'Conflict',
  'Não disponível': 'Gone',
  'Grande demais': 'Too large',
  'Formato não aceito': 'Unsupported media type',
  'Não processável': 'Unprocessable',
  'Muitas requisições': 'Too many requests',
  'Erro interno': 'Internal error',
  'Serviço indisponível': 'Service unavailable',
  Erro: 'Error',
};

/** Whether a request's Accept-Language asks for English first among the languages the API speaks. */
export const pedeIngles = (acceptLanguage: string | string[] | undefined): boolean => idiomaPreferido(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage) === 'en';

/** The titles for a citizen's side in Spanish (its messages come from the citizens' catalog already in Spanish). */
const TITULOS_ES: Record<string, string> = {
  'Requisição inválida': 'Solicitud no válida',
  'Não autenticado': 'No autenticado',
  'Acesso negado': 'Acceso denegado',
  'Não encontrado': 'No encontrado',
  Conflito: 'Conflicto',
  'Não disponível': 'No disponible',
  'Grande demais': 'Demasiado grande',
  'Formato não aceito': 'Formato no aceptado',
  'Não processável': 'No procesable',
  'Muitas requisições': 'Demasiadas solicitudes',
  'Erro interno': 'Error interno',
  'Serviço indisponível': 'Servicio no disponible',
  Erro: 'Error',
};

/** A query's refusal says each parameter's problem: made again from the errors once they are translated (the list is not one sentence). */
const PREFIXO_PARAMETROS = 'Parâmetros inválidos: ';

/** A problem+json answer in English for a caller that asks for it (its title in Spanish for one asking for Spanish); as it is otherwise. */
export function problemaNoIdioma<P extends { title: string; detail?: string; errors?: { field: string; message: string }[] }>(p: P, acceptLanguage: string | string[] | undefined): P {
  const idioma = idiomaPreferido(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage);
  if (idioma === 'es') return { ...p, title: TITULOS_ES[p.title] ?? p.title };
  if (idioma !== 'en') return p;
  const errors = p.errors?.map((e) => ({ ...e, message: emIngles(e.message) }));
  const detail = p.detail?.startsWith(PREFIXO_PARAMETROS) && errors?.length ? emIngles(`${PREFIXO_PARAMETROS}${errors.map((e) => `${e.field}: ${e.message}`).join(' ')}`) : p.detail && emIngles(p.detail);
  return { ...p, title: TITULOS_EN[p.title] ?? p.title, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) };
}
