import type { Fluxo } from '../etapas/fluxo';
import type { Banco } from '../db';
import type { Definicao } from '../../forms/definicao';
import { camposPessoais, type Pessoais } from '../../forms/dadosPessoais';
import { chaveNoItem } from '../../forms/condicoes';
import { ehAnexo } from '../../forms/respostas';
import type { Anexos } from '../anexos/anexos';
import { criarLaco } from './laco';
import { numeroDoAmbiente } from '../ambiente';
import { apagarRascunhosExpirados } from '../api/rotas/rascunhos';
import { preencherExportacaoMascarada } from '../api/exportacao';
import { apagarHistoricoAntigo } from '../api/historicoModelo';

/**
 * The retention job (issue 13, LGPD): forms older than their model's retention period lose their
 * personal data — the personal answers (by the model version they were filled against) and the
 * requester columns are emptied, and an ANONIMIZADO event says which answers went. Status, dates and
 * model stay, so counters and analytics do not change (the counter trigger watches only those).
 * A batch is one transaction claimed with SKIP LOCKED: a process killed half way loses nothing and
 * leaves nothing half-done, and running it again (or in two processes) does each form once.
 * The same loop folds old counter slices, keeps the monthly partitions and makes the masked export's missing
 * cells (issue 19), and deletes expired drafts (issue 21).
 * Attachments (issue 15): those of personal fields are let go with the answers (marked in the same
 * transaction, their bytes deleted by the sweep that follows), and uploads no submission used are
 * removed once they are `orfaosHoras` old.
 */
export interface OpcoesRetencao {
  intervaloMs: number;
  lote: number;
  /** How old an upload no submission used must be before the sweep removes it. */
  orfaosHoras: number;
  /** How long a model's history is kept (issue 36; its last entries always stay); absent: 730 days. */
  historicoDias?: number;
}

export const RETENCAO_PADRAO: OpcoesRetencao = { intervaloMs: 3_600_000, lote: 500, orfaosHoras: 24, historicoDias: 730 };

/** A model's last entries of history, kept however old (a model untouched for years still shows its last changes). */
export const HISTORICO_SEMPRE = 20;

/** The answers without the personal ones (they become null), the names of those emptied and the attachments they held. */
export function semDadosPessoais(d: Definicao | null, respostas: Record<string, unknown>, pessoais: Pessoais = camposPessoais(d)): { respostas: Record<string, unknown>; apagadas: string[]; anexos: string[] } {
  const apagadas: string[] = [];
  const anexos: string[] = [];
  const saida: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(respostas)) {
    const tipo = pessoais.get(k);
    if (tipo === undefined) saida[k] = v;
    else if (typeof tipo !== 'string') {
      // A repeating section (issue 21): its items keep what is not personal; the names say which item.
      saida[k] = Array.isArray(v)
        ? v.map((item, i) => {
            if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
            const r = semDadosPessoais(null, item as Record<string, unknown>, tipo);
            apagadas.push(...r.apagadas.map((c) => chaveNoItem(k, i, c)));
            anexos.push(...r.anexos);
            return r.respostas;
          })
        : v;
    } else {
      if (v !== null && v !== undefined) {
        apagadas.push(k);
        if (ehAnexo(v)) anexos.push(v.anexo);
      }
      saida[k] = null;
    }
  }
  return { respostas: saida, apagadas, anexos };
}

