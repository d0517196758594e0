-- Forms with several parties (issue 46): after the citizen's part, the steps of the model's version (co-signatures by
-- people the citizen names, analyses by a content-control group of staff), run in order; the parties of one step act
-- in parallel. A form waits in AGUARDANDO_ASSINATURAS or EM_ANALISE, ends APROVADO (delivered, its parties' actions
-- in the body) or RECUSADO / EXPIRADO (never delivered).
alter table formulario drop constraint formulario_status_check;
alter table formulario add constraint formulario_status_check
  check (status in ('RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'DESCARTADO', 'AGUARDANDO_PAGAMENTO', 'PAGAMENTO_EXPIRADO',
                    'AGUARDANDO_ASSINATURAS', 'EM_ANALISE', 'APROVADO', 'RECUSADO', 'EXPIRADO'));

-- One row per party of a form's step, written with the form (the steps frozen with it): a co-signer (named by the
-- citizen's answers or by the model, reached by a link whose code only the e-mail holds: here its SHA-256), or a
-- step's analysis by a content-control group. AGUARDANDO: its step has not started; PENDENTE: it may act until
-- prazo_em; then ASSINADO / APROVADO, RECUSADO (with motivo) or EXPIRADO.
create table formulario_parte (
  id bigserial primary key,
  formulario_id bigint not null,
  ordem smallint not null,
  etapa text not null,
  titulo text not null,
  tipo text not null check (tipo in ('COASSINATURA', 'ANALISE')),
  prazo_dias smallint not null,
  nome text,
  email text,
  cpf text,
  grupo_controle_conteudo_id integer,
  codigo_hash bytea unique,
  situacao text not null check (situacao in ('AGUARDANDO', 'PENDENTE', 'ASSINADO', 'APROVADO', 'RECUSADO', 'EXPIRADO')),
  prazo_em timestamptz,
  lembrete_em timestamptz,
  motivo text,
  autor text,
  agiu_em timestamptz,
  -- What the party accepted (the declaration's exact text), from where, and with which login (a co-signer's CPF, or
  -- the gov.br signature's signer).
  aceite jsonb,
  tentativas smallint not null default 0,
  criado_em timestamptz not null default now()
);
create index formulario_parte_formulario_idx on formulario_parte (formulario_id, ordem);
create index formulario_parte_prazo_idx on formulario_parte (prazo_em) where situacao = 'PENDENTE';
-- A form whose first step was never opened (the process stopped right after the send), found by the sweep.
create index formulario_parte_parada_idx on formulario_parte (criado_em) where ordem = 0 and situacao = 'AGUARDANDO';
create index formulario_parte_analise_idx on formulario_parte (grupo_controle_conteudo_id, prazo_em) where situacao = 'PENDENTE' and tipo = 'ANALISE';

alter table formulario_evento drop constraint formulario_evento_tipo_check;
alter table formulario_evento add constraint formulario_evento_tipo_check check (tipo in (
  'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
  'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO', 'ANEXO_BAIXADO',
  'EMAIL_ENVIADO', 'EMAIL_FALHOU', 'PAGAMENTO_CRIADO', 'PAGO', 'PAGAMENTO_EXPIRADO', 'PAGAMENTO_DEVOLVIDO', 'PAGAMENTO_DIVERGENTE',
  'CONTATO_VERIFICADO', 'ETAPA_INICIADA', 'COASSINADO', 'COASSINATURA_RECUSADA', 'APROVADO', 'RECUSADO', 'EXPIRADO'));

-- The co-signer's link, a reminder before the deadline, and the outcome to the citizen.
alter table envio_email drop constraint envio_email_tipo_check;
alter table envio_email add constraint envio_email_tipo_check check (tipo in ('CONFIRMACAO', 'EQUIPE', 'RASCUNHO', 'CODIGO', 'COASSINATURA', 'ANALISE', 'DESFECHO'));

-- A staff member's decision on a form is in the audit trail with the access changes.
alter table auditoria_acesso drop constraint auditoria_acesso_recurso_check;
alter table auditoria_acesso add constraint auditoria_acesso_recurso_check check (recurso in ('VINCULO_USUARIO', 'PERFIL_ACESSO', 'GRUPO_CONTROLE_CONTEUDO', 'GRUPO_ACESSO_PUBLICO', 'MODELO', 'FORMULARIO'));
alter table auditoria_acesso drop constraint auditoria_acesso_acao_check;
alter table auditoria_acesso add constraint auditoria_acesso_acao_check check (acao in ('CRIADO', 'ALTERADO', 'EXCLUIDO', 'MOVIDO', 'APROVADO', 'RECUSADO'));

create or replace function apagar_dependentes_de_formularios() returns trigger language plpgsql as $$
begin
  delete from formulario_evento where formulario_id in (select id from velhas);
  delete from retentativa_integracao where formulario_id in (select id from velhas);
  delete from submissao_idempotente where formulario_id in (select id from velhas);
  delete from anexo where formulario_id in (select id from velhas);
  delete from envio_email where formulario_id in (select id from velhas);
  delete from cobranca_pix where formulario_id in (select id from velhas);
  delete from comprovante_assinado where formulario_id in (select id from velhas);
  delete from formulario_parte where formulario_id in (select id from velhas);
  return null;
end
$$;
