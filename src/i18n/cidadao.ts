import { interpolar, type Parametros } from './mensagens';

/**
 * What a citizen reads, in the three languages a form is offered in (issue 35): the validation messages
 * of SPEC.md section 5 (the server answers in the language asked for), the form's own words, the check
 * step, the receipt and the answers as the PDF and the e-mails write them. Each key holds [pt-BR, English,
 * Spanish] side by side, so no text exists in one language only. The console's catalogs take the pt-BR
 * and English sides of these keys (pt-BR.ts, en.ts): one source for the words the builder's preview and
 * the citizen share. This module is all the `<formulario-cidadao>` bundle carries of the i18n.
 */
export const IDIOMAS_CIDADAO = ['pt-BR', 'en', 'es'] as const;
export type IdiomaCidadao = (typeof IDIOMAS_CIDADAO)[number];

export const TEXTOS_CIDADAO = {
  'validacao.required': ['Este campo é obrigatório.', 'This field is required.', 'Este campo es obligatorio.'],
  'validacao.email': ['Este campo deve ser um endereço de e-mail válido.', 'This field must be a valid e-mail address.', 'Este campo debe ser una dirección de correo electrónico válida.'],
  'validacao.integer': ['Este campo deve ser um número inteiro.', 'This field must be an integer.', 'Este campo debe ser un número entero.'],
  'validacao.decimal': ['Este campo deve ser um número decimal.', 'This field must be a decimal number.', 'Este campo debe ser un número decimal.'],
  'validacao.minValue': ['O valor mínimo permitido é {min}.', 'The minimum allowed value is {min}.', 'El valor mínimo permitido es {min}.'],
  'validacao.maxValue': ['O valor máximo permitido é {max}.', 'The maximum allowed value is {max}.', 'El valor máximo permitido es {max}.'],
  'validacao.minLength': ['Este campo deve ter pelo menos {min} caracteres.', 'This field must have at least {min} characters.', 'Este campo debe tener al menos {min} caracteres.'],
  'validacao.maxLength': ['Este campo deve ter no máximo {max} caracteres.', 'This field must have at most {max} characters.', 'Este campo debe tener como máximo {max} caracteres.'],
  'validacao.url': ['O valor não é um endereço de URL válido.', 'The value is not a valid URL.', 'El valor no es una dirección URL válida.'],
  'validacao.cpf': ['Este campo deve ser um CPF válido.', 'This field must be a valid CPF.', 'Este campo debe ser un CPF válido.'],
  'validacao.cnpj': ['Este campo deve ser um CNPJ válido.', 'This field must be a valid CNPJ.', 'Este campo debe ser un CNPJ válido.'],
  'validacao.telefone-internacional': ['Informe um telefone com DDD, como (11) 98765-4321, ou de outro país com + e o código do país, como +351 912 345 678.', 'Enter a phone number with its area code, such as (11) 98765-4321, or one of another country with + and its country code, such as +351 912 345 678.', 'Indique un teléfono con su código de área, como (11) 98765-4321, o de otro país con + y el código del país, como +351 912 345 678.'],
  'validacao.telefone': ['Informe um telefone com DDD, como (11) 98765-4321.', 'Enter a phone number with its area code, such as (11) 98765-4321.', 'Indique un teléfono con su código de área, como (11) 98765-4321.'],
  'validacao.moeda': ['Informe um valor em reais, como 1.234,56.', 'Enter an amount in reais, such as 1,234.56.', 'Indique un valor en reales, como 1.234,56.'],
  'validacao.cep': ['Informe o CEP com oito números, como 01001-000.', 'Enter the postcode (CEP) with eight digits, such as 01001-000.', 'Indique el CEP con ocho números, como 01001-000.'],
  'preenchimento.exemplo-cep': ['Por exemplo, 01001-000. O endereço é preenchido pelo CEP.', 'For example, 01001-000. The address is filled from the CEP.', 'Por ejemplo, 01001-000. La dirección se completa con el CEP.'],
  'preenchimento.cep-buscando': ['Buscando o endereço do CEP…', 'Looking up the address of the CEP…', 'Buscando la dirección del CEP…'],
  'preenchimento.cep-preenchido': ['Endereço preenchido pelo CEP: confira e complete.', 'Address filled from the CEP: check and complete it.', 'Dirección completada con el CEP: revísela y complétela.'],
  'preenchimento.exemplo-cnpj': ['Por exemplo, 12.345.678/0001-95.', 'For example, 12.345.678/0001-95.', 'Por ejemplo, 12.345.678/0001-95.'],
  'preenchimento.exemplo-telefone': ['Com DDD, por exemplo (11) 98765-4321.', 'With the area code, for example (11) 98765-4321.', 'Con el código de área, por ejemplo (11) 98765-4321.'],
  'preenchimento.exemplo-moeda': ['Em reais, por exemplo 1.234,56.', 'In reais, for example 1.234,56.', 'En reales, por ejemplo 1.234,56.'],
  'validacao.date': ['Informe a data no formato dd/mm/aaaa.', 'Enter the date as dd/mm/yyyy.', 'Indique la fecha en el formato dd/mm/aaaa.'],
  'validacao.data-inexistente': ['Esta data não existe.', 'This date does not exist.', 'Esta fecha no existe.'],
  'validacao.dataNaoFutura': ['A data não pode estar no futuro.', 'The date cannot be in the future.', 'La fecha no puede estar en el futuro.'],
  'validacao.dataNaoPassada': ['A data não pode estar no passado.', 'The date cannot be in the past.', 'La fecha no puede estar en el pasado.'],
  'validacao.dataMinima': ['A data deve ser {min} ou depois.', 'The date must be {min} or later.', 'La fecha debe ser {min} o posterior.'],
  'validacao.dataMaxima': ['A data deve ser {max} ou antes.', 'The date must be {max} or earlier.', 'La fecha debe ser {max} o anterior.'],
  'validacao.protocolo': [
    'Informe o protocolo como no comprovante: o ano, um ponto e nove dígitos (ex.: 2026.000000123).',
    'Type the protocol as on the receipt: the year, a dot and nine digits (e.g. 2026.000000123).',
    'Indique el protocolo como en el comprobante: el año, un punto y nueve dígitos (ej.: 2026.000000123).',
  ],
  'validacao.opcao': ['Escolha uma das opções oferecidas.', 'Choose one of the options offered.', 'Elija una de las opciones ofrecidas.'],
  'validacao.arquivo': ['Anexe um arquivo.', 'Attach a file.', 'Adjunte un archivo.'],
  'validacao.arquivo-enviado': [
    'Envie o arquivo por este campo: só arquivos enviados ao formulário são aceitos.',
    'Upload the file with this field: only files uploaded to the form are accepted.',
    'Envíe el archivo por este campo: solo se aceptan archivos enviados al formulario.',
  ],
  'validacao.arquivoTamanho': ['O tamanho informado do arquivo é inválido.', 'The file size given is not valid.', 'El tamaño indicado del archivo no es válido.'],
  'validacao.texto': ['Informe um texto.', 'Enter a text.', 'Escriba un texto.'],
  'validacao.itens': ['Envie os itens como uma lista.', 'Send the items as a list.', 'Envíe los elementos como una lista.'],
  'validacao.itens-minimo': [
    '{n, plural, one {Informe ao menos # item.} other {Informe ao menos # itens.}}',
    '{n, plural, one {Add at least # item.} other {Add at least # items.}}',
    '{n, plural, one {Indique al menos # elemento.} other {Indique al menos # elementos.}}',
  ],
  'validacao.itens-maximo': [
    '{n, plural, one {Informe no máximo # item.} other {Informe no máximo # itens.}}',
    '{n, plural, one {Add at most # item.} other {Add at most # items.}}',
    '{n, plural, one {Indique como máximo # elemento.} other {Indique como máximo # elementos.}}',
  ],

  'validacao.declaracao': ['Confirme a declaração para enviar.', 'Confirm the declaration to send.', 'Confirme la declaración para enviar.'],

  'geral.sim': ['Sim', 'Yes', 'Sí'],
  'geral.nao': ['Não', 'No', 'No'],

  'preenchimento.sem-rotulo': ['(sem rótulo)', '(no label)', '(sin etiqueta)'],
  'preenchimento.escolha-arquivo': ['Escolha um arquivo', 'Choose a file', 'Elija un archivo'],
  'preenchimento.arquivo-escolhido': ['Arquivo: {nome}', 'File: {nome}', 'Archivo: {nome}'],
  'preenchimento.nenhum-arquivo': ['Nenhum arquivo escolhido.', 'No file chosen.', 'Ningún archivo elegido.'],
  'preenchimento.enviando-arquivo': ['Enviando o arquivo…', 'Sending the file…', 'Enviando el archivo…'],
  'preenchimento.enviar': ['Enviar', 'Send', 'Enviar'],
  'preenchimento.sem-campos': ['O formulário ainda não tem campos.', 'The form has no fields yet.', 'El formulario aún no tiene campos.'],
  'preenchimento.erros': [
    '{n, plural, one {# campo precisa de correção.} other {# campos precisam de correção.}}',
    '{n, plural, one {# field needs fixing.} other {# fields need fixing.}}',
    '{n, plural, one {# campo necesita corrección.} other {# campos necesitan corrección.}}',
  ],
  'preenchimento.ok': ['Tudo certo: o formulário seria aceito.', 'All good: the form would be accepted.', 'Todo bien: el formulario sería aceptado.'],
  'preenchimento.etapa': ['Etapa {i} de {n}', 'Step {i} of {n}', 'Paso {i} de {n}'],
  'preenchimento.continuar': ['Continuar', 'Continue', 'Continuar'],
  'preenchimento.voltar': ['Voltar', 'Back', 'Volver'],
  'preenchimento.revisao': ['Verifique suas respostas', 'Check your answers', 'Revise sus respuestas'],
  'preenchimento.revisao-ajuda': [
    'Confira antes de enviar. Para corrigir uma resposta, use "Alterar".',
    'Check them before sending. To correct an answer, use "Change".',
    'Revíselas antes de enviar. Para corregir una respuesta, use "Cambiar".',
  ],
  'preenchimento.alterar': ['Alterar', 'Change', 'Cambiar'],
  'preenchimento.alterar-campo': ['Alterar: {rotulo}', 'Change: {rotulo}', 'Cambiar: {rotulo}'],
  'preenchimento.ha-problema': ['Há um problema', 'There is a problem', 'Hay un problema'],
  'preenchimento.salvar-depois': ['Salvar e continuar depois', 'Save and continue later', 'Guardar y continuar después'],
  'preenchimento.salvando': ['Salvando…', 'Saving…', 'Guardando…'],
  'preenchimento.adicionar-item': ['Adicionar {item}', 'Add {item}', 'Agregar {item}'],
  'preenchimento.adicionar-outro': ['Adicionar outro {item}', 'Add another {item}', 'Agregar otro {item}'],
  'preenchimento.remover-item': ['Remover {item}', 'Remove {item}', 'Quitar {item}'],
  'preenchimento.item-removido': ['{item} removido.', '{item} removed.', '{item} quitado.'],
  'preenchimento.obrigatorio': ['(obrigatório)', '(required)', '(obligatorio)'],
  'preenchimento.opcional': ['(opcional)', '(optional)', '(opcional)'],
  'preenchimento.erro-prefixo': ['Erro:', 'Error:', 'Error:'],
  'preenchimento.exemplo-data': ['Por exemplo, 15/03/1990', 'For example, 15/03/1990', 'Por ejemplo, 15/03/1990'],
  'preenchimento.dia': ['Dia', 'Day', 'Día'],
  'preenchimento.escolha': ['Escolha…', 'Choose…', 'Elija…'],
  'preenchimento.de-ate': ['De {min} a {max}.', 'From {min} to {max}.', 'De {min} a {max}.'],
  'preenchimento.a-partir': ['A partir de {min}.', 'From {min}.', 'Desde {min}.'],
  'preenchimento.ate': ['Até {max}.', 'Up to {max}.', 'Hasta {max}.'],
  'preenchimento.inteiro': ['Um número inteiro, sem vírgula.', 'A whole number, no decimals.', 'Un número entero, sin decimales.'],
  'preenchimento.inteiro-de-ate': ['Um número inteiro, de {min} a {max}.', 'A whole number from {min} to {max}.', 'Un número entero, de {min} a {max}.'],
  'preenchimento.inteiro-a-partir': ['Um número inteiro, a partir de {min}.', 'A whole number from {min}.', 'Un número entero, desde {min}.'],
  'preenchimento.inteiro-ate': ['Um número inteiro, até {max}.', 'A whole number up to {max}.', 'Un número entero, hasta {max}.'],
  'preenchimento.declaracao': ['Declaração', 'Declaration', 'Declaración'],
  'preenchimento.declaracao-aceite': ['Li e aceito a declaração.', 'I have read and accept the declaration.', 'Leí y acepto la declaración.'],
  'preenchimento.taxa-titulo': ['Taxa', 'Fee', 'Tasa'],
  'preenchimento.taxa': ['Este pedido tem uma taxa de {valor}, paga por Pix logo depois de enviar. O pedido só segue depois do pagamento.', 'This request has a fee of {valor}, paid by Pix right after sending. The request goes on only once paid.', 'Esta solicitud tiene una tasa de {valor}, pagada por Pix justo después de enviar. La solicitud sigue solo después del pago.'],
  'preenchimento.informado-login': ['Informado pela sua conta.', 'Given by your account.', 'Indicado por su cuenta.'],

  'arquivo.familia.pdf': ['PDF', 'PDF', 'PDF'],
  'arquivo.familia.imagem': ['imagens (PNG, JPEG, GIF, WebP)', 'images (PNG, JPEG, GIF, WebP)', 'imágenes (PNG, JPEG, GIF, WebP)'],
  'arquivo.familia.documento': [
    'documentos de escritório (Word, Excel, PowerPoint, OpenDocument)',
    'office documents (Word, Excel, PowerPoint, OpenDocument)',
    'documentos de oficina (Word, Excel, PowerPoint, OpenDocument)',
  ],
  'arquivo.ou': [' ou ', ' or ', ' o '],
  'arquivo.aceita': ['Aceita {tipos}, até {mb} MB.', 'Accepts {tipos}, up to {mb} MB.', 'Acepta {tipos}, hasta {mb} MB.'],

  'respostas.nao-informado': ['Não informado', 'Not given', 'No indicado'],
  'respostas.nao-calculado': ['Ainda não calculado', 'Not calculated yet', 'Aún no calculado'],
  'respostas.calculados': ['Valores calculados', 'Calculated values', 'Valores calculados'],
  // The language tag numbers are written in (issue 50: "2000" printed raw in the PDF; "2.000" is two thousand to a Brazilian, two to an English reader).
  'respostas.localidade': ['pt-BR', 'en', 'es'],
  'respostas.outras': ['Outras respostas', 'Other answers', 'Otras respuestas'],
  'respostas.sem-itens': ['Nenhum item informado.', 'No items given.', 'Ningún elemento indicado.'],
  'respostas.item': ['item', 'item', 'elemento'],
  'respostas.anexo': ['{nome} ({tamanho} KB; SHA-256 {sha256})', '{nome} ({tamanho} KB; SHA-256 {sha256})', '{nome} ({tamanho} KB; SHA-256 {sha256})'],

  // <formulario-cidadao> itself (issue 35).
  'cidadao.carregando': ['Carregando o formulário…', 'Loading the form…', 'Cargando el formulario…'],
  'cidadao.indisponivel': ['Não foi possível abrir o formulário.', 'The form could not be opened.', 'No fue posible abrir el formulario.'],
  'cidadao.fora-do-ar': ['Não foi possível falar com o serviço agora. Tente de novo mais tarde.', 'The service could not be reached right now. Please try again later.', 'No fue posible comunicarse con el servicio ahora. Inténtelo de nuevo más tarde.'],
  'cidadao.sem-conexao': [
    'O servidor não respondeu. Verifique a sua conexão e tente de novo.',
    'The server did not answer. Check your connection and try again.',
    'El servidor no respondió. Verifique su conexión e intente de nuevo.',
  ],
  'cidadao.tentar-de-novo': ['Tentar de novo', 'Try again', 'Intentar de nuevo'],
  'cidadao.abre-em': ['Este formulário abre em {data}. Esta página mostra o formulário assim que ele abrir.', 'This form opens on {data}. This page shows the form as soon as it opens.', 'Este formulario abre el {data}. Esta página muestra el formulario en cuanto abra.'],
  'cidadao.conta-titulo': ['Este serviço pede uma conta gov.br de mais confiança', 'This service needs a more trusted gov.br account', 'Este servicio requiere una cuenta gov.br de mayor confianza'],
  'cidadao.conta-porque': ['Por quê: {motivo}', 'Why: {motivo}', 'Por qué: {motivo}'],
  'cidadao.conta-aumentar': ['Aumentar o nível da conta no gov.br', 'Raise your account’s level at gov.br', 'Subir el nivel de la cuenta en gov.br'],
  'cidadao.conta-guardadas': [
    'As suas respostas ficam guardadas neste navegador: ao voltar do gov.br, você continua de onde parou.',
    'Your answers are kept in this browser: when you come back from gov.br, you carry on where you left off.',
    'Sus respuestas se guardan en este navegador: al volver de gov.br, continúa donde lo dejó.',
  ],
  'cidadao.entrar-conta': [
    'Este serviço pede que você entre com a sua conta gov.br para preenchê-lo.',
    'This service asks you to sign in with your gov.br account to fill it in.',
    'Este servicio le pide que inicie sesión con su cuenta gov.br para completarlo.',
  ],
  'cidadao.restrito': [
    'Este serviço é restrito a um grupo de cidadãos: entre com a sua conta para preenchê-lo.',
    'This service is restricted to a group of citizens: sign in with your account to fill it in.',
    'Este servicio está restringido a un grupo de ciudadanos: inicie sesión con su cuenta para completarlo.',
  ],
  'cidadao.voltou-etapa': [
    'Faltam respostas de uma etapa anterior: continue daqui.',
    'Answers from an earlier step are missing: carry on from here.',
    'Faltan respuestas de un paso anterior: continúe desde aquí.',
  ],
  'cidadao.recuperado': [
    'As respostas que você já tinha dado nesta visita foram mantidas.',
    'The answers you had already given in this visit were kept.',
    'Se mantuvieron las respuestas que ya había dado en esta visita.',
  ],
  'cidadao.enviando': ['Enviando…', 'Sending…', 'Enviando…'],
  'contato.enviar': ['Enviar código', 'Send code', 'Enviar código'],
  'contato.reenviar': ['Enviar outro código', 'Send another code', 'Enviar otro código'],
  'contato.enviado': ['Enviamos um código para {destino}. Digite-o abaixo.', 'We sent a code to {destino}. Type it below.', 'Enviamos un código a {destino}. Escríbalo abajo.'],
  'contato.codigo': ['Código recebido', 'Code received', 'Código recibido'],
  'contato.confirmar': ['Confirmar', 'Confirm', 'Confirmar'],
  'contato.confirmado': ['Confirmado.', 'Confirmed.', 'Confirmado.'],
  'contato.pela-conta': ['Confirmado pela sua conta gov.br.', 'Verified by your gov.br account.', 'Confirmado por su cuenta gov.br.'],
  'cidadao.assinar-enviar': ['Assinar com gov.br e enviar', 'Sign with gov.br and send', 'Firmar con gov.br y enviar'],
  'cidadao.enviar-sem-assinar': ['Enviar sem assinar', 'Send without signing', 'Enviar sin firmar'],
  'cidadao.nao-enviado': ['O formulário não foi enviado.', 'The form was not sent.', 'El formulario no fue enviado.'],
  'pagamento.titulo': ['Pague a taxa com Pix', 'Pay the fee with Pix', 'Pague la tasa con Pix'],
  'pagamento.valor': ['Valor: {valor}', 'Amount: {valor}', 'Valor: {valor}'],
  'pagamento.instrucoes': [
    'Abra o app do seu banco, escolha Pix e leia o QR Code, ou copie o código "Pix copia e cola" abaixo. Esta página mostra a confirmação assim que o banco avisar.',
    'Open your bank app, choose Pix and scan the QR code, or copy the "Pix copy and paste" code below. This page shows the confirmation as soon as the bank says so.',
    'Abra la app de su banco, elija Pix y lea el código QR, o copie el código "Pix copia y pega" abajo. Esta página muestra la confirmación en cuanto el banco avise.',
  ],
  'pagamento.qr': ['QR Code do Pix de {valor}', 'Pix QR code for {valor}', 'Código QR del Pix de {valor}'],
  'pagamento.codigo': ['Pix copia e cola', 'Pix copy and paste', 'Pix copia y pega'],
  'pagamento.copiar': ['Copiar código', 'Copy code', 'Copiar código'],
  'pagamento.copiado': ['Código copiado.', 'Code copied.', 'Código copiado.'],
  'pagamento.validade': ['O código vale até {hora} (faltam {tempo}).', 'The code is valid until {hora} ({tempo} left).', 'El código es válido hasta las {hora} (faltan {tempo}).'],
  'pagamento.preparando': ['Preparando o pagamento…', 'Preparing the payment…', 'Preparando el pago…'],
  'pagamento.pago-titulo': ['Pagamento confirmado', 'Payment confirmed', 'Pago confirmado'],
  'pagamento.pago': ['O banco confirmou o Pix de {valor} em {data}. O pedido segue para o órgão.', 'The bank confirmed the Pix of {valor} on {data}. The request goes on to the agency.', 'El banco confirmó el Pix de {valor} el {data}. La solicitud sigue al organismo.'],
  'pagamento.expirado': ['O código do Pix expirou sem pagamento: o pedido não segue.', 'The Pix code expired unpaid: the request does not go on.', 'El código Pix expiró sin pago: la solicitud no sigue.'],
  'pagamento.renovar': ['Gerar um novo código', 'Get a new code', 'Generar un nuevo código'],
  'pagamento.nao-renovavel': ['Este pedido não pode mais ser pago. Se ainda precisar, preencha o formulário de novo.', 'This request can no longer be paid. If you still need it, fill in the form again.', 'Esta solicitud ya no puede pagarse. Si aún la necesita, complete el formulario de nuevo.'],
  'andamento.titulo': ['Andamento do pedido', 'Progress of the request', 'Avance de la solicitud'],
  'andamento.status.RECEBIDO': ['Recebido', 'Received', 'Recibido'],
  'andamento.status.INTEGRADO': ['Entregue ao órgão', 'Delivered to the agency', 'Entregado al organismo'],
  'andamento.status.FALHA_INTEGRACAO': ['Recebido', 'Received', 'Recibido'],
  'andamento.status.AGUARDANDO_ASSINATURAS': ['Aguardando assinaturas', 'Awaiting signatures', 'Esperando firmas'],
  'andamento.status.EM_ANALISE': ['Em análise', 'Under review', 'En análisis'],
  'andamento.status.APROVADO': ['Aprovado', 'Approved', 'Aprobado'],
  'andamento.status.RECUSADO': ['Recusado', 'Refused', 'Rechazado'],
  'andamento.status.EXPIRADO': ['Expirado', 'Expired', 'Vencido'],
  'andamento.parte.AGUARDANDO': ['Ainda não começou', 'Not started yet', 'Aún no comenzó'],
  'andamento.parte.PENDENTE': ['Aguardando, até {data}', 'Waiting, until {data}', 'Esperando, hasta el {data}'],
  'andamento.parte.ASSINADO': ['Assinado em {data}', 'Signed on {data}', 'Firmado el {data}'],
  'andamento.parte.APROVADO': ['Aprovado em {data}', 'Approved on {data}', 'Aprobado el {data}'],
  'andamento.parte.RECUSADO': ['Recusado em {data}', 'Refused on {data}', 'Rechazado el {data}'],
  'andamento.parte.EXPIRADO': ['Prazo encerrado em {data}', 'Deadline passed on {data}', 'Plazo vencido el {data}'],
  'andamento.motivo': ['Motivo: {motivo}', 'Reason: {motivo}', 'Motivo: {motivo}'],
  'andamento.analise': ['Análise da equipe', "Staff's review", 'Análisis del equipo'],
  'coassinatura.titulo': ['Pedido de assinatura', 'Signature request', 'Solicitud de firma'],
  'coassinatura.intro': [
    'Confira o formulário "{modelo}" (protocolo {protocolo}) e diga se assina. Etapa: {etapa}.',
    'Check the form "{modelo}" (protocol {protocolo}) and say whether you sign it. Step: {etapa}.',
    'Revise el formulario "{modelo}" (protocolo {protocolo}) e indique si lo firma. Etapa: {etapa}.',
  ],
  'coassinatura.prazo': ['Responda até {data}.', 'Answer by {data}.', 'Responda hasta el {data}.'],
  'coassinatura.entrar': ['Este pedido é para um CPF: entre com a sua conta gov.br para ver e assinar.', 'This request is for a CPF: sign in with your gov.br account to see and sign.', 'Esta solicitud es para un CPF: entre con su cuenta gov.br para ver y firmar.'],
  'coassinatura.aceite': ['Li o formulário e estou de acordo com a declaração acima.', 'I read the form and agree with the declaration above.', 'Leí el formulario y estoy de acuerdo con la declaración de arriba.'],
  'coassinatura.assinar': ['Assinar', 'Sign', 'Firmar'],
  'coassinatura.assinar-govbr': ['Assinar com gov.br', 'Sign with gov.br', 'Firmar con gov.br'],
  'coassinatura.assinar-sem-govbr': ['Assinar sem gov.br', 'Sign without gov.br', 'Firmar sin gov.br'],
  'coassinatura.recusar': ['Recusar', 'Refuse', 'Rechazar'],
  'coassinatura.motivo': ['Motivo da recusa', 'Reason for refusing', 'Motivo del rechazo'],
  'coassinatura.motivo-curto': ['Diga o motivo da recusa (ao menos 3 caracteres): quem enviou o formulário vai lê-lo.', 'Give the reason for refusing (at least 3 characters): whoever sent the form will read it.', 'Indique el motivo del rechazo (al menos 3 caracteres): quien envió el formulario lo leerá.'],
  'coassinatura.confirmar-recusa': ['Confirmar a recusa', 'Confirm the refusal', 'Confirmar el rechazo'],
  'coassinatura.assinado': ['Assinatura registrada em {data}. Obrigado.', 'Signature recorded on {data}. Thank you.', 'Firma registrada el {data}. Gracias.'],
  'coassinatura.recusado': ['Recusa registrada em {data}.', 'Refusal recorded on {data}.', 'Rechazo registrado el {data}.'],
  'coassinatura.encerrado': ['Este pedido de assinatura já foi respondido ou encerrado.', 'This signature request has already been answered or closed.', 'Esta solicitud de firma ya fue respondida o cerrada.'],
  'cidadao.enviado-titulo': ['Formulário enviado', 'Form sent', 'Formulario enviado'],
  'cidadao.protocolo': ['Seu protocolo', 'Your protocol number', 'Su número de protocolo'],
  'cidadao.recebido-em': [
    'Recebido em {data}. Guarde este número para acompanhar o pedido.',
    'Received on {data}. Keep this number to follow your request.',
    'Recibido el {data}. Guarde este número para seguir su solicitud.',
  ],
  'cidadao.baixar-comprovante': ['Baixar o comprovante (PDF)', 'Download the receipt (PDF)', 'Descargar el comprobante (PDF)'],
  'cidadao.codigo-verificacao': ['Código de verificação: {codigo}', 'Verification code: {codigo}', 'Código de verificación: {codigo}'],
  'cidadao.enviar-outro': ['Preencher de novo', 'Fill in again', 'Completar de nuevo'],
  'cidadao.rascunho-salvo': ['Rascunho salvo.', 'Draft saved.', 'Borrador guardado.'],
  'cidadao.rascunho-enviado': ['Rascunho salvo. O link foi enviado para {email}.', 'Draft saved. The link was sent to {email}.', 'Borrador guardado. El enlace fue enviado a {email}.'],
  'cidadao.rascunho-link': [
    'Para continuar depois, guarde este link (vale até {data}):',
    'To carry on later, keep this link (valid until {data}):',
    'Para continuar después, guarde este enlace (válido hasta {data}):',
  ],
  'cidadao.rascunho-email': ['Receber o link por e-mail (opcional)', 'Get the link by e-mail (optional)', 'Recibir el enlace por correo electrónico (opcional)'],
  'cidadao.enviar-link': ['Enviar o link', 'Send the link', 'Enviar el enlace'],
  'cidadao.rascunho-nao-salvo': ['Não foi possível salvar o rascunho.', 'The draft could not be saved.', 'No fue posible guardar el borrador.'],
  'cidadao.idioma': ['Idioma', 'Language', 'Idioma'],
  'cidadao.versao': ['versão {n}', 'version {n}', 'versión {n}'],

} as const satisfies Record<string, readonly [string, string, string]>;

