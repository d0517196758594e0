-- Verified contact (issue 45): every code sent, confirmed or refused is an event, never with the code. The value it
-- went to is kept masked (m***@exemplo.gov.br, +55 11 *****-4321); the analytics count them per model and channel,
-- and a form sent with a proof gets, in its own timeline, the story of that proof (CONTATO_VERIFICADO).
create table verificacao_evento (
  id bigserial primary key,
  verificacao_id text,
  codigo_servico text not null,
  campo text not null,
  canal text not null check (canal in ('EMAIL', 'SMS')),
  tipo text not null check (tipo in ('ENVIADO', 'CONFIRMADO', 'CODIGO_ERRADO', 'BLOQUEADO', 'EXPIRADO', 'RECUSADO')),
  -- Why a code was not sent (RECUSADO): ESPERA, ENVIOS, DESTINATARIO, ENDERECO, MODELO, ORCAMENTO, INDISPONIVEL.
  motivo text,
  destino text not null,
  origem text,
  ocorrido_em timestamptz not null default now()
);
create index verificacao_evento_modelo_idx on verificacao_evento (codigo_servico, ocorrido_em);
create index verificacao_evento_verificacao_idx on verificacao_evento (verificacao_id);

alter table formulario_evento drop constraint formulario_evento_tipo_check;
alter table formulario_evento add constraint formulario_evento_tipo_check check (tipo in (
  'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
  'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO', 'ANEXO_BAIXADO',
  'EMAIL_ENVIADO', 'EMAIL_FALHOU', 'PAGAMENTO_CRIADO', 'PAGO', 'PAGAMENTO_EXPIRADO', 'PAGAMENTO_DEVOLVIDO', 'PAGAMENTO_DIVERGENTE',
  'CONTATO_VERIFICADO'));
