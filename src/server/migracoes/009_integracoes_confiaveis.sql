-- Integrations receivers can trust (issue 14): each model's signing secret (encrypted with the
-- operator's key), the previous one while a rotation overlaps, and the pause after consecutive
-- exhausted deliveries.
alter table modelo add column integracao_segredo text;
alter table modelo add column integracao_segredo_criado_em timestamptz;
alter table modelo add column integracao_segredo_anterior text;
alter table modelo add column integracao_segredo_anterior_ate timestamptz;
alter table modelo add column integracao_esgotadas_seguidas integer not null default 0;
alter table modelo add column integracao_pausada_em timestamptz;
