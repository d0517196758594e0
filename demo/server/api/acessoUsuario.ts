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

export async function acessoDe(db: Executor, username: string): Promise<AcessoUsuario> {
  const [v] = await db.query<{ administrador: boolean }>('select administrador from vinculo_usuario where username = $1', [username]);
  if (!v) return { username, vinculado: false, administrador: false, permissoes: [], perfis: [], grupos: [] };
  const perfis = await db.query<{ id: number; nome: string; permissoes: string[] }>(
    'select p.id, p.nome, p.permissoes from perfil_acesso p join vinculo_usuario_perfil vp on vp.perfil_id = p.id where vp.username = $1 order by p.nome',
    [username],
  );
  const grupos = await db.query<{ id: number; nome: string }>(
    'select g.id, g.nome from grupo_controle_conteudo g join vinculo_usuario_grupo vg on vg.grupo_id = g.id where vg.username = $1 order by g.nome',
    [username],
  );
  const permissoes = [...new Set(perfis.flatMap((p) => p.permissoes))].sort();
  return { username, vinculado: true, administrador: v.administrador, permissoes, perfis: perfis.map(({ id, nome }) => ({ id, nome })), grupos };
}
