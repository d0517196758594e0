import type { Banco, Executor } from '../../src/server/db';
import { linhaCopia } from '../../src/server/db';
import { completarCpf } from '../../src/forms/cpf';
import { exportacaoMascarada, pessoaisPorVersao } from '../../src/server/api/exportacao';

const CPFS = Array.from({ length: 997 }, (_, i) => completarCpf(String(100000000 + i * 7919)));
const NOMES = ['Maria da Silva', 'José Santos', 'Ana Oliveira', 'João Souza', 'Francisca Lima', 'Antônio Pereira', 'Adriana Costa', 'Carlos Ferreira', 'Juliana Rodrigues', 'Paulo Almeida'];
const MOTIVOS = ['perda', 'roubo', 'dano'];

/** A generated form's answers to its model's own questions (seedModelos.ts: three models ask their own; the others, a reason). */
function pedidoDe(codigo: string, s: number): Record<string, string> {
  switch (codigo) {
    case 'educacao-matricula':
      return { 'nome-estudante': NOMES[(s + 3) % 10], etapa: ['iniciais', 'finais', 'medio'][s % 3] };
    case 'tributos-ipva-isencao':
      return { placa: `RIO${s % 10}A${String(s % 100).padStart(2, '0')}`, renavam: String(10_000_000_000 + s * 7919).slice(0, 11), hipotese: ['pcd', 'taxi', 'antigo'][s % 3] };
    case 'tributos-itcmd':
      return { transmissao: s % 2 ? 'heranca' : 'doacao', transmitente: NOMES[(s + 5) % 10], 'valor-bens': String(50_000 + (s % 97) * 1250) };
    default:
      return { motivo: MOTIVOS[s % 3] };
  }
}
const STATUS = ['RECEBIDO', 'INTEGRADO', 'FALHA_INTEGRACAO', 'DESCARTADO'] as const;
const [RECEBIDO, INTEGRADO, FALHA, DESCARTADO] = [0, 1, 2, 3];
const SEGUNDO = 1000;
const DIA = 86_400 * SEGUNDO;
/** Rows per string handed to COPY: the stream's chunks. */
const POR_PEDACO = 500;

const COLUNAS_FORMULARIO = ['id', 'protocolo', 'codigo_servico', 'grupo_controle_conteudo_id', 'modelo_versao', 'respostas', 'cpf_requerente', 'nome_requerente', 'email_requerente', 'status', 'recebido_em', 'atualizado_em'];
const COLUNAS_EVENTO = ['formulario_id', 'codigo_servico', 'grupo_controle_conteudo_id', 'tipo', 'ocorrido_em', 'autor', 'detalhes'];
const COLUNAS_RETENTATIVA = ['formulario_id', 'codigo_servico', 'grupo_controle_conteudo_id', 'destino', 'tentativas', 'proxima_tentativa_em', 'ultimo_status_http', 'ultimo_erro', 'status', 'motivo_descarte', 'criado_em', 'atualizado_em'];

/** Groups the lines a generator makes into the chunks COPY is given. */
function* emPedacos(linhas: Iterable<string>): Generator<string> {
  let pedaco = '';
  let k = 0;
  for (const l of linhas) {
    pedaco += l;
    if (++k === POR_PEDACO) {
      yield pedaco;
      pedaco = '';
      k = 0;
    }
  }
  if (pedaco) yield pedaco;
}

const instante = (ms: number) => new Date(ms).toISOString();

/**
 * Generates filled forms for the demo, the tests and benchmarks: spread over the last `dias` days (or from
 * `desde` days back to `dias` days back) across the published and archived models, with their events and
 * retries in every status. The rows are made here and loaded with COPY (three statements: forms, events,
 * retries), so a batch costs PostgreSQL only the writing. The counter triggers count them (one pass per
 * COPY); for large volumes use carregarEmLotes.
 */
