import type { FastifyInstance } from 'fastify';
import { P, type Permissao } from '../../../access/permissoes';
import { cpfValido, formatarCpf, soDigitos } from '../../../forms/cpf';
import type { ErroCampo } from '../../../contrato/problema';
import type { Banco, Executor } from '../../db';
import { conflito, invalido, MSG_CAMPOS, versaoAntiga, naoEncontrado } from '../erros';
import { enviarLista, Filtro, lerLista } from '../lista';
import { Type, type TSchema } from 'typebox';
import { documentarComo, LOCALIZACAO, MSG_409_VERSAO, operacao, parametros } from '../contrato';
import { Id } from '../../../contrato/comum';
import { consultaGrupos, CorpoGrupoControle, CorpoGrupoControleComVersao, CorpoGrupoPublico, CorpoGrupoPublicoComVersao, GrupoAcessoPublico, GrupoControleConteudo, GrupoResumo } from '../../../contrato/acesso';
import { exigir } from '../permissao';
import { contar } from '../../../i18n';
import { auditar, concedenteDoPedido, recusarSe } from '../auditoria';
import { recusaGrupoControle, recusaMembros, type Concedente, type GrupoConcedivel } from '../../../access/delegacao';
import type { RecursoAuditoria } from '../../../access/auditoria';

/**
 * The two kinds of group share one shape (name, description, members, in use by models); they differ
 * in what a member is: a staff user link, or a citizen's CPF.
 */
interface TipoGrupo {
  caminho: string;
  param: string;
  tabela: string;
  tabelaMembros: string;
  colunaMembro: 'username' | 'cpf';
  campoMembros: 'membros' | 'cpfs';
  colunaModelo: string;
  nome: string;
  permissoes: Record<'ler' | 'criar' | 'alterar' | 'excluir', Permissao>;
  /** The contract's schemas and the operations' names (`GrupoControleConteudo`…). */
  contrato: { nome: string; plural: string; detalhe: TSchema; novo: TSchema; alterado: TSchema };
  /** Normalises members; field errors for those refused. */
  conferir(tx: Executor, membros: string[]): Promise<{ validos: string[]; erros: ErroCampo[] }>;
  mostrar(m: string): string;
  /** Its name in the access audit trail. */
  recurso: RecursoAuditoria;
  /** Why the caller may not change or delete this group (delegation), or null. */
  recusa(c: Concedente, g: GrupoConcedivel): string | null;
  /** Why the caller may not change its members from `antes` to `depois` (delegation), or null. */
  recusaMembros?(tx: Executor, c: Concedente, antes: string[], depois: string[]): Promise<string | null>;
}

const CONTROLE: TipoGrupo = {
  caminho: '/grupos-controle-conteudo',
  param: 'grupoControleConteudoId',
  tabela: 'grupo_controle_conteudo',
  tabelaMembros: 'vinculo_usuario_grupo',
  colunaMembro: 'username',
  campoMembros: 'membros',
  colunaModelo: 'grupo_controle_conteudo_id',
  nome: 'grupo de controle de conteúdo',
  permissoes: { ler: P.READ_GRUPO_CONTROLE_CONTEUDO, criar: P.CREATE_GRUPO_CONTROLE_CONTEUDO, alterar: P.UPDATE_GRUPO_CONTROLE_CONTEUDO, excluir: P.DELETE_GRUPO_CONTROLE_CONTEUDO },
  contrato: { nome: 'GrupoControleConteudo', plural: 'GruposControleConteudo', detalhe: GrupoControleConteudo, novo: CorpoGrupoControle, alterado: CorpoGrupoControleComVersao },
  async conferir(tx, membros) {
    const unicos = [...new Set(membros)];
    const existentes = new Set((await tx.query<{ username: string }>('select username from vinculo_usuario where username = any($1)', [unicos])).map((r) => r.username));
    return {
      validos: unicos.filter((u) => existentes.has(u)),
      erros: membros.flatMap((u, i) => (existentes.has(u) ? [] : [{ field: `membros.${i}`, message: `O usuário "${u}" não tem vínculo no console.` }])),
    };
  },
  mostrar: (m) => m,
  recurso: 'GRUPO_CONTROLE_CONTEUDO',
  // Its members decide who sees which models: only its own members (or an administrator) change it.
  recusa: recusaGrupoControle,
  // Members are users' links: the link route's rules hold for each one added or removed.
  async recusaMembros(tx, c, antes, depois) {
    if (c.administrador) return null;
    const todos = [...new Set([...antes, ...depois])];
    const administradores = new Set((await tx.query<{ username: string }>('select username from vinculo_usuario where administrador and username = any($1)', [todos])).map((r) => r.username));
    return recusaMembros(c, antes, depois, administradores);
  },
};

