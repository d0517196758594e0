-- The access decision is kept per user by each node (issue 47): any change to what decides it (links, their profiles
-- and groups, a profile's permissions, a group's name) tells every node listening, from whichever process made it.
create function avisar_acesso_alterado() returns trigger language plpgsql as $$
begin
  perform pg_notify('acesso_alterado', '');
  return null;
end $$;

create trigger acesso_alterado after insert or update or delete or truncate on vinculo_usuario for each statement execute function avisar_acesso_alterado();
create trigger acesso_alterado after insert or update or delete or truncate on vinculo_usuario_perfil for each statement execute function avisar_acesso_alterado();
create trigger acesso_alterado after insert or update or delete or truncate on vinculo_usuario_grupo for each statement execute function avisar_acesso_alterado();
create trigger acesso_alterado after insert or update or delete or truncate on perfil_acesso for each statement execute function avisar_acesso_alterado();
create trigger acesso_alterado after insert or update or delete or truncate on grupo_controle_conteudo for each statement execute function avisar_acesso_alterado();