export async function gerarFormularios(tx: Executor, n: number, dias = 120, desde = 0): Promise<void> {
  // Each month of the period gets its partitions first, so the rows go straight to them (not to the default
  // ones); a database from before migration 018 (its test) has none to make, and one from before 020 no cells.
  const [{ particionado, mascarada }] = await tx.query<{ particionado: boolean; mascarada: boolean }>(
    `select to_regprocedure('garantir_particao(text,date)') is not null as particionado,
            exists (select 1 from information_schema.columns where table_name = 'formulario' and column_name = 'exportacao_mascarada') as mascarada`,
  );
  if (particionado) await tx.query(
    `select garantir_particao(t, m::date) from generate_series(date_trunc('month', dia_sao_paulo(now()) - $1::int), date_trunc('month', dia_sao_paulo(now()) - $2::int), interval '1 month') m
       cross join (values ('formulario'), ('formulario_evento')) as x(t)`,
    [Math.ceil(dias) + 1, Math.floor(desde)],
  );
  const modelos = await tx.query<{ codigo_servico: string; grupo: number; ultima_versao: number; destino: string }>(
    `select codigo_servico, grupo_controle_conteudo_id as grupo, ultima_versao, coalesce(integracao_url, 'https://destino.invalid/formularios') as destino
       from modelo where ultima_versao > 0 order by codigo_servico`,
  );
  if (n <= 0 || !modelos.length) return;
  // The ids and protocol numbers come from their sequences (taken now, so the events and retries can name
  // their form), and "now" from the database, as a submission's.
  const [{ ids, numeros, agora }] = await tx.query<{ ids: string[]; numeros: string[]; agora: number }>(
    `select array_agg(nextval('formulario_id_seq')::text) as ids, array_agg(nextval('protocolo_seq')::text) as numeros,
            (extract(epoch from now()) * 1000)::float8 as agora from generate_series(1, $1::int)`,
    [n],
  );
  // Each form's masked export cells (migration 020) are made with the masking rules, as a submission makes them.
  const pessoais = mascarada ? await pessoaisPorVersao(tx) : null;

  // Form s (1..n): its model and version follow from s; when, and its status, are drawn. The moments are put
  // in order, oldest first, so ids, protocols and the tables' pages follow time as submissions leave them (in
  // random order a day's rows were spread over a whole batch's pages: at ten million, every export row and
  // deep page read a different page).
  const modelo = new Uint16Array(n);
  const status = new Uint8Array(n);
  const quando = new Float64Array(n).map(() => Math.round(agora - (desde + Math.random() * (dias - desde)) * DIA)).sort();
  const protocolo = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const s = i + 1;
    modelo[i] = (s * 7919) % modelos.length;
    const r = Math.random();
    status[i] = quando[i] > agora - 2 * 3600 * SEGUNDO && r < 0.5 ? RECEBIDO : r < 0.86 ? INTEGRADO : r < 0.97 ? FALHA : DESCARTADO;
    // The protocol's year is São Paulo's (UTC-3, without daylight saving time since 2019).
    protocolo[i] = `${new Date(quando[i] - 3 * 3600 * SEGUNDO).getUTCFullYear()}.${numeros[i].padStart(9, '0')}`;
  }

  function* formularios() {
    for (let i = 0; i < n; i++) {
      const s = i + 1;
      const m = modelos[modelo[i]];
      const versao = Math.max(1, m.ultima_versao - (s % 2));
      // The requester columns are the answers of the fields the seeded models mark (nome, cpf, email).
      const requerente = { nome: NOMES[s % 10], cpf: CPFS[s % 997], email: `cidadao${s}@email.com` };
      const respostas = { ...requerente, ...pedidoDe(m.codigo_servico, s) };
      const em = instante(quando[i]);
      const campos: (string | number)[] = [ids[i], protocolo[i], m.codigo_servico, m.grupo, versao, JSON.stringify(respostas), requerente.cpf, requerente.nome, requerente.email, STATUS[status[i]], em, em];
      if (pessoais) campos.push(exportacaoMascarada(pessoais.get(`${m.codigo_servico}|${versao}`), requerente, respostas));
      yield linhaCopia(campos);
    }
  }

  function* eventos() {
    for (let i = 0; i < n; i++) {
      const { codigo_servico: c, grupo: g } = modelos[modelo[i]];
      const q = quando[i];
      yield linhaCopia([ids[i], c, g, 'RECEBIDO', instante(q), 'portal-cidadao', JSON.stringify({ protocolo: protocolo[i] })]);
      if (status[i] === INTEGRADO) yield linhaCopia([ids[i], c, g, 'INTEGRADO', instante(q + 40 * SEGUNDO), 'integrador', '{"statusHttp": 201}']);
      if (status[i] === FALHA || status[i] === DESCARTADO) {
        yield linhaCopia([ids[i], c, g, 'FALHA_INTEGRACAO', instante(q + 40 * SEGUNDO), 'integrador', '{"statusHttp": 503, "erro": "Serviço indisponível"}']);
        yield linhaCopia([ids[i], c, g, 'RETENTATIVA_AGENDADA', instante(q + 41 * SEGUNDO), 'integrador', '{"tentativa": 1}']);
      }
      if (status[i] === DESCARTADO) yield linhaCopia([ids[i], c, g, 'DESCARTADO', instante(Math.min(q + 3 * DIA, Math.max(q + 120 * SEGUNDO, agora))), 'admin', '{"motivo": "Pedido duplicado"}']);
    }
  }

  // A retry for every failed or discarded form, and for one in 25 integrated ones (succeeded on a later try).
  function* retentativas() {
    for (let i = 0; i < n; i++) {
      const id = Number(ids[i]);
      if (status[i] === RECEBIDO || (status[i] === INTEGRADO && id % 25 !== 0)) continue;
      const m = modelos[modelo[i]];
      const q = quando[i];
      const st = status[i] === DESCARTADO ? 'DESCARTADA' : status[i] === INTEGRADO ? 'SUCESSO' : id % 10 === 0 ? 'EXECUTANDO' : id % 3 === 0 ? 'ESGOTADA' : 'PENDENTE';
      const sucesso = st === 'SUCESSO';
      yield linhaCopia([
        ids[i], m.codigo_servico, m.grupo, m.destino,
        st === 'ESGOTADA' ? 7 : sucesso ? 2 : 1 + (id % 5),
        st === 'PENDENTE' || st === 'EXECUTANDO' ? instante(agora + (id % 120) * 60 * SEGUNDO) : null,
        sucesso ? 201 : 503,
        sucesso ? null : 'Serviço indisponível (HTTP 503)',
        st,
        st === 'DESCARTADA' ? 'Pedido duplicado' : null,
        instante(q + 41 * SEGUNDO),
        instante(Math.min(q + 3600 * SEGUNDO, Math.max(q + 41 * SEGUNDO, agora))),
      ]);
    }
  }

  await tx.copiar('formulario', pessoais ? [...COLUNAS_FORMULARIO, 'exportacao_mascarada'] : COLUNAS_FORMULARIO, emPedacos(formularios()));
  await tx.copiar('formulario_evento', COLUNAS_EVENTO, emPedacos(eventos()));
  await tx.copiar('retentativa_integracao', COLUNAS_RETENTATIVA, emPedacos(retentativas()));
}

