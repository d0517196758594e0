import type { Banco, Executor } from '../db';
import { hashDoCodigo, novoCodigo } from '../codigos';
import { enfileirarEmail } from '../email/mensageiro';
import { STATUS_DA_PARTE, type ParteNova, type SituacaoParte } from '../../forms/etapas';
import type { StatusFormulario } from '../../forms/status';
import { ErroConfiguracao } from '../ambiente';

/**
 * A form's steps after the citizen's part (issue 46), moved on by whoever acts: the parties are written with the
 * form (all AGUARDANDO), then `avancar` opens the first step (its co-signers' links by e-mail, its deadline), and
 * each action opens the next when its step is complete, until the last approves (the form is delivered) or one
 * refuses or expires (never delivered). Every change is in one transaction with the form's row locked.
 */
export interface OpcoesEtapas {
  /** COASSINATURA_URL: the co-signer's page, `{codigo}` where the link's code goes. */
  link: (codigo: string) => string;
}

/** COASSINATURA_URL (default: the demo's citizen page on this server). */
export function opcoesEtapasDoAmbiente(env: NodeJS.ProcessEnv, urlPublica: string): OpcoesEtapas {
  const modelo = env.COASSINATURA_URL || `${urlPublica}/cidadao.html?coassinatura={codigo}`;
  if (!modelo.includes('{codigo}')) throw new ErroConfiguracao(`COASSINATURA_URL inválido: "${modelo}" (inclua {codigo} onde vai o código do link)`);
  return { link: (codigo) => modelo.replace('{codigo}', encodeURIComponent(codigo)) };
}


export const STATUS_EM_ETAPA: readonly StatusFormulario[] = ['AGUARDANDO_ASSINATURAS', 'EM_ANALISE'];

/** The parties' rows, as the send writes them in its statement (`jsonb_to_recordset` of this). */
export const partesEmJson = (partes: ParteNova[]) => JSON.stringify(partes.map((p) => ({ ordem: p.ordem, etapa: p.etapa, titulo: p.titulo, tipo: p.tipo, prazo_dias: p.prazoDias, nome: p.nome, email: p.email, cpf: p.cpf, grupo_controle_conteudo_id: p.grupo })));

export interface LinhaParte {
  id: string;
  formulario_id: string;
  ordem: number;
  etapa: string;
  titulo: string;
  tipo: 'COASSINATURA' | 'ANALISE';
  prazo_dias: number;
  nome: string | null;
  email: string | null;
  cpf: string | null;
  grupo_controle_conteudo_id: number | null;
  situacao: SituacaoParte;
  prazo_em: string | null;
  motivo: string | null;
  autor: string | null;
  agiu_em: string | null;
  aceite: Record<string, unknown> | null;
  tentativas: number;
}
export const COLUNAS_PARTE = 'p.id::text, p.formulario_id::text, p.ordem, p.etapa, p.titulo, p.tipo, p.prazo_dias, p.nome, p.email, p.cpf, p.grupo_controle_conteudo_id, p.situacao, p.prazo_em, p.motivo, p.autor, p.agiu_em, p.aceite, p.tentativas';

interface FormularioDoFluxo {
  id: string;
  status: StatusFormulario;
  codigo_servico: string;
  grupo_controle_conteudo_id: number;
  idioma: string;
}

