/**
 * API budgets of DESIGN.md section 10 and issue 19 on a PostgreSQL server, at one million filled forms and,
 * on demand, at ten million, side by side in one file: measured (not asserted), written to
 * test/bench/resultados/api.json. The peers measured in the same run are the plain queries a naive API
 * would run (count(*) over the filter, a 30-day GROUP BY, OFFSET pages).
 *   BENCH_VOLUMES (default 1000000; e.g. 1000000,10000000): one database per volume, cf_bench (one million)
 *   and cf_bench_<n> for the others, seeded on the first run (seed:large's loader; ~2 min per million here).
 *   BENCH_POSTGRES (default postgres://postgres@127.0.0.1:5432), RODADAS (60 requests per figure), AQUECIMENTO (200
 *   requests of each call before its figure: a fresh API process takes ~400 calls to reach its steady speed, V8 compiling its
 *   hot code and each pooled connection switching to its statements' generic plans; 5 until 28/11), RODADAS_PARES
 *   (15 runs of each naive query: at ten million some take seconds).
 *   BENCH_DIRECTUS=1: also Directus 12.4.0 at one million (directus.ts: installed into a cache on the first run),
 *   issue 47's calls side by side, in alternating blocks of ten, RODADAS_DIRECTUS (6) blocks of each.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { abrirBanco } from '../../src/server/db';
import { semearDemo } from '../../demo/server/seed';
import { carregarEmLotes } from '../../demo/server/gerarFormularios';
import { preencherExportacaoMascarada } from '../../src/server/api/exportacao';
import { clienteApi, entrarComo } from '../apoio/servidor';
import { subirDemo } from '../e2e/demo';
import { hojeSaoPaulo } from '../../src/i18n/datas';
import { compararComDirectus, subirDirectus } from './directus';
import { estatistica, linhasDoCsv } from './estatistica';

const servidor = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const volumes = (process.env.BENCH_VOLUMES ?? '1000000').split(',').map(Number);
const RODADAS = Number(process.env.RODADAS ?? 60);
const RODADAS_PARES = Number(process.env.RODADAS_PARES ?? 15);
const AQUECIMENTO = Number(process.env.AQUECIMENTO ?? 200);

async function bancoDoVolume(alvo: number): Promise<string> {
  const nome = alvo === 1_000_000 ? 'cf_bench' : `cf_bench_${alvo}`;
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: `${servidor}/postgres` });
  await c.connect();
  if (!(await c.query('select 1 from pg_database where datname = $1', [nome])).rowCount) await c.query(`create database ${nome}`);
  await c.end();
  return `${servidor}/${nome}`;
}

const porVolume: Record<string, unknown> = {};
for (const alvo of volumes) porVolume[alvo] = await medirVolume(alvo);
const resultado = {
  medidoEm: new Date().toISOString(),
  banco: 'PostgreSQL (servidor local)',
  porVolume,
  metas: { listaMs: 5, qualquerPaginaMs: 10, analiticoMs: 10, exportacaoLinhasPorSegundo: 100000, crescimentoMemoriaExportacaoMb: 50 },
};
const saida = 'test/bench/resultados/api.json';
mkdirSync(dirname(saida), { recursive: true });
writeFileSync(saida, JSON.stringify(resultado, null, 2) + '\n');
console.log(JSON.stringify(resultado, null, 2));

async function medirVolume(alvo: number) {
  const url = await bancoDoVolume(alvo);
  const db = await abrirBanco({ databaseUrl: url });
  await semearDemo(db);
  const [{ n: antes }] = await db.query<{ n: string }>('select count(*)::text as n from formulario');
  // Seeded on the first run by seed:large's loader (COPY), timed: the figure is kept with the database's others.
  const tSemeadura = performance.now();
  if (Number(antes) < alvo) await carregarEmLotes(db, alvo - Number(antes), 365, (feitos) => console.log(`semeados: ${Number(antes) + feitos}`));
  const semeadura = Number(antes) < alvo ? { formularios: alvo - Number(antes), segundos: Math.round((performance.now() - tSemeadura) / 1000) } : 'banco já semeado';
  // Right after a load the server is still writing it out (a checkpoint of gigabytes): measured through that,
  // even the naive count(*) took twice as long. The bench waits for it (a role without the right skips this).
  if (Number(antes) < alvo) await db.query('checkpoint').catch((e) => console.warn(`checkpoint: ${e.message}`));
  const [{ n }] = await db.query<{ n: string }>('select count(*)::text as n from formulario');
  // A database seeded before migration 020 has no masked export cells: made here (the retention loop would
  // make them in the background), timed, and vacuumed (the old row versions would slow every read).
  const t0 = performance.now();
  let celulasFeitas = 0;
  for (let r = await preencherExportacaoMascarada(db, { depoisDe: '0' }); r.ultimo; r = await preencherExportacaoMascarada(db, { depoisDe: r.ultimo })) celulasFeitas += r.feitos;
  if (celulasFeitas) await db.query('vacuum analyze formulario');
  const celulasMascaradas = { feitas: celulasFeitas, segundos: +((performance.now() - t0) / 1000).toFixed(1) };

  // The API in its own process, as it runs in production; this process only sends requests (keep-alive).
  const demo = await subirDemo({ DATABASE_URL: url, SEED: 'none' });
  const s = { url: demo.base, fechar: async () => demo.fechar() };
  const api = await clienteApi(s.url, 'admin');
  const hoje = hojeSaoPaulo();
  const menos = (d: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) - d * 86400000).toISOString().slice(0, 10);
  const [{ codigo_servico: modelo }] = await db.query<{ codigo_servico: string }>('select codigo_servico from formulario group by 1 order by count(*) desc limit 1');
  const mesInicio = `${hoje.slice(0, 7)}-01`;
  const ultimaPagina = Math.ceil(Number(n) / 20) - 1;
  /** The last page (20 rows) of a list as `cliente` sees it, from the total the API answers. */
  const ultimaDe = async (caminho: string, cliente = api) => Math.ceil(Number((await cliente('GET', `${caminho}?size=20`)).headers.get('x-total-count')) / 20) - 1;
  const [ultimaEventos, ultimaRetentativas] = [await ultimaDe('/formularios-eventos'), await ultimaDe('/retentativas-integracao')];
  // A scoped caller too (gestor: two of the three content-control groups): its counters are read by group and model.
  const gestor = await clienteApi(s.url, 'gestor');
  const [ultimaEventosGestor, ultimaGestor] = [await ultimaDe('/formularios-eventos', gestor), await ultimaDe('/formularios', gestor)];

  // The naive peers take up to seconds each at ten million: fewer rounds (RODADAS_PARES, 15) for them, warmed up by 5 as before.
  async function medir(nome: string, f: () => Promise<unknown>, rodadas = RODADAS, aquecimento = AQUECIMENTO) {
    for (let i = 0; i < aquecimento; i++) await f();
    const t: number[] = [];
    for (let i = 0; i < rodadas; i++) {
      const t0 = performance.now();
      await f();
      t.push(performance.now() - t0);
    }
    const r = estatistica(t);
    console.log(nome, r);
    return r;
  }
  const http = (caminho: string, cliente = api) => async () => {
    const r = await cliente('GET', caminho);
    if (r.status !== 200) throw new Error(`${caminho}: ${r.status}`);
  };

  /** Resident memory of the API's process, in MB. */
  const rss = (pid = demo.processo.pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
  /** One export of a year's forms through the API, read as a stream (ten million rows do not fit a string): rows per second, end to end. */
  async function exportar(clara = false, base = s.url) {
    const { access_token } = await entrarComo(base, 'admin');
    const t0 = performance.now();
    const r = await fetch(`${base}/api/formularios/exportacao?de=${menos(364)}&ate=${hoje}${clara ? '&dadosPessoais=true' : ''}`, { headers: { authorization: `Bearer ${access_token}` } });
    const linhas = await linhasDoCsv(r, 'exportação');
    const ms = performance.now() - t0;
    return { linhas, segundos: +(ms / 1000).toFixed(1), linhasPorSegundo: Math.round(linhas / (ms / 1000)) };
  }
  const memoriaOciosaMb = rss();
  /**
   * `COPY (…) TO STDOUT (FORMAT csv)` of the export's rows and columns (protocol, model, code, version, status, date,
   * requester, CPF, e-mail, answers, payment), newest first, read as the driver streams it: rows per second.
   */
  async function copiaCsv(periodo: string) {
    const { default: pg } = await import('pg');
    const { to } = await import('pg-copy-streams');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const [{ n: linhas }] = (await c.query<{ n: number }>(`select count(*)::int as n from formulario f where ${periodo}`)).rows;
      const t0 = performance.now();
      const fluxo = c.query(to(`copy (select f.protocolo, m.nome, f.codigo_servico, f.modelo_versao, f.status, f.recebido_em, f.nome_requerente, f.cpf_requerente, f.email_requerente, f.respostas, f.pagamento
          from formulario f join modelo m on m.codigo_servico = f.codigo_servico where ${periodo} order by f.recebido_em desc, f.id desc) to stdout (format csv, delimiter ';')`));
      for await (const _ of fluxo as AsyncIterable<Buffer>);
      const ms = performance.now() - t0;
      return { linhas, segundos: +(ms / 1000).toFixed(1), linhasPorSegundo: Math.round(linhas / (ms / 1000)) };
    } finally {
      await c.end();
    }
  }

  const resultado = {
    formularios: Number(n),
    semeadura,
    celulasMascaradas,
    api: {
      listaMaisNovosComTotal: await medir('GET /formularios', http('/formularios')),
      listaPorModeloE30Dias: await medir('GET /formularios?modelo&30 dias', http(`/formularios?modelo=${modelo}&de=${menos(29)}&ate=${hoje}`)),
      analiticoDoMes: await medir('GET /analitico-formularios (mês)', http(`/analitico-formularios?de=${mesInicio}&ate=${hoje}`)),
      analiticoDoAno: await medir('GET /analitico-formularios (ano)', http(`/analitico-formularios?de=${menos(364)}&ate=${hoje}`)),
      pagina5000: await medir('GET /formularios?page=5000', http('/formularios?page=5000&size=20')),
      paginaDoMeio: await medir('GET /formularios (página do meio)', http(`/formularios?page=${Math.floor(ultimaPagina / 2)}&size=20`)),
      ultimaPagina: await medir('GET /formularios (última página)', http(`/formularios?page=${ultimaPagina}&size=20`)),
      eventosComTotal: await medir('GET /formularios-eventos', http('/formularios-eventos?page=0&size=20')),
      retentativasComTotal: await medir('GET /retentativas-integracao', http('/retentativas-integracao?page=0&size=20')),
      eventosPaginaDoMeio: await medir('GET /formularios-eventos (página do meio)', http(`/formularios-eventos?page=${Math.floor(ultimaEventos / 2)}&size=20`)),
      eventosUltimaPagina: await medir('GET /formularios-eventos (última página)', http(`/formularios-eventos?page=${ultimaEventos}&size=20`)),
      retentativasUltimaPagina: await medir('GET /retentativas-integracao (última página)', http(`/retentativas-integracao?page=${ultimaRetentativas}&size=20`)),
      gestorListaMaisNovosComTotal: await medir('gestor: GET /formularios', http('/formularios', gestor)),
      gestorAnaliticoDoAno: await medir('gestor: GET /analitico-formularios (ano)', http(`/analitico-formularios?de=${menos(364)}&ate=${hoje}`, gestor)),
      // Its forms' deep pages jump by its groups' hours (migration 037); before, ~10-14 ms at ten million, unmeasured here.
      gestorPaginaDoMeio: await medir('gestor: GET /formularios (página do meio)', http(`/formularios?page=${Math.floor(ultimaGestor / 2)}&size=20`, gestor)),
      gestorEventosPaginaDoMeio: await medir('gestor: GET /formularios-eventos (página do meio)', http(`/formularios-eventos?page=${Math.floor(ultimaEventosGestor / 2)}&size=20`, gestor)),
    },
    pares: {
      countEstrela: await medir('count(*)', () => db.query('select count(*) from formulario'), RODADAS_PARES, 5),
      countPorModeloE30Dias: await medir('count(*) modelo+30 dias', () => db.query(`select count(*) from formulario where codigo_servico = $1 and recebido_em >= now() - interval '30 days'`, [modelo]), RODADAS_PARES, 5),
      groupBy30Dias: await medir('GROUP BY 30 dias', () => db.query(`select codigo_servico, status, dia_sao_paulo(recebido_em), count(*) from formulario where recebido_em >= now() - interval '30 days' group by 1, 2, 3`), RODADAS_PARES, 5),
      groupByAno: await medir('GROUP BY um ano', () => db.query(`select codigo_servico, status, dia_sao_paulo(recebido_em), count(*) from formulario where recebido_em >= now() - interval '365 days' group by 1, 2, 3`), Math.min(RODADAS_PARES, 5), 5),
      offsetPagina5000: await medir('offset página 5000', () => db.query('select id from formulario order by recebido_em desc, id desc limit 20 offset 100000'), RODADAS_PARES, 5),
      offsetUltimaPagina: await medir('offset última página', () => db.query(`select id from formulario order by recebido_em desc, id desc limit 20 offset ${ultimaPagina * 20}`), RODADAS_PARES, 5),
      countEventos: await medir('count(*) eventos', () => db.query('select count(*) from formulario_evento'), RODADAS_PARES, 5),
      countRetentativas: await medir('count(*) retentativas', () => db.query('select count(*) from retentativa_integracao'), RODADAS_PARES, 5),
      offsetUltimaPaginaEventos: await medir('offset última página dos eventos', () => db.query(`select id from formulario_evento order by ocorrido_em desc, id desc limit 20 offset ${ultimaEventos * 20}`), Math.min(RODADAS_PARES, 5), 5),
      offsetUltimaPaginaRetentativas: await medir('offset última página das retentativas', () => db.query(`select id from retentativa_integracao order by criado_em desc, id desc limit 20 offset ${ultimaRetentativas * 20}`), RODADAS_PARES, 5),
    },
    // After every list, total and analytics call above and before any export: the growth that is the exports' own
    // (issue 19's bound) is the difference from here, not from the idle figure, which has not yet run any call.
    memoriaAntesDaExportacaoMb: rss(),
    // Masked (the default: PostgreSQL joins each form's masked cells), twice, then in clear (row by row here).
    exportacaoAno: await exportar(),
    exportacaoAnoDeNovo: await exportar(),
    memoriaMb: { ociosa: memoriaOciosaMb, depoisDaExportacao: rss() },
    exportacaoAnoClara: await exportar(true),
    // PostgreSQL's own CSV of the same year's rows and columns (issue 47: the export should run at half of it at least).
    copiaCsvAno: await copiaCsv(`f.recebido_em >= ('${menos(364)}'::date)::timestamp at time zone 'America/Sao_Paulo' and f.recebido_em < (('${hoje}'::date + 1)::timestamp at time zone 'America/Sao_Paulo')`),
    // The driver's raw read of the newest million rows (the export's floor without any formatting).
    selectMilhaoPeloPg: await (async () => {
      const t0 = performance.now();
      const linhas = await db.query(`select * from formulario order by recebido_em desc, id desc limit 1000000`);
      const ms = performance.now() - t0;
      return { linhas: linhas.length, segundos: +(ms / 1000).toFixed(1), linhasPorSegundo: Math.round(linhas.length / (ms / 1000)) };
    })(),
  };
  /**
   * The memory figures again with the young generation as Node 20 sized it (16 MB semi-spaces; README, "Em produção"):
   * Node 24 sizes it from the machine's memory (here up to 128 MB of new space on 24 GiB, against 32 MB), and that,
   * not anything an export keeps, was the exports' growth above (28/11: 255 -> 368 MB by default, 204 -> 233 MB
   * with 16 MB, 182 -> 206 MB with 8 MB).
   */
  const semiEspaco16 = await (async () => {
    const outra = await subirDemo({ DATABASE_URL: url, SEED: 'none', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=16`.trim() });
    try {
      const lista = http('/formularios?size=20', await clienteApi(outra.base, 'admin'));
      for (let i = 0; i < 50; i++) await lista();
      const antes = rss(outra.processo.pid);
      const exportacoes = [await exportar(false, outra.base), await exportar(false, outra.base)];
      return { antesDaExportacao: antes, depoisDaExportacao: rss(outra.processo.pid), exportacoes };
    } finally {
      await outra.fechar();
    }
  })();
  Object.assign(resultado, { memoriaComSemiEspaco16Mb: semiEspaco16 });
  // Issue 47's peer in the same run, at one million (at ten million some of its calls take seconds each).
  if (process.env.BENCH_DIRECTUS === '1' && alvo === 1_000_000) {
    const directus = await subirDirectus(servidor, url);
    try {
      let token = { valor: '', em: 0 };
      const nosso = async (caminho: string) => {
        if (Date.now() - token.em > 60_000) token = { valor: (await entrarComo(s.url, 'admin')).access_token, em: Date.now() };
        return fetch(`${s.url}/api${caminho}`, { headers: { authorization: `Bearer ${token.valor}` } });
      };
      const amanha = new Date(Date.parse(`${hoje}T12:00:00Z`) + 86400000).toISOString().slice(0, 10);
      Object.assign(resultado, { directus: await compararComDirectus(directus, nosso, { modelo, de30: menos(29), hoje, amanha, ultimaPagina, rodadas: Number(process.env.RODADAS_DIRECTUS ?? 6), pid: demo.processo.pid! }) });
    } finally {
      directus.fechar();
    }
  }
  await s.fechar();
  await db.fechar();
  const razao = (x: { linhasPorSegundo: number }) => +(x.linhasPorSegundo / resultado.copiaCsvAno.linhasPorSegundo).toFixed(2);
  return { ...resultado, exportacaoSobreCopia: { mascarada: razao(resultado.exportacaoAnoDeNovo), clara: razao(resultado.exportacaoAnoClara) } };
}
