-- Personal data (issue 13): the requester's e-mail beside name and CPF (filled from the fields the
-- model marks), each model's retention period, when a form was anonymised, and the events that record
-- who saw or exported personal data. Console-wide events (an export, a data-subject report) belong to
-- no single form: their form, model and group are empty, and only administrators list them.
alter table formulario add column email_requerente text;
alter table formulario add column anonimizado_em timestamptz;
alter table modelo add column retencao_dias integer check (retencao_dias is null or retencao_dias > 0);

alter table formulario_evento alter column formulario_id drop not null;
alter table formulario_evento alter column codigo_servico drop not null;
alter table formulario_evento alter column grupo_controle_conteudo_id drop not null;
alter table formulario_evento drop constraint formulario_evento_tipo_check;
alter table formulario_evento add constraint formulario_evento_tipo_check check (tipo in (
  'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
  'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO'));

-- The retention job looks for the oldest forms not yet anonymised.
create index formulario_a_anonimizar_idx on formulario (recebido_em) where anonimizado_em is null;

-- The seeded and generated forms' requester e-mail, from their answers.
update formulario set email_requerente = respostas->>'email' where email_requerente is null and respostas ? 'email';
