-- The masked CSV export (issue 19) at PostgreSQL's speed. Masking is JavaScript's (src/forms/dadosPessoais.ts,
-- the one set of rules): rewritten in SQL it ran ~45 us a row in PL/pgSQL, and a row has to cost ~10 us
-- end to end for 100,000 rows a second. So each form keeps, written with it, the cells of its masked row
-- after the model and date: the requester's name, CPF and e-mail and the answers, masked and quoted as
-- the CSV has them. The export then only joins text in SQL, a whole batch per value.
-- Null means "not made": rows from before this migration, or whose data changed since (the trigger below);
-- the export writes those batches the old way, and the retention loop fills them in the background.
alter table formulario add column exportacao_mascarada text;
create index formulario_exportacao_pendente_idx on formulario (recebido_em) where exportacao_mascarada is null;

-- Changing what the cells are made of (anonymisation blanking the answers, anything else) forgets them,
-- unless the same statement writes them anew: never an export of yesterday's data.
create function exportacao_mascarada_desatualizada() returns trigger language plpgsql as $$
begin
  if new.exportacao_mascarada is not distinct from old.exportacao_mascarada then
    new.exportacao_mascarada := null;
  end if;
  return new;
end $$;
create trigger formulario_exportacao_mascarada_desatualizada
  before update of respostas, nome_requerente, cpf_requerente, email_requerente, codigo_servico, modelo_versao, protocolo on formulario
  for each row execute function exportacao_mascarada_desatualizada();
