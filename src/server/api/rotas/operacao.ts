import { emIngles, pedeIngles } from '../emIngles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { P } from '../../../access/permissoes';
import { nomeDaConsulta, umPlano, type Banco, type Executor } from '../../db';
import { conflito, naoEncontrado, proibido } from '../erros';
import { enviarLista, Filtro, lerLista } from '../lista';
import { Type } from 'typebox';
import { documentarComo, parametros } from '../contrato';
import { IdLongo } from '../../../contrato/comum';
import { Analitico, consultaAnalitico, consultaEventos, consultaRetentativas, CorpoDescarte, CorpoLote, Evento, ResultadoLote, Retentativa } from '../../../contrato/formularios';

const doc = documentarComo('Operação');
import { acessoDoPedido, exigir, gruposDoEscopo } from '../permissao';
import { contadoresDoDia, diasDosFormularios, filtroContadores, periodo, vePessoais } from './formularios';
import { valorPix } from '../../../forms/taxa';
import { ORCAMENTO_SMS_PADRAO } from '../../../forms/verificacao';
import { MES_DO_ORCAMENTO_SQL } from './verificacoes';
import { lerDe } from '../../leitura';
import { ordemNoTempo, periodoNosContadores, paginaNoTempo, totalPorContadores, type ListaNoTempo } from '../salto';
import { mascararDetalhes, mascararTexto } from '../../../forms/dadosPessoais';
import { RETENTATIVA_REEXECUTAVEL } from '../../../forms/status';
import { serieDosContadores, type DiaDaSerie } from '../serieDiaria';
import { resumoDaJornada, type ContagemJornada, type EventoJornada } from '../../../forms/jornada';
import type { Definicao } from '../../../forms/definicao';

/** Analytics, form events and integration retries (with their manual actions). */

/**
 * The protocols of a page's forms, filled in after the page is read: one statement of fixed text, planned once
 * per connection. Joined in the page's query, the partitioned forms (found by id: no partition can be left out)
 * were planned on every call, ~2 ms of an events page.
 */
async function comProtocolo<T extends { formulario_id: string | null }>(db: Executor, linhas: T[]): Promise<(T & { protocolo: string | null })[]> {
  const ids = [...new Set(linhas.flatMap((l) => (l.formulario_id === null ? [] : [l.formulario_id])))];
  // Planned once (umPlano), not over every monthly partition on each call (bind 0.89 ms at ten million forms).
  const sql = 'select id::text, protocolo from formulario where id = any($1::bigint[])';
  const protocolos = new Map(ids.length ? (await db.query<{ id: string; protocolo: string }>(sql, [ids], umPlano(sql))).map((r) => [r.id, r.protocolo]) : []);
  return linhas.map((l) => ({ ...l, protocolo: l.formulario_id === null ? null : (protocolos.get(l.formulario_id) ?? null) }));
}

