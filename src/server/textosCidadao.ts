import { interpolar, type Parametros } from '../i18n/mensagens';
import type { IdiomaCidadao } from '../i18n/cidadao';

/**
 * What the server writes to citizens in their language (issue 35), beside what it shares with the element
 * (src/i18n/cidadao.ts: the validation messages): the public routes' refusals, the receipt's PDF and the
 * e-mails. Server-only, so the element's bundle does not carry them. [pt-BR, English, Spanish] side by side.
 */
const TEXTOS = {
  'api.corrigir': ['Algumas respostas precisam de correção.', 'Some answers need correcting.', 'Algunas respuestas necesitan corrección.'],
  'api.campo-desconhecido': ['Este formulário não tem o campo "{campo}".', 'This form has no field "{campo}".', 'Este formulario no tiene el campo "{campo}".'],
  'api.cpf-da-conta': [
    'Este CPF não é o da sua conta de cidadão: o formulário só pode ser enviado em seu próprio nome.',
    'This CPF is not your citizen account’s: the form can only be sent in your own name.',
    'Este CPF no es el de su cuenta de ciudadano: el formulario solo puede enviarse en su propio nombre.',
  ],
  'api.indisponivel': ['Este formulário não está disponível.', 'This form is not available.', 'Este formulario no está disponible.'],
  'api.cep-inexistente': ['CEP não encontrado: confira os números ou preencha o endereço.', 'Postcode (CEP) not found: check the digits or type the address.', 'CEP no encontrado: revise los números o escriba la dirección.'],
  'api.cep-indisponivel': ['A busca de CEP não está disponível agora: preencha o endereço.', 'The postcode (CEP) lookup is not available now: type the address.', 'La búsqueda de CEP no está disponible ahora: escriba la dirección.'],
  'api.encerrado': ['Este formulário foi encerrado e não aceita mais respostas.', 'This form has closed and no longer accepts answers.', 'Este formulario está cerrado y ya no acepta respuestas.'],
  'api.pix-indisponivel': ['O pagamento por Pix não está disponível agora. Tente de novo mais tarde.', 'Payment by Pix is not available now. Try again later.', 'El pago por Pix no está disponible ahora. Intente de nuevo más tarde.'],
  'api.assinatura-indisponivel': ['A assinatura gov.br não está disponível agora. Tente de novo mais tarde.', 'The gov.br signature is not available now. Try again later.', 'La firma gov.br no está disponible ahora. Intente de nuevo más tarde.'],
  'api.assinatura-exigida': [
    'Este formulário precisa da sua assinatura gov.br: use "Assinar com gov.br e enviar".',
    'This form needs your gov.br signature: use "Sign with gov.br and send".',
    'Este formulario necesita su firma gov.br: use "Firmar con gov.br y enviar".',
  ],
  'api.assinatura-retorno': ['O endereço de volta da assinatura não é de um portal autorizado (API_ORIGINS).', 'The signature’s return address is not an authorised portal (API_ORIGINS).', 'La dirección de regreso de la firma no es de un portal autorizado (API_ORIGINS).'],
  'api.assinatura-inexistente': ['Assinatura não encontrada, ou já expirada: assine de novo.', 'Signature not found, or already expired: sign again.', 'Firma no encontrada, o ya vencida: firme de nuevo.'],
  'api.assinatura-sem-resposta': [
    'O serviço de assinatura do gov.br não respondeu. Suas respostas continuam guardadas: tente assinar de novo em alguns minutos.',
    'The gov.br signature service did not answer. Your answers are still kept: try signing again in a few minutes.',
    'El servicio de firma de gov.br no respondió. Sus respuestas siguen guardadas: intente firmar de nuevo en unos minutos.',
  ],
  'api.assinatura-nao-autorizada': [
    'A assinatura não foi autorizada no gov.br. Suas respostas continuam guardadas: assine de novo para enviar.',
    'The signature was not authorised at gov.br. Your answers are still kept: sign again to send.',
    'La firma no fue autorizada en gov.br. Sus respuestas siguen guardadas: firme de nuevo para enviar.',
  ],
  'api.assinatura-certificado': ['O gov.br não emitiu o certificado para a sua assinatura.', 'gov.br did not issue the certificate for your signature.', 'gov.br no emitió el certificado para su firma.'],
  'api.assinatura-falhou': ['O gov.br não assinou o documento. Suas respostas continuam guardadas: tente de novo.', 'gov.br did not sign the document. Your answers are still kept: try again.', 'gov.br no firmó el documento. Sus respuestas siguen guardadas: intente de nuevo.'],
  'api.assinatura-outra-pessoa': [
    'A assinatura gov.br é de outra pessoa: assine com a mesma conta com que você entrou.',
    'The gov.br signature is someone else’s: sign with the account you signed in with.',
    'La firma gov.br es de otra persona: firme con la misma cuenta con la que ingresó.',
  ],
  'api.verificacao-sem-campo': ['A pergunta "{campo}" não pede confirmação por código.', 'The question "{campo}" does not ask for confirmation by code.', 'La pregunta "{campo}" no pide confirmación por código.'],
  'api.verificacao-email': ['Informe um e-mail válido para receber o código.', 'Enter a valid e-mail address to get the code.', 'Indique un correo electrónico válido para recibir el código.'],
  'api.verificacao-telefone': ['Informe um celular brasileiro com DDD para receber o código.', 'Enter a Brazilian mobile number with its area code to get the code.', 'Indique un celular brasileño con código de área para recibir el código.'],
  'api.verificacao-indisponivel': ['O envio de códigos não está disponível agora. Tente de novo mais tarde.', 'Sending codes is not available now. Try again later.', 'El envío de códigos no está disponible ahora. Intente de nuevo más tarde.'],
  'api.verificacao-espere': ['Um código acabou de ser enviado. Aguarde {segundos} segundos para pedir outro.', 'A code was just sent. Wait {segundos} seconds to ask for another.', 'Se acaba de enviar un código. Espere {segundos} segundos para pedir otro.'],
  'api.verificacao-envios': ['Códigos demais para este valor. Tente de novo em uma hora.', 'Too many codes for this value. Try again in an hour.', 'Demasiados códigos para este valor. Intente de nuevo en una hora.'],
  'api.verificacao-orcamento': [
    'Este formulário já enviou todos os SMS do mês. Use outro meio de contato ou tente no próximo mês.',
    'This form has already sent all its text messages this month. Use another contact or try next month.',
    'Este formulario ya envió todos los SMS del mes. Use otro medio de contacto o intente el próximo mes.',
  ],
  'api.coassinatura-inexistente': ['Pedido de assinatura não encontrado: confira o link recebido por e-mail (um lembrete traz um link novo, e o anterior deixa de valer).', 'Signature request not found: check the link you received by e-mail (a reminder brings a new link, and the earlier one stops working).', 'Solicitud de firma no encontrada: revise el enlace recibido por correo (un recordatorio trae un enlace nuevo, y el anterior deja de valer).'],
  'api.coassinatura-encerrada': ['Este pedido de assinatura já foi respondido ou encerrado.', 'This signature request has already been answered or closed.', 'Esta solicitud de firma ya fue respondida o cerrada.'],
  'api.coassinatura-expirada': ['O prazo para assinar terminou.', 'The deadline to sign has passed.', 'El plazo para firmar terminó.'],
  'api.coassinatura-login': ['Entre com a sua conta gov.br para ver e assinar: o pedido é para um CPF.', 'Sign in with your gov.br account to see and sign: the request is for a CPF.', 'Entre con su cuenta gov.br para ver y firmar: la solicitud es para un CPF.'],
  'api.coassinatura-cpf': ['Este pedido de assinatura é para outro CPF: entre com a conta da pessoa indicada.', 'This signature request is for another CPF: sign in with the account of the person named.', 'Esta solicitud de firma es para otro CPF: entre con la cuenta de la persona indicada.'],
  'api.coassinatura-bloqueada': ['Tentativas demais com outro CPF: este link foi bloqueado.', 'Too many tries with another CPF: this link was blocked.', 'Demasiados intentos con otro CPF: este enlace fue bloqueado.'],
  'api.coassinatura-govbr': ['Este pedido pede a sua assinatura gov.br: use "Assinar com gov.br".', 'This request asks for your gov.br signature: use "Sign with gov.br".', 'Esta solicitud pide su firma gov.br: use "Firmar con gov.br".'],
  'api.coassinatura-sem-govbr': ['Este pedido não usa a assinatura gov.br: assine pelo botão "Assinar".', 'This request does not use the gov.br signature: sign with the "Sign" button.', 'Esta solicitud no usa la firma gov.br: firme con el botón "Firmar".'],
  'doc.coassinatura': ['Coassinado por {nome} (etapa "{etapa}")', 'Co-signed by {nome} (step "{etapa}")', 'Cofirmado por {nome} (etapa "{etapa}")'],
  'api.motivo-recusa': ['Diga o motivo da recusa (de 3 a 500 caracteres).', 'Give the reason for refusing (3 to 500 characters).', 'Indique el motivo del rechazo (de 3 a 500 caracteres).'],
  'api.comprovante-inexistente': ['Comprovante não encontrado: confira o protocolo e o código de verificação.', 'Receipt not found: check the protocol and the verification code.', 'Comprobante no encontrado: verifique el protocolo y el código de verificación.'],
  'api.verificacao-inexistente': ['Código não encontrado: peça um novo.', 'Code not found: ask for a new one.', 'Código no encontrado: pida uno nuevo.'],
  'api.verificacao-expirada': ['Este código expirou: peça um novo.', 'This code has expired: ask for a new one.', 'Este código venció: pida uno nuevo.'],
  'api.verificacao-errada': ['Código incorreto. Restam {n} tentativas.', 'Wrong code. {n} tries left.', 'Código incorrecto. Quedan {n} intentos.'],
  'api.verificacao-bloqueada': ['Tentativas esgotadas: peça um novo código.', 'No tries left: ask for a new code.', 'Intentos agotados: pida un nuevo código.'],
  'api.verificacao-exigida-email': ['Confirme o e-mail de "{campo}" com o código enviado a ele.', 'Confirm the e-mail address in "{campo}" with the code sent to it.', 'Confirme el correo de "{campo}" con el código enviado a él.'],
  'api.verificacao-exigida-telefone': ['Confirme o telefone de "{campo}" com o código enviado a ele.', 'Confirm the phone number in "{campo}" with the code sent to it.', 'Confirme el teléfono de "{campo}" con el código enviado a él.'],
  'sms.codigo': ['{codigo} é o seu código para "{modelo}". Vale por {minutos} minutos. Não o repasse a ninguém.', '{codigo} is your code for "{modelo}". Valid for {minutos} minutes. Do not share it.', '{codigo} es su código para "{modelo}". Vale {minutos} minutos. No lo comparta.'],
  'email.codigo-assunto': ['Seu código: {codigo}', 'Your code: {codigo}', 'Su código: {codigo}'],
  'email.codigo': [
    'Use o código {codigo} para confirmar este endereço no formulário "{modelo}". Ele vale por {minutos} minutos. Se não foi você quem pediu, ignore esta mensagem.',
    'Use the code {codigo} to confirm this address in the form "{modelo}". It is valid for {minutos} minutes. If you did not ask for it, ignore this message.',
    'Use el código {codigo} para confirmar esta dirección en el formulario "{modelo}". Vale {minutos} minutos. Si no lo pidió, ignore este mensaje.',
  ],
  'api.pagamento-inexistente': ['Pagamento não encontrado: confira o protocolo e o código de verificação.', 'Payment not found: check the protocol and the verification code.', 'Pago no encontrado: verifique el protocolo y el código de verificación.'],
  'api.pagamento-nao-renovavel': ['Este pagamento não pode gerar um novo código: ele não expirou, ou já foi renovado uma vez.', 'This payment cannot get a new code: it has not expired, or it was already renewed once.', 'Este pago no puede generar un nuevo código: no expiró, o ya fue renovado una vez.'],
  'api.abre-em': ['Este formulário abre em {data}.', 'This form opens on {data}.', 'Este formulario abre el {data}.'],
  'api.encerrado-em': ['Este formulário foi encerrado em {data} e não aceita mais respostas.', 'This form closed on {data} and no longer accepts answers.', 'Este formulario se cerró el {data} y ya no acepta respuestas.'],
  'api.limite': ['Este formulário recebeu todas as respostas que podia e não aceita mais nenhuma.', 'This form has received all the answers it could take and accepts no more.', 'Este formulario recibió todas las respuestas que podía y no acepta más.'],
  'api.entrar': ['Entre com a sua conta de cidadão para preencher este formulário.', 'Sign in with your citizen account to fill in this form.', 'Inicie sesión con su cuenta de ciudadano para completar este formulario.'],
  'api.confiabilidade-prata': [
    'Este formulário exige uma conta gov.br nível prata ou ouro, e a sua é nível {atual}. Aumente o nível da sua conta no gov.br e volte: as respostas ficam guardadas.',
    'This form requires a gov.br account at silver or gold level, and yours is {atual}. Raise your account’s level at gov.br and come back: your answers are kept.',
    'Este formulario exige una cuenta gov.br de nivel plata u oro, y la suya es de nivel {atual}. Suba el nivel de su cuenta en gov.br y vuelva: las respuestas se conservan.',
  ],
  'api.confiabilidade-ouro': [
    'Este formulário exige uma conta gov.br nível ouro, e a sua é nível {atual}. Aumente o nível da sua conta no gov.br e volte: as respostas ficam guardadas.',
    'This form requires a gov.br account at gold level, and yours is {atual}. Raise your account’s level at gov.br and come back: your answers are kept.',
    'Este formulario exige una cuenta gov.br de nivel oro, y la suya es de nivel {atual}. Suba el nivel de su cuenta en gov.br y vuelva: las respuestas se conservan.',
  ],
  'api.confiabilidade-selos': [
    'Este formulário exige um destes selos na sua conta gov.br: {selos}.',
    'This form requires one of these seals on your gov.br account: {selos}.',
    'Este formulario exige uno de estos sellos en su cuenta gov.br: {selos}.',
  ],
  'api.confiabilidade-segundo-fator': [
    'Este formulário exige a verificação em duas etapas: ative-a na sua conta gov.br e entre de novo.',
    'This form requires two-step verification: turn it on in your gov.br account and sign in again.',
    'Este formulario exige la verificación en dos pasos: actívela en su cuenta gov.br e inicie sesión de nuevo.',
  ],
  'nivel.bronze': ['bronze', 'bronze', 'bronce'],
  'nivel.prata': ['prata', 'silver', 'plata'],
  'nivel.ouro': ['ouro', 'gold', 'oro'],
  'nivel.nenhum': ['sem nível', 'without a level', 'sin nivel'],
  'api.nao-autorizado': ['O seu CPF não está autorizado a preencher este formulário.', 'Your CPF is not authorised to fill in this form.', 'Su CPF no está autorizado a completar este formulario.'],
  'api.rascunho-inexistente': [
    'Rascunho não encontrado: o link pode ter expirado, o formulário já pode ter sido enviado ou o link está incompleto. Comece um novo preenchimento.',
    'Draft not found: the link may have expired, the form may have been sent already, or the link is incomplete. Start filling it in again.',
    'Borrador no encontrado: el enlace puede haber vencido, el formulario puede haber sido enviado o el enlace está incompleto. Comience a completarlo de nuevo.',
  ],

  'doc.comprovante': ['Comprovante de envio', 'Submission receipt', 'Comprobante de envío'],
  'doc.protocolo': ['Protocolo', 'Protocol', 'Protocolo'],
  'doc.versao': ['Versão do modelo', 'Form version', 'Versión del formulario'],
  'doc.recebido-em': ['Recebido em', 'Received on', 'Recibido el'],
  'doc.situacao': ['Situação', 'Status', 'Situación'],
  'doc.recebido': ['Recebido', 'Received', 'Recibido'],
  'doc.assinado': [
    'Documento assinado digitalmente por {nome}: qualquer alteração invalida a assinatura, que o leitor de PDF e a página de verificação conferem.',
    'Document digitally signed by {nome}: any change invalidates the signature, which PDF readers and the verification page check.',
    'Documento firmado digitalmente por {nome}: cualquier cambio invalida la firma, que los lectores de PDF y la página de verificación comprueban.',
  ],
  'doc.assinado-cidadao': [
    'Assinado eletronicamente por {nome} com a conta gov.br (assinatura eletrônica avançada, Lei 14.063/2020).',
    'Electronically signed by {nome} with their gov.br account (advanced electronic signature, Lei 14.063/2020).',
    'Firmado electrónicamente por {nome} con la cuenta gov.br (firma electrónica avanzada, Lei 14.063/2020).',
  ],
  'doc.sem-assinatura-cidadao': ['Enviado sem a assinatura gov.br do requerente.', 'Sent without the applicant’s gov.br signature.', 'Enviado sin la firma gov.br del solicitante.'],
  'doc.codigo': ['Código de verificação', 'Verification code', 'Código de verificación'],
  'doc.confere': [
    'Os servidores conferem este comprovante com o protocolo e o código de verificação.',
    'Staff check this receipt with the protocol and the verification code.',
    'Los servidores verifican este comprobante con el protocolo y el código de verificación.',
  ],
  'doc.gerado': ['Gerado em {data}', 'Generated on {data}', 'Generado el {data}'],
  'doc.pagina': ['página {i} de {n}', 'page {i} of {n}', 'página {i} de {n}'],
  'doc.declaracao': ['Declaração', 'Declaration', 'Declaración'],
  'doc.aceita-em': ['Aceita em {data}', 'Accepted on {data}', 'Aceptada el {data}'],
  'doc.taxa-paga': ['Taxa de {valor} paga por Pix em {data}.', 'Fee of {valor} paid by Pix on {data}.', 'Tasa de {valor} pagada por Pix el {data}.'],
  'doc.taxa-pendente': [
    'Taxa de {valor} aguardando pagamento por Pix até {data}: pague pelo QR Code da página do recibo. O formulário só segue depois do pagamento.',
    'Fee of {valor} awaiting payment by Pix until {data}: pay with the QR code on the receipt page. The form goes on only once paid.',
    'Tasa de {valor} pendiente de pago por Pix hasta {data}: pague con el código QR de la página del recibo. El formulario sigue solo después del pago.',
  ],
  'doc.taxa-expirada': ['Taxa de {valor} não paga: o código Pix expirou.', 'Fee of {valor} not paid: the Pix code expired.', 'Tasa de {valor} no pagada: el código Pix expiró.'],
  'doc.mascarados': ['Dados pessoais mascarados.', 'Personal data masked.', 'Datos personales enmascarados.'],

  'email.confirmacao-assunto': ['Recebemos o seu formulário: {modelo} (protocolo {protocolo})', 'We received your form: {modelo} (protocol {protocolo})', 'Recibimos su formulario: {modelo} (protocolo {protocolo})'],
  'email.ola': ['Olá,', 'Hello,', 'Hola:'],
  'email.recebemos': ['Recebemos o seu formulário "{modelo}" em {data}.', 'We received your form "{modelo}" on {data}.', 'Recibimos su formulario "{modelo}" el {data}.'],
  'email.guarde': [
    'Guarde o protocolo para acompanhar o pedido. O comprovante em PDF vai anexo.',
    'Keep the protocol number to follow your request. The PDF receipt is attached.',
    'Guarde el número de protocolo para seguir su solicitud. El comprobante en PDF va adjunto.',
  ],
  'email.suas-respostas': ['Suas respostas', 'Your answers', 'Sus respuestas'],
  'email.mascara': ['Por segurança, dados pessoais aparecem mascarados neste e-mail.', 'For your security, personal data is masked in this e-mail.', 'Por seguridad, los datos personales aparecen enmascarados en este correo.'],
  'email.coassinatura-assunto': ['Pedido de assinatura: {modelo} (protocolo {protocolo})', 'Signature request: {modelo} (protocol {protocolo})', 'Solicitud de firma: {modelo} (protocolo {protocolo})'],
  'email.coassinatura-lembrete-assunto': ['Lembrete: sua assinatura em {modelo} (protocolo {protocolo})', 'Reminder: your signature on {modelo} (protocol {protocolo})', 'Recordatorio: su firma en {modelo} (protocolo {protocolo})'],
  'email.coassinatura': [
    'Você foi indicado(a) para assinar o formulário "{modelo}" (protocolo {protocolo}), na etapa "{etapa}". Abra o link para ver o formulário inteiro e assinar ou recusar:',
    'You were named to sign the form "{modelo}" (protocol {protocolo}), in the step "{etapa}". Open the link to see the whole form and sign or refuse:',
    'Usted fue indicado(a) para firmar el formulario "{modelo}" (protocolo {protocolo}), en la etapa "{etapa}". Abra el enlace para ver el formulario completo y firmar o rechazar:',
  ],
  'email.coassinatura-prazo': [
    'O link vale até {data} e é só seu: não o compartilhe. Se não esperava este pedido, ignore este e-mail.',
    'The link is valid until {data} and is yours alone: do not share it. If you did not expect this request, ignore this e-mail.',
    'El enlace vale hasta el {data} y es solo suyo: no lo comparta. Si no esperaba esta solicitud, ignore este correo.',
  ],
  'email.assinar': ['Ver o formulário e assinar', 'See the form and sign', 'Ver el formulario y firmar'],
  'email.desfecho-assunto': ['Seu formulário {modelo} (protocolo {protocolo}): {situacao}', 'Your form {modelo} (protocol {protocolo}): {situacao}', 'Su formulario {modelo} (protocolo {protocolo}): {situacao}'],
  'email.desfecho-APROVADO': ['O seu formulário "{modelo}" (protocolo {protocolo}) foi aprovado e seguiu para o órgão responsável.', 'Your form "{modelo}" (protocol {protocolo}) was approved and went on to the agency in charge.', 'Su formulario "{modelo}" (protocolo {protocolo}) fue aprobado y siguió al órgano responsable.'],
  'email.desfecho-RECEBIDO': ['O seu formulário "{modelo}" (protocolo {protocolo}) foi assinado por todas as partes e seguiu para o órgão responsável.', 'Your form "{modelo}" (protocol {protocolo}) was signed by every party and went on to the agency in charge.', 'Su formulario "{modelo}" (protocolo {protocolo}) fue firmado por todas las partes y siguió al órgano responsable.'],
  'email.desfecho-RECUSADO': ['O seu formulário "{modelo}" (protocolo {protocolo}) foi recusado. Motivo: {motivo}', 'Your form "{modelo}" (protocol {protocolo}) was refused. Reason: {motivo}', 'Su formulario "{modelo}" (protocolo {protocolo}) fue rechazado. Motivo: {motivo}'],
  'email.desfecho-EXPIRADO': ['O seu formulário "{modelo}" (protocolo {protocolo}) não foi concluído: o prazo de uma etapa terminou sem resposta. Se ainda precisar, envie um novo formulário.', 'Your form "{modelo}" (protocol {protocolo}) was not completed: the deadline of a step passed without an answer. If you still need it, send a new form.', 'Su formulario "{modelo}" (protocolo {protocolo}) no se completó: el plazo de una etapa terminó sin respuesta. Si aún lo necesita, envíe un nuevo formulario.'],
  'email.rascunho-assunto': ['Continue o seu formulário: {modelo}', 'Carry on with your form: {modelo}', 'Continúe su formulario: {modelo}'],
  'email.rascunho-salvo': [
    'As suas respostas ao formulário "{modelo}" foram salvas. Para continuar de onde parou, abra:',
    'Your answers to the form "{modelo}" were saved. To carry on where you stopped, open:',
    'Sus respuestas al formulario "{modelo}" fueron guardadas. Para continuar donde lo dejó, abra:',
  ],
  'email.continuar': ['Continuar o preenchimento', 'Carry on filling it in', 'Continuar completándolo'],
  'email.rascunho-validade': [
    'O link vale até {data}. Não o compartilhe: quem tiver o link vê as suas respostas.',
    'The link is valid until {data}. Do not share it: whoever has the link sees your answers.',
    'El enlace es válido hasta el {data}. No lo comparta: quien tenga el enlace ve sus respuestas.',
  ],
} as const satisfies Record<string, readonly [string, string, string]>;

export type ChaveServidor = keyof typeof TEXTOS;
const INDICE: Record<IdiomaCidadao, 0 | 1 | 2> = { 'pt-BR': 0, en: 1, es: 2 };

export function textoCidadao(idioma: IdiomaCidadao, chave: ChaveServidor, params?: Parametros): string {
  return interpolar(TEXTOS[chave][INDICE[idioma]], params, idioma);
}

/** The languages' names, each in its own language (the staff drawer names it in the console's). */
export const NOME_IDIOMA: Record<IdiomaCidadao, string> = { 'pt-BR': 'Português', en: 'English', es: 'Español' };