/**
 * Large volumes (seed:large, benchmarks): batches of 100,000 forms loaded by COPY, each committed on its own
 * with the counter triggers off inside it, then the counters rebuilt in one statement and the statistics refreshed.
 * Batch k covers the k-th slice of the period, oldest first: each writes into one or two monthly partitions
 * and near the end of their indexes, as real traffic does (spread over the whole year, every batch touched
 * every index everywhere, and past a few million rows the loader slowed from 7 to 30 s per batch here).
 */
export async function carregarEmLotes(db: Banco, total: number, dias: number, aoAvancar: (feitos: number) => void = () => undefined): Promise<void> {
  const LOTE = 100_000;
  const lotes = Math.ceil(total / LOTE);
  for (let k = 0, feitos = 0; feitos < total; k++, feitos += LOTE) {
    const n = Math.min(LOTE, total - feitos);
    await db.transacao(async (tx) => {
      const gatilhos = ['formulario', 'formulario_evento', 'retentativa_integracao'].flatMap((t) => ['i', 'u', 'd'].map((op) => [t, `${t}_contadores_${op}`]));
      for (const [tabela, gatilho] of gatilhos) await tx.query(`alter table ${tabela} disable trigger ${gatilho}`);
      await gerarFormularios(tx, n, (dias * (lotes - k)) / lotes, (dias * (lotes - k - 1)) / lotes);
      for (const [tabela, gatilho] of gatilhos) await tx.query(`alter table ${tabela} enable trigger ${gatilho}`);
    });
    aoAvancar(feitos + n);
  }
  await db.transacao(recontar);
  // VACUUM too: it marks the pages all-visible, so deep pages read the index alone (no heap fetch per row).
  await db.query('vacuum analyze');
}

/** Rebuilds the per-day counters from the forms, events and retries (after bulk loads; normal writes keep them by trigger). */
export async function recontar(tx: Executor): Promise<void> {
  await tx.query('select recontar_eventos_retentativas()');
  await tx.query('delete from contador_formulario_dia');
  await tx.query('delete from contador_formulario_mes');
  await tx.query('delete from contador_formulario_dia_total');
  await tx.query('delete from contador_formulario_dia_grupo');
  // Rebuilt as if folded (slice 8, migration 015), with the per-day totals the fold keeps beside them (019, 034).
  await tx.query(`insert into contador_formulario_dia (dia, codigo_servico, status, grupo_controle_conteudo_id, quantidade, fatia)
    select dia_sao_paulo(recebido_em), codigo_servico, status, min(grupo_controle_conteudo_id), count(*), 8 from formulario group by 1, 2, 3`);
  await tx.query(`insert into contador_formulario_dia_total (dia, status, quantidade) select dia, status, sum(quantidade) from contador_formulario_dia group by 1, 2`);
  await tx.query(`insert into contador_formulario_dia_grupo (grupo_controle_conteudo_id, dia, status, quantidade) select grupo_controle_conteudo_id, dia, status, sum(quantidade) from contador_formulario_dia group by 1, 2, 3`);
  await tx.query(`insert into contador_formulario_mes (mes, codigo_servico, status, grupo_controle_conteudo_id, quantidade)
    select date_trunc('month', dia)::date, codigo_servico, status, min(grupo_controle_conteudo_id), sum(quantidade) from contador_formulario_dia group by 1, 2, 3`);
  await tx.query('select recontar_formularios_por_hora()'); // the hours, by group and all (migration 037)
}
