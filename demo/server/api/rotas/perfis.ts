import type { FastifyInstance } from 'fastify';
import { CATALOGO, P, TODAS_PERMISSOES } from '../../../../src/access/permissoes';
import type { Banco, Executor } from '../../db';
import { conflito, invalido, versaoAntiga, naoEncontrado } from '../erros';
import { enviarLista, ESQUEMA_PAGINACAO, Filtro, lerLista, ID, TEXTO_BUSCA } from '../lista';
import { exigir } from '../permissao';
import { contar } from '../../../../src/i18n';
import { auditar, concedenteDoPedido, recusarSe } from '../auditoria';
import { recusaPerfil } from '../../../../src/access/delegacao';

interface LinhaPerfil {
  id: number;
  nome: string;
  descricao: string;
  permissoes: string[];
  usuarios: number;
  versao: number;
  criado_em: string;
  criado_por: string;
  atualizado_em: string;
  atualizado_por: string;
}

const saida = (r: LinhaPerfil) => ({
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

const corpo = {
  type: 'object',
  additionalProperties: false,
  required: ['nome', 'permissoes'],
  properties: {
    nome: { type: 'string', minLength: 1, maxLength: 100 },
    descricao: { type: 'string', maxLength: 500, default: '' },
    permissoes: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', enum: [...TODAS_PERMISSOES] } },
  },
} as const;

const corpoComVersao = { ...corpo, required: [...corpo.required, 'versao'], properties: { ...corpo.properties, versao: ID } } as const;
const params = { type: 'object', required: ['perfilAcessoId'], properties: { perfilAcessoId: ID } } as const;

interface CorpoPerfil {
  nome: string;
  descricao: string;
  permissoes: string[];
  versao?: number;
}

/** Access profiles (CRUD) and the permission catalog. */
export async function rotasPerfis(api: FastifyInstance, db: Banco) {
  const recusarNomeRepetido = async (tx: Executor, nome: string, exceto = 0) => {
    if ((await tx.query('select 1 from perfil_acesso where lower(nome) = lower($1) and id <> $2', [nome.trim(), exceto])).length) throw invalido('Verifique os campos destacados.', [{ field: 'nome', message: 'Já existe um perfil de acesso com este nome.' }]);
  };

  api.get('/permissoes', { preValidation: exigir(db, P.READ_PERFIL_ACESSO) }, async () => CATALOGO);

  api.get<{ Querystring: { texto?: string; permissao?: string; page?: number; size?: number; sort?: string[] } }>(
    '/perfis-acesso',
    {
      preValidation: exigir(db, P.READ_PERFIL_ACESSO),
      schema: { querystring: { type: 'object', properties: { ...ESQUEMA_PAGINACAO, texto: TEXTO_BUSCA, permissao: { type: 'string', maxLength: 100 } } } },
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

  api.get<{ Params: { perfilAcessoId: number } }>('/perfis-acesso/:perfilAcessoId', { preValidation: exigir(db, P.READ_PERFIL_ACESSO), schema: { params } }, async (req) => {
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

  api.post<{ Body: CorpoPerfil }>('/perfis-acesso', { preValidation: exigir(db, P.CREATE_PERFIL_ACESSO), schema: { body: corpo } }, async (req, rep) => {
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
    { preValidation: exigir(db, P.UPDATE_PERFIL_ACESSO), schema: { params, body: corpoComVersao } },
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

  api.delete<{ Params: { perfilAcessoId: number } }>('/perfis-acesso/:perfilAcessoId', { preValidation: exigir(db, P.DELETE_PERFIL_ACESSO), schema: { params } }, async (req, rep) => {
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
