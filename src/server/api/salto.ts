import { nomeDaConsulta, umPlano, type Executor } from '../db';
import { Filtro, type PedidoLista } from './lista';

/**
 * A list's statement in time order, prepared under a name of its text: its text takes one of a few shapes (the filters
 * present, the direction), its values are parameters. PostgreSQL parses it once per connection and, after five runs, plans it once too
 * when a generic plan costs no more than the custom ones (a deep page's jump and read planned on every call were ~1.5 ms
 * of its ~3 at ten million forms). `unico`: a statement written so that one plan serves any values (db.ts umPlano), run
 * where PostgreSQL never plans it for them.
 */
const preparada = <T>(db: Executor, sql: string, params: unknown[], unico = false) => db.query<T>(sql, params, unico ? umPlano(sql) : nomeDaConsulta(sql));

/** Below this offset, skipping rows is cheaper than asking the counters. */
export const SALTO_MINIMO = 1000;

interface Faixa {
  chave: string;
  n: string;
}

/** The first group (in order) holding row number `alvo` (0-based), how many rows come before it, and its own. */
export function acumular(faixas: Faixa[], alvo: number): { chave: string; antes: number; n: number } | null {
  let antes = 0;
  for (const f of faixas) {
    const n = Number(f.n);
    if (antes + n > alvo) return { chave: f.chave, antes, n };
    antes += n;
  }
  return null;
}

const ultimoDiaDoMes = (mes: string) => {
  const [a, m] = mes.split('-').map(Number);
  return new Date(Date.UTC(a, m, 0)).toISOString().slice(0, 10);
};

/**
 * A list in time order whose rows its per-day and per-month counters count exactly, for the filters they
 * hold (forms, events, retries).
 */
export interface ListaNoTempo {
  /** The rows' table with its alias (`formulario f`), and the time and id columns (`f.recebido_em`, `f.id`). */
  tabela: string;
  quando: string;
  id: string;
  /** The select of a page's rows, with its joins, up to its WHERE. */
  select: string;
  /** The counter tables (alias c), by São Paulo day (`dia`) and by month (`mes`). */
  contadorDia: string;
  contadorMes: string;
  /**
   * For the list with no filter but a period and the caller's scope (saltoPorHoras): every row by UTC hour (`hora`),
   * with no other key; the same by content-control group (`grupo_controle_conteudo_id`); by São Paulo day (`dia`) and
   * group; and, when there are fewer of them, every row by day (`dia`, none: the days by group summed). Each a table or
   * a subquery with those columns (other keys are summed by day: the forms' have the status).
   */
  porHora?: { hora: string; horaGrupo: string; diaGrupo: string; dia?: string };
}

/** The counters' WHERE (alias c) for a list's filters within a period (none: the whole range). */
export type Contadores = (periodo: { de?: string; ate?: string }) => Filtro;

/** A list's exact total for its filters: the daily counters within a period, the monthly ones (far fewer rows) without. */
export async function totalPorContadores(db: Executor, lista: Pick<ListaNoTempo, 'contadorDia' | 'contadorMes'>, contadores: Contadores, periodo: { de?: string; ate?: string }): Promise<number> {
  const c = contadores({ de: periodo.de, ate: periodo.ate });
  const [r] = await preparada<{ n: string }>(db, `select coalesce(sum(c.quantidade), 0)::text as n from ${periodo.de || periodo.ate ? lista.contadorDia : lista.contadorMes} c ${c.where}`, c.params, true);
  return Number(r.n);
}

/**
 * Deep pages in time order without reading the rows before them (issue 19): the per-month and per-day
 * counters, exact for the same filters, say on which São Paulo day the page's first row falls and how many
 * rows come before that day; the page query then starts at that day and skips only that day's rows before
 * the page. `contadores(de, ate)` gives the counters' WHERE (alias c) for the list's filters within a period
 * (none: the whole range, read by month first).
 */
