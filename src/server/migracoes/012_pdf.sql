-- The PDF of a filled form (issue 15): each download is an event of the form.
alter table formulario_evento drop constraint formulario_evento_tipo_check;
alter table formulario_evento add constraint formulario_evento_tipo_check check (tipo in (
  'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
  'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO'));

-- The citizen's receipt (comprovante): a code printed on it, that staff check in the console. Forms
-- received before this have none (no receipt was given for them).
alter table formulario add column codigo_verificacao text;
