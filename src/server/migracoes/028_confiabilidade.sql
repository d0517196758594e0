-- The gov.br account a form was sent with (issue 44): its level, seals and whether the login used a second factor,
-- as the citizen's token said at the submission; null for anonymous forms and older ones.
alter table formulario add column confiabilidade jsonb;