const PUBLICO: TipoGrupo = {
  caminho: '/grupos-acesso-publico',
  param: 'grupoAcessoPublicoId',
  tabela: 'grupo_acesso_publico',
  tabelaMembros: 'grupo_acesso_publico_cidadao',
  colunaMembro: 'cpf',
  campoMembros: 'cpfs',
  colunaModelo: 'grupo_acesso_publico_id',
  nome: 'grupo de acesso público',
  permissoes: { ler: P.READ_GRUPO_ACESSO_PUBLICO, criar: P.CREATE_GRUPO_ACESSO_PUBLICO, alterar: P.UPDATE_GRUPO_ACESSO_PUBLICO, excluir: P.DELETE_GRUPO_ACESSO_PUBLICO },
  contrato: { nome: 'GrupoAcessoPublico', plural: 'GruposAcessoPublico', detalhe: GrupoAcessoPublico, novo: CorpoGrupoPublico, alterado: CorpoGrupoPublicoComVersao },
  async conferir(_tx, membros) {
    const erros = membros.flatMap((c, i) => (cpfValido(c) ? [] : [{ field: `cpfs.${i}`, message: `"${c}" não é um CPF válido.` }]));
    return { validos: [...new Set(membros.filter(cpfValido).map(soDigitos))], erros };
  },
  mostrar: formatarCpf,
  recurso: 'GRUPO_ACESSO_PUBLICO',
  // Citizens, not staff: who manages these groups is decided by the permissions alone.
  recusa: () => null,
};

interface LinhaGrupo {
  id: number;
  nome: string;
  descricao: string;
  membros: number;
  modelos: number;
  versao: number;
  criado_em: string;
  criado_por: string;
  atualizado_em: string;
  atualizado_por: string;
}

interface CorpoGrupo {
  nome: string;
  descricao: string;
  membros?: string[];
  cpfs?: string[];
  versao?: number;
}

