import type { Banco, Executor } from '../../src/server/db';
import { GRUPOS_DEMO, PERFIS_DEMO, USUARIOS_DEMO } from './usuariosDemo';
import { semearModelos } from './seedModelos';

/** Seeds DESIGN.md section 9's groups, profiles, user links and models once (nothing when already there). */
/**
 * The integration destination of the seeded models: the demo's own receiver, on loopback. No seed ever
 * aims at another address: the demo's worker must not send anything off this machine.
 */
export const DESTINO_DEMO_PADRAO = 'http://localhost:8080/demo/receptor';

export async function semearDemo(db: Banco, destino = DESTINO_DEMO_PADRAO): Promise<boolean> {
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from perfil_acesso');
  if (n > 0) {
    // Data from before the models existed: add them once.
    const [{ m }] = await db.query<{ m: number }>('select (select count(*) from modelo) + (select count(*) from grupo_acesso_publico) as m');
    if (Number(m) === 0) await db.transacao((tx) => semearModelos(tx, destino));
    // Seeded by a demo on another port (`PORT=3999 npm start` on the same DATA_DIR) or by the tests' seed: the
    // models that delivered to that demo's receiver deliver to this one's now, not to a port no one listens on.
    await apontarParaReceptor(db, destino);
    return false;
  }
  await db.transacao(async (tx) => {
    for (const g of GRUPOS_DEMO) await tx.query('insert into grupo_controle_conteudo (nome, descricao) values ($1, $2)', [g.nome, g.descricao]);
    for (const p of PERFIS_DEMO) await tx.query('insert into perfil_acesso (nome, descricao, permissoes) values ($1, $2, $3)', [p.nome, p.descricao, [...p.permissoes]]);
    for (const u of USUARIOS_DEMO) {
      if (!u.vinculo) continue;
      await tx.query('insert into vinculo_usuario (username, nome, email, administrador) values ($1, $2, $3, $4)', [u.username, `${u.firstName} ${u.lastName}`, u.email, u.vinculo.administrador]);
      await tx.query('insert into vinculo_usuario_perfil (username, perfil_id) select $1, id from perfil_acesso where nome = any($2)', [u.username, u.vinculo.perfis]);
      await tx.query('insert into vinculo_usuario_grupo (username, grupo_id) select $1, id from grupo_controle_conteudo where nome = any($2)', [u.username, u.vinculo.grupos]);
    }
    await semearModelos(tx, destino);
  });
  return true;
}

/** A demo's receiver on loopback, on any port: where the seed's models deliver (a destination staff chose is left alone). */
const RECEPTOR_DEMO = String.raw`https?://(localhost|127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}|\[::1\])(:[0-9]{1,5})?/demo/receptor`;

/** Points what delivers to a demo's receiver (the models, their retries, their history's states) at `destino`. */
export async function apontarParaReceptor(db: Executor, destino: string): Promise<void> {
  const exato = `^${RECEPTOR_DEMO}$`;
  await db.query('update modelo set integracao_url = $2 where integracao_url ~ $1 and integracao_url <> $2', [exato, destino]);
  await db.query('update retentativa_integracao set destino = $2 where destino ~ $1 and destino <> $2', [exato, destino]);
  await db.query(
    `update modelo_historico h set estado = x.novo::jsonb
       from (select id, regexp_replace(estado::text, $1, $2, 'g') as novo from modelo_historico where estado::text ~ $1) x
      where h.id = x.id and x.novo <> h.estado::text`,
    [RECEPTOR_DEMO, destino],
  );
}