export async function rotasOperacao(api: FastifyInstance, db: Banco, aoMarcar?: () => void) {
  const escopoDe = async (req: FastifyRequest) => gruposDoEscopo(await acessoDoPedido(db, req));

  /**
   * Each model's counts per status in a period: whole months from the monthly counters, the days at the edges added
   * from the daily ones or, when fewer, taken away from the edge's whole month (periodoNosContadores): a year reads ~12
   * rows per model and status instead of ~365, and this month so far its month less the days still to come.
   */
  async function totaisPorModelo(q: { de?: string; ate?: string; modelo?: string[] }, escopo: number[] | null, ler: Executor) {
    const p = periodoNosContadores(q.de, q.ate);
    const c = filtroContadores({ modelo: q.modelo }, escopo);
    const e = c.where ? `${c.where} and` : 'where';
    const dias = (sinal: string) => ([a, b]: [string, string]) => `select c.codigo_servico, c.status, ${sinal}c.quantidade from contador_formulario_dia c ${e} c.dia between ${c.param(a, 'date')} and ${c.param(b, 'date')}`;
    const partes = [
      ...(p.meses ? [`select c.codigo_servico, c.status, c.quantidade from contador_formulario_mes c ${e} c.mes between ${c.param(p.meses.primeiro, 'date')} and ${c.param(p.meses.ultimo, 'date')}`] : []),
      ...p.somar.map(dias('')),
      ...p.subtrair.map(dias('-')),
    ];
    // Summed by model and status first (a hash of two short keys), then named: grouping by the name as well sorted
    // every counter row by three texts (~1 ms of a year's ~1,500 rows).
    const sql = `select x.codigo_servico, m.nome, x.status, x.n::text as n
       from (select x.codigo_servico, x.status, sum(x.quantidade) as n from (${partes.join(' union all ')}) x group by 1, 2 having sum(x.quantidade) > 0) x
       join modelo m on m.codigo_servico = x.codigo_servico`;
    return ler.query<{ codigo_servico: string; nome: string; status: string; n: string }>(sql, c.params, umPlano(sql));
  }

  /** The citizen's journey per model in the period (issue 21), from its anonymous counters; the pages are the latest version's. */
  async function jornadaDoPeriodo(q: { de?: string; ate?: string; modelo?: string[] }, escopo: number[] | null, ler: Executor) {
    const f = new Filtro();
    if (q.modelo?.length) f.add((p) => `c.codigo_servico = any(${p(q.modelo)})`);
    if (q.de) f.add((p) => `c.dia >= ${p(q.de)}::date`);
    if (q.ate) f.add((p) => `c.dia <= ${p(q.ate)}::date`);
    // Summed by model, event and page first, then named; the model's definition (the page titles) comes once per
    // model, not in every row nor among what is grouped (a definition is tens of KB of jsonb).
    const sql = `select c.codigo_servico, m.nome, case when row_number() over (partition by c.codigo_servico) = 1 then v.definicao end as definicao, c.evento, c.pagina, c.n
         from (select c.codigo_servico, c.evento, c.pagina, sum(c.quantidade)::text as n from contador_jornada c ${f.where} group by 1, 2, 3) c
         join modelo m on m.codigo_servico = c.codigo_servico
         left join modelo_versao v on v.codigo_servico = m.codigo_servico and v.numero = m.ultima_versao
         ${escopo ? `where m.grupo_controle_conteudo_id = any($${f.params.push(escopo)})` : ''}`;
    const linhas = await ler.query<{ codigo_servico: string; nome: string; definicao: Definicao | null; evento: EventoJornada; pagina: string; n: string }>(sql, f.params, nomeDaConsulta(sql));
    const porModelo = new Map<string, { nome: string; definicao: Definicao | null; c: ContagemJornada }>();
    for (const l of linhas) {
      const m = porModelo.get(l.codigo_servico) ?? { nome: l.nome, definicao: null, c: { INICIADO: 0, RASCUNHO: 0, ENVIADO: 0, paginas: {} } };
      if (l.definicao) m.definicao = l.definicao;
      if (l.evento === 'PAGINA') m.c.paginas[l.pagina] = Number(l.n);
      else m.c[l.evento] = Number(l.n);
      porModelo.set(l.codigo_servico, m);
    }
    return [...porModelo].filter(([, m]) => m.c.INICIADO > 0).map(([codigoServico, m]) => ({ codigoServico, nome: m.nome, ...resumoDaJornada(m.definicao, m.c) })).sort((a, b) => b.iniciados - a.iniciados || a.codigoServico.localeCompare(b.codigoServico));
  }

  /**
   * The daily series, as the response has it (`[{total, porStatus, dia}]`, days with forms, statuses by name). PostgreSQL
   * sends the counter rows as one text ("day status count", the day as days since 2000-01-01) and they are summed into
   * days here: a year is ~1,100 rows, and summing them per day there with one filtered sum per status and writing
   * the JSON cost ~2 ms (numeric sums, dates and numbers written as text), against ~0.4 ms for the text and well
   * under 0.1 ms for the sums here; read as rows through the driver they cost ~2 ms too. The whole console's (an
   * administrator, no model filter) reads the folded days from the per-day totals over all models (migration 019)
   * plus the counter rows not folded yet; anything narrower reads the daily counters.
   */
  async function serieDiaria(q: { de?: string; ate?: string; modelo?: string[] }, escopo: number[] | null, ler: Executor): Promise<DiaDaSerie[]> {
    const c = filtroContadores(q, escopo);
    // Without a model filter, the days' totals (the console's or its groups': diasDosFormularios).
    const linhas = `select c.dia, c.status, c.quantidade from ${q.modelo?.length ? 'contador_formulario_dia' : diasDosFormularios(!!escopo)} c ${c.where}`;
    const sql = `select string_agg((c.dia - date '2000-01-01') || ' ' || c.status || ' ' || c.quantidade, ',') as linhas from (${linhas}) c`;
    const [{ linhas: texto }] = await ler.query<{ linhas: string | null }>(sql, c.params, umPlano(sql));
    return serieDosContadores(texto);
  }

  /** The models with a limit of answers (issue 36) and how many they took since ever: the count the limit is checked against. */
  async function limitesDeRespostas(q: { modelo?: string[] }, escopo: number[] | null, ler: Executor) {
    const f = new Filtro();
    f.add(() => 'm.limite_respostas is not null');
    if (escopo) f.add((p) => `m.grupo_controle_conteudo_id = any(${p(escopo)})`);
    if (q.modelo?.length) f.add((p) => `m.codigo_servico = any(${p(q.modelo)})`);
    const sql = `select m.codigo_servico, m.nome, m.respostas_recebidas, m.limite_respostas from modelo m ${f.where} order by m.nome`;
    const linhas = await ler.query<{ codigo_servico: string; nome: string; respostas_recebidas: number; limite_respostas: number }>(sql, f.params, nomeDaConsulta(sql));
    return linhas.map((m) => ({ codigoServico: m.codigo_servico, nome: m.nome, recebidas: Number(m.respostas_recebidas), limite: Number(m.limite_respostas) }));
  }

  /** The fees received by Pix (issue 38) in the period, per model and São Paulo day of the payment. */
  async function recebimentosPix(q: { de?: string; ate?: string; modelo?: string[] }, escopo: number[] | null, ler: Executor) {
    const f = new Filtro();
    f.add(() => `c.status = 'PAGA'`);
    if (escopo) f.add((p) => `m.grupo_controle_conteudo_id = any(${p(escopo)})`);
    if (q.modelo?.length) f.add((p) => `c.codigo_servico = any(${p(q.modelo)})`);
    periodo(f, 'c.pago_em', q.de, q.ate);
    const sql = `select c.codigo_servico, m.nome, to_char(c.pago_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia, count(*)::int as n, sum(c.valor_centavos)::text as centavos, sum(c.devolvido_centavos)::text as devolvido
         from cobranca_pix c join modelo m on m.codigo_servico = c.codigo_servico ${f.where} group by 1, 2, 3 order by 3 desc, 2`;
    const linhas = await ler.query<{ codigo_servico: string; nome: string; dia: string; n: number; centavos: string; devolvido: string }>(sql, f.params, nomeDaConsulta(sql));
    return linhas.map((l) => ({ codigoServico: l.codigo_servico, nome: l.nome, dia: l.dia, pagamentos: l.n, valor: valorPix(Number(l.centavos)), devolvido: valorPix(Number(l.devolvido)) }));
  }

  /**
   * Verified contact (issue 45) in the period, per model and channel: codes sent, confirmed, wrong or blocked tries,
   * and sends refused (a wait, a limit, the SMS budget); with each SMS model's count this month against its budget.
   */
  async function codigosDeVerificacao(q: { de?: string; ate?: string; modelo?: string[] }, escopo: number[] | null, ler: Executor) {
    const f = new Filtro();
    if (escopo) f.add((p) => `m.grupo_controle_conteudo_id = any(${p(escopo)})`);
    if (q.modelo?.length) f.add((p) => `v.codigo_servico = any(${p(q.modelo)})`);
    periodo(f, 'v.ocorrido_em', q.de, q.ate);
    const sql = `select m.codigo_servico, m.nome, v.canal,
              count(*) filter (where v.tipo = 'ENVIADO')::int as enviados,
              count(*) filter (where v.tipo = 'CONFIRMADO')::int as confirmados,
              count(*) filter (where v.tipo in ('CODIGO_ERRADO', 'BLOQUEADO', 'EXPIRADO'))::int as errados,
              count(*) filter (where v.tipo = 'RECUSADO')::int as recusados,
              case when v.canal = 'SMS' then coalesce((select o.enviados from orcamento_sms o where o.codigo_servico = m.codigo_servico and o.mes = ${MES_DO_ORCAMENTO_SQL}), 0) end as sms_no_mes,
              -- The budget the sends are held to: the published version's (a draft's new one is not in force yet).
              case when v.canal = 'SMS' then coalesce((select (mv.definicao->'verificacao'->>'smsPorMes')::int from modelo_versao mv where mv.codigo_servico = m.codigo_servico and mv.numero = m.ultima_versao), ${ORCAMENTO_SMS_PADRAO}) end as orcamento
         from verificacao_evento v join modelo m on m.codigo_servico = v.codigo_servico ${f.where}
        group by m.codigo_servico, v.canal order by m.nome, v.canal`;
    const linhas = await ler.query<{ codigo_servico: string; nome: string; canal: 'EMAIL' | 'SMS'; enviados: number; confirmados: number; errados: number; recusados: number; sms_no_mes: number | null; orcamento: number | null }>(sql, f.params, nomeDaConsulta(sql));
    return linhas.map((l) => ({ codigoServico: l.codigo_servico, nome: l.nome, canal: l.canal, enviados: l.enviados, confirmados: l.confirmados, errados: l.errados, recusados: l.recusados, ...(l.canal === 'SMS' ? { smsNoMes: Number(l.sms_no_mes), orcamentoSms: Number(l.orcamento) } : {}) }));
  }

  /** Per model: totals, counts per status, failure rate; and the daily series. Only counters are read. */
  api.get<{ Querystring: { de?: string; ate?: string; modelo?: string[] } }>(
    '/analitico-formularios',
    { preValidation: exigir(db, P.READ_FORMULARIO), schema: doc('analiticoFormularios', 'Analítico de formulários', { descricao: 'Totais por modelo e por status, taxa de falha de integração e a série diária do período (dias de São Paulo). Lê só contadores.', query: consultaAnalitico, resposta: { descricao: 'Os números do período.', corpo: Analitico } }) },
    async (req) => {
      const escopo = await escopoDe(req);
      // Counters only: a replica's (issue 47), when there is one caught up.
      const ler = lerDe(db, req.chamador?.username);
      const [porModelo, porDia, jornada, limites, recebimentos, verificacoes] = await Promise.all([
        totaisPorModelo(req.query, escopo, ler),
        serieDiaria(req.query, escopo, ler),
        jornadaDoPeriodo(req.query, escopo, ler),
        limitesDeRespostas(req.query, escopo, ler),
        recebimentosPix(req.query, escopo, ler),
        codigosDeVerificacao(req.query, escopo, ler),
      ]);
      const modelos = new Map<string, { codigoServico: string; nome: string; total: number; porStatus: Record<string, number>; taxaFalhaIntegracao: number }>();
      for (const r of porModelo) {
        const m = modelos.get(r.codigo_servico) ?? { codigoServico: r.codigo_servico, nome: r.nome, total: 0, porStatus: {}, taxaFalhaIntegracao: 0 };
        m.porStatus[r.status] = Number(r.n);
        m.total += Number(r.n);
        modelos.set(r.codigo_servico, m);
      }
      for (const m of modelos.values()) m.taxaFalhaIntegracao = m.total ? +((m.porStatus.FALHA_INTEGRACAO ?? 0) / m.total).toFixed(4) : 0;
      const lista = [...modelos.values()].sort((a, b) => b.total - a.total || a.codigoServico.localeCompare(b.codigoServico));
      return { total: lista.reduce((n, m) => n + m.total, 0), modelos: lista, serieDiaria: porDia, jornada, limites, recebimentos, verificacoes };
    },
  );

  /**
   * The events list, for its deep pages (salto.ts): by time, counted per day and month (migrations 011, 021), per hour
   * (034), per hour and group (035) and per day and group (036).
   * Console-wide events (an export with personal data, a data-subject report) have no model and no form.
   */
  const EVENTOS: ListaNoTempo = {
    tabela: 'formulario_evento e',
    quando: 'e.ocorrido_em',
    id: 'e.id',
    select: `select e.id::text, e.formulario_id::text, e.codigo_servico, mo.nome as modelo_nome, e.tipo, e.ocorrido_em, e.autor, e.detalhes
               from formulario_evento e left join modelo mo on mo.codigo_servico = e.codigo_servico`,
    contadorDia: 'contador_evento_dia',
    contadorMes: 'contador_evento_mes',
    porHora: { hora: 'contador_evento_hora', horaGrupo: 'contador_evento_hora_grupo', diaGrupo: 'contador_evento_dia_grupo' },
  };
  type LinhaEvento = { id: string; formulario_id: string | null; codigo_servico: string | null; modelo_nome: string | null; tipo: string; ocorrido_em: string; autor: string; detalhes: unknown };

  api.get<{ Querystring: { modelo?: string[]; formulario?: number; protocolo?: string; tipo?: string[]; de?: string; ate?: string; page?: number; size?: number; sort?: string[] } }>(
    '/formularios-eventos',
    {
      preValidation: exigir(db, P.READ_FORMULARIO_EVENTO),
      schema: doc('listarEventos', 'Lista eventos de formulários', { descricao: 'Os eventos do console todo (exportações com dados pessoais, relatórios do titular) aparecem só para administradores.', query: consultaEventos, resposta: { descricao: 'Uma página de eventos.', corpo: Type.Array(Evento), lista: true } }),
    },
    async (req, rep) => {
      const q = req.query;
      const l = lerLista(q, { ocorridoEm: 'e.ocorrido_em', tipo: 'e.tipo', modelo: 'e.codigo_servico' }, 'e.ocorrido_em desc', 'e.id desc');
      const f = new Filtro();
      const escopo = await escopoDe(req);
      if (escopo) f.add((p) => `e.grupo_controle_conteudo_id = any(${p(escopo)})`);
      if (q.modelo?.length) f.add((p) => `e.codigo_servico = any(${p(q.modelo)})`);
      if (q.formulario) f.add((p) => `e.formulario_id = ${p(q.formulario)}`);
      if (q.protocolo) f.add((p) => `e.formulario_id = (select id from formulario where protocolo = ${p(q.protocolo!.trim())})`);
      if (q.tipo?.length) f.add((p) => `e.tipo = any(${p(q.tipo)})`);
      periodo(f, 'e.ocorrido_em', q.de, q.ate);
      // One form's events (by id or protocol) are few and indexed: counted, and paged with an offset.
      // Everything else sums the counters (whole months without a period), and a deep page starts from its day.
      const umFormulario = !!(q.formulario || q.protocolo);
      const ler = lerDe(db, req.chamador?.username);
      const contadores = (p: { de?: string; ate?: string }) => {
        const c = contadoresDoDia({ modelo: q.modelo, ...p }, escopo);
        if (q.tipo?.length) c.add((x) => `c.tipo = any(${x(q.tipo, 'text[]')})`);
        return c;
      };
      const total = async () =>
        umFormulario ? Number((await ler.query<{ n: string }>(`select count(*)::text as n from formulario_evento e ${f.where}`, f.params))[0].n) : totalPorContadores(ler, EVENTOS, contadores, q);
      const [n, linhas, clara] = await Promise.all([
        total(),
        paginaNoTempo<LinhaEvento>(ler, EVENTOS, { filtro: f, pedido: l, desc: ordemNoTempo(q.sort, 'ocorridoEm'), de: q.de, ate: q.ate, contadores: umFormulario ? null : contadores, soEscopo: escopo }).then((p) => comProtocolo(ler, p)),
        vePessoais(db, req),
      ]);
      const saida = linhas.map((e) => ({
        id: Number(e.id),
        formularioId: e.formulario_id === null ? null : Number(e.formulario_id),
        protocolo: e.protocolo,
        codigoServico: e.codigo_servico,
        modeloNome: e.modelo_nome,
        tipo: e.tipo,
        ocorridoEm: e.ocorrido_em,
        autor: e.autor,
        detalhes: clara ? e.detalhes : mascararDetalhes(e.detalhes),
      }));
      return enviarLista(rep, saida, l, n);
    },
  );

  interface FiltrosRetentativa {
    modelo?: string[];
    status?: string[];
    de?: string;
    ate?: string;
  }
  const filtroRetentativas = (q: FiltrosRetentativa, escopo: number[] | null) => {
    const f = new Filtro();
    if (escopo) f.add((p) => `r.grupo_controle_conteudo_id = any(${p(escopo)})`);
    if (q.modelo?.length) f.add((p) => `r.codigo_servico = any(${p(q.modelo)})`);
    if (q.status?.length) f.add((p) => `r.status = any(${p(q.status)})`);
    periodo(f, 'r.criado_em', q.de, q.ate);
    return f;
  };
  /** A retry as the API answers it; free texts (last error, discard reason) masked unless `clara` (issue 13). */
  const saidaRetentativa = (r: Record<string, unknown>, clara: boolean, ingles: boolean) => ({
    id: Number(r.id),
    formularioId: Number(r.formulario_id),
    protocolo: r.protocolo,
    codigoServico: r.codigo_servico,
    modeloNome: r.modelo_nome,
    destino: r.destino,
    tentativas: r.tentativas,
    proximaTentativaEm: r.proxima_tentativa_em,
    ultimoStatusHttp: r.ultimo_status_http,
    // The reason in the console's language (issue 37): written in Portuguese by the worker, said in English here.
    ultimoErro: r.ultimo_erro && (ingles ? emIngles : (x: string) => x)(clara ? String(r.ultimo_erro) : mascararTexto(String(r.ultimo_erro))),
    status: r.status,
    motivoDescarte: r.motivo_descarte && (clara ? r.motivo_descarte : mascararTexto(String(r.motivo_descarte))),
    criadoEm: r.criado_em,
    atualizadoEm: r.atualizado_em,
  });
  const SELECT_R = 'select r.*, r.id::text as id, r.formulario_id::text as formulario_id, fo.protocolo, mo.nome as modelo_nome from retentativa_integracao r join formulario fo on fo.id = r.formulario_id join modelo mo on mo.codigo_servico = r.codigo_servico';
  /** The retries list, for its deep pages (salto.ts): by creation, counted per day and month (migrations 011, 021); protocols after (comProtocolo). */
  const RETENTATIVAS: ListaNoTempo = {
    tabela: 'retentativa_integracao r',
    quando: 'r.criado_em',
    id: 'r.id',
    select: 'select r.*, r.id::text as id, r.formulario_id::text as formulario_id, mo.nome as modelo_nome from retentativa_integracao r join modelo mo on mo.codigo_servico = r.codigo_servico',
    contadorDia: 'contador_retentativa_dia',
    contadorMes: 'contador_retentativa_mes',
  };

  api.get<{ Querystring: FiltrosRetentativa & { page?: number; size?: number; sort?: string[] } }>(
    '/retentativas-integracao',
    { preValidation: exigir(db, P.READ_RETENTATIVA_INTEGRACAO), schema: doc('listarRetentativas', 'Lista retentativas de integração', { query: consultaRetentativas, resposta: { descricao: 'Uma página de retentativas.', corpo: Type.Array(Retentativa), lista: true } }) },
    async (req, rep) => {
      const l = lerLista(req.query, { criadoEm: 'r.criado_em', proximaTentativaEm: 'r.proxima_tentativa_em', tentativas: 'r.tentativas', status: 'r.status' }, 'r.criado_em desc', 'r.id desc');
      const escopo = await escopoDe(req);
      const f = filtroRetentativas(req.query, escopo);
      const q = req.query;
      // The retries' counters have the forms' columns (model, status, group, day): the same filter.
      const contadores = (p: { de?: string; ate?: string }) => filtroContadores({ ...q, ...p }, escopo);
      const ler = lerDe(db, req.chamador?.username);
      const [n, linhas, clara] = await Promise.all([
        totalPorContadores(ler, RETENTATIVAS, contadores, q),
        paginaNoTempo<Record<string, unknown> & { formulario_id: string }>(ler, RETENTATIVAS, { filtro: f, pedido: l, desc: ordemNoTempo(q.sort, 'criadoEm'), de: q.de, ate: q.ate, contadores }).then((p) => comProtocolo(ler, p)),
        vePessoais(db, req),
      ]);
      return enviarLista(rep, linhas.map((r) => saidaRetentativa(r, clara, pedeIngles(req.headers['accept-language']))), l, n);
    },
  );

  const ELEGIVEIS: string[] = [...RETENTATIVA_REEXECUTAVEL];
  async function marcarParaAgora(tx: Executor, ids: string[], autor: string) {
    await tx.query(`update retentativa_integracao set status = 'PENDENTE', proxima_tentativa_em = now(), atualizado_em = now(), versao = versao + 1 where id = any($1::bigint[])`, [ids]);
    await tx.query(
      `insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
       select formulario_id, codigo_servico, grupo_controle_conteudo_id, 'RETENTATIVA_MANUAL', $2, jsonb_build_object('retentativa', id) from retentativa_integracao where id = any($1::bigint[])`,
      [ids, autor],
    );
  }
  async function retentativaDoChamador(tx: Executor, req: FastifyRequest, id: number) {
    const [r] = await tx.query<Record<string, unknown>>(`${SELECT_R} where r.id = $1 for update of r`, [id]);
    if (!r) throw naoEncontrado('Retentativa não encontrada.');
    const escopo = await escopoDe(req);
    if (escopo && !escopo.includes(r.grupo_controle_conteudo_id as number)) throw proibido('Esta retentativa pertence a um grupo de controle de conteúdo que não é o seu.');
    return r;
  }
  const paramsId = parametros({ id: IdLongo() });

  api.post<{ Params: { id: number } }>('/retentativas-integracao/:id/execucoes', { preValidation: exigir(db, P.UPDATE_RETENTATIVA_INTEGRACAO), schema: doc('executarRetentativa', 'Tenta entregar de novo agora', { descricao: 'A retentativa volta à fila para agora (evento RETENTATIVA_MANUAL); o entregador a executa em seguida.', params: paramsId, resposta: { status: 202, descricao: 'Na fila.', corpo: Retentativa }, erros: [404, 409], porque: { 409: 'Conflito: a retentativa já foi concluída, descartada ou está em execução.' } }) }, async (req, rep) => {
    const r = await db.transacao(async (tx) => {
      const r = await retentativaDoChamador(tx, req, req.params.id);
      if (!ELEGIVEIS.includes(r.status as string)) throw conflito(r.status === 'DESCARTADA' ? 'Uma retentativa descartada não é mais executada.' : r.status === 'SUCESSO' ? 'Esta integração já foi concluída com sucesso.' : 'Esta retentativa já está em execução.');
      await marcarParaAgora(tx, [String(r.id)], req.chamador!.username);
      return saidaRetentativa((await tx.query<Record<string, unknown>>(`${SELECT_R} where r.id = $1`, [req.params.id]))[0], false, pedeIngles(req.headers['accept-language']));
    });
    aoMarcar?.();
    return rep.code(202).send(r);
  });

  api.post<{ Params: { id: number }; Body: { motivo: string } }>(
    '/retentativas-integracao/:id/descarte',
    { preValidation: exigir(db, P.UPDATE_RETENTATIVA_INTEGRACAO), schema: doc('descartarRetentativa', 'Descarta uma retentativa', { descricao: 'O formulário passa a DESCARTADO, com o motivo no evento.', params: paramsId, corpo: CorpoDescarte, resposta: { descricao: 'A retentativa descartada.', corpo: Retentativa }, erros: [404, 409], porque: { 409: 'Conflito: a integração já foi concluída ou a retentativa já foi descartada.' } }) },
    async (req) =>
      db.transacao(async (tx) => {
        const r = await retentativaDoChamador(tx, req, req.params.id);
        if (r.status === 'SUCESSO' || r.status === 'DESCARTADA') throw conflito(r.status === 'SUCESSO' ? 'Esta integração já foi concluída com sucesso.' : 'Esta retentativa já foi descartada.');
        await tx.query(`update retentativa_integracao set status = 'DESCARTADA', proxima_tentativa_em = null, motivo_descarte = $2, atualizado_em = now(), versao = versao + 1 where id = $1`, [req.params.id, req.body.motivo.trim()]);
        await tx.query(`update formulario set status = 'DESCARTADO', atualizado_em = now() where id = $1`, [r.formulario_id]);
        await tx.query(`insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes) values ($1, $2, $3, 'DESCARTADO', $4, jsonb_build_object('motivo', $5::text, 'retentativa', $6::bigint))`, [r.formulario_id, r.codigo_servico, r.grupo_controle_conteudo_id, req.chamador!.username, req.body.motivo.trim(), req.params.id]);
        return saidaRetentativa((await tx.query<Record<string, unknown>>(`${SELECT_R} where r.id = $1`, [req.params.id]))[0], false, pedeIngles(req.headers['accept-language']));
      }),
  );

  api.post<{ Querystring: { simulacao?: boolean }; Body: FiltrosRetentativa }>(
    '/retentativas-integracao/execucoes-em-lote',
    { preValidation: exigir(db, P.UPDATE_RETENTATIVA_INTEGRACAO), schema: doc('executarRetentativasEmLote', 'Tenta entregar de novo tudo o que o filtro alcança', { descricao: 'As pendentes e esgotadas do filtro; com `simulacao=true`, só conta.', query: Type.Object({ simulacao: Type.Optional(Type.Boolean({ default: false })) }), corpo: CorpoLote, resposta: { descricao: 'Quantas foram (ou seriam) postas na fila.', corpo: ResultadoLote } }) },
    async (req) => {
      const r = await db.transacao(async (tx) => {
        const f = filtroRetentativas(req.body ?? {}, await escopoDe(req));
        f.add((p) => `r.status = any(${p(ELEGIVEIS)})`);
        const ids = (await tx.query<{ id: string }>(`select r.id::text as id from retentativa_integracao r ${f.where} for update`, f.params)).map((r) => r.id);
        if (!req.query.simulacao && ids.length) await marcarParaAgora(tx, ids, req.chamador!.username);
        return { quantidade: ids.length, simulacao: !!req.query.simulacao };
      });
      if (!r.simulacao && r.quantidade) aoMarcar?.();
      return r;
    },
  );
}