function registrar(api: FastifyInstance, db: Banco, g: TipoGrupo) {
  const SELECT = `select g.*, (select count(*) from ${g.tabelaMembros} m where m.grupo_id = g.id)::int as membros,
    (select count(*) from modelo mo where mo.${g.colunaModelo} = g.id)::int as modelos from ${g.tabela} g`;
  const resumo = (r: LinhaGrupo) => ({
    id: r.id,
    nome: r.nome,
    descricao: r.descricao,
    quantidadeMembros: r.membros,
    quantidadeModelos: r.modelos,
    versao: r.versao,
    criadoEm: r.criado_em,
    criadoPor: r.criado_por,
    atualizadoEm: r.atualizado_em,
    atualizadoPor: r.atualizado_por,
  });
  /** The group with its members and models (404 when missing); `bloquear` holds it for the change. */
  const detalhe = async (tx: Executor, id: number, bloquear = false) => {
    const [r] = await tx.query<LinhaGrupo>(`${SELECT} where g.id = $1${bloquear ? ' for update of g' : ''}`, [id]);
    if (!r) throw naoEncontrado(`${g.nome[0].toUpperCase()}${g.nome.slice(1)} não encontrado.`);
    const membros = await tx.query<{ m: string }>(`select ${g.colunaMembro} as m from ${g.tabelaMembros} where grupo_id = $1 order by 1`, [id]);
    const modelos = await tx.query<{ codigo_servico: string; nome: string }>(`select codigo_servico, nome from modelo where ${g.colunaModelo} = $1 order by nome`, [id]);
    return { ...resumo(r), [g.campoMembros]: membros.map((x) => g.mostrar(x.m.trim())), modelos: modelos.map((m) => ({ codigoServico: m.codigo_servico, nome: m.nome })) };
  };
  /** What the access audit trail keeps of a group: name, description and members. */
  const paraAuditoria = (d: Awaited<ReturnType<typeof detalhe>>) => ({ nome: d.nome, descricao: d.descricao, [g.campoMembros]: (d as Record<string, unknown>)[g.campoMembros] });
  const params = parametros({ [g.param]: Id() });
  const c = g.contrato;
  const artigo = `o ${g.nome}`;
  const acesso = documentarComo('Acesso');
  const doc = (id: string, resumo: string, extra: Parameters<typeof acesso>[2]) => acesso(`${id}${c.nome}`, resumo, extra);

  async function gravarMembros(tx: Executor, id: number, membros: string[]) {
    const { validos, erros } = await g.conferir(tx, membros);
    if (erros.length) throw invalido(MSG_CAMPOS, erros);
    await tx.query(`delete from ${g.tabelaMembros} where grupo_id = $1`, [id]);
    if (validos.length) await tx.query(`insert into ${g.tabelaMembros} (grupo_id, ${g.colunaMembro}) select $1, unnest($2::text[])`, [id, validos]);
  }
  async function nomeLivre(tx: Executor, nome: string, exceto = 0) {
    if ((await tx.query(`select 1 from ${g.tabela} where lower(nome) = lower($1) and id <> $2`, [nome.trim(), exceto])).length) {
      throw invalido(MSG_CAMPOS, [{ field: 'nome', message: `Já existe um ${g.nome} com este nome.` }]);
    }
  }

  api.get<{ Querystring: { texto?: string; page?: number; size?: number; sort?: string[] } }>(
    g.caminho,
    { preValidation: exigir(db, g.permissoes.ler), schema: operacao({ id: `listar${c.plural}`, resumo: `Lista ${g.nome.replace('grupo', 'grupos')}`, tag: 'Acesso', query: consultaGrupos, resposta: { descricao: 'Uma página de grupos.', corpo: Type.Array(GrupoResumo), lista: true } }) },
    async (req, rep) => {
      const l = lerLista(req.query, { nome: 'g.nome', atualizadoEm: 'g.atualizado_em', quantidadeMembros: 'membros' }, 'g.nome asc', 'g.id asc');
      const f = new Filtro();
      if (req.query.texto) f.add((p) => `(g.nome ilike ${p(`%${req.query.texto}%`)} or g.descricao ilike ${p(`%${req.query.texto}%`)})`);
      const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from ${g.tabela} g ${f.where}`, f.params);
      const linhas = await db.query<LinhaGrupo>(`${SELECT} ${f.where} order by ${l.ordem} ${f.pagina(l)}`, f.params);
      return enviarLista(rep, linhas.map(resumo), l, total);
    },
  );

  api.get<{ Params: Record<string, number> }>(`${g.caminho}/:${g.param}`, { preValidation: exigir(db, g.permissoes.ler), schema: doc('obter', `Um ${g.nome}`, { params, resposta: { descricao: 'O grupo com membros e modelos.', corpo: c.detalhe }, erros: [404] }) }, async (req) => detalhe(db, req.params[g.param]));

  api.post<{ Body: CorpoGrupo }>(g.caminho, { preValidation: exigir(db, g.permissoes.criar), schema: doc('criar', `Cria um ${g.nome}`, { corpo: c.novo, resposta: { status: 201, descricao: 'Criado.', corpo: c.detalhe, cabecalhos: LOCALIZACAO } }) }, async (req, rep) => {
    const r = await db.transacao(async (tx) => {
      await nomeLivre(tx, req.body.nome);
      recusarSe((await g.recusaMembros?.(tx, await concedenteDoPedido(tx, req), [], req.body[g.campoMembros] ?? [])) ?? null);
      const quem = req.chamador!.username;
      const [{ id }] = await tx.query<{ id: number }>(`insert into ${g.tabela} (nome, descricao, criado_por, atualizado_por) values ($1, $2, $3, $3) returning id`, [req.body.nome.trim(), req.body.descricao, quem]);
      await gravarMembros(tx, id, req.body[g.campoMembros] ?? []);
      const r = await detalhe(tx, id);
      await auditar(tx, quem, g.recurso, 'CRIADO', String(id), null, paraAuditoria(r));
      return r;
    });
    return rep.code(201).header('location', `/api${g.caminho}/${r.id}`).send(r);
  });

  api.put<{ Params: Record<string, number>; Body: CorpoGrupo }>(`${g.caminho}/:${g.param}`, { preValidation: exigir(db, g.permissoes.alterar), schema: doc('alterar', `Altera um ${g.nome}`, { params, corpo: c.alterado, resposta: { descricao: 'O grupo salvo.', corpo: c.detalhe }, erros: [404, 409], porque: { 409: MSG_409_VERSAO } }) }, async (req) =>
    db.transacao(async (tx) => {
      const id = req.params[g.param];
      const antes = await detalhe(tx, id, true);
      const concedente = await concedenteDoPedido(tx, req);
      recusarSe(g.recusa(concedente, antes));
      if (req.body[g.campoMembros]) recusarSe((await g.recusaMembros?.(tx, concedente, (antes as Record<string, unknown>)[g.campoMembros] as string[], req.body[g.campoMembros]!)) ?? null);
      await nomeLivre(tx, req.body.nome, id);
      const feitas = await tx.query(
        `update ${g.tabela} set nome = $1, descricao = $2, versao = versao + 1, atualizado_em = now(), atualizado_por = $3 where id = $4 and versao = $5 returning id`,
        [req.body.nome.trim(), req.body.descricao, req.chamador!.username, id, req.body.versao],
      );
      if (!feitas.length) throw versaoAntiga();
      if (req.body[g.campoMembros]) await gravarMembros(tx, id, req.body[g.campoMembros]!);
      const depois = await detalhe(tx, id);
      await auditar(tx, req.chamador!.username, g.recurso, 'ALTERADO', String(id), paraAuditoria(antes), paraAuditoria(depois));
      return depois;
    }),
  );

  api.delete<{ Params: Record<string, number> }>(`${g.caminho}/:${g.param}`, { preValidation: exigir(db, g.permissoes.excluir), schema: doc('excluir', `Exclui um ${g.nome}`, { params, resposta: { status: 204, descricao: 'Excluído.' }, erros: [404, 409], porque: { 409: `Conflito: ${artigo} ainda é usado por modelos.` } }) }, async (req, rep) => {
    await db.transacao(async (tx) => {
      const id = req.params[g.param];
      const atual = await detalhe(tx, id, true);
      recusarSe(g.recusa(await concedenteDoPedido(tx, req), atual));
      if (atual.modelos.length) {
        const nomes = atual.modelos.slice(0, 10).map((m) => m.codigoServico).join(', ');
        throw conflito(`O ${g.nome} "${atual.nome}" é usado por ${contar(atual.modelos.length, 'modelo', 'modelos')}: ${nomes}${atual.modelos.length > 10 ? '…' : ''}. Mude o grupo desses modelos antes de excluir.`);
      }
      await tx.query(`delete from ${g.tabelaMembros} where grupo_id = $1`, [id]);
      await tx.query(`delete from ${g.tabela} where id = $1`, [id]);
      await auditar(tx, req.chamador!.username, g.recurso, 'EXCLUIDO', String(id), paraAuditoria(atual), null);
    });
    return rep.code(204).send();
  });
}

export async function rotasGrupos(api: FastifyInstance, db: Banco) {
  registrar(api, db, CONTROLE);
  registrar(api, db, PUBLICO);
}
