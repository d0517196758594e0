import type { Executor } from '../db';
import type { Filtro } from './lista';
import type { Definicao } from '../../../src/forms/definicao';
import { camposPessoais } from '../../../src/forms/dadosPessoais';
import { BOM, linhaCsv } from '../../../src/forms/csv';
import { ROTULO_STATUS_FORMULARIO, rotuloDe, type StatusFormulario } from '../../../src/forms/status';

/**
 * The CSV export of filled forms, made by PostgreSQL (issue 19): each row comes out of the database with
 * its cells formatted — the status's label, the date and time in São Paulo as dd/MM/yy HH:mm, the CPF with
 * its mask, personal data masked by the SQL functions of migration 015 (the same rules as
 * src/forms/dadosPessoais.ts, kept equal by a property test) — and the answers as jsonb's text. This side
 * only quotes the cells (src/forms/csv.ts) and writes the answers' JSON without jsonb's spaces, in one pass
 * over the text, never parsing it: the bytes are those of the export written in JavaScript before.
 * Batches of 5,000 by key (recebido_em, id), the next one read while this one is written.
 */
export const CABECALHO_CSV = ['Protocolo', 'Modelo', 'Código do serviço', 'Versão', 'Status', 'Recebido em', 'Requerente', 'CPF', 'E-mail', 'Respostas'];

const LOTE = 5000;

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

/** Each model version's personal answers and their kinds, for the SQL masking: { "codigo|versao": { campo: tipo } }. */
async function pessoaisPorVersao(db: Executor): Promise<Record<string, Record<string, string>>> {
  const versoes = await db.query<{ codigo_servico: string; numero: number; definicao: Definicao | null }>('select codigo_servico, numero, definicao from modelo_versao');
  const mapa: Record<string, Record<string, string>> = {};
  for (const v of versoes) {
    const p = camposPessoais(v.definicao);
    if (p.size) mapa[`${v.codigo_servico}|${v.numero}`] = Object.fromEntries(p);
  }
  return mapa;
}

interface LinhaExportada {
  id: string;
  quando: string;
  protocolo: string;
  modelo: string;
  codigo: string;
  versao: string;
  status: string;
  recebido: string;
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
export async function* exportarCsv(db: Executor, filtro: () => Filtro, clara: boolean, aoTerminar?: (linhas: number) => Promise<void>): AsyncIterable<string> {
  yield BOM + linhaCsv(CABECALHO_CSV);
  const rotulos = Object.fromEntries(Object.keys(ROTULO_STATUS_FORMULARIO).map((s) => [s, rotuloDe(ROTULO_STATUS_FORMULARIO, s as StatusFormulario).rotulo]));
  const pessoais = clara ? null : await pessoaisPorVersao(db);
  const buscar = (depois: { quando: string; id: string } | null) => {
    const f = filtro();
    if (depois) f.add((p) => `(f.recebido_em, f.id) < (${p(depois.quando)}::timestamptz, ${p(depois.id)}::bigint)`);
    const n = f.params.length;
    f.params.push(JSON.stringify(rotulos));
    // Empty (null or '') stays empty, as `mascarar` leaves it.
    const mascarado = (coluna: string, tipo: string) => (clara ? coluna : `case when coalesce(${coluna}, '') = '' then ${coluna} else cf_mascarar_texto('${tipo}', ${coluna}) end`);
    if (pessoais) f.params.push(JSON.stringify(pessoais));
    const lote = db.query<LinhaExportada>(
      `select f.id::text, f.recebido_em::text as quando, f.protocolo, m.nome as modelo, f.codigo_servico as codigo, f.modelo_versao::text as versao,
              $${n + 1}::jsonb ->> f.status as status,
              to_char(f.recebido_em at time zone 'America/Sao_Paulo', 'DD/MM/YY HH24:MI') as recebido,
              ${mascarado('f.nome_requerente', 'nome')} as nome,
              case when f.cpf_requerente is null then null
                   when f.cpf_requerente !~ '^[0-9]{11}$' then ${clara ? 'f.cpf_requerente' : `'***.***.***-**'`}
                   else ${clara ? `substr(f.cpf_requerente, 1, 3) || '.' || substr(f.cpf_requerente, 4, 3) || '.' || substr(f.cpf_requerente, 7, 3) || '-' || substr(f.cpf_requerente, 10, 2)` : `'***.' || substr(f.cpf_requerente, 4, 3) || '.' || substr(f.cpf_requerente, 7, 3) || '-**'`} end as cpf,
              ${mascarado('f.email_requerente', 'email')} as email,
              ${pessoais ? `cf_mascarar_respostas(coalesce(f.respostas, '{}'::jsonb), $${n + 2}::jsonb -> (f.codigo_servico || '|' || f.modelo_versao))` : `coalesce(f.respostas, '{}'::jsonb)`}::text as respostas
         from formulario f join modelo m on m.codigo_servico = f.codigo_servico
         ${f.where} order by f.recebido_em desc, f.id desc limit ${LOTE}`,
      f.params,
    );
    lote.catch(() => undefined); // a download cut short leaves its prefetch behind: never an unhandled rejection
    return lote;
  };
  let total = 0;
  let proximo = buscar(null);
  for (;;) {
    const lote = await proximo;
    if (!lote.length) break;
    const ultimo = lote[lote.length - 1];
    proximo = lote.length === LOTE ? buscar({ quando: ultimo.quando, id: ultimo.id }) : Promise.resolve([]);
    let texto = '';
    for (const r of lote) texto += linhaCsv([r.protocolo, r.modelo, r.codigo, r.versao, r.status, r.recebido, r.nome, r.cpf ?? '', r.email, jsonCompacto(r.respostas)]);
    yield texto;
    total += lote.length;
  }
  await aoTerminar?.(total);
}