async function saltoPorContadores(db: Executor, lista: ListaNoTempo, o: { offset: number; desc: boolean; de?: string; ate?: string; contadores: Contadores }): Promise<Salto | null> {
  const ordem = o.desc ? 'desc' : 'asc';
  const dias = `select c.dia::text as chave, sum(c.quantidade)::text as n`;
  const porDia = `group by c.dia having sum(c.quantidade) > 0 order by c.dia ${ordem}`;
  if (o.de || o.ate) {
    const c = o.contadores({ de: o.de, ate: o.ate });
    const dia = acumular(await preparada<Faixa>(db, `${dias} from ${lista.contadorDia} c ${c.where} ${porDia}`, c.params, true), o.offset);
    return dia && noDia(dia.chave, o.offset - dia.antes, dia.n);
  }
  // The whole range: the month holding the row (its rows before it summed in order), then that month's days,
  // in one statement (one round trip less on every deep page).
  const c = o.contadores({});
  const linha = c.param(o.offset, 'bigint');
  const linhas = await preparada<Faixa & { antes: string }>(
    db,
    `with meses as (select c.mes, sum(c.quantidade) as n from ${lista.contadorMes} c ${c.where} group by c.mes having sum(c.quantidade) > 0),
          alvo as (select mes, antes from (select mes, n, sum(n) over (order by mes ${ordem}) - n as antes from meses) x where antes <= ${linha} and antes + n > ${linha})
     ${dias}, (select antes::text from alvo) as antes
       from ${lista.contadorDia} c ${c.where ? `${c.where} and` : 'where'} c.dia >= (select mes from alvo) and c.dia < ((select mes from alvo) + interval '1 month')::date
     ${porDia}`,
    c.params,
    true,
  );
  if (!linhas.length) return null;
  const antes = Number(linhas[0].antes);
  const dia = acumular(linhas, o.offset - antes);
  return dia && noDia(dia.chave, o.offset - antes - dia.antes, dia.n);
}

/** Where a deep page's first row falls: a span of time, how many of its rows come before the page, and its rows. */
interface Salto {
  inicio: (p: (v: unknown) => string) => string;
  fim: (p: (v: unknown) => string) => string;
  pular: number;
  naFaixa: number;
  /**
   * An hour of a list filtered at most by the caller's scope (saltoPorHoras): its page is read by one plan kept for
   * any hour (db.ts umPlano), the page's size written in the text (as a parameter the planner guesses a tenth of the
   * rows, and joins them by hash: 15 ms instead of 0.3).
   */
  umaHora?: boolean;
}

/** The counters a list's jump reads: every row's hours (`grupos` null) or some content-control groups', and the days by group. */
interface PorHoras {
  horas: string;
  dias: string;
  grupos: number[] | null;
}

/** The instant São Paulo's day `dia` starts (`depois`: the next day's; never `+ interval '1 day'`, 23 or 25 hours on a DST change). */
const inicioDoDia = (p: (v: unknown) => string, dia: string, depois = false) => `(${p(dia)}::date${depois ? ' + 1' : ''})::timestamp at time zone 'America/Sao_Paulo'`;

/** A São Paulo day as a span (both bounds: the plan opens only that day's partition). */
const noDia = (dia: string, pular: number, naFaixa: number): Salto => ({ inicio: (p) => inicioDoDia(p, dia), fim: (p) => inicioDoDia(p, dia, true), pular, naFaixa });

/**
 * The list with no filter but a period, and the caller's scope (the events, migrations 034 to 036), by day then hour:
 * without a period, the month holding the row from the monthly counters, then that month's days; with one, the
 * period's days; then that day's hours. The running sums are taken in the statement, which answers only the hour
 * holding the row: the page then skips at most half an hour's rows, where a day's were ~57,000 at ten million forms.
 * `grupos`: the caller's groups, counted by the days and hours by group.
 */