export type ChaveCidadao = keyof typeof TEXTOS_CIDADAO;
export type TradutorCidadao = (chave: ChaveCidadao, params?: Parametros) => string;

const INDICE: Record<IdiomaCidadao, 0 | 1 | 2> = { 'pt-BR': 0, en: 1, es: 2 };

/** One language's side of the catalog (the console's catalogs take the pt-BR and English ones). */
export function ladoCidadao(i: 0 | 1 | 2): Record<ChaveCidadao, string> {
  return Object.fromEntries(Object.entries(TEXTOS_CIDADAO).map(([k, v]) => [k, v[i]])) as Record<ChaveCidadao, string>;
}

export function traduzirCidadao(idioma: IdiomaCidadao, chave: ChaveCidadao, params?: Parametros): string {
  return interpolar(TEXTOS_CIDADAO[chave]?.[INDICE[idioma]] ?? chave, params, idioma);
}

export function tradutorCidadao(idioma: IdiomaCidadao): TradutorCidadao {
  return (chave, params) => traduzirCidadao(idioma, chave, params);
}

/** pt-BR: the default of the pure modules that write what citizens read. */
export const cidadaoEmPortugues: TradutorCidadao = (chave, params) => traduzirCidadao('pt-BR', chave, params);

/**
 * A language tag as one of the citizen's languages, or null: "es", "es-419", "en-GB", "pt", "pt-BR".
 * `preferido` reads an Accept-Language header or the browser's list in order (weights respected).
 */
