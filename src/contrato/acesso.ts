import { Type, type Static } from 'typebox';
import { AREAS, TODAS_PERMISSOES, type PermissaoInfo as InfoDoCatalogo } from '../access/permissoes';
import { ACOES_AUDITORIA, RECURSOS_AUDITORIA, type MudancaAuditada } from '../access/auditoria';
import { consultaLista, DataHora, Enum, Id, Nulavel, Objeto, Versao, type Igual } from './comum';

/** Access: permissions, profiles, both kinds of group, user links and the access audit trail. */

const Permissao = Enum(TODAS_PERMISSOES);
const Referencia = (title: string, description: string) => Type.Object({ id: Id(), nome: Type.String() }, { title, description });
const ReferenciaPerfil = Referencia('ReferenciaPerfil', 'Um perfil de acesso por id e nome.');
const ReferenciaGrupo = Referencia('ReferenciaGrupo', 'Um grupo por id e nome.');
const autoria = {
  atualizadoEm: DataHora(),
  atualizadoPor: Type.String({ description: 'Username de quem salvou por último.' }),
};

export const PermissaoInfo = Type.Object(
  { nome: Permissao, area: Enum(AREAS), descricao: Type.String({ description: 'O que a permissão deixa fazer, em pt-BR.' }) },
  { title: 'PermissaoInfo', description: 'Uma permissão do catálogo.' },
);
export const Administradores = Type.Object({ userIsAdmin: Type.Boolean({ description: 'Se quem chama é administrador do console.' }) }, { title: 'Administradores' });
export const Permissoes = Type.Array(Permissao, { description: 'Os nomes das permissões efetivas do usuário.' });

export const Eu = Type.Object(
  {
    username: Type.String(),
    vinculado: Type.Boolean({ description: 'Se o usuário tem vínculo no console.' }),
    administrador: Type.Boolean(),
    perfis: Type.Array(ReferenciaPerfil),
    grupos: Type.Array(ReferenciaGrupo),
    permissoes: Permissoes,
  },
  { title: 'Eu', description: 'O vínculo de quem chama: perfis, grupos de controle de conteúdo e permissões efetivas.' },
);

export const PerfilAcesso = Type.Object(
  {
    id: Id(),
    nome: Type.String(),
    descricao: Type.String(),
    permissoes: Type.Array(Permissao),
    usuarios: Type.Integer({ minimum: 0, description: 'Quantos usuários têm este perfil.' }),
    versao: Versao(),
    criadoEm: DataHora(),
    criadoPor: Type.String(),
    ...autoria,
  },
  {
    title: 'PerfilAcesso',
    description: 'Um perfil de acesso: um conjunto nomeado de permissões.',
    examples: [{ id: 3, nome: 'Gestor de formulários', descricao: 'Acompanha os formulários recebidos.', permissoes: ['READ_FORMULARIO', 'READ_FORMULARIO_EVENTO'], usuarios: 2, versao: 1, criadoEm: '2026-11-20T13:00:00.000Z', criadoPor: 'admin', atualizadoEm: '2026-11-20T13:00:00.000Z', atualizadoPor: 'admin' }],
  },
);
const dadosPerfil = {
  nome: Type.String({ minLength: 1, maxLength: 100 }),
  descricao: Type.Optional(Type.String({ maxLength: 500, default: '' })),
  permissoes: Type.Array(Permissao, { maxItems: 100, uniqueItems: true }),
};
export const CorpoPerfil = Type.Object(dadosPerfil, { additionalProperties: false, title: 'NovoPerfilAcesso' });
export const CorpoPerfilComVersao = Type.Object({ ...dadosPerfil, versao: Versao() }, { additionalProperties: false, title: 'PerfilAcessoAlterado' });
export const consultaPerfis = Type.Object({ ...consultaLista(['nome', 'atualizadoEm', 'usuarios']), texto: Type.Optional(Type.String({ maxLength: 200, description: 'Parte do nome ou da descrição.' })), permissao: Type.Optional(Type.String({ maxLength: 100, description: 'Só perfis com esta permissão.' })) });

const resumoGrupo = {
  id: Id(),
  nome: Type.String(),
  descricao: Type.String(),
  quantidadeMembros: Type.Integer({ minimum: 0 }),
  quantidadeModelos: Type.Integer({ minimum: 0, description: 'Quantos modelos usam o grupo.' }),
  versao: Versao(),
  criadoEm: DataHora(),
  criadoPor: Type.String(),
  ...autoria,
};
const ModeloDoGrupo = Type.Object({ codigoServico: Type.String(), nome: Type.String() }, { title: 'ModeloDoGrupo' });
export const GrupoResumo = Type.Object(resumoGrupo, { title: 'GrupoResumo', description: 'Um grupo numa lista.' });
export const GrupoControleConteudo = Type.Object(
  { ...resumoGrupo, membros: Type.Array(Type.String(), { description: 'Usernames dos membros.' }), modelos: Type.Array(ModeloDoGrupo) },
  { title: 'GrupoControleConteudo', description: 'Um grupo de controle de conteúdo: quem vê quais modelos e formulários.' },
);
export const GrupoAcessoPublico = Type.Object(
  { ...resumoGrupo, cpfs: Type.Array(Type.String({ examples: ['123.456.789-09'] }), { description: 'CPFs dos cidadãos autorizados, formatados.' }), modelos: Type.Array(ModeloDoGrupo) },
  { title: 'GrupoAcessoPublico', description: 'Um grupo de acesso público: os cidadãos que podem preencher os modelos restritos a ele.' },
);
const dadosGrupo = { nome: Type.String({ minLength: 1, maxLength: 100 }), descricao: Type.Optional(Type.String({ maxLength: 500, default: '' })) };
const membros = Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 5000, default: [], description: 'Usernames com vínculo no console.' }));
const cpfs = Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 100000, default: [], description: 'CPFs, com ou sem pontuação.' }));
export const CorpoGrupoControle = Type.Object({ ...dadosGrupo, membros }, { additionalProperties: false, title: 'NovoGrupoControleConteudo' });
export const CorpoGrupoControleComVersao = Type.Object({ ...dadosGrupo, membros, versao: Versao() }, { additionalProperties: false, title: 'GrupoControleConteudoAlterado' });
export const CorpoGrupoPublico = Type.Object({ ...dadosGrupo, cpfs }, { additionalProperties: false, title: 'NovoGrupoAcessoPublico' });
export const CorpoGrupoPublicoComVersao = Type.Object({ ...dadosGrupo, cpfs, versao: Versao() }, { additionalProperties: false, title: 'GrupoAcessoPublicoAlterado' });
export const consultaGrupos = Type.Object({ ...consultaLista(['nome', 'atualizadoEm', 'quantidadeMembros']), texto: Type.Optional(Type.String({ maxLength: 200, description: 'Parte do nome ou da descrição.' })) });