async function saltoPorHoras(db: Executor, lista: ListaNoTempo, contadores: PorHoras, o: { offset: number; desc: boolean; de?: string; ate?: string }): Promise<Salto | null> {
  const ordem = o.desc ? 'desc' : 'asc';
  // Planned once (the counters: no value changes the best plan), so every value goes with its type.
  const valores = new Filtro();
  const p = (v: unknown, tipo: string) => valores.param(v, tipo);
  const linha = p(o.offset, 'bigint');
  const grupos = contadores.grupos ? p(contadores.grupos, 'integer[]') : null;
  const doGrupo = (c: string) => (grupos ? `${c}.grupo_controle_conteudo_id = any(${grupos}) and` : '');
  const noPeriodo = o.de || o.ate;
  // The period's days as the list's own filter draws them (rotas/formularios.ts, periodo).
  const diasDaFaixa = noPeriodo
    ? [o.de && `d.dia >= ${p(o.de, 'date')}`, o.ate && `d.dia <= ${p(o.ate, 'date')}`].filter(Boolean).join(' and ')
    : `d.dia >= alvo.mes and d.dia < (alvo.mes + interval '1 month')::date`;
  // Sums of integers (a month's, a day's or an hour's count is far below 2^31): sum() of bigint is numeric, and the
  // numeric grouping and running sum of a month's ~740 hours took twice as long.
  // `limit 1` on the month and the day (one of each holds the row): estimated as one row, the day's hours are
  // planned as the 24 they are (without it PostgreSQL costed thousands, and the jump took twice as long).
  const [hora] = await preparada<{ hora: string; antes: string; n: string }>(
    db,
    `with ${noPeriodo ? `alvo as (select 0::bigint as antes)` : `meses as (select c.mes, sum(c.quantidade::integer) as n from ${lista.contadorMes} c ${grupos ? `where c.grupo_controle_conteudo_id = any(${grupos})` : ''} group by c.mes having sum(c.quantidade::integer) > 0),
          alvo as (select mes, antes from (select mes, n, sum(n::integer) over (order by mes ${ordem}) - n as antes from meses) x where antes <= ${linha} and antes + n > ${linha} limit 1)`},
          dias as (select d.dia, sum(d.quantidade::integer) as n from ${contadores.dias} d, alvo where ${doGrupo('d')} ${diasDaFaixa} group by d.dia having sum(d.quantidade::integer) > 0),
          dia as (select dia, antes from (select dia, n, alvo.antes + sum(n::integer) over (order by dia ${ordem}) - n as antes from dias, alvo) x where antes <= ${linha} and antes + n > ${linha} limit 1),
          horas as (select h.hora, sum(h.quantidade::integer) as n from ${contadores.horas} h, dia
                     where ${doGrupo('h')} h.hora >= dia.dia::timestamp at time zone 'America/Sao_Paulo' and h.hora < (dia.dia + 1)::timestamp at time zone 'America/Sao_Paulo'
                     group by h.hora having sum(h.quantidade::integer) > 0),
          x as (select hora, n, dia.antes + sum(n::integer) over (order by hora ${ordem}) - n as antes from horas, dia)
     select to_char(hora at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as hora, antes::text, n::text from x where antes <= ${linha} and antes + n > ${linha}`,
    valores.params,
    true,
  );
  if (!hora) return null;
  const fim = new Date(Date.parse(hora.hora) + 3600_000).toISOString();
  return { inicio: (q) => `${q(hora.hora)}::timestamptz`, fim: (q) => `${q(fim)}::timestamptz`, pular: o.offset - Number(hora.antes), naFaixa: Number(hora.n), umaHora: true };
}

/**
 * A page that skips `offset` rows of one day: the rows skipped are only keys read from the index (the
 * filter's columns lead the indexes), and only the page's own rows are read whole and joined.
 * Skipping whole rows cost ~1 µs each: half a day at ten million forms (~14,000 rows) was 19 ms.
 */
function saltando(lista: ListaNoTempo, f: Filtro, ordem: string, limit: number, offset: number, umaHora = false): string {
  // The filter outside too (its rows are the page's anyway): planned against the keys alone, the outer read
  // kept every partition and took ~1.8 ms to plan at ten million, three times the reading.
  const chave = `(${lista.quando}, ${lista.id})`;
  const limite = umaHora ? String(Math.trunc(limit)) : `$${f.params.push(limit)}`;
  return `${lista.select} ${f.where} ${f.where ? 'and' : 'where'} ${chave} in (select ${lista.quando}, ${lista.id} from ${lista.tabela} ${f.where} order by ${ordem} limit ${limite} offset $${f.params.push(offset)})
    order by ${ordem}`;
}

/**
 * A deep page in time order, from the span (day or hour) its first row falls in (saltoPorContadores, saltoPorHoras):
 * read from the span's start, or from its end backwards when that skips less (leituraNaFaixa), plus the rows after
 * it when the page runs past the span.
 */