export function criarRetencao(db: Banco, o: OpcoesRetencao, anexos?: Pick<Anexos, 'removerOrfaos'>, fluxo?: Pick<Fluxo, 'varrer'>) {
  /** One batch: resolves how many forms it anonymised. */
  async function rodada(): Promise<number> {
    return db.transacao(async (tx) => {
      const linhas = await tx.query<{ id: string; codigo_servico: string; grupo_controle_conteudo_id: number; respostas: Record<string, unknown>; definicao: Definicao | null }>(
        `select f.id::text, f.codigo_servico, f.grupo_controle_conteudo_id, f.respostas, v.definicao
           from formulario f join modelo m on m.codigo_servico = f.codigo_servico
           left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao
          where f.anonimizado_em is null and m.retencao_dias is not null
            and f.recebido_em < now() - make_interval(days => m.retencao_dias)
          order by f.recebido_em limit $1 for update of f skip locked`,
        [o.lote],
      );
      if (!linhas.length) return 0;
      const feitos = linhas.map((l) => ({ ...l, ...semDadosPessoais(l.definicao, l.respostas ?? {}) }));
      await tx.query(
        `update formulario f set respostas = d.respostas::jsonb, cpf_requerente = null, nome_requerente = null, email_requerente = null, anonimizado_em = now(), assinatura = f.assinatura - 'nome' - 'cpf'
           from unnest($1::bigint[], $2::text[]) as d(id, respostas) where f.id = d.id`,
        [feitos.map((f) => f.id), feitos.map((f) => JSON.stringify(f.respostas))],
      );
      await tx.query(
        `insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
         select d.id, d.codigo, d.grupo, 'ANONIMIZADO', 'retencao', jsonb_build_object('respostasApagadas', d.apagadas::jsonb)
           from unnest($1::bigint[], $2::text[], $3::int[], $4::text[]) as d(id, codigo, grupo, apagadas)`,
        [feitos.map((f) => f.id), feitos.map((f) => f.codigo_servico), feitos.map((f) => f.grupo_controle_conteudo_id), feitos.map((f) => JSON.stringify(f.apagadas))],
      );
      // The receipt the citizen signed (issue 44) holds the answers and the signer: it goes with them.
      await tx.query('delete from comprovante_assinado where formulario_id = any($1::bigint[])', [feitos.map((f) => f.id)]);
      // The parties of the steps after sending (issue 46): who they were, their login and their signed document go too;
      // what each did and when stays (the form's story).
      await tx.query(
        `update formulario_parte set nome = null, email = null, cpf = null, pdf_assinado = null, codigo_hash = null,
                aceite = case when aceite is null then null else aceite - 'cpf' - 'loginNome' - 'origem' - 'govbr' end
          where formulario_id = any($1::bigint[])`,
        [feitos.map((f) => f.id)],
      );
      const descartados = feitos.flatMap((f) => f.anexos);
      if (descartados.length) await tx.query('update anexo set formulario_id = null, descartado_em = now() where id = any($1::uuid[]) and formulario_id = any($2::bigint[])', [descartados, feitos.map((f) => f.id)]);
      return feitos.length;
    });
  }

  /** The sweep: attachments let go and old unused uploads, their bytes and rows; resolves how many went. */
  const limparAnexos = async () => (anexos ? anexos.removerOrfaos(new Date(Date.now() - o.orfaosHoras * 3_600_000), o.lote) : 0);

  /** Folds the counters' slices of days before yesterday (issue 19, migration 015); resolves how many rows it wrote. */
  const compactarContadores = async () => Number((await db.query<{ n: number }>('select compactar_contadores(dia_sao_paulo(now()) - 1, $1) as n', [o.lote * 10]))[0].n);

  /** This month's partitions and the next three, and any month found in a default partition (migration 018); resolves how many it created. */
  const manterParticoes = async () => Number((await db.query<{ n: number }>('select manter_particoes() as n'))[0].n);

  /**
   * Drafts past their expiry (issue 21), e-mail jobs finished over 30 days ago (their address is personal data; the
   * form's events keep that it was sent), submissions that waited for a gov.br signature over a day ago (issue 44:
   * their answers), verification codes two days old (issue 45: their address or number; a proof lasts 24 hours) and
   * the codes' events after 180 days (masked values and client addresses); resolves how many rows went.
   */
  const limparRascunhosEEmails = async () => {
    const rascunhos = await apagarRascunhosExpirados(db, o.lote);
    const emails = await db.query(`delete from envio_email where id in (select id from envio_email where status in ('ENVIADO', 'ESGOTADO') and criado_em < now() - interval '30 days' limit $1) returning id`, [o.lote]);
    const assinaturas = await db.query(`delete from assinatura_pendente where id in (select id from assinatura_pendente where criada_em < now() - interval '1 day' limit $1) returning id`, [o.lote]);
    const codigos = await db.query(`delete from verificacao_contato where id in (select id from verificacao_contato where ultimo_envio_em < now() - interval '2 days' limit $1) returning id`, [o.lote]);
    const eventos = await db.query(`delete from verificacao_evento where id in (select id from verificacao_evento where ocorrido_em < now() - interval '180 days' limit $1) returning id`, [o.lote]);
    return Math.max(rascunhos, emails.length, assinaturas.length, codigos.length, eventos.length);
  };

  /** The masked export's cells of forms without them (migration 020: rows from before it, data changed since); resolves how many it made. */
  const preencherExportacao = async () => (await preencherExportacaoMascarada(db, { lote: o.lote })).feitos;

  /** Models' history older than `historicoDias` (their last HISTORICO_SEMPRE entries stay); resolves how many went. */
  const limparHistorico = () => apagarHistoricoAntigo(db, o.historicoDias ?? RETENCAO_PADRAO.historicoDias!, HISTORICO_SEMPRE, o.lote);

  // The steps after sending (issue 46): deadlines, reminders, a first step never opened.
  const varrerEtapas = async () => (fluxo ? fluxo.varrer(o.lote) : 0);
  const laco = criarLaco('retencao', async () => Math.max(await rodada(), await varrerEtapas(), await limparRascunhosEEmails(), await limparAnexos(), await compactarContadores(), await manterParticoes(), await preencherExportacao(), await limparHistorico()), o);
  return { rodada, varrerEtapas, limparAnexos, limparRascunhosEEmails, compactarContadores, manterParticoes, preencherExportacao, limparHistorico, iniciar: laco.iniciar, parar: laco.parar };
}

export type Retencao = ReturnType<typeof criarRetencao>;

/** RETENCAO_INTERVALO_MS, RETENCAO_LOTE, ANEXOS_ORFAOS_HORAS, MODELO_HISTORICO_DIAS. */
export function opcoesRetencaoDoAmbiente(env: NodeJS.ProcessEnv): OpcoesRetencao {
  const num = (nome: string, padrao: number) => numeroDoAmbiente(env, nome, padrao, { minimo: 1, inteiro: true });
  return { intervaloMs: num('RETENCAO_INTERVALO_MS', RETENCAO_PADRAO.intervaloMs), lote: num('RETENCAO_LOTE', RETENCAO_PADRAO.lote), orfaosHoras: num('ANEXOS_ORFAOS_HORAS', RETENCAO_PADRAO.orfaosHoras), historicoDias: num('MODELO_HISTORICO_DIAS', RETENCAO_PADRAO.historicoDias!) };
}
