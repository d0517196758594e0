-- Public-access groups (citizens allowed to fill restricted models) and form templates with versions.
create table grupo_acesso_publico (
  id serial primary key,
  nome text not null unique,
  descricao text not null default '',
  versao integer not null default 1,
  criado_em timestamptz not null default now(),
  criado_por text not null default 'sistema',
  atualizado_em timestamptz not null default now(),
  atualizado_por text not null default 'sistema'
);

create table grupo_acesso_publico_cidadao (
  grupo_id integer not null references grupo_acesso_publico (id) on delete cascade,
  cpf char(11) not null,
  primary key (grupo_id, cpf)
);
create index grupo_acesso_publico_cidadao_cpf_idx on grupo_acesso_publico_cidadao (cpf);

create table modelo (
  codigo_servico text primary key,
  nome text not null,
  descricao text not null default '',
  status text not null default 'RASCUNHO' check (status in ('RASCUNHO', 'PUBLICADO', 'ARQUIVADO')),
  definicao jsonb not null default '{"secoes": []}',
  grupo_controle_conteudo_id integer not null references grupo_controle_conteudo (id),
  grupo_acesso_publico_id integer references grupo_acesso_publico (id),
  integracao_url text,
  integracao_metodo text not null default 'POST' check (integracao_metodo in ('POST', 'PUT', 'PATCH')),
  integracao_cabecalhos jsonb not null default '{}',
  ultima_versao integer not null default 0,
  versao integer not null default 1,
  criado_em timestamptz not null default now(),
  criado_por text not null,
  atualizado_em timestamptz not null default now(),
  atualizado_por text not null
);
create index modelo_grupo_idx on modelo (grupo_controle_conteudo_id, nome);
create index modelo_status_idx on modelo (status, nome);
create index modelo_nome_idx on modelo (lower(nome));
create index modelo_grupo_acesso_publico_idx on modelo (grupo_acesso_publico_id);

create table modelo_versao (
  codigo_servico text not null references modelo (codigo_servico) on delete cascade,
  numero integer not null,
  nome text not null,
  definicao jsonb not null,
  publicado_em timestamptz not null default now(),
  publicado_por text not null,
  primary key (codigo_servico, numero)
);
