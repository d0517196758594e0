-- The citizen's gov.br signature (issue 44). A submission of a model that asks for it waits here, checked, while the
-- citizen authorises the signature at gov.br (the id is the OAuth `state`, unguessable); the form is written only
-- when signed. AGUARDANDO: at gov.br; ASSINANDO: back, being signed; ASSINADA: the form was written (formulario_id); RECUSADA: gov.br refused or did
-- not answer (motivo, in the citizen's words), the citizen's answers still in their tab. Swept after a day.
create table assinatura_pendente (
  id text primary key,
  codigo_servico text not null,
  -- What the submission carried (answers, draft, declaration) and who sent it (the citizen's token, as read then).
  corpo jsonb not null,
  cidadao jsonb,
  idioma text not null,
  idiomas text not null default '',
  -- The portal page the citizen comes back to (an origin of API_ORIGINS).
  retorno text not null,
  situacao text not null default 'AGUARDANDO' check (situacao in ('AGUARDANDO', 'ASSINANDO', 'ASSINADA', 'RECUSADA')),
  motivo text,
  formulario_id bigint,
  criada_em timestamptz not null default now()
);
create index assinatura_pendente_criada_idx on assinatura_pendente (criada_em);

-- The receipt the citizen signed (the PDF with their PKCS#7 and the state's seal after it) and the PKCS#7 alone:
-- served as the receipt from then on, never made again. Who signed, with which certificate and when is in
-- formulario.assinatura: {situacao: ASSINADO, nome, cpf, emissor, assinadoEm} or {situacao: SEM_ASSINATURA}.
alter table formulario add column assinatura jsonb;
create table comprovante_assinado (
  formulario_id bigint primary key,
  pdf bytea not null,
  pkcs7 bytea not null,
  criado_em timestamptz not null default now()
);

create or replace function apagar_dependentes_de_formularios() returns trigger language plpgsql as $$
begin
  delete from formulario_evento where formulario_id in (select id from velhas);
  delete from retentativa_integracao where formulario_id in (select id from velhas);
  delete from submissao_idempotente where formulario_id in (select id from velhas);
  delete from anexo where formulario_id in (select id from velhas);
  delete from envio_email where formulario_id in (select id from velhas);
  delete from cobranca_pix where formulario_id in (select id from velhas);
  delete from comprovante_assinado where formulario_id in (select id from velhas);
  return null;
end
$$;