const vinculo = {
  username: Type.String(),
  nome: Type.String(),
  email: Type.String(),
  administrador: Type.Boolean(),
  perfis: Type.Array(ReferenciaPerfil),
  grupos: Type.Array(ReferenciaGrupo, { description: 'Grupos de controle de conteúdo.' }),
  versao: Versao(),
  concedidoEm: DataHora(),
  concedidoPor: Type.String(),
  ...autoria,
};
export const Vinculo = Type.Object(vinculo, { title: 'VinculoUsuario', description: 'O vínculo de um usuário do Keycloak com o console.' });
export const VinculoDetalhe = Type.Object({ ...vinculo, permissoesEfetivas: Permissoes }, { title: 'VinculoUsuarioDetalhe', description: 'O vínculo com as permissões efetivas (união dos perfis; todas para administradores).' });
const dadosVinculo = {
  nome: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ format: 'email', maxLength: 200 }),
  administrador: Type.Optional(Type.Boolean({ default: false })),
  perfis: Type.Optional(Type.Array(Id(), { maxItems: 100, uniqueItems: true, default: [] })),
  grupos: Type.Optional(Type.Array(Id(), { maxItems: 100, uniqueItems: true, default: [] })),
};
export const CorpoVinculo = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$' }), ...dadosVinculo }, { additionalProperties: false, title: 'NovoVinculoUsuario' });
export const CorpoVinculoComVersao = Type.Object({ ...dadosVinculo, versao: Versao() }, { additionalProperties: false, title: 'VinculoUsuarioAlterado' });
export const consultaVinculos = Type.Object({
  ...consultaLista(['nome', 'username', 'email', 'concedidoEm']),
  texto: Type.Optional(Type.String({ maxLength: 200, description: 'Parte do nome, do username ou do e-mail.' })),
  perfil: Type.Optional(Type.Array(Id(), { description: 'Só quem tem algum destes perfis.' })),
  grupo: Type.Optional(Type.Array(Id(), { description: 'Só quem está em algum destes grupos.' })),
  administrador: Type.Optional(Type.Boolean()),
});

export const EntradaAuditoria = Type.Object(
  {
    id: Type.String(),
    ocorridoEm: DataHora(),
    autor: Type.String(),
    recurso: Enum(RECURSOS_AUDITORIA),
    acao: Enum(ACOES_AUDITORIA),
    alvo: Type.String({ description: 'O registro alterado: id, username ou código do serviço.' }),
    antes: Nulavel(Objeto()),
    depois: Nulavel(Objeto()),
  },
  { title: 'EntradaAuditoria', description: 'Uma concessão ou retirada de acesso, com o antes e o depois.' },
);
export const consultaAuditoria = Type.Object({
  ...consultaLista(['ocorridoEm', 'autor', 'alvo']),
  recurso: Type.Optional(Type.Array(Enum(RECURSOS_AUDITORIA))),
  acao: Type.Optional(Type.Array(Enum(ACOES_AUDITORIA))),
  alvo: Type.Optional(Type.String({ maxLength: 200 })),
  autor: Type.Optional(Type.String({ maxLength: 200 })),
});

export type TPermissaoInfo = Static<typeof PermissaoInfo>;
export type TPerfilAcesso = Static<typeof PerfilAcesso>;
export type TCorpoPerfil = Static<typeof CorpoPerfil>;
export type TGrupoResumo = Static<typeof GrupoResumo>;
export type TCorpoGrupoControle = Static<typeof CorpoGrupoControle>;
export type TCorpoGrupoPublico = Static<typeof CorpoGrupoPublico>;
export type TGrupoControleConteudo = Static<typeof GrupoControleConteudo>;
export type TGrupoAcessoPublico = Static<typeof GrupoAcessoPublico>;
export type TVinculo = Static<typeof Vinculo>;
export type TVinculoDetalhe = Static<typeof VinculoDetalhe>;
export type TCorpoVinculo = Static<typeof CorpoVinculo>;
export type TEu = Static<typeof Eu>;
export type TEntradaAuditoria = Static<typeof EntradaAuditoria>;

/** The catalog's and the audit trail's own types are the contract's (a compile-time check: src/access reads no contract). */
export const MESMO_FORMATO: [Igual<TPermissaoInfo, InfoDoCatalogo>, Igual<Pick<TEntradaAuditoria, 'antes' | 'depois'>, MudancaAuditada>] = [true, true];