async function paginaNaFaixa<T>(db: Executor, lista: ListaNoTempo, filtro: Filtro, l: PedidoLista, desc: boolean, salto: Salto): Promise<T[]> {
  const leitura = leituraNaFaixa(salto, l.size);
  const { inicio, fim } = salto;
  // Both of the span's bounds: the rows read here are the span's (a page running past its end reads the rest
  // below), and with both the plan opens only the span's partition.
  const f = filtro.copia();
  f.add((p) => `${lista.quando} >= ${inicio(p)} and ${lista.quando} < ${fim(p)}`);
  const u = !!salto.umaHora;
  if (!leitura.deTras) return preparada<T>(db, saltando(lista, f, l.ordem, l.size, leitura.offset, u), f.params, u);
  const daFaixa = preparada<T>(db, saltando(lista, f, ordemInversa(l.ordem), leitura.limit, leitura.offset, u), f.params, u);
  let depois: Promise<T[]> = Promise.resolve([]);
  if (leitura.depoisDaFaixa > 0) {
    const g = filtro.copia();
    g.add((p) => (desc ? `${lista.quando} < ${inicio(p)}` : `${lista.quando} >= ${fim(p)}`));
    depois = preparada<T>(db, `${lista.select} ${g.where} order by ${l.ordem} limit $${g.params.push(leitura.depoisDaFaixa)}`, g.params);
  }
  const [a, b] = await Promise.all([daFaixa, depois]);
  return [...a.reverse(), ...b];
}

/**
 * Any page of a list in time order: a deep one from its day (above), the first ones with a plain offset (sent
 * at once: the route's other queries go out after it). `desc` null: sorted by something else, read with an offset.
 */
export function paginaNoTempo<T>(
  db: Executor,
  lista: ListaNoTempo,
  o: { filtro: Filtro; pedido: PedidoLista; desc: boolean | null; de?: string; ate?: string; contadores: Contadores | null; soEscopo?: number[] | null },
): Promise<T[]> {
  const { filtro: f, pedido: l } = o;
  // Prepared in time order only (the filters' shapes, two directions, the page sizes): any other order is the caller's
  // choice of columns and directions, too many texts to keep a statement of each on every connection.
  const ler = (sql: string, params: unknown[]) => (o.desc === null ? db.query<T>(sql, params) : preparada<T>(db, sql, params));
  const comOffset = () => {
    const g = f.copia();
    // The first page of the whole list (no filter), the one every visit opens: one text per direction and page size,
    // its limit a constant PostgreSQL can cost in the plan it keeps (planned on every call it was ~1.7 ms over the
    // partitions at a million forms, more than reading the page). Not with a filter: a kept (generic) plan cannot see
    // the values, and after a few calls for a common status it read the time index for any status (`status=RECEBIDO`,
    // 102 forms in a million: 1.2 s instead of 4 ms). With limit and offset as parameters a filtered page is planned
    // for its values on every call.
    if (!g.where && l.page === 0) return ler(`${lista.select} order by ${l.ordem} limit ${Number(l.size)}`, []);
    return ler(`${lista.select} ${g.where} order by ${l.ordem} ${g.pagina(l)}`, g.params);
  };
  const { desc, contadores } = o;
  if (desc === null || !contadores || l.page * l.size < SALTO_MINIMO) return comOffset();
  const pedido = { offset: l.page * l.size, desc, de: o.de, ate: o.ate };
  const horas = horasDe(lista, contadores, o.soEscopo);
  return (horas ? saltoPorHoras(db, lista, horas, pedido) : saltoPorContadores(db, lista, { ...pedido, contadores })).then((s) => (s ? paginaNaFaixa<T>(db, lista, f, l, desc, s) : comOffset()));
}

/**
 * The hour counters that count a list's rows exactly for its filters, if any: every row's when there is no filter but a
 * period, the groups' when the only other filter is the caller's scope (`soEscopo`, its groups).
 */
function horasDe(lista: ListaNoTempo, contadores: Contadores, soEscopo: number[] | null | undefined): PorHoras | null {
  const c = contadores({});
  const h = lista.porHora;
  if (!h) return null;
  if (!c.where) return { horas: h.hora, dias: h.dia ?? h.diaGrupo, grupos: null };
  // The scope is then the counters' only parameter (any other filter would add its own).
  if (soEscopo && c.params.length === 1 && c.params[0] === soEscopo) return { horas: h.horaGrupo, dias: h.diaGrupo, grupos: soEscopo };
  return null;
}

/** The direction of a list sorted only by its time field (`campo`, or nothing: newest first); null otherwise. */
export function ordemNoTempo(sort: string[] | undefined, campo: string): boolean | null {
  if (!sort?.length) return true;
  const m = sort.length === 1 ? new RegExp(`^${campo}(,(asc|desc))?$`).exec(sort[0]) : null;
  return m ? m[2] === 'desc' : null;
}

