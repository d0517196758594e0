import type { FastifyInstance } from 'fastify';
import { CATALOGO, P, type Permissao } from '../../../access/permissoes';
import type { Banco, Executor } from '../../db';
import { conflito, invalido, versaoAntiga, naoEncontrado } from '../erros';
import { enviarLista, Filtro, lerLista } from '../lista';
import { Type } from 'typebox';
import { LOCALIZACAO, MSG_409_VERSAO, operacao, parametros } from '../contrato';
import { Id } from '../../../contrato/comum';
import { consultaPerfis, CorpoPerfil, CorpoPerfilComVersao, PerfilAcesso, PermissaoInfo, type TCorpoPerfil, type TPerfilAcesso } from '../../../contrato/acesso';
import { exigir } from '../permissao';
import { contar } from '../../../i18n';
import { auditar, concedenteDoPedido, recusarSe } from '../auditoria';
import { recusaPerfil } from '../../../access/delegacao';

interface LinhaPerfil {
  id: number;
  nome: string;
  descricao: string;
  permissoes: Permissao[];
  usuarios: number;
  versao: number;
  criado_em: string;
  criado_por: string;
  atualizado_em: string;
  atualizado_por: string;
}

const saida = (r: LinhaPerfil): TPerfilAcesso => ({
  id: r.id,
  nome: r.nome,
  descricao: r.descricao,
  permissoes: r.permissoes,
  usuarios: Number(r.usuarios),
  versao: r.versao,
  criadoEm: r.criado_em,
  criadoPor: r.criado_por,
  atualizadoEm: r.atualizado_em,
  atualizadoPor: r.atualizado_por,
});

const SELECT = `select p.*, (select count(*) from vinculo_usuario_perfil vp where vp.perfil_id = p.id)::int as usuarios from perfil_acesso p`;

const params = parametros({ perfilAcessoId: Id() });
type CorpoPerfil = TCorpoPerfil & { versao?: number };

