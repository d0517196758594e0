import type { Executor } from '../db';

/** A user's effective access: union of their profiles' permissions, groups and administrator flag. */
export interface AcessoUsuario {
  username: string;
  vinculado: boolean;
  administrador: boolean;
  permissoes: string[];
  perfis: { id: number; nome: string }[];
  grupos: { id: number; nome: string }[];
}

/** One query: it runs on every API call. */
export async function acessoDe(db: Executor, username: string): Promise<AcessoUsuario> {
  const [v] = await db.query<{ administrador: boolean; perfis: { id: number; nome: string; permissoes: string[] }[] | null; grupos: { id: number; nome: string }[] | null }>(
    `select v.administrador,
       (select json_agg(json_build_object('id', p.id, 'nome', p.nome, 'permissoes', p.permissoes) order by p.nome)
          from perfil_acesso p join vinculo_usuario_perfil vp on vp.perfil_id = p.id where vp.username = v.username) as perfis,
       (select json_agg(json_build_object('id', g.id, 'nome', g.nome) order by g.nome)
          from grupo_controle_conteudo g join vinculo_usuario_grupo vg on vg.grupo_id = g.id where vg.username = v.username) as grupos
     from vinculo_usuario v where v.username = $1`,
    [username],
  );
  if (!v) return { username, vinculado: false, administrador: false, permissoes: [], perfis: [], grupos: [] };
  const perfis = v.perfis ?? [];
  const permissoes = [...new Set(perfis.flatMap((p) => p.permissoes))].sort();
  return { username, vinculado: true, administrador: v.administrador, permissoes, perfis: perfis.map(({ id, nome }) => ({ id, nome })), grupos: v.grupos ?? [] };
}
