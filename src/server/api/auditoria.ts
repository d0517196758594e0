import type { FastifyInstance, FastifyRequest } from 'fastify';
import { P } from '../../access/permissoes';
import type { Banco, Executor } from '../db';
import type { AcessoUsuario } from './acessoUsuario';
import { proibido } from './erros';
import { enviarLista, Filtro, lerLista } from './lista';
import { Type } from 'typebox';
import { operacao } from './contrato';
import { consultaAuditoria, EntradaAuditoria } from '../../contrato/acesso';
import { acessoDoPedido, concedenteDe, exigir } from './permissao';
import type { AcaoAuditoria, RecursoAuditoria } from '../../access/auditoria';

/**
 * The access audit trail (issue 18): every change to user links, access profiles and groups, and a
 * model's move to another content-control group, written in the same transaction as the change.
 */
export async function auditar(tx: Executor, autor: string, recurso: RecursoAuditoria, acao: AcaoAuditoria, alvo: string, antes: unknown, depois: unknown) {
  await tx.query('insert into auditoria_acesso (autor, recurso, acao, alvo, antes, depois) values ($1, $2, $3, $4, $5, $6)', [
    autor,
    recurso,
    acao,
    alvo,
    antes === null ? null : JSON.stringify(antes),
    depois === null ? null : JSON.stringify(depois),
  ]);
}

/** 403 with `motivo` (a delegation rule's pt-BR reason) when there is one. */
export function recusarSe(motivo: string | null) {
  if (motivo) throw proibido(motivo);
}

/** The caller as a granter, for src/access/delegacao.ts. */
export async function concedenteDoPedido(db: Executor, req: FastifyRequest) {
  return concedenteDe(await acessoDoPedido(db, req));
}

interface LinhaAuditoria {
  id: string;
  ocorrido_em: string;
  autor: string;
  recurso: RecursoAuditoria;
  acao: AcaoAuditoria;
  alvo: string;
  antes: unknown;
  depois: unknown;
}

/** GET /auditoria-acesso: administrators only (the trail names every grant in the console). */
export async function rotasAuditoria(api: FastifyInstance, db: Banco) {
  const soAdministrador = async (req: FastifyRequest) => {
    const a: AcessoUsuario = await acessoDoPedido(db, req);
    if (!a.administrador) throw proibido('Só administradores consultam a trilha de auditoria de acesso.');
  };
  api.get<{ Querystring: { recurso?: RecursoAuditoria[]; acao?: AcaoAuditoria[]; alvo?: string; autor?: string; page?: number; size?: number; sort?: string[] } }>(
    '/auditoria-acesso',
    {
      preValidation: [exigir(db, P.READ_VINCULOS_USUARIO), soAdministrador],
      schema: operacao({ id: 'listarAuditoriaAcesso', resumo: 'Trilha de auditoria de acesso', descricao: 'Só administradores: cada concessão e retirada de acesso, com o antes e o depois.', tag: 'Acesso', query: consultaAuditoria, resposta: { descricao: 'Uma página da trilha.', corpo: Type.Array(EntradaAuditoria), lista: true } }),
    },
    async (req, rep) => {
      const q = req.query;
      const l = lerLista(q, { ocorridoEm: 'a.ocorrido_em', autor: 'a.autor', alvo: 'a.alvo' }, 'a.ocorrido_em desc', 'a.id desc');
      const f = new Filtro();
      if (q.recurso?.length) f.add((p) => `a.recurso = any(${p(q.recurso)})`);
      if (q.acao?.length) f.add((p) => `a.acao = any(${p(q.acao)})`);
      if (q.alvo) f.add((p) => `a.alvo = ${p(q.alvo)}`);
      if (q.autor) f.add((p) => `a.autor = ${p(q.autor)}`);
      const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from auditoria_acesso a ${f.where}`, f.params);
      const linhas = await db.query<LinhaAuditoria>(`select a.id::text, a.ocorrido_em, a.autor, a.recurso, a.acao, a.alvo, a.antes, a.depois from auditoria_acesso a ${f.where} order by ${l.ordem} ${f.pagina(l)}`, f.params);
      return enviarLista(
        rep,
        linhas.map((r) => ({ id: r.id, ocorridoEm: new Date(r.ocorrido_em).toISOString(), autor: r.autor, recurso: r.recurso, acao: r.acao, alvo: r.alvo, antes: r.antes, depois: r.depois })),
        l,
        total,
      );
    },
  );
}
