-- Access administration: profiles, content-control groups and user links.
create table perfil_acesso (
  id serial primary key,
  nome text not null unique,
  descricao text not null default '',
  permissoes text[] not null default '{}',
  versao integer not null default 1,
  criado_em timestamptz not null default now(),
  criado_por text not null default 'sistema',
  atualizado_em timestamptz not null default now(),
  atualizado_por text not null default 'sistema'
);

create table grupo_controle_conteudo (
  id serial primary key,
  nome text not null unique,
  descricao text not null default '',
  versao integer not null default 1,
  criado_em timestamptz not null default now(),
  criado_por text not null default 'sistema',
  atualizado_em timestamptz not null default now(),
  atualizado_por text not null default 'sistema'
);

create table vinculo_usuario (
  username text primary key,
  nome text not null,
  email text not null,
  administrador boolean not null default false,
  versao integer not null default 1,
  concedido_em timestamptz not null default now(),
  concedido_por text not null default 'sistema',
  atualizado_em timestamptz not null default now(),
  atualizado_por text not null default 'sistema'
);
create index vinculo_usuario_nome_idx on vinculo_usuario (lower(nome));

create table vinculo_usuario_perfil (
  username text not null references vinculo_usuario (username) on delete cascade,
  perfil_id integer not null references perfil_acesso (id),
  primary key (username, perfil_id)
);
create index vinculo_usuario_perfil_perfil_idx on vinculo_usuario_perfil (perfil_id);

create table vinculo_usuario_grupo (
  username text not null references vinculo_usuario (username) on delete cascade,
  grupo_id integer not null references grupo_controle_conteudo (id),
  primary key (username, grupo_id)
);
create index vinculo_usuario_grupo_grupo_idx on vinculo_usuario_grupo (grupo_id);
