import type { Executor } from '../db';
import type { Filtro } from './lista';
import type { Definicao } from '../../forms/definicao';
import { camposPessoais, mascarar, mascararRespostas, type Pessoais } from '../../forms/dadosPessoais';
import { BOM, celulaCsv, linhaCsv } from '../../forms/csv';
import { formatarCpf, mascararCpf } from '../../forms/cpf';
import { ROTULO_STATUS_FORMULARIO, rotuloDe, type StatusFormulario } from '../../forms/status';
import { tuplasDaCopia } from '../copiaBinaria';
import { EscritorCsv, jsonCompacto } from './linhaCsv';

/**
 * The CSV export of filled forms (issue 19), in two ways with the same bytes (test/api/exportacao.test.ts):
 * - masked (the default): each row's protocol, model, version, status label and São Paulo date joined to the
 *   masked cells kept with the form (formulario.exportacao_mascarada, migration 020, made here by
 *   exportacaoMascarada when the form is written): on a PostgreSQL server the whole export is one
 *   `COPY … TO STDOUT (FORMAT binary)` of the bare columns and the line is written here from their bytes (issue 47);
 *   on PGlite PostgreSQL joins a batch of 5,000 rows as one text;
 * - row by row (the clear export, and a masked batch with a row whose cells are missing): PostgreSQL gives each
 *   cell as text (no dates or JSON for the driver to parse), this side masks with src/forms/dadosPessoais.ts and
 *   cpf.ts (the one set of rules; answers parsed only when the version has personal questions) and writes the
 *   answers' JSON without jsonb's spaces in one pass (jsonCompacto). On a server the rows come from the same
 *   COPY (its fields, not a driver's row objects); on PGlite in batches of 2,000 by key (recebido_em, id),
 *   the next read while this one is written: small enough that a batch's rows and strings die young (with 5,000
 *   they outlived the young generation, grew the API by ~200 MB at the peak and ran ~40% slower).
 */
export const CABECALHO_CSV = ['Protocolo', 'Modelo', 'Código do serviço', 'Versão', 'Status', 'Recebido em', 'Requerente', 'CPF', 'E-mail', 'Respostas', 'Valor pago (R$)', 'Pago em', 'txid do Pix', 'Identificador do Pix (E2E)'];

/**
 * The payment's cells (issue 38), from what the paid form keeps (`formulario.pagamento`): the value with a decimal
 * comma, the São Paulo date, the txid and the E2E id, all letters and digits (no quoting); empty without a fee.
 */
const PAGAMENTO_CSV = `case when f.pagamento is null then ';;;' else concat_ws(';', replace(f.pagamento ->> 'valor', '.', ','), to_char((f.pagamento ->> 'pagoEm')::timestamptz at time zone 'America/Sao_Paulo', 'DD/MM/YY HH24:MI'), f.pagamento ->> 'txid', f.pagamento ->> 'endToEndId') end`;

const LOTE = 2000;
/**
 * A batch of the masked export made by PostgreSQL: one text value (~1.2 MB), so no rows for the driver or the
 * collector. Each batch costs ~7 ms of planning and start over the partitions: one million rows here took
 * ~11 s with 5,000 and ~9.5 s with 10,000, but 10,000 grew the API by 70-90 MB (the driver's buffer and the
 * decoded string of each value) against ~40 with 5,000.
 */
const LOTE_PRONTO = 5_000;

/** Each model version's personal answers and their kinds (none: not in the map). */
export async function pessoaisPorVersao(db: Executor): Promise<Map<string, Pessoais>> {
  const versoes = await db.query<{ codigo_servico: string; numero: number; definicao: Definicao | null }>('select codigo_servico, numero, definicao from modelo_versao');
  const mapa = new Map<string, Pessoais>();
  for (const v of versoes) {
    const p = camposPessoais(v.definicao);
    if (p.size) mapa.set(`${v.codigo_servico}|${v.numero}`, p);
  }
  return mapa;
}

interface Requerente {
  nome: string | null;
  cpf: string | null;
  email: string | null;
}

/** The requester's name, CPF and e-mail as CSV cells, masked unless `clara`. */
function celulasDoRequerente(r: Requerente, clara: boolean): string {
  const nome = clara ? r.nome : r.nome && mascarar('nome', r.nome);
  const email = clara ? r.email : r.email && mascarar('email', r.email);
  const cpf = r.cpf ? (clara ? formatarCpf(r.cpf) : mascararCpf(r.cpf)) : '';
  return `${celulaCsv(nome)};${celulaCsv(cpf)};${celulaCsv(email)}`;
}

