import type { Executor } from '../db';
import type { Filtro } from './lista';
import type { Definicao } from '../../../src/forms/definicao';
import { camposPessoais, mascarar, mascararRespostas, type Pessoais } from '../../../src/forms/dadosPessoais';
import { BOM, celulaCsv, linhaCsv } from '../../../src/forms/csv';
import { formatarCpf, mascararCpf } from '../../../src/forms/cpf';
import { ROTULO_STATUS_FORMULARIO, rotuloDe, type StatusFormulario } from '../../../src/forms/status';

/**
 * The CSV export of filled forms (issue 19). PostgreSQL produces each row's cells as text — the status's
 * label, the date and time in São Paulo as dd/MM/yy HH:mm — and the answers as jsonb's text, so the driver
 * parses no dates and no JSON. This side masks what is personal with src/forms/dadosPessoais.ts and cpf.ts
 * (the one set of rules: the requester's name, e-mail and CPF; a form's answers are
 * parsed only when its model version has personal questions) and writes the answers' JSON without jsonb's
 * spaces in one pass over the text (jsonCompacto). The bytes are those of the export written in JavaScript
 * before (test/api/exportacao.test.ts). Batches of 2,000 by key (recebido_em, id), the next one read while
 * this one is written: small enough that a batch's rows and strings die young (with 5,000 they outlived the
 * young generation, and one million rows grew the API by ~200 MB at the peak and ran ~40% slower).
 */
export const CABECALHO_CSV = ['Protocolo', 'Modelo', 'Código do serviço', 'Versão', 'Status', 'Recebido em', 'Requerente', 'CPF', 'E-mail', 'Respostas'];

const LOTE = 2000;

/**
 * JSON text as JSON.stringify writes it: jsonb's text without the space after `,` and `:` outside strings,
 * and numbers as JavaScript prints them (jsonb keeps `1.50`; JSON.stringify wrote `1.5`). Strings are
 * escaped the same way by both.
 */
export function jsonCompacto(t: string): string {
  let saida = '';
  let de = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 34) {
      // a string: to its closing quote
      for (i++; i < t.length; i++) {
        const x = t.charCodeAt(i);
        if (x === 92) i++;
        else if (x === 34) break;
      }
    } else if (c === 32) {
      saida += t.slice(de, i);
      de = i + 1;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let fim = i + 1;
      while (fim < t.length && /[0-9.eE+-]/.test(t[fim])) fim++;
      const numero = t.slice(i, fim);
      const n = Number(numero);
      const js = Number.isFinite(n) ? String(n) : 'null';
      if (js !== numero) {
        saida += t.slice(de, i) + js;
        de = fim;
      }
      i = fim - 1;
    }
  }
  return de === 0 ? t : saida + t.slice(de);
}

/** Each model version's personal answers and their kinds (none: not in the map). */
async function pessoaisPorVersao(db: Executor): Promise<Map<string, Pessoais>> {
  const versoes = await db.query<{ codigo_servico: string; numero: number; definicao: Definicao | null }>('select codigo_servico, numero, definicao from modelo_versao');
  const mapa = new Map<string, Pessoais>();
  for (const v of versoes) {
    const p = camposPessoais(v.definicao);
    if (p.size) mapa.set(`${v.codigo_servico}|${v.numero}`, p);
  }
  return mapa;
}

interface LinhaExportada {
  id: string;
  quando: string;
  protocolo: string;
  /** `codigo|versao`: which personal questions it has. */
  versao: string;
  /** Model, code, version, status and date, as CSV cells already. */
  meio: string;
  nome: string | null;
  cpf: string | null;
  email: string | null;
  respostas: string;
}

/**
 * The CSV, streamed: the header, then the forms of `filtro` (its `where` and `params`, built again for each
 * batch by `filtro()`) newest first. `clara`: personal data in clear. Resolves the row count at the end
 * through `aoTerminar`.
 */
export async function* exportarCsv(db: Executor, filtro: () => Filtro, clara: boolean, aoTerminar?: (linhas: number) => Promise<void>): AsyncIterable<string | Buffer> {
  yield BOM + linhaCsv(CABECALHO_CSV);
  const rotulos = Object.fromEntries(Object.keys(ROTULO_STATUS_FORMULARIO).map((s) => [s, celulaCsv(rotuloDe(ROTULO_STATUS_FORMULARIO, s as StatusFormulario).rotulo)]));
  // Each model's name and code as CSV cells, made once here: the database puts them in every row.
  const modelos = Object.fromEntries((await db.query<{ codigo_servico: string; nome: string }>('select codigo_servico, nome from modelo')).map((m) => [m.codigo_servico, `${celulaCsv(m.nome)};${celulaCsv(m.codigo_servico)}`]));
  const pessoais = clara ? null : await pessoaisPorVersao(db);
  const buscar = (depois: { quando: string; id: string } | null) => {
    const f = filtro();
    if (depois) f.add((p) => `(f.recebido_em, f.id) < (${p(depois.quando)}::timestamptz, ${p(depois.id)}::bigint)`);
    const r = f.params.push(JSON.stringify(rotulos));
    const m = f.params.push(JSON.stringify(modelos));
    // Few columns, all text: what the driver parses per row is most of this side's work.
    const lote = db.query<LinhaExportada>(
      `select f.id::text, f.recebido_em::text as quando, f.protocolo, f.codigo_servico || '|' || f.modelo_versao as versao,
              concat_ws(';', coalesce($${m}::jsonb ->> f.codigo_servico, ';' || f.codigo_servico), f.modelo_versao, $${r}::jsonb ->> f.status, to_char(f.recebido_em at time zone 'America/Sao_Paulo', 'DD/MM/YY HH24:MI')) as meio,
              f.nome_requerente as nome, f.email_requerente as email, f.cpf_requerente as cpf,
              coalesce(f.respostas, '{}'::jsonb)::text as respostas
         from formulario f
         ${f.where} order by f.recebido_em desc, f.id desc limit ${LOTE}`,
      f.params,
    );
    lote.catch(() => undefined); // a download cut short leaves its prefetch behind: never an unhandled rejection
    return lote;
  };
  const respostas = (r: LinhaExportada) => {
    const p = pessoais?.get(r.versao);
    return p ? JSON.stringify(mascararRespostas(null, JSON.parse(r.respostas), p)) : jsonCompacto(r.respostas);
  };
  let total = 0;
  let proximo = buscar(null);
  for (;;) {
    const lote = await proximo;
    if (!lote.length) break;
    const ultimo = lote[lote.length - 1];
    proximo = lote.length === LOTE ? buscar({ quando: ultimo.quando, id: ultimo.id }) : Promise.resolve([]);
    const linhas = new Array<string>(lote.length);
    for (let i = 0; i < lote.length; i++) {
      const r = lote[i];
      const nome = clara ? r.nome : r.nome && mascarar('nome', r.nome);
      const email = clara ? r.email : r.email && mascarar('email', r.email);
      const cpf = r.cpf ? (clara ? formatarCpf(r.cpf) : mascararCpf(r.cpf)) : '';
      linhas[i] = `${celulaCsv(r.protocolo)};${r.meio};${celulaCsv(nome)};${celulaCsv(cpf)};${celulaCsv(email)};${celulaCsv(respostas(r))}\r\n`;
    }
    // As bytes: the stream writes them as they are (a string would be encoded again on the way out).
    yield Buffer.from(linhas.join(''));
    total += lote.length;
  }
  await aoTerminar?.(total);
}
