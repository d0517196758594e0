import type { FastifyInstance } from 'fastify';
import { P } from '../../../../src/access/permissoes';
import type { Banco, Executor } from '../../db';
import { acessoDe } from '../acessoUsuario';
import { conflito, invalido, MSG_CAMPOS, MSG_VERSAO_ANTIGA, naoEncontrado } from '../erros';
import { enviarLista, ESQUEMA_PAGINACAO, Filtro, lerLista, ID, IDS, TEXTO_BUSCA } from '../lista';
import { exigir } from '../permissao';

interface LinhaVinculo {
  username: string;
  nome: string;
  email: string;
  administrador: boolean;
  versao: number;
  concedido_em: string;
  concedido_por: string;
  atualizado_em: string;
  atualizado_por: string;
  perfis: { id: number; nome: string }[] | null;
  grupos: { id: number; nome: string }[] | null;
}

const SELECT = `select v.*,
  (select json_agg(json_build_object('id', p.id, 'nome', p.nome) order by p.nome) from vinculo_usuario_perfil vp join perfil_acesso p on p.id = vp.perfil_id where vp.username = v.username) as perfis,
  (select json_agg(json_build_object('id', g.id, 'nome', g.nome) order by g.nome) from vinculo_usuario_grupo vg join grupo_controle_conteudo g on g.id = vg.grupo_id where vg.username = v.username) as grupos
  from vinculo_usuario v`;

const saida = (r: LinhaVinculo) => ({
  username: r.username,
  nome: r.nome,
  email: r.email,
  administrador: r.administrador,
  perfis: r.perfis ?? [],
  grupos: r.grupos ?? [],
  versao: r.versao,
  concedidoEm: r.concedido_em,
  concedidoPor: r.concedido_por,
  atualizadoEm: r.atualizado_em,
  atualizadoPor: r.atualizado_por,
});

