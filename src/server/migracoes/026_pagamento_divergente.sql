-- A Pix of another value than the fee (issue 50): it does not pay the form, but staff see it in the drawer.
alter table formulario_evento drop constraint formulario_evento_tipo_check;
alter table formulario_evento add constraint formulario_evento_tipo_check check (tipo in (
  'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
  'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO', 'ANEXO_BAIXADO',
  'EMAIL_ENVIADO', 'EMAIL_FALHOU', 'PAGAMENTO_CRIADO', 'PAGO', 'PAGAMENTO_EXPIRADO', 'PAGAMENTO_DEVOLVIDO', 'PAGAMENTO_DIVERGENTE'));