/** Access profiles (CRUD) and the permission catalog. */
export async function rotasPerfis(api: FastifyInstance, db: Banco) {
  const recusarNomeRepetido = async (tx: Executor, nome: string, exceto = 0) => {
    if ((await tx.query('select 1 from perfil_acesso where lower(nome) = lower($1) and id <> $2', [nome.trim(), exceto])).length) throw invalido('Verifique os campos destacados.', [{ field: 'nome', message: 'Já existe um perfil de acesso com este nome.' }]);
  };

  api.get('/permissoes', { preValidation: exigir(db, P.READ_PERFIL_ACESSO), schema: operacao({ id: 'listarPermissoes', resumo: 'Catálogo de permissões', tag: 'Acesso', resposta: { descricao: 'Todas as permissões, por área, com a descrição em pt-BR.', corpo: Type.Array(PermissaoInfo) } }) }, async () => CATALOGO);

  api.get<{ Querystring: { texto?: string; permissao?: string; page?: number; size?: number; sort?: string[] } }>(
    '/perfis-acesso',
    {
      preValidation: exigir(db, P.READ_PERFIL_ACESSO),
      schema: operacao({ id: 'listarPerfisAcesso', resumo: 'Lista perfis de acesso', tag: 'Acesso', query: consultaPerfis, resposta: { descricao: 'Uma página de perfis.', corpo: Type.Array(PerfilAcesso), lista: true } }),
    },
    async (req, rep) => {
      const l = lerLista(req.query, { nome: 'p.nome', atualizadoEm: 'p.atualizado_em', usuarios: 'usuarios' }, 'p.nome asc', 'p.id asc');
      const f = new Filtro();
      if (req.query.texto) f.add((p) => `(p.nome ilike ${p(`%${req.query.texto}%`)} or p.descricao ilike ${p(`%${req.query.texto}%`)})`);
      if (req.query.permissao) f.add((p) => `${p(req.query.permissao)} = any(p.permissoes)`);
      const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from perfil_acesso p ${f.where}`, f.params);
      const linhas = await db.query<LinhaPerfil>(`${SELECT} ${f.where} order by ${l.ordem} ${f.pagina(l)}`, f.params);
      return enviarLista(rep, linhas.map(saida), l, total);
    },
  );

  api.get<{ Params: { perfilAcessoId: number } }>('/perfis-acesso/:perfilAcessoId', { preValidation: exigir(db, P.READ_PERFIL_ACESSO), schema: operacao({ id: 'obterPerfilAcesso', resumo: 'Um perfil de acesso', tag: 'Acesso', params, resposta: { descricao: 'O perfil.', corpo: PerfilAcesso }, erros: [404] }) }, async (req) => {
    const [r] = await db.query<LinhaPerfil>(`${SELECT} where p.id = $1`, [req.params.perfilAcessoId]);
    if (!r) throw naoEncontrado('Perfil de acesso não encontrado.');
    return saida(r);
  });

  /** The profile as delegation and the audit trail see it, locked for the change (404 when missing). */
  const perfilAtual = async (tx: Executor, id: number) => {
    const [p] = await tx.query<{ id: number; nome: string; descricao: string; permissoes: string[] }>('select id, nome, descricao, permissoes from perfil_acesso where id = $1 for update', [id]);
    if (!p) throw naoEncontrado('Perfil de acesso não encontrado.');
    return p;
  };
  const paraAuditoria = (p: { nome: string; descricao: string; permissoes: string[] }) => ({ nome: p.nome, descricao: p.descricao, permissoes: p.permissoes });

  api.post<{ Body: CorpoPerfil }>('/perfis-acesso', { preValidation: exigir(db, P.CREATE_PERFIL_ACESSO), schema: operacao({ id: 'criarPerfilAcesso', resumo: 'Cria um perfil de acesso', descricao: 'Só se concede o que se tem (delegação): quem não é administrador não cria perfis com permissões que não possui.', tag: 'Acesso', corpo: CorpoPerfil, resposta: { status: 201, descricao: 'Criado.', corpo: PerfilAcesso, cabecalhos: LOCALIZACAO } }) }, async (req, rep) => {
    const r = await db.transacao(async (tx) => {
      recusarSe(recusaPerfil(await concedenteDoPedido(tx, req), null, req.body));
      await recusarNomeRepetido(tx, req.body.nome);
      const quem = req.chamador!.username;
      const [{ id }] = await tx.query<{ id: number }>(
        'insert into perfil_acesso (nome, descricao, permissoes, criado_por, atualizado_por) values ($1, $2, $3, $4, $4) returning id',
        [req.body.nome.trim(), req.body.descricao, req.body.permissoes, quem],
      );
      const [r] = await tx.query<LinhaPerfil>(`${SELECT} where p.id = $1`, [id]);
      await auditar(tx, quem, 'PERFIL_ACESSO', 'CRIADO', String(id), null, paraAuditoria(r));
      return r;
    });
    return rep.code(201).header('location', `/api/perfis-acesso/${r.id}`).send(saida(r));
  });

  api.put<{ Params: { perfilAcessoId: number }; Body: CorpoPerfil }>(
    '/perfis-acesso/:perfilAcessoId',
    { preValidation: exigir(db, P.UPDATE_PERFIL_ACESSO), schema: operacao({ id: 'alterarPerfilAcesso', resumo: 'Altera um perfil de acesso', tag: 'Acesso', params, corpo: CorpoPerfilComVersao, resposta: { descricao: 'O perfil salvo.', corpo: PerfilAcesso }, erros: [404, 409], porque: { 409: MSG_409_VERSAO } }) },
    async (req) =>
      db.transacao(async (tx) => {
        const id = req.params.perfilAcessoId;
        const antes = await perfilAtual(tx, id);
        recusarSe(recusaPerfil(await concedenteDoPedido(tx, req), antes, req.body));
        await recusarNomeRepetido(tx, req.body.nome, id);
        const feitas = await tx.query(
          `update perfil_acesso set nome = $1, descricao = $2, permissoes = $3, versao = versao + 1, atualizado_em = now(), atualizado_por = $4
           where id = $5 and versao = $6 returning id`,
          [req.body.nome.trim(), req.body.descricao, req.body.permissoes, req.chamador!.username, id, req.body.versao],
        );
        if (!feitas.length) throw versaoAntiga();
        const [r] = await tx.query<LinhaPerfil>(`${SELECT} where p.id = $1`, [id]);
        await auditar(tx, req.chamador!.username, 'PERFIL_ACESSO', 'ALTERADO', String(id), paraAuditoria(antes), paraAuditoria(r));
        return saida(r);
      }),
  );

  api.delete<{ Params: { perfilAcessoId: number } }>('/perfis-acesso/:perfilAcessoId', { preValidation: exigir(db, P.DELETE_PERFIL_ACESSO), schema: operacao({ id: 'excluirPerfilAcesso', resumo: 'Exclui um perfil de acesso', tag: 'Acesso', params, resposta: { status: 204, descricao: 'Excluído.' }, erros: [404, 409], porque: { 409: 'Conflito: o perfil ainda está em vínculos de usuários.' } }) }, async (req, rep) => {
    const id = req.params.perfilAcessoId;
    await db.transacao(async (tx) => {
      const perfil = await perfilAtual(tx, id);
      recusarSe(recusaPerfil(await concedenteDoPedido(tx, req), perfil, null));
      const usuarios = await tx.query<{ username: string }>('select username from vinculo_usuario_perfil where perfil_id = $1 order by username', [id]);
      if (usuarios.length) {
        const nomes = usuarios.slice(0, 10).map((u) => u.username).join(', ');
        throw conflito(`O perfil "${perfil.nome}" está vinculado a ${contar(usuarios.length, 'usuário', 'usuários')}: ${nomes}${usuarios.length > 10 ? '…' : ''}. Retire-o desses vínculos antes de excluir.`);
      }
      await tx.query('delete from perfil_acesso where id = $1', [id]);
      await auditar(tx, req.chamador!.username, 'PERFIL_ACESSO', 'EXCLUIDO', String(id), paraAuditoria(perfil), null);
    });
    return rep.code(204).send();
  });
}