/** jsonb's order of keys: shorter first, then by their UTF-8 bytes. */
const ordemDeChaves = (a: string, b: string) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * A value with its objects' keys in the order jsonb keeps them, so that JSON.stringify writes what it writes for
 * the same value read back from the database (the export reads jsonb's text).
 */
export function ordemJsonb(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(ordemJsonb);
  if (!v || typeof v !== 'object') return v;
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort(ordemDeChaves)) Object.defineProperty(o, k, { value: ordemJsonb((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
  return o;
}

/**
 * A form's cells in the masked export after its date (requester's name, CPF, e-mail, the answers), as
 * `formulario.exportacao_mascarada` keeps them (migration 020): written with the form, made again by
 * preencherExportacaoMascarada when missing. `pessoais`: its model version's personal questions.
 */
export function exportacaoMascarada(pessoais: Pessoais | undefined, r: Requerente, respostas: Record<string, unknown>): string {
  const ordenadas = ordemJsonb(respostas) as Record<string, unknown>;
  return `${celulasDoRequerente(r, false)};${celulaCsv(JSON.stringify(pessoais?.size ? mascararRespostas(null, ordenadas, pessoais) : ordenadas))}`;
}

/**
 * Makes the masked cells of up to `lote` forms that lack them (rows from before migration 020, data changed
 * since): the retention loop calls it, and the bulk loaders after their inserts (with `depoisDe`, the forms
 * with a greater id, in id order: `ultimo` is where the next call goes on). Returns how many it made.
 */
export async function preencherExportacaoMascarada(db: Executor, { lote = 5000, depoisDe }: { lote?: number; depoisDe?: string } = {}): Promise<{ feitos: number; ultimo: string | null }> {
  const linhas = await db.query<Requerente & { id: string; quando: string; versao: string; respostas: string }>(
    `select id::text, recebido_em::text as quando, codigo_servico || '|' || modelo_versao as versao, nome_requerente as nome, cpf_requerente as cpf, email_requerente as email,
            coalesce(respostas, '{}'::jsonb)::text as respostas
       from formulario where exportacao_mascarada is null ${depoisDe ? 'and id > $1::bigint order by formulario.id' : ''} limit ${Number(lote)}`,
    depoisDe ? [depoisDe] : [],
  );
  if (!linhas.length) return { feitos: 0, ultimo: null };
  const pessoais = await pessoaisPorVersao(db);
  await db.query(
    `update formulario f set exportacao_mascarada = x.celulas
       from unnest($1::bigint[], $2::timestamptz[], $3::text[]) as x(id, quando, celulas)
      where f.id = x.id and f.recebido_em = x.quando and f.exportacao_mascarada is null`,
    [linhas.map((l) => l.id), linhas.map((l) => l.quando), linhas.map((l) => exportacaoMascarada(pessoais.get(l.versao), l, JSON.parse(l.respostas)))],
  );
  return { feitos: linhas.length, ultimo: linhas[linhas.length - 1].id };
}

interface LinhaExportada extends Requerente {
  id: string;
  quando: string;
  protocolo: string;
  /** `codigo|versao`: which personal questions it has. */
  versao: string;
  /** Model, code, version, status and date, as CSV cells already. */
  meio: string;
  respostas: string;
  /** The payment's cells. */
  pago: string;
}

interface LoteSql {
  texto: string | null;
  n: number;
  /** Every row has its masked cells (and a protocol that is its own cell). */
  pronto: boolean;
  quando: string | null;
  id: string | null;
}

type Chave = { quando: string; id: string };

/**
 * The CSV, streamed: the header, then the forms of `filtro` (its `where` and `params`, built again for each
 * batch by `filtro()`) newest first. `clara`: personal data in clear. Resolves the row count at the end
 * through `aoTerminar`.
 *
 * Masked, each line is made by PostgreSQL: the rows' protocol, model, version, status and date joined to the
 * masked cells kept with each form, so this side copies bytes (on PGlite, a batch is one value). A row whose cells
 * are missing is written here, as the clear export always is (on PGlite, its batch is read again row by row).
 */
export async function* exportarCsv(db: Executor, filtro: () => Filtro, clara: boolean, aoTerminar?: (linhas: number) => Promise<void>): AsyncIterable<string | Buffer> {
  yield BOM + linhaCsv(CABECALHO_CSV);
  const rotulos = Object.fromEntries(Object.keys(ROTULO_STATUS_FORMULARIO).map((s) => [s, celulaCsv(rotuloDe(ROTULO_STATUS_FORMULARIO, s as StatusFormulario).rotulo)]));
  // Each model's name and code as CSV cells, made once here: the database puts them in every row.
  const modelos = Object.fromEntries((await db.query<{ codigo_servico: string; nome: string }>('select codigo_servico, nome from modelo')).map((m) => [m.codigo_servico, `${celulaCsv(m.nome)};${celulaCsv(m.codigo_servico)}`]));
  let pessoais: Promise<Map<string, Pessoais>> | null = null;

  /** The filter, the rows after `depois` (and from `ate` on), and the parameters of the cells. */
  const consulta = (depois: Chave | null, ate: Chave | null = null) => {
    const f = filtro();
    // The plain bound on recebido_em too: a row comparison prunes no partition.
    if (depois) f.add((p) => `f.recebido_em <= ${p(depois.quando)}::timestamptz and (f.recebido_em, f.id) < (${p(depois.quando)}::timestamptz, ${p(depois.id)}::bigint)`);
    if (ate) f.add((p) => `(f.recebido_em, f.id) >= (${p(ate.quando)}::timestamptz, ${p(ate.id)}::bigint)`);
    const r = f.params.push(JSON.stringify(rotulos));
    const m = f.params.push(JSON.stringify(modelos));
    const meio = `concat_ws(';', coalesce($${m}::jsonb ->> f.codigo_servico, ';' || f.codigo_servico), f.modelo_versao, $${r}::jsonb ->> f.status, to_char(f.recebido_em at time zone 'America/Sao_Paulo', 'DD/MM/YY HH24:MI'))`;
    return { f, meio };
  };
  const semRejeicao = <T>(p: Promise<T>) => {
    p.catch(() => undefined); // a download cut short leaves its prefetch behind: never an unhandled rejection
    return p;
  };

  /** Masked: a whole batch as one text. */
  const buscarPronto = (depois: Chave | null) => {
    const { f, meio } = consulta(depois);
    return semRejeicao(
      db.query<LoteSql>(
        `with l as (
           select f.id, f.recebido_em, f.protocolo, ${meio} as meio, f.exportacao_mascarada as celulas, ${PAGAMENTO_CSV} as pago
             from formulario f ${f.where} order by f.recebido_em desc, f.id desc limit ${LOTE_PRONTO}),
         ultima as (select recebido_em, id from l order by recebido_em, id limit 1)
         select string_agg(protocolo || ';' || meio || ';' || celulas || ';' || pago || E'\\r\\n', '' order by recebido_em desc, id desc) as texto, count(*)::int as n,
                coalesce(bool_and(celulas is not null and protocolo ~ '^[0-9.]+$'), true) as pronto,
                (select recebido_em::text from ultima) as quando, (select id::text from ultima) as id
           from l`,
        f.params,
      ).then((r) => r[0]),
    );
  };

  /** Row by row: LOTE rows after `depois`, or every row from `depois` down to `ate` (a batch read again). */
  const buscarLinhas = (depois: Chave | null, ate: Chave | null = null) => {
    const { f, meio } = consulta(depois, ate);
    // Few columns, all text: what the driver parses per row is most of this side's work.
    return semRejeicao(
      db.query<LinhaExportada>(
        `select f.id::text, f.recebido_em::text as quando, f.protocolo, f.codigo_servico || '|' || f.modelo_versao as versao, ${meio} as meio,
                f.nome_requerente as nome, f.email_requerente as email, f.cpf_requerente as cpf, coalesce(f.respostas, '{}'::jsonb)::text as respostas,
                ${PAGAMENTO_CSV} as pago
           from formulario f
           ${f.where} order by f.recebido_em desc, f.id desc ${ate ? '' : `limit ${LOTE}`}`,
        f.params,
      ),
    );
  };
  /** The requester's and the answers' cells of a row written here: the clear export's, or a masked one whose cells were not kept. */
  const pessoaisEscritas = (r: Pick<LinhaExportada, 'versao' | 'nome' | 'email' | 'cpf' | 'respostas'>, p: Map<string, Pessoais> | null) => {
    const q = p?.get(r.versao);
    const respostas = q ? JSON.stringify(mascararRespostas(null, JSON.parse(r.respostas), q)) : jsonCompacto(r.respostas);
    return `${celulasDoRequerente(r, clara)};${celulaCsv(respostas)}`;
  };
  const linhaEscrita = (r: Omit<LinhaExportada, 'id' | 'quando'>, p: Map<string, Pessoais> | null) => `${celulaCsv(r.protocolo)};${r.meio};${pessoaisEscritas(r, p)};${r.pago}\r\n`;
  const pessoaisSeMascarada = async () => (clara ? null : await (pessoais ??= pessoaisPorVersao(db)));
  const escrever = async (lote: LinhaExportada[]) => {
    const p = await pessoaisSeMascarada();
    // As bytes: the stream writes them as they are (a string would be encoded again on the way out).
    return Buffer.from(lote.map((r) => linhaEscrita(r, p)).join(''));
  };

  /**
   * A PostgreSQL server: the whole export as one COPY, planned once and streamed (issue 47: batches paid ~7 ms of
   * planning each); null on PGlite, or when the pool already serves its COPIAS_SIMULTANEAS. PostgreSQL sends the
   * columns as they are kept, and this side writes the line (the model's cells, the status label, the date): made
   * by PostgreSQL (`meio`, to_char, `||`), a line cost it more than twice the bare columns (issue 47: a 30-day export
   * was the COPY's time, ~200 ms for 80,000 rows, against ~85 for the columns), while the API waited.
   */
  const copia = () => {
    if (!db.copiaDe) return null;
    const f = filtro();
    // Masked: the kept cells, and the fields they are made of only when they are missing.
    const campos = ['f.nome_requerente', 'f.email_requerente', 'f.cpf_requerente', "coalesce(f.respostas, '{}'::jsonb)::text"];
    const pessoaisDaLinha = clara ? campos : ['f.exportacao_mascarada', ...campos.map((c) => `case when f.exportacao_mascarada is null then ${c} end`)];
    return db.copiaDe(
      `select f.protocolo, f.codigo_servico, f.modelo_versao::text, f.status, f.recebido_em, ${pessoaisDaLinha.join(', ')}, ${PAGAMENTO_CSV}
         from formulario f ${f.where} order by f.recebido_em desc, f.id desc`,
      f.params,
    );
  };

  let total = 0;
  const linhasDaCopia = copia();
  if (linhasDaCopia) {
    const texto = (b: Buffer | null) => (b === null ? null : b.toString());
    const porChave = (o: Record<string, string>) => new Map(Object.entries(o).map(([k, v]) => [k, Buffer.from(v)]));
    const [celulasDoModelo, celulasDoStatus] = [porChave(modelos), porChave(rotulos)];
    const e = new EscritorCsv();
    for await (const linhas of tuplasDaCopia(linhasDaCopia)) {
      for (const l of linhas) {
        const [protocolo, codigo, versao, status, recebidoEm] = l as Buffer[];
        // As the batches' `meio` writes it: a model no longer kept shows its code alone, a status without a label none.
        e.celula(protocolo);
        e.byte(59);
        const modelo = celulasDoModelo.get(codigo.toString());
        if (modelo) e.bytes(modelo);
        else {
          e.byte(59);
          e.bytes(codigo);
        }
        e.byte(59);
        e.bytes(versao);
        const rotulo = celulasDoStatus.get(status.toString());
        if (rotulo) {
          e.byte(59);
          e.bytes(rotulo);
        }
        e.byte(59);
        e.dataHora(recebidoEm);
        e.byte(59);
        if (clara) {
          const [nome, email, cpf, respostas] = l.slice(5);
          e.celula(nome);
          e.byte(59);
          e.cpf(cpf);
          e.byte(59);
          e.celula(email);
          e.byte(59);
          e.json(respostas!);
        } else if (l[5]) e.bytes(l[5]);
        else {
          const [nome, email, cpf, respostas] = l.slice(6).map(texto);
          e.texto(pessoaisEscritas({ versao: `${codigo}|${versao}`, nome, email, cpf, respostas: respostas! }, await pessoaisSeMascarada()));
        }
        e.byte(59);
        e.bytes(l[l.length - 1]!);
        e.byte(13);
        e.byte(10);
      }
      total += linhas.length;
      yield e.tirar();
    }
  } else if (clara) {
    let proximo = buscarLinhas(null);
    for (;;) {
      const lote = await proximo;
      if (!lote.length) break;
      const ultimo = lote[lote.length - 1];
      proximo = lote.length === LOTE ? buscarLinhas({ quando: ultimo.quando, id: ultimo.id }) : Promise.resolve([]);
      yield await escrever(lote);
      total += lote.length;
    }
  } else {
    let depois: Chave | null = null;
    let proximo = buscarPronto(null);
    for (;;) {
      const lote = await proximo;
      if (!lote.n) break;
      const ultimo = { quando: lote.quando!, id: lote.id! };
      const anterior = depois;
      depois = ultimo;
      proximo = lote.n === LOTE_PRONTO ? buscarPronto(ultimo) : Promise.resolve({ texto: null, n: 0, pronto: true, quando: null, id: null });
      if (lote.pronto) {
        yield Buffer.from(lote.texto!);
        total += lote.n;
      } else {
        const linhas = await buscarLinhas(anterior, ultimo);
        yield await escrever(linhas);
        total += linhas.length;
      }
    }
  }
  await aoTerminar?.(total);
}