export function criarFluxo(db: Banco, o: OpcoesEtapas & { emails: boolean; aoEntregar?: () => void }) {
  const evento = (tx: Executor, f: FormularioDoFluxo, tipo: string, autor: string, detalhes: Record<string, unknown>) =>
    tx.query('insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes) values ($1, $2, $3, $4, $5, $6)', [f.id, f.codigo_servico, f.grupo_controle_conteudo_id, tipo, autor, JSON.stringify(detalhes)]);

  /** The form locked for this transaction, with its parties in order (null: gone). */
  async function travar(tx: Executor, formularioId: string): Promise<{ f: FormularioDoFluxo; partes: LinhaParte[] } | null> {
    const [f] = await tx.query<FormularioDoFluxo>('select id::text, status, codigo_servico, grupo_controle_conteudo_id, idioma from formulario where id = $1 for update', [formularioId]);
    if (!f) return null;
    const partes = await tx.query<LinhaParte>(`select ${COLUNAS_PARTE} from formulario_parte p where p.formulario_id = $1 order by p.ordem, p.id for update`, [formularioId]);
    return { f, partes };
  }

  /** A co-signer's new link: its code's hash replaces the last one's, the e-mail carries the code (emptied once sent). */
  async function novoLink(tx: Executor, f: FormularioDoFluxo, p: LinhaParte, lembrete: boolean) {
    const codigo = novoCodigo();
    await tx.query('update formulario_parte set codigo_hash = $2 where id = $1', [p.id, hashDoCodigo(codigo)]);
    if (o.emails && p.email) await enfileirarEmail(tx, { formularioId: f.id, tipo: 'COASSINATURA', para: p.email, dados: { link: o.link(codigo), nome: p.nome, etapa: p.titulo, etapaId: p.etapa, prazoEm: p.prazo_em, lembrete, idioma: f.idioma } });
  }

  /**
   * Moves the form on after a change: opens its next step when the current one is complete (the co-signers' links
   * by e-mail, the team's notice, the deadline, the reminder day), or finishes it when none is left — APROVADO after
   * an analysis, RECEBIDO after co-signatures only — writing its delivery. Nothing while a party of the current step
   * may act, nor once the form was refused or expired.
   */
  async function avancar(tx: Executor, formularioId: string, travado?: { f: FormularioDoFluxo; partes: LinhaParte[] }) {
    const t = travado ?? (await travar(tx, formularioId));
    if (!t || !STATUS_EM_ETAPA.includes(t.f.status)) return;
    const { f, partes } = t;
    if (partes.some((p) => p.situacao === 'RECUSADO' || p.situacao === 'EXPIRADO')) return;
    // The steps of the version the form was sent with (frozen with it), by id: the reminder and whom to notify.
    const [v] = await tx.query<{ etapas: { id: string; lembreteDias?: number; notificar?: string }[] | null; destino: string | null }>(
      `select v.definicao->'etapas' as etapas, m.integracao_url as destino from formulario f join modelo m on m.codigo_servico = f.codigo_servico
         left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao where f.id = $1`,
      [f.id],
    );
    const abertas = partes.filter((p) => p.situacao === 'AGUARDANDO' || p.situacao === 'PENDENTE');
    if (!abertas.length) {
      const final: StatusFormulario = partes.at(-1)?.tipo === 'ANALISE' ? 'APROVADO' : 'RECEBIDO';
      await tx.query('update formulario set status = $2, atualizado_em = now() where id = $1', [f.id, final]);
      if (v?.destino) await tx.query('insert into retentativa_integracao (formulario_id, codigo_servico, grupo_controle_conteudo_id, destino, proxima_tentativa_em) values ($1, $2, $3, $4, now()) on conflict do nothing', [f.id, f.codigo_servico, f.grupo_controle_conteudo_id, v.destino]);
      await desfecho(tx, f, final);
      o.aoEntregar?.();
      return;
    }
    const ordem = abertas[0].ordem;
    if (abertas.some((p) => p.ordem === ordem && p.situacao === 'PENDENTE')) return;
    const etapa = v?.etapas?.find((e) => e.id === abertas[0].etapa);
    const abertasAgora = await tx.query<LinhaParte>(
      `update formulario_parte p set situacao = 'PENDENTE', prazo_em = now() + make_interval(days => p.prazo_dias),
              lembrete_em = case when $3::int is null then null else now() + make_interval(days => p.prazo_dias - $3::int) end
        where p.formulario_id = $1 and p.ordem = $2 returning ${COLUNAS_PARTE}`,
      [f.id, ordem, etapa?.lembreteDias ?? null],
    );
    const [primeira] = abertasAgora;
    const status = STATUS_DA_PARTE[primeira.tipo];
    await tx.query('update formulario set status = $2, atualizado_em = now() where id = $1', [f.id, status]);
    f.status = status;
    for (const p of abertasAgora) if (p.tipo === 'COASSINATURA') await novoLink(tx, f, p, false);
    const aviso = etapa?.notificar?.trim();
    if (o.emails && aviso) await enfileirarEmail(tx, { formularioId: f.id, tipo: 'ANALISE', para: aviso, dados: { etapa: primeira.titulo, prazoEm: primeira.prazo_em } });
    await evento(tx, f, 'ETAPA_INICIADA', 'sistema', { etapa: primeira.etapa, titulo: primeira.titulo, prazoEm: new Date(primeira.prazo_em!).toISOString(), partes: abertasAgora.length });
  }

  /** The citizen's e-mail with the outcome (approved, refused with the reason, expired), in the form's language. */
  async function desfecho(tx: Executor, f: FormularioDoFluxo, status: StatusFormulario, motivo?: string | null) {
    if (!o.emails) return;
    const [c] = await tx.query<{ para: string | null }>(`select coalesce((select e.para from envio_email e where e.formulario_id = $1 and e.tipo = 'CONFIRMACAO' limit 1), email_requerente) as para from formulario where id = $1`, [f.id]);
    if (c?.para) await enfileirarEmail(tx, { formularioId: f.id, tipo: 'DESFECHO', para: c.para, dados: { status, motivo: motivo ?? null } });
  }

  /** Refused (by a co-signer or an analysis) or expired: the form ends so, never delivered, the citizen told. */
  async function encerrar(tx: Executor, f: FormularioDoFluxo, status: 'RECUSADO' | 'EXPIRADO', motivo: string | null) {
    await tx.query('update formulario set status = $2, atualizado_em = now() where id = $1', [f.id, status]);
    // The others of the step will never act: back to not started, their links answering that the request is closed.
    await tx.query(`update formulario_parte set situacao = 'AGUARDANDO', prazo_em = null, lembrete_em = null where formulario_id = $1 and situacao = 'PENDENTE'`, [f.id]);
    f.status = status;
    await desfecho(tx, f, status, motivo);
  }

  /**
   * The sweep (with the retention job): steps past their deadline expire the form; co-signers who have not acted
   * by the reminder day get a new link; a form whose first step was never opened (the process stopped right after
   * the send) is opened.
   */
  async function varrer(lote = 100): Promise<number> {
    let feitos = 0;
    const vencidas = await db.query<{ formulario_id: string }>(`select distinct formulario_id::text from formulario_parte where situacao = 'PENDENTE' and prazo_em < now() limit $1`, [lote]);
    for (const { formulario_id } of vencidas) {
      await db.transacao(async (tx) => {
        const t = await travar(tx, formulario_id);
        if (!t || !STATUS_EM_ETAPA.includes(t.f.status)) return;
        const expiradas = await tx.query<{ etapa: string; titulo: string }>(`update formulario_parte set situacao = 'EXPIRADO' where formulario_id = $1 and situacao = 'PENDENTE' and prazo_em < now() returning etapa, titulo`, [formulario_id]);
        if (!expiradas.length) return;
        await evento(tx, t.f, 'EXPIRADO', 'sistema', { etapa: expiradas[0].etapa, titulo: expiradas[0].titulo, pendentes: expiradas.length });
        await encerrar(tx, t.f, 'EXPIRADO', null);
        feitos++;
      });
    }
    const lembrar = await db.query<{ id: string; formulario_id: string }>(`select id::text, formulario_id::text from formulario_parte where situacao = 'PENDENTE' and lembrete_em < now() limit $1`, [lote]);
    for (const l of lembrar) {
      await db.transacao(async (tx) => {
        const t = await travar(tx, l.formulario_id);
        const p = t?.partes.find((x) => x.id === l.id && x.situacao === 'PENDENTE');
        if (!t || !p) return;
        await tx.query('update formulario_parte set lembrete_em = null where id = $1', [p.id]);
        if (p.tipo === 'COASSINATURA') await novoLink(tx, t.f, p, true);
        feitos++;
      });
    }
    const paradas = await db.query<{ formulario_id: string }>(`select formulario_id::text from formulario_parte where ordem = 0 and situacao = 'AGUARDANDO' and criado_em < now() - interval '1 minute' limit $1`, [lote]);
    for (const { formulario_id } of paradas) {
      await db.transacao((tx) => avancar(tx, formulario_id));
      feitos++;
    }
    return feitos;
  }

  return { avancar, travar, evento, encerrar, varrer, novoLink };
}

export type Fluxo = ReturnType<typeof criarFluxo>;