/**
 * How to read a page that starts inside its span (day or hour): from the span's start skipping `pular` rows; or,
 * when the page ends in the span's second half, from its end in the opposite order, skipping only what comes
 * after the page (those rows come reversed); a page that runs past the span's end reads its last rows that way
 * and the rest from the rows after it, from their start. The last page of a list skips nothing.
 */
export function leituraNaFaixa(s: { pular: number; naFaixa: number }, tamanho: number): { deTras: false; offset: number } | { deTras: true; offset: number; limit: number; depoisDaFaixa: number } {
  const restoDaFaixa = s.naFaixa - s.pular;
  if (restoDaFaixa <= tamanho) return { deTras: true, offset: 0, limit: restoDaFaixa, depoisDaFaixa: tamanho - restoDaFaixa };
  const depois = restoDaFaixa - tamanho;
  return depois < s.pular ? { deTras: true, offset: depois, limit: tamanho, depoisDaFaixa: 0 } : { deTras: false, offset: s.pular };
}

/** An ORDER BY read the other way round (`a desc, b asc` → `a asc, b desc`). */
export const ordemInversa = (ordem: string) => ordem.replace(/\b(asc|desc)\b/gi, (x) => (x.toLowerCase() === 'asc' ? 'desc' : 'asc'));

const mais1Dia = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
const menos1Dia = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);

/** A period as its counters read it: whole months from the monthly counters, plus and minus runs of days from the daily ones. */
export interface PeriodoNosContadores {
  /** The first and last `mes` of the monthly counters read (none: only days). */
  meses: { primeiro: string; ultimo: string } | null;
  somar: [string, string][];
  subtrair: [string, string][];
}

const diasEntre = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1;
const inicioDoMes = (d: string) => `${d.slice(0, 7)}-01`;

/**
 * A period (no bound: open on that side) as the fewest counter rows that sum to it exactly: whole months, and at each
 * edge that is not a month's own either the edge's days added, or the edge's month read whole and the days outside the
 * period taken away, whichever reads fewer days (a period ending today, or on the 20th, reads its month and takes away
 * the days after it: ~1,000 daily rows less at ten million forms); only days when that reads fewer.
 */
export function periodoNosContadores(de?: string, ate?: string): PeriodoNosContadores {
  type Borda = { mes: string; somar?: [string, string]; subtrair?: [string, string]; dias: number };
  const inicios: Borda[] = !de ? [{ mes: '0001-01-01', dias: 0 }] : de.endsWith('-01') ? [{ mes: de, dias: 0 }] : [
    ...(de < '9999-12' ? [{ mes: mais1Dia(ultimoDiaDoMes(de)), somar: [de, ultimoDiaDoMes(de)] as [string, string], dias: diasEntre(de, ultimoDiaDoMes(de)) }] : []),
    { mes: inicioDoMes(de), subtrair: [inicioDoMes(de), menos1Dia(de)], dias: diasEntre(inicioDoMes(de), de) - 1 },
  ];
  const fins: Borda[] = !ate ? [{ mes: '9999-12-01', dias: 0 }] : ate === ultimoDiaDoMes(ate) ? [{ mes: inicioDoMes(ate), dias: 0 }] : [
    ...(ate >= '0001-02' ? [{ mes: inicioDoMes(menos1Dia(inicioDoMes(ate))), somar: [inicioDoMes(ate), ate] as [string, string], dias: diasEntre(inicioDoMes(ate), ate) }] : []),
    { mes: inicioDoMes(ate), subtrair: [mais1Dia(ate), ultimoDiaDoMes(ate)], dias: diasEntre(ate, ultimoDiaDoMes(ate)) - 1 },
  ];
  let melhor: PeriodoNosContadores | null = de && ate ? { meses: null, somar: [[de, ate]], subtrair: [] } : null;
  let custo = de && ate ? diasEntre(de, ate) : Infinity;
  for (const i of inicios) {
    for (const f of fins) {
      if (i.mes > f.mes) continue;
      // A month's rows are about a day's: bounded months count as days; the open ends' are only the months with forms.
      const c = i.dias + f.dias + (de && ate ? diasEntre(i.mes, f.mes) / 30 : 0);
      if (c >= custo) continue;
      custo = c;
      melhor = { meses: { primeiro: i.mes, ultimo: f.mes }, somar: [i.somar, f.somar].filter((x) => !!x), subtrair: [i.subtrair, f.subtrair].filter((x) => !!x) };
    }
  }
  return melhor!;
}