const params = { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const propriedades = {
  nome: { type: 'string', minLength: 1, maxLength: 200 },
  email: { type: 'string', format: 'email', maxLength: 200 },
  administrador: { type: 'boolean', default: false },
  perfis: { type: 'array', maxItems: 100, uniqueItems: true, items: ID, default: [] },
  grupos: { type: 'array', maxItems: 100, uniqueItems: true, items: ID, default: [] },
};

interface CorpoVinculo {
  username?: string;
  nome: string;
  email: string;
  administrador: boolean;
  perfis: number[];
  grupos: number[];
  versao?: number;
}

async function gravarRelacoes(tx: Executor, username: string, b: CorpoVinculo) {
  const perfis = (await tx.query<{ id: number }>('select id from perfil_acesso where id = any($1)', [b.perfis])).map((r) => r.id);
  const grupos = (await tx.query<{ id: number }>('select id from grupo_controle_conteudo where id = any($1)', [b.grupos])).map((r) => r.id);
  const erros = [
    ...b.perfis.flatMap((id, i) => (perfis.includes(id) ? [] : [{ field: `perfis.${i}`, message: `Perfil de acesso ${id} não existe.` }])),
    ...b.grupos.flatMap((id, i) => (grupos.includes(id) ? [] : [{ field: `grupos.${i}`, message: `Grupo de controle de conteúdo ${id} não existe.` }])),
  ];
  if (erros.length) throw invalido(MSG_CAMPOS, erros);
  await tx.query('delete from vinculo_usuario_perfil where username = $1', [username]);
  await tx.query('delete from vinculo_usuario_grupo where username = $1', [username]);
  if (perfis.length) await tx.query('insert into vinculo_usuario_perfil (username, perfil_id) select $1, unnest($2::int[])', [username, perfis]);
  if (grupos.length) await tx.query('insert into vinculo_usuario_grupo (username, grupo_id) select $1, unnest($2::int[])', [username, grupos]);
}

/** User links: who may use the console, with which profiles, in which content-control groups. */
export async function rotasVinculos(api: FastifyInstance, db: Banco) {
  const detalhe = async (tx: Executor, username: string) => {
    const [r] = await tx.query<LinhaVinculo>(`${SELECT} where v.username = $1`, [username]);
    if (!r) throw naoEncontrado(`O usuário "${username}" não tem vínculo.`);
    return { ...saida(r), permissoesEfetivas: (await acessoDe(tx, username)).permissoes };
  };

  api.get<{ Querystring: { texto?: string; perfil?: number[]; grupo?: number[]; administrador?: boolean; page?: number; size?: number; sort?: string[] } }>(
    '/vinculos-usuarios',
    {
      preValidation: exigir(db, P.READ_VINCULOS_USUARIO),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...ESQUEMA_PAGINACAO,
            texto: TEXTO_BUSCA,
            perfil: IDS,
            grupo: IDS,
            administrador: { type: 'boolean' },
          },
        },
      },
    },
    async (req, rep) => {
      const q = req.query;
      const l = lerLista(q, { nome: 'v.nome', username: 'v.username', email: 'v.email', concedidoEm: 'v.concedido_em' }, 'v.nome asc', 'v.username asc');
      const f = new Filtro();
      if (q.texto) f.add((p) => `(v.nome ilike ${p(`%${q.texto}%`)} or v.username ilike ${p(`%${q.texto}%`)} or v.email ilike ${p(`%${q.texto}%`)})`);
      if (q.perfil?.length) f.add((p) => `exists (select 1 from vinculo_usuario_perfil x where x.username = v.username and x.perfil_id = any(${p(q.perfil)}))`);
      if (q.grupo?.length) f.add((p) => `exists (select 1 from vinculo_usuario_grupo x where x.username = v.username and x.grupo_id = any(${p(q.grupo)}))`);
      if (q.administrador !== undefined) f.add((p) => `v.administrador = ${p(q.administrador)}`);
      const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from vinculo_usuario v ${f.where}`, f.params);
      const linhas = await db.query<LinhaVinculo>(`${SELECT} ${f.where} order by ${l.ordem} ${f.pagina(l)}`, f.params);
      return enviarLista(rep, linhas.map(saida), l, total);
    },
  );

  api.get<{ Params: { username: string } }>('/vinculos-usuarios/:username', { preValidation: exigir(db, P.READ_VINCULOS_USUARIO), schema: { params } }, async (req) => detalhe(db, req.params.username));

  api.post<{ Body: CorpoVinculo }>(
    '/vinculos-usuarios',
    {
      preValidation: exigir(db, P.CREATE_VINCULOS_USUARIO),
      schema: { body: { type: 'object', additionalProperties: false, required: ['username', 'nome', 'email'], properties: { username: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$' }, ...propriedades } } },
    },
    async (req, rep) => {
      const b = req.body;
      const r = await db.transacao(async (tx) => {
        if ((await tx.query('select 1 from vinculo_usuario where username = $1', [b.username])).length) {
          throw invalido(MSG_CAMPOS, [{ field: 'username', message: 'Este usuário já tem vínculo.' }]);
        }
        await tx.query('insert into vinculo_usuario (username, nome, email, administrador, concedido_por, atualizado_por) values ($1, $2, $3, $4, $5, $5)', [b.username, b.nome.trim(), b.email, b.administrador, req.chamador!.username]);
        await gravarRelacoes(tx, b.username!, b);
        return detalhe(tx, b.username!);
      });
      return rep.code(201).header('location', `/api/vinculos-usuarios/${encodeURIComponent(r.username)}`).send(r);
    },
  );

  api.put<{ Params: { username: string }; Body: CorpoVinculo }>(
    '/vinculos-usuarios/:username',
    {
      preValidation: exigir(db, P.UPDATE_VINCULOS_USUARIO),
      schema: { params, body: { type: 'object', additionalProperties: false, required: ['nome', 'email', 'versao'], properties: { ...propriedades, versao: ID } } },
    },
    async (req) =>
      db.transacao(async (tx) => {
        const u = req.params.username;
        const b = req.body;
        const feitas = await tx.query(
          `update vinculo_usuario set nome = $1, email = $2, administrador = $3, versao = versao + 1, atualizado_em = now(), atualizado_por = $4 where username = $5 and versao = $6 returning username`,
          [b.nome.trim(), b.email, b.administrador, req.chamador!.username, u, b.versao],
        );
        if (!feitas.length) {
          await detalhe(tx, u);
          throw conflito(MSG_VERSAO_ANTIGA);
        }
        await gravarRelacoes(tx, u, b);
        return detalhe(tx, u);
      }),
  );

  api.delete<{ Params: { username: string } }>('/vinculos-usuarios/:username', { preValidation: exigir(db, P.DELETE_VINCULOS_USUARIO), schema: { params } }, async (req, rep) => {
    if (req.params.username === req.chamador!.username) throw conflito('Você não pode excluir o seu próprio vínculo.');
    const apagados = await db.query('delete from vinculo_usuario where username = $1 returning username', [req.params.username]);
    if (!apagados.length) throw naoEncontrado(`O usuário "${req.params.username}" não tem vínculo.`);
    return rep.code(204).send();
  });
}