export function idiomaCidadaoDe(valor: string | null | undefined): IdiomaCidadao | null {
  const v = valor?.trim().toLowerCase() ?? '';
  if (/^pt\b/.test(v)) return 'pt-BR';
  if (/^en\b/.test(v)) return 'en';
  if (/^es\b/.test(v)) return 'es';
  return null;
}

/** The citizen's languages in `lista`'s order of preference (an Accept-Language header with its weights, or the browser's list). */
export function idiomasPreferidos(lista: string | readonly string[] | null | undefined): IdiomaCidadao[] {
  const itens = typeof lista === 'string'
    ? lista.split(',').map((p) => {
        const [tag, ...ps] = p.trim().split(';');
        const q = ps.map((x) => /^\s*q=([\d.]+)/.exec(x)?.[1]).find(Boolean);
        return { tag, q: q === undefined ? 1 : Number(q) };
      }).filter((x) => x.q > 0).sort((a, b) => b.q - a.q).map((x) => x.tag)
    : (lista ?? []);
  return [...new Set(itens.map(idiomaCidadaoDe).filter((i): i is IdiomaCidadao => !!i))];
}

export function idiomaPreferido(lista: string | readonly string[] | null | undefined, padrao: IdiomaCidadao = 'pt-BR'): IdiomaCidadao {
  return idiomasPreferidos(lista)[0] ?? padrao;
}
