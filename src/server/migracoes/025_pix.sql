-- Fees paid by Pix (issue 38). A form with a fee waits for its payment before anything is delivered; one charge per
-- form at the payment service provider (txid from the protocol), confirmed by reading it back before it is believed.
alter table formulario drop constraint formulario_status_check;
alter table formulario add constraint formulario_status_check
  check (status in ('RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'DESCARTADO', 'AGUARDANDO_PAGAMENTO', 'PAGAMENTO_EXPIRADO'));
-- What the delivery carries once paid: {valor, txid, endToEndId, pagoEm} (and the refunds, when any).
alter table formulario add column pagamento jsonb;

alter table formulario_evento drop constraint formulario_evento_tipo_check;
alter table formulario_evento add constraint formulario_evento_tipo_check check (tipo in (
  'RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'RETENTATIVA_AGENDADA', 'RETENTATIVA_MANUAL', 'DESCARTADO', 'VISUALIZADO',
  'DADOS_PESSOAIS_VISTOS', 'EXPORTACAO_DADOS_PESSOAIS', 'RELATORIO_TITULAR', 'ANONIMIZADO', 'PDF_BAIXADO', 'ANEXO_BAIXADO',
  'EMAIL_ENVIADO', 'EMAIL_FALHOU', 'PAGAMENTO_CRIADO', 'PAGO', 'PAGAMENTO_EXPIRADO', 'PAGAMENTO_DEVOLVIDO'));

create table cobranca_pix (
  formulario_id bigint primary key,
  codigo_servico text not null,
  txid text not null unique check (txid ~ '^[a-zA-Z0-9]{26,35}$'),
  valor_centavos integer not null check (valor_centavos > 0),
  chave text not null,
  descricao text not null,
  prazo_minutos integer not null,
  -- CRIANDO: not at the PSP yet (it was down: tried again); ATIVA: the citizen may pay; PAGA; EXPIRADA.
  status text not null default 'CRIANDO' check (status in ('CRIANDO', 'ATIVA', 'PAGA', 'EXPIRADA')),
  location text,
  brcode text,
  expira_em timestamptz not null,
  renovada boolean not null default false,
  tentativas integer not null default 0,
  proxima_tentativa_em timestamptz not null default now(),
  ultimo_erro text,
  end_to_end_id text,
  pago_em timestamptz,
  devolvido_centavos integer not null default 0,
  criada_em timestamptz not null default now(),
  atualizada_em timestamptz not null default now()
);
create index cobranca_pix_pendentes_idx on cobranca_pix (proxima_tentativa_em) where status in ('CRIANDO', 'ATIVA');

create or replace function apagar_dependentes_de_formularios() returns trigger language plpgsql as $$
begin
  delete from formulario_evento where formulario_id in (select id from velhas);
  delete from retentativa_integracao where formulario_id in (select id from velhas);
  delete from submissao_idempotente where formulario_id in (select id from velhas);
  delete from anexo where formulario_id in (select id from velhas);
  delete from envio_email where formulario_id in (select id from velhas);
  delete from cobranca_pix where formulario_id in (select id from velhas);
  return null;
end
$$;
