import type { FastifyInstance } from 'fastify';
import { P } from '../../../access/permissoes';
import type { Banco, Executor } from '../../db';
import { acessoDe } from '../acessoUsuario';
import { conflito, invalido, MSG_CAMPOS, versaoAntiga, naoEncontrado } from '../erros';
import { enviarLista, Filtro, lerLista } from '../lista';
import { Type } from 'typebox';
import { LOCALIZACAO, MSG_409_VERSAO, operacao, parametros } from '../contrato';
import { consultaVinculos, CorpoVinculo, CorpoVinculoComVersao, Vinculo, VinculoDetalhe, type TCorpoVinculo, type TVinculo } from '../../../contrato/acesso';
import { exigir } from '../permissao';
import { auditar, concedenteDoPedido, recusarSe } from '../auditoria';
import { recusaVinculo, type GrupoConcedivel, type PerfilConcedivel, type VinculoConcedido } from '../../../access/delegacao';

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

const saida = (r: LinhaVinculo): TVinculo => ({
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

const params = parametros({ username: Type.String({ minLength: 1, maxLength: 100 }) });
type CorpoVinculo = Omit<TCorpoVinculo, 'username' | 'perfis' | 'grupos' | 'administrador'> & { username?: string; administrador: boolean; perfis: number[]; grupos: number[]; versao?: number };

/** The profiles and groups a body names, or 400 for those that do not exist. */
async function resolverRelacoes(tx: Executor, b: Pick<CorpoVinculo, 'perfis' | 'grupos'>): Promise<{ perfis: PerfilConcedivel[]; grupos: GrupoConcedivel[] }> {
  const perfis = await tx.query<PerfilConcedivel>('select id, nome, permissoes from perfil_acesso where id = any($1) order by nome', [b.perfis]);
  const grupos = await tx.query<GrupoConcedivel>('select id, nome from grupo_controle_conteudo where id = any($1) order by nome', [b.grupos]);
  const erros = [
    ...b.perfis.flatMap((id, i) => (perfis.some((p) => p.id === id) ? [] : [{ field: `perfis.${i}`, message: `Perfil de acesso ${id} não existe.` }])),
    ...b.grupos.flatMap((id, i) => (grupos.some((g) => g.id === id) ? [] : [{ field: `grupos.${i}`, message: `Grupo de controle de conteúdo ${id} não existe.` }])),
  ];
  if (erros.length) throw invalido(MSG_CAMPOS, erros);
  return { perfis, grupos };
}

/** A stored link as delegation and the audit trail see it (null: no link). */
async function vinculoConcedido(tx: Executor, username: string, bloquear = false): Promise<(VinculoConcedido & { nome: string; email: string }) | null> {
  const [v] = await tx.query<{ nome: string; email: string; administrador: boolean }>(`select nome, email, administrador from vinculo_usuario where username = $1${bloquear ? ' for update' : ''}`, [username]);
  if (!v) return null;
  const perfis = await tx.query<PerfilConcedivel>('select p.id, p.nome, p.permissoes from perfil_acesso p join vinculo_usuario_perfil vp on vp.perfil_id = p.id where vp.username = $1 order by p.nome', [username]);
  const grupos = await tx.query<GrupoConcedivel>('select g.id, g.nome from grupo_controle_conteudo g join vinculo_usuario_grupo vg on vg.grupo_id = g.id where vg.username = $1 order by g.nome', [username]);
  return { username, nome: v.nome, email: v.email, administrador: v.administrador, perfis, grupos };
}

/** What the audit trail keeps of a link: profiles and groups by id and name. */
const paraAuditoria = (v: (VinculoConcedido & { nome: string; email: string }) | null) =>
  v && { nome: v.nome, email: v.email, administrador: v.administrador, perfis: v.perfis.map(({ id, nome }) => ({ id, nome })), grupos: v.grupos.map(({ id, nome }) => ({ id, nome })) };

async function gravarRelacoes(tx: Executor, username: string, r: { perfis: PerfilConcedivel[]; grupos: GrupoConcedivel[] }) {
  await tx.query('delete from vinculo_usuario_perfil where username = $1', [username]);
  await tx.query('delete from vinculo_usuario_grupo where username = $1', [username]);
  if (r.perfis.length) await tx.query('insert into vinculo_usuario_perfil (username, perfil_id) select $1, unnest($2::int[])', [username, r.perfis.map((p) => p.id)]);
  if (r.grupos.length) await tx.query('insert into vinculo_usuario_grupo (username, grupo_id) select $1, unnest($2::int[])', [username, r.grupos.map((g) => g.id)]);
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
      schema: operacao({ id: 'listarVinculosUsuarios', resumo: 'Lista vínculos de usuários', tag: 'Acesso', query: consultaVinculos, resposta: { descricao: 'Uma página de vínculos.', corpo: Type.Array(Vinculo), lista: true } }),
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

  api.get<{ Params: { username: string } }>('/vinculos-usuarios/:username', { preValidation: exigir(db, P.READ_VINCULOS_USUARIO), schema: operacao({ id: 'obterVinculoUsuario', resumo: 'O vínculo de um usuário', tag: 'Acesso', params, resposta: { descricao: 'O vínculo com as permissões efetivas.', corpo: VinculoDetalhe }, erros: [404] }) }, async (req) => detalhe(db, req.params.username));

  api.post<{ Body: CorpoVinculo }>(
    '/vinculos-usuarios',
    {
      preValidation: exigir(db, P.CREATE_VINCULOS_USUARIO),
      schema: operacao({ id: 'criarVinculoUsuario', resumo: 'Vincula um usuário ao console', descricao: 'Só se concede o que se tem: perfis e grupos além dos de quem chama são recusados (403).', tag: 'Acesso', corpo: CorpoVinculo, resposta: { status: 201, descricao: 'Vinculado.', corpo: VinculoDetalhe, cabecalhos: LOCALIZACAO } }),
    },
    async (req, rep) => {
      const b = req.body;
      const r = await db.transacao(async (tx) => {
        if ((await tx.query('select 1 from vinculo_usuario where username = $1', [b.username])).length) {
          throw invalido(MSG_CAMPOS, [{ field: 'username', message: 'Este usuário já tem vínculo.' }]);
        }
        const relacoes = await resolverRelacoes(tx, b);
        const depois = { username: b.username!, nome: b.nome.trim(), email: b.email, administrador: b.administrador, ...relacoes };
        recusarSe(recusaVinculo(await concedenteDoPedido(tx, req), null, depois));
        await tx.query('insert into vinculo_usuario (username, nome, email, administrador, concedido_por, atualizado_por) values ($1, $2, $3, $4, $5, $5)', [b.username, b.nome.trim(), b.email, b.administrador, req.chamador!.username]);
        await gravarRelacoes(tx, b.username!, relacoes);
        await auditar(tx, req.chamador!.username, 'VINCULO_USUARIO', 'CRIADO', b.username!, null, paraAuditoria(depois));
        return detalhe(tx, b.username!);
      });
      return rep.code(201).header('location', `/api/vinculos-usuarios/${encodeURIComponent(r.username)}`).send(r);
    },
  );

  api.put<{ Params: { username: string }; Body: CorpoVinculo }>(
    '/vinculos-usuarios/:username',
    {
      preValidation: exigir(db, P.UPDATE_VINCULOS_USUARIO),
      schema: operacao({ id: 'alterarVinculoUsuario', resumo: 'Altera o vínculo de um usuário', tag: 'Acesso', params, corpo: CorpoVinculoComVersao, resposta: { descricao: 'O vínculo salvo.', corpo: VinculoDetalhe }, erros: [404, 409], porque: { 409: MSG_409_VERSAO } }),
    },
    async (req) =>
      db.transacao(async (tx) => {
        const u = req.params.username;
        const b = req.body;
        const antes = await vinculoConcedido(tx, u, true);
        if (!antes) throw naoEncontrado(`O usuário "${u}" não tem vínculo.`);
        const relacoes = await resolverRelacoes(tx, b);
        const depois = { username: u, nome: b.nome.trim(), email: b.email, administrador: b.administrador, ...relacoes };
        recusarSe(recusaVinculo(await concedenteDoPedido(tx, req), antes, depois));
        const feitas = await tx.query(
          `update vinculo_usuario set nome = $1, email = $2, administrador = $3, versao = versao + 1, atualizado_em = now(), atualizado_por = $4 where username = $5 and versao = $6 returning username`,
          [depois.nome, b.email, b.administrador, req.chamador!.username, u, b.versao],
        );
        if (!feitas.length) throw versaoAntiga();
        await gravarRelacoes(tx, u, relacoes);
        await auditar(tx, req.chamador!.username, 'VINCULO_USUARIO', 'ALTERADO', u, paraAuditoria(antes), paraAuditoria(depois));
        return detalhe(tx, u);
      }),
  );

  api.delete<{ Params: { username: string } }>('/vinculos-usuarios/:username', { preValidation: exigir(db, P.DELETE_VINCULOS_USUARIO), schema: operacao({ id: 'excluirVinculoUsuario', resumo: 'Retira o vínculo de um usuário', tag: 'Acesso', params, resposta: { status: 204, descricao: 'Vínculo retirado.' }, erros: [404, 409], porque: { 409: 'Conflito: ninguém retira o próprio vínculo.' } }) }, async (req, rep) => {
    if (req.params.username === req.chamador!.username) throw conflito('Você não pode excluir o seu próprio vínculo.');
    await db.transacao(async (tx) => {
      const antes = await vinculoConcedido(tx, req.params.username, true);
      if (!antes) throw naoEncontrado(`O usuário "${req.params.username}" não tem vínculo.`);
      recusarSe(recusaVinculo(await concedenteDoPedido(tx, req), antes, null));
      await tx.query('delete from vinculo_usuario where username = $1', [req.params.username]);
      await auditar(tx, req.chamador!.username, 'VINCULO_USUARIO', 'EXCLUIDO', req.params.username, paraAuditoria(antes), null);
    });
    return rep.code(204).send();
  });
}
