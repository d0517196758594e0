import type { Selo } from '../../pdf/selo';
import type { ConfiabilidadeDoCidadao } from '../../../forms/confiabilidade';
import { valorPix } from '../../../forms/taxa';
import { emIngles, pedeIngles } from '../emIngles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { P } from '../../../access/permissoes';
import { cpfValido, mascararCpf, formatarCpf, soDigitos } from '../../../forms/cpf';
import { respostasComoVistas } from '../../../forms/respostas';
import { camposOcultos } from '../../../forms/condicoes';
import { formatarDataHora } from '../../../i18n/datas';
import { emPortugues, traduzir } from '../../../i18n';
import { ROTULO_STATUS_FORMULARIO, rotuloDe } from '../../../forms/status';
import { BOM, linhaCsv } from '../../../forms/csv';
import type { Banco, Executor } from '../../db';
import { lerDe } from '../../leitura';
import type { Definicao } from '../../../forms/definicao';
import { camposPessoais, mascarar, mascararDetalhes, mascararRespostas, mascararTexto } from '../../../forms/dadosPessoais';
import { conflito, ErroHttp, invalido, MSG_CAMPOS, naoEncontrado, proibido } from '../erros';
import type { Cobrancas } from '../../pix/cobrancas';
import { formatarReais, lerReais, type StatusCobranca } from '../../../forms/taxa';
import { enviarLista, Filtro, lerLista } from '../lista';
import { ordemNoTempo, paginaNoTempo, totalPorContadores, type ListaNoTempo } from '../salto';
import { Type, type Static } from 'typebox';
import { ANEXO, BINARIO, CSV, documentarComo, parametros } from '../contrato';
import { gerarPdf } from '../../pdf/gerador';
import { codigoConfere } from '../../pdf/comprovante';
import { exportarCsv } from '../exportacao';
import { RESPOSTA_ANEXO, servirAnexo, type Anexos } from '../../anexos/anexos';
import { IdLongo } from '../../../contrato/comum';
import { AssinaturaDoFormulario, CorpoDevolucao, consultaExportacao, consultaFormularios, consultaPdf, consultaVerificacao, Verificacao, consultaRelatorio, DadosPessoais, DetalheFormulario, Formulario, PagamentoDoFormulario, RelatorioTitular } from '../../../contrato/formularios';

const doc = documentarComo('Formulários');
import { acessoDoPedido, exigir, gruposDoEscopo } from '../permissao';
import { resumoFormulario, type LinhaFormulario } from '../resumoFormulario';
import { blocoDasPartes, etapasDoFormulario, gruposDasAnalises } from './analises';

export interface QueryFormularios {
  modelo?: string[];
  status?: string[];
  de?: string;
  ate?: string;
  protocolo?: string;
  cpf?: string;
  page?: number;
  size?: number;
  sort?: string[];
}

/** A form's Pix fee as the drawer shows it (issue 38): null for a form without a fee. */
async function pagamentoDoFormulario(db: Executor, id: string) {
  const [c] = await db.query<{ status: StatusCobranca; valor_centavos: number; txid: string; end_to_end_id: string | null; pago_em: string | null; expira_em: string; devolvido_centavos: number }>('select status, valor_centavos, txid, end_to_end_id, pago_em, expira_em, devolvido_centavos from cobranca_pix where formulario_id = $1', [id]);
  return c ? { status: c.status, valor: valorPix(c.valor_centavos), txid: c.txid, endToEndId: c.end_to_end_id, pagoEm: c.pago_em ? new Date(c.pago_em).toISOString() : null, expiraEm: new Date(c.expira_em).toISOString(), devolvido: valorPix(c.devolvido_centavos) } : null;
}

/** Whether the caller sees personal data in clear (on request: a reveal, a clear export, a data-subject report). */
export async function vePessoais(db: Executor, req: FastifyRequest): Promise<boolean> {
  return (await acessoDoPedido(db, req)).permissoes.includes(P.READ_FORMULARIO_DADOS_PESSOAIS);
}

/** An event of one form, by whom (VISUALIZADO, DADOS_PESSOAIS_VISTOS, PDF_BAIXADO, ANEXO_BAIXADO). */
async function eventoDoFormulario(db: Executor, f: { id: number | string; codigo_servico: string; grupo_controle_conteudo_id: number }, tipo: 'VISUALIZADO' | 'DADOS_PESSOAIS_VISTOS' | 'PDF_BAIXADO' | 'ANEXO_BAIXADO', autor: string, detalhes: Record<string, unknown> = {}) {
  await db.query('insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes) values ($1, $2, $3, $4, $5, $6)', [f.id, f.codigo_servico, f.grupo_controle_conteudo_id, tipo, autor, JSON.stringify(detalhes)]);
}

/** A console-wide event (no single form): an export with personal data, a data-subject report. */
async function eventoDoConsole(db: Executor, tipo: 'EXPORTACAO_DADOS_PESSOAIS' | 'RELATORIO_TITULAR', autor: string, detalhes: Record<string, unknown>) {
  await db.query('insert into formulario_evento (tipo, autor, detalhes) values ($1, $2, $3)', [tipo, autor, JSON.stringify(detalhes)]);
}

/** The definitions of the model versions a set of forms was filled against, loaded once per model. */
function definicoes(db: Executor) {
  const cache = new Map<string, Definicao>();
  const carregados = new Set<string>();
  return async (linhas: { codigo_servico: string; modelo_versao: number }[]) => {
    const faltam = [...new Set(linhas.map((l) => l.codigo_servico))].filter((c) => !carregados.has(c));
    if (faltam.length) {
      for (const v of await db.query<{ codigo_servico: string; numero: number; definicao: Definicao }>('select codigo_servico, numero, definicao from modelo_versao where codigo_servico = any($1)', [faltam])) cache.set(`${v.codigo_servico}:${v.numero}`, v.definicao);
      for (const c of faltam) carregados.add(c);
    }
    return (l: { codigo_servico: string; modelo_versao: number }) => cache.get(`${l.codigo_servico}:${l.modelo_versao}`) ?? null;
  };
}

/** Period filters are calendar days in São Paulo, inclusive; `de` after `ate` is bad input. */
export function conferirPeriodo(de?: string, ate?: string) {
  // A real calendar date (2026-02-30 is not), within what PostgreSQL's date holds comfortably.
  const valida = (d?: string) => {
    if (!d) return true;
    const [a, m, dia] = d.split('-').map(Number);
    const x = new Date(Date.UTC(a, m - 1, dia));
    return a >= 1900 && a <= 9999 && x.getUTCFullYear() === a && x.getUTCMonth() === m - 1 && x.getUTCDate() === dia;
  };
  if (!valida(de) || !valida(ate)) throw invalido('Data inválida no período.', [{ field: !valida(de) ? 'de' : 'ate', message: traduzir('pt-BR', 'validacao.date') }]);
  const msg = traduzir('pt-BR', 'validacao.periodo');
  if (de && ate && de > ate) throw invalido(msg, [{ field: 'de', message: msg }]);
}

/** Adds a São Paulo calendar-day period (inclusive) on a timestamp column. */
export function periodo(f: Filtro, coluna: string, de?: string, ate?: string): void {
  conferirPeriodo(de, ate);
  if (de) f.add((p) => `${coluna} >= (${p(de)}::date)::timestamp at time zone 'America/Sao_Paulo'`);
  if (ate) f.add((p) => `${coluna} < ((${p(ate)}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`);
}

/** The WHERE over any per-day counter table (alias c: forms, events, retries) for scope, models and a period. */
export function contadoresDoDia(q: Pick<QueryFormularios, 'modelo' | 'de' | 'ate'>, escopo: number[] | null): Filtro {
  conferirPeriodo(q.de, q.ate);
  const c = new Filtro();
  if (escopo) c.add((p) => `c.grupo_controle_conteudo_id = any(${p(escopo, 'integer[]')})`);
  if (q.modelo?.length) c.add((p) => `c.codigo_servico = any(${p(q.modelo, 'text[]')})`);
  if (q.de) c.add((p) => `c.dia >= ${p(q.de, 'date')}`);
  if (q.ate) c.add((p) => `c.dia <= ${p(q.ate, 'date')}`);
  return c;
}

/** The same over the forms' counters, with their statuses. */
export function filtroContadores(q: Pick<QueryFormularios, 'modelo' | 'status' | 'de' | 'ate'>, escopo: number[] | null): Filtro {
  const c = contadoresDoDia(q, escopo);
  if (q.status?.length) c.add((p) => `c.status = any(${p(q.status, 'text[]')})`);
  return c;
}

/** The WHERE of a forms query from the console's filters and the caller's content-control scope. */
export function filtroFormularios(q: QueryFormularios, escopo: number[] | null, alias = 'f'): Filtro {
  const f = new Filtro();
  if (escopo) f.add((p) => `${alias}.grupo_controle_conteudo_id = any(${p(escopo)})`);
  if (q.modelo?.length) f.add((p) => `${alias}.codigo_servico = any(${p(q.modelo)})`);
  if (q.status?.length) f.add((p) => `${alias}.status = any(${p(q.status)})`);
  periodo(f, `${alias}.recebido_em`, q.de, q.ate);
  if (q.protocolo) f.add((p) => `${alias}.protocolo = ${p(q.protocolo!.trim())}`);
  if (q.cpf) f.add((p) => `${alias}.cpf_requerente = ${p(soDigitos(q.cpf!))}`);
  return f;
}

const SELECT = `select f.id::text, f.protocolo, f.codigo_servico, m.nome as modelo_nome, f.modelo_versao, f.status, f.cpf_requerente, f.nome_requerente, f.email_requerente, f.recebido_em, f.anonimizado_em, f.idioma
  from formulario f join modelo m on m.codigo_servico = f.codigo_servico`;

/**
 * The forms' counts by day, status and group, all of them (`escopo`: by group, for a caller limited to some groups;
 * otherwise the whole console's, group null): the folded days from their totals (migrations 019 and 034), the rest
 * from the daily counters not folded yet. A year is ~1,500 rows for the whole console (the analytics' series) where the
 * daily counters by model have ~13,000, a month ~120 (the deep pages' jump) where they have ~1,100, at ten million
 * forms. Filtered from outside by `c.dia`, `c.status` and `c.grupo_controle_conteudo_id`: PostgreSQL takes the
 * conditions into both parts.
 */
export const diasDosFormularios = (escopo: boolean) =>
  `(select ${escopo ? 'grupo_controle_conteudo_id' : 'null::integer as grupo_controle_conteudo_id'}, dia, status, quantidade from ${escopo ? 'contador_formulario_dia_grupo' : 'contador_formulario_dia_total'}
    union all select grupo_controle_conteudo_id, dia, status, quantidade from contador_formulario_dia where fatia <> 8)`;

/** The forms list, for its deep pages (salto.ts): the months, days and hours of its counters (migration 037). */
const LISTA: ListaNoTempo = {
  tabela: 'formulario f',
  quando: 'f.recebido_em',
  id: 'f.id',
  select: SELECT,
  contadorDia: 'contador_formulario_dia',
  contadorMes: 'contador_formulario_mes',
  porHora: {
    hora: 'contador_formulario_hora',
    horaGrupo: 'contador_formulario_hora_grupo',
    diaGrupo: diasDosFormularios(true),
    dia: diasDosFormularios(false),
  },
};

/**
 * The exact total for the console's filters. Model, status and period come from the counters (no rescan of
 * forms); protocol and CPF are selective and indexed, so those count forms directly.
 */
export async function totalFormularios(db: Executor, q: QueryFormularios, escopo: number[] | null): Promise<number> {
  if (q.protocolo || q.cpf) {
    const f = filtroFormularios(q, escopo);
    return (await db.query<{ n: string }>(`select count(*)::text as n from formulario f ${f.where}`, f.params)).map((r) => Number(r.n))[0];
  }
  return totalPorContadores(db, LISTA, (p) => filtroContadores({ ...q, ...p }, escopo), q);
}

const COLUNAS = { recebidoEm: 'f.recebido_em', protocolo: 'f.protocolo', status: 'f.status', modelo: 'f.codigo_servico' };

export async function rotasFormularios(api: FastifyInstance, db: Banco, anexos: Anexos, pix?: Cobrancas, selo: Selo | null = null) {
  const escopoDe = async (req: FastifyRequest) => gruposDoEscopo(await acessoDoPedido(db, req));

  api.get<{ Querystring: QueryFormularios }>(
    '/formularios',
    { preValidation: exigir(db, P.READ_FORMULARIO), schema: doc('listarFormularios', 'Lista formulários preenchidos', { descricao: 'Com o total exato. CPF do requerente sempre mascarado; nome e e-mail em claro só para quem tem READ_FORMULARIO_DADOS_PESSOAIS.', query: consultaFormularios, resposta: { descricao: 'Uma página de formulários, do mais novo ao mais antigo.', corpo: Type.Array(Formulario), lista: true } }) },
    async (req, rep) => {
      const q = req.query;
      const l = lerLista(q, COLUNAS, 'f.recebido_em desc', 'f.id desc');
      const escopo = await escopoDe(req);
      const f = filtroFormularios(q, escopo);
      // In received order (the default) and with the counters' filters, a deep page starts from its day.
      // A replica's, when one is caught up and the caller did not just write (issue 47).
      const ler = lerDe(db, req.chamador?.username);
      const pagina = paginaNoTempo<LinhaFormulario>(ler, LISTA, { filtro: f, pedido: l, desc: ordemNoTempo(q.sort, 'recebidoEm'), de: q.de, ate: q.ate, contadores: q.protocolo || q.cpf ? null : (p) => filtroContadores({ ...q, ...p }, escopo), soEscopo: escopo });
      const [linhas, total, clara] = await Promise.all([pagina, totalFormularios(ler, q, escopo), vePessoais(db, req)]);
      return enviarLista(rep, linhas.map((r) => resumoFormulario(r, clara)), l, total);
    },
  );

  /**
   * CSV of the current filter, streamed: UTF-8 with BOM and `;`, as Brazilian spreadsheets expect.
   * Personal data masked (requester columns and personal answers, by each form's model version) unless
   * `dadosPessoais=true`, which needs READ_FORMULARIO_DADOS_PESSOAIS and is recorded as an event with
   * its filter and row count.
   */
  api.get<{ Querystring: QueryFormularios & { dadosPessoais?: boolean } }>(
    '/formularios/exportacao',
    { preValidation: exigir(db, P.READ_FORMULARIO), schema: doc('exportarFormularios', 'Exporta formulários em CSV', { descricao: 'O filtro da lista, sem paginação, em fluxo: UTF-8 com BOM e `;`, como as planilhas brasileiras esperam. Dados pessoais mascarados, salvo com `dadosPessoais=true`.', query: consultaExportacao, resposta: { descricao: 'O arquivo CSV.', outros: { 'text/csv': CSV }, cabecalhos: { 'Content-Disposition': ANEXO } } }) },
    async (req, rep) => {
      const escopo = await escopoDe(req);
      const clara = !!req.query.dadosPessoais;
      if (clara && !(await vePessoais(db, req))) throw proibido('Exportar dados pessoais sem máscara exige a permissão READ_FORMULARIO_DADOS_PESSOAIS.');
      const filtro = () => filtroFormularios(req.query, escopo);
      filtro(); // bad filters fail before the first byte
      const autor = req.chamador!.username;
      const { dadosPessoais: _d, ...filtroUsado } = req.query;
      const linhas = exportarCsv(lerDe(db, autor), filtro, clara, clara ? (total) => eventoDoConsole(db, 'EXPORTACAO_DADOS_PESSOAIS', autor, { filtro: filtroUsado, linhas: total }) : undefined);
      const hoje = new Date().toISOString().slice(0, 10);
      rep.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="formularios-${hoje}.csv"`);
      // One chunk waiting at a time (not Readable.from's 16): a masked batch is a few MB, and a slow client
      // must not make the API hold dozens of them.
      return rep.send(Readable.from(linhas, { highWaterMark: 1 }));
    },
  );

  /**
   * The data subject's report (LGPD, the citizen's right of access): every form of one CPF across the
   * models the caller may read, answers in clear, as JSON or CSV; recorded as an event.
   */
  api.get<{ Querystring: { cpf: string; formato?: 'json' | 'csv' } }>(
    '/formularios/relatorio-titular',
    {
      preValidation: exigir(db, P.READ_FORMULARIO),
      schema: doc('relatorioDoTitular', 'Relatório do titular (LGPD)', { descricao: 'Todos os formulários de um CPF nos modelos ao alcance de quem chama, com as respostas em claro, em JSON ou CSV; exige READ_FORMULARIO_DADOS_PESSOAIS e fica registrado (evento RELATORIO_TITULAR).', query: consultaRelatorio, resposta: { descricao: 'O relatório.', corpo: RelatorioTitular, outros: { 'text/csv': CSV }, cabecalhos: { 'Content-Disposition': ANEXO } } }),
    },
    async (req, rep) => {
      if (!(await vePessoais(db, req))) throw proibido('O relatório do titular traz dados pessoais sem máscara: exige a permissão READ_FORMULARIO_DADOS_PESSOAIS.');
      const cpf = soDigitos(req.query.cpf);
      if (!cpfValido(cpf)) throw invalido(traduzir('pt-BR', 'validacao.cpf'), [{ field: 'cpf', message: traduzir('pt-BR', 'validacao.cpf') }]);
      const f = filtroFormularios({ cpf }, await escopoDe(req));
      const linhas = await db.query<LinhaFormulario>(`${SELECT.replace('select ', 'select f.respostas, ')} ${f.where} order by f.recebido_em desc, f.id desc limit 10000`, f.params);
      const definicaoDe = await definicoes(db)(linhas);
      const formularios = linhas.map((r) => ({
        protocolo: r.protocolo,
        modelo: r.modelo_nome,
        codigoServico: r.codigo_servico,
        versaoModelo: r.modelo_versao,
        status: r.status,
        recebidoEm: new Date(r.recebido_em).toISOString(),
        requerente: { cpf: r.cpf_requerente && formatarCpf(r.cpf_requerente), nome: r.nome_requerente, email: r.email_requerente },
        respostas: respostasComoVistas(definicaoDe(r), r.respostas ?? {}, undefined, undefined, true),
      }));
      await eventoDoConsole(db, 'RELATORIO_TITULAR', req.chamador!.username, { cpf: mascararCpf(cpf), formularios: formularios.length, formato: req.query.formato });
      const nome = `relatorio-titular-${mascararCpf(cpf).replace(/\D/g, '')}-${new Date().toISOString().slice(0, 10)}`;
      if (req.query.formato === 'csv') {
        const csv =
          BOM +
          linhaCsv(['Protocolo', 'Modelo', 'Versão', 'Status', 'Recebido em', 'Seção', 'Pergunta', 'Resposta']) +
          formularios.flatMap((x) => x.respostas.flatMap((b) => b.linhas.map((l) => linhaCsv([x.protocolo, x.modelo, x.versaoModelo, rotuloDe(ROTULO_STATUS_FORMULARIO, x.status).rotulo, formatarDataHora(x.recebidoEm), b.titulo, l.rotulo, l.valor])))).join('');
        return rep.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${nome}.csv"`).send(csv);
      }
      return rep.header('content-disposition', `attachment; filename="${nome}.json"`).send({ titular: { cpf: formatarCpf(cpf) }, geradoEm: new Date().toISOString(), formularios });
    },
  );

  /** One form with its answers and the model version it was filled against: 404 when missing, 403 outside the caller's groups. */
  async function formularioDoChamador(req: FastifyRequest, id: number) {
    const [r] = await db.query<LinhaFormulario & { grupo_controle_conteudo_id: number; declaracao: { texto: string; aceitaEm: string } | null; confiabilidade: ConfiabilidadeDoCidadao | null; assinatura: Static<typeof AssinaturaDoFormulario> | null }>(
      `${SELECT.replace('select ', 'select f.respostas, f.grupo_controle_conteudo_id, f.declaracao, f.confiabilidade, f.assinatura, ')} where f.id = $1`,
      [id],
    );
    if (!r) throw naoEncontrado('Formulário não encontrado.');
    const acesso = await acessoDoPedido(db, req);
    const escopo = gruposDoEscopo(acesso);
    // Issue 46: a form reaches too whoever reviews one of its steps (READ_FORMULARIO_ANALISE and the step's group).
    if (escopo && !(acesso.permissoes.includes(P.READ_FORMULARIO) && escopo.includes(r.grupo_controle_conteudo_id)) && !(acesso.permissoes.includes(P.READ_FORMULARIO_ANALISE) && (await gruposDasAnalises(db, String(id))).some((g) => escopo.includes(g))))
      throw proibido('Este formulário pertence a um grupo de controle de conteúdo que não é o seu.');
    const [versao] = await db.query<{ numero: number; nome: string; definicao: Definicao }>('select numero, nome, definicao from modelo_versao where codigo_servico = $1 and numero = $2', [r.codigo_servico, r.modelo_versao]);
    return { r, versao };
  }
  const PARAMS_ID = parametros({ id: IdLongo() });

  api.get<{ Params: { id: number } }>(
    '/formularios/:id',
    { preValidation: exigir(db, [P.READ_FORMULARIO, P.READ_FORMULARIO_ANALISE]), schema: doc('obterFormulario', 'Um formulário preenchido', { descricao: 'Com as respostas (dados pessoais mascarados), a versão do modelo, os eventos, a entrega e as etapas depois do envio. Cada consulta é um evento VISUALIZADO. Com READ_FORMULARIO_ANALISE, também os formulários que um grupo do chamador analisa (issue 46).', params: PARAMS_ID, resposta: { descricao: 'O formulário.', corpo: DetalheFormulario }, erros: [404] }) },
    async (req) => {
      const { r, versao } = await formularioDoChamador(req, req.params.id);
      const eventos = await db.query<{ id: string; tipo: string; ocorrido_em: string; autor: string; detalhes: unknown }>('select id::text, tipo, ocorrido_em, autor, detalhes from formulario_evento where formulario_id = $1 order by ocorrido_em, id', [req.params.id]);
      const [retentativa] = await db.query<Record<string, unknown>>('select id::text, status, tentativas, proxima_tentativa_em, ultimo_status_http, ultimo_erro, destino from retentativa_integracao where formulario_id = $1', [req.params.id]);
      await eventoDoFormulario(db, r, 'VISUALIZADO', req.chamador!.username);
      const clara = await vePessoais(db, req);
      // Personal data shows masked, for everyone: who holds the permission asks for it ("Mostrar"), and that is recorded.
      return {
        ...resumoFormulario(r),
        respostas: mascararRespostas(versao?.definicao, r.respostas ?? {}),
        dadosPessoais: { mascarados: true, podeMostrar: clara },
        versaoModelo: versao ?? null,
        camposOcultos: camposOcultos(versao?.definicao, r.respostas ?? {}),
        declaracao: r.declaracao ? { texto: r.declaracao.texto, aceitaEm: new Date(r.declaracao.aceitaEm).toISOString() } : null,
        confiabilidade: r.confiabilidade ?? null,
        // Who signed is personal data: masked as the requester is (the signer is the requester, shown by "Mostrar").
        assinatura: r.assinatura ? { ...r.assinatura, ...(r.assinatura.nome ? { nome: mascarar('nome', r.assinatura.nome) as string } : {}), ...(r.assinatura.cpf ? { cpf: mascararCpf(r.assinatura.cpf) } : {}) } : null,
        pagamento: await pagamentoDoFormulario(db, String(req.params.id)),
        eventos: eventos.map((e) => ({ id: Number(e.id), tipo: e.tipo, ocorridoEm: e.ocorrido_em, autor: e.autor, detalhes: clara ? e.detalhes : mascararDetalhes(e.detalhes) })),
        ...(await etapasDoFormulario(db, req, String(req.params.id), clara)),
        retentativa: retentativa
          ? { id: Number(retentativa.id), status: retentativa.status, tentativas: retentativa.tentativas, proximaTentativaEm: retentativa.proxima_tentativa_em, ultimoStatusHttp: retentativa.ultimo_status_http, ultimoErro: retentativa.ultimo_erro && (pedeIngles(req.headers['accept-language']) ? emIngles : (x: string) => x)(clara ? String(retentativa.ultimo_erro) : mascararTexto(String(retentativa.ultimo_erro))), destino: retentativa.destino }
          : null,
      };
    },
  );

  /**
   * An attachment of a filled form (issue 15), for staff who may read the form (content-control groups
   * apply): the bytes as uploaded, with the type found in their content; each download is an event.
   */
  api.get<{ Params: { id: number; anexo: string } }>(
    '/formularios/:id/anexos/:anexo',
    { preValidation: exigir(db, P.READ_FORMULARIO), schema: doc('baixarAnexo', 'Baixa um anexo de um formulário', { descricao: 'O arquivo como foi enviado (o tipo é o encontrado no conteúdo), com o seu SHA-256 no cabeçalho Repr-Digest. Cada download é um evento ANEXO_BAIXADO.', params: parametros({ id: IdLongo(), anexo: Type.String({ format: 'uuid' }) }), resposta: RESPOSTA_ANEXO, erros: [404] }) },
    async (req, rep) => {
      const { r } = await formularioDoChamador(req, req.params.id);
      const a = await anexos.obter(req.params.anexo);
      if (!a || a.formularioId !== String(req.params.id)) throw naoEncontrado('Este formulário não tem esse anexo.');
      await eventoDoFormulario(db, r, 'ANEXO_BAIXADO', req.chamador!.username, { anexo: a.id, nome: a.nome });
      return servirAnexo(rep, anexos, a);
    },
  );

  /**
   * A citizen's receipt checked by staff (issue 15): does the code printed on it belong to the protocol?
   * The form comes along when the caller may read it (content-control groups apply).
   */
  api.get<{ Querystring: { protocolo: string; codigo: string } }>(
    '/formularios/verificacao',
    { preValidation: exigir(db, P.READ_FORMULARIO), schema: doc('verificarComprovante', 'Confere um comprovante', { descricao: 'Se o código de verificação impresso num comprovante confere com o protocolo; com o formulário, quando quem pergunta pode vê-lo.', query: consultaVerificacao, resposta: { descricao: 'O resultado.', corpo: Verificacao } }) },
    async (req) => {
      const [f] = await db.query<LinhaFormulario & { codigo_verificacao: string | null; grupo_controle_conteudo_id: number }>(`${SELECT.replace('select ', 'select f.codigo_verificacao, f.grupo_controle_conteudo_id, ')} where f.protocolo = $1`, [req.query.protocolo.trim()]);
      if (!f || !codigoConfere(f.codigo_verificacao, req.query.codigo)) return { valido: false };
      const escopo = await escopoDe(req);
      const visivel = !escopo || escopo.includes(f.grupo_controle_conteudo_id);
      return visivel ? { valido: true, formulario: resumoFormulario(f, false) } : { valido: true };
    },
  );

  /**
   * "Baixar PDF" (issue 15): the form as the drawer lays it out, masked as the drawer shows it unless
   * `dadosPessoais=true` (READ_FORMULARIO_DADOS_PESSOAIS, like "Mostrar"); each download is an event.
   */
  api.get<{ Params: { id: number }; Querystring: { dadosPessoais?: boolean } }>(
    '/formularios/:id/pdf',
    { preValidation: exigir(db, P.READ_FORMULARIO), schema: doc('baixarPdfFormulario', 'Baixa o PDF de um formulário', { descricao: 'O formulário como a gaveta o mostra (modelo e versão, protocolo, recebimento, situação, seções e respostas, sem as perguntas que o cidadão não viu), com fontes embutidas. Dados pessoais mascarados, salvo com `dadosPessoais=true`. Cada PDF baixado é um evento PDF_BAIXADO.', params: PARAMS_ID, query: consultaPdf, resposta: { descricao: 'O PDF.', outros: { 'application/pdf': BINARIO }, cabecalhos: { 'Content-Disposition': ANEXO } }, erros: [404] }) },
    async (req, rep) => {
      const clara = !!req.query.dadosPessoais;
      if (clara && !(await vePessoais(db, req))) throw proibido('Baixar o PDF sem máscara exige a permissão READ_FORMULARIO_DADOS_PESSOAIS.');
      const { r, versao } = await formularioDoChamador(req, req.params.id);
      const claras = r.respostas ?? {};
      const respostas = clara ? claras : mascararRespostas(versao?.definicao, claras);
      const pdf = await gerarPdf({
        modelo: versao?.nome ?? r.modelo_nome,
        versao: r.modelo_versao,
        protocolo: r.protocolo,
        recebidoEm: r.recebido_em,
        status: rotuloDe(ROTULO_STATUS_FORMULARIO, r.status).rotulo,
        blocos: [...respostasComoVistas(versao?.definicao, claras, respostas, undefined, true), ...(await blocoDasPartes(db, String(r.id), clara))],
        geradoPor: req.chamador!.username,
        aviso: clara ? undefined : 'Dados pessoais mascarados.',
        declaracao: r.declaracao,
        // Staff downloads go before citizens' documents (issue 50: they waited behind one address's burst).
      }, { classe: 'equipe', origem: req.chamador!.username }, selo);
      await eventoDoFormulario(db, r, 'PDF_BAIXADO', req.chamador!.username, { dadosPessoais: clara });
      return rep.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="formulario-${r.protocolo.replace(/\D/g, '')}.pdf"`).send(pdf);
    },
  );

  /** "Mostrar": the form's personal data in clear, for READ_FORMULARIO_DADOS_PESSOAIS; each reveal is an event. */
  api.get<{ Params: { id: number } }>(
    '/formularios/:id/dados-pessoais',
    { preValidation: exigir(db, [P.READ_FORMULARIO_DADOS_PESSOAIS]), schema: doc('mostrarDadosPessoais', 'Mostra os dados pessoais de um formulário', { descricao: 'Exige READ_FORMULARIO e READ_FORMULARIO_DADOS_PESSOAIS; cada pedido é um evento DADOS_PESSOAIS_VISTOS.', params: PARAMS_ID, resposta: { descricao: 'Respostas e requerente sem máscara.', corpo: DadosPessoais, cabecalhos: { 'Cache-Control': Type.String({ const: 'no-store' }) } }, erros: [404] }) },
    async (req, rep) => {
      if (!(await acessoDoPedido(db, req)).permissoes.includes(P.READ_FORMULARIO)) throw proibido(`Você não tem a permissão ${P.READ_FORMULARIO}.`);
      const { r, versao } = await formularioDoChamador(req, req.params.id);
      const pessoais = [...camposPessoais(versao?.definicao).keys()].filter((k) => Object.hasOwn(r.respostas ?? {}, k));
      await eventoDoFormulario(db, r, 'DADOS_PESSOAIS_VISTOS', req.chamador!.username, { campos: pessoais });
      // Personal data in clear: no cache keeps a copy.
      rep.header('cache-control', 'no-store');
      return {
        respostas: r.respostas ?? {},
        cpfRequerente: r.cpf_requerente ? formatarCpf(r.cpf_requerente) : null,
        nomeRequerente: r.nome_requerente,
        emailRequerente: r.email_requerente,
      };
    },
  );

  /** A refund (devolução) of the form's paid fee, whole or in part, through the PSP (issue 38). */
  api.post<{ Params: { id: number }; Body: { valor?: string; motivo?: string } }>(
    '/formularios/:id/devolucoes',
    { preValidation: exigir(db, [P.UPDATE_FORMULARIO_PAGAMENTO]), schema: doc('devolverPagamento', 'Devolve o pagamento de um formulário', { descricao: 'Devolve ao cidadão, pelo PSP (API Pix), a taxa paga: toda (sem `valor`) ou parte, nunca mais do que resta. Exige READ_FORMULARIO e UPDATE_FORMULARIO_PAGAMENTO; cada devolução é um evento PAGAMENTO_DEVOLVIDO.', params: PARAMS_ID, corpo: CorpoDevolucao, resposta: { descricao: 'O pagamento, com o que já foi devolvido.', corpo: PagamentoDoFormulario }, erros: [400, 404, 409, 502], porque: { 409: 'Conflito: o formulário não tem pagamento confirmado, ou ele já foi todo devolvido.', 502: 'O PSP não aceitou a devolução; nada foi registrado.' } }) },
    async (req) => {
      if (!(await acessoDoPedido(db, req)).permissoes.includes(P.READ_FORMULARIO)) throw proibido(`Você não tem a permissão ${P.READ_FORMULARIO}.`);
      const { r } = await formularioDoChamador(req, req.params.id);
      const texto = req.body?.valor?.trim();
      const centavos = texto ? lerReais(texto) : null;
      if (texto && centavos === null) throw invalido(MSG_CAMPOS, [{ field: 'valor', message: emPortugues('taxa.valor-invalido') }]);
      const motivo = (req.body?.motivo ?? '').trim();
      const feito = pix ? await pix.devolver(String(r.id), centavos, req.chamador!.username, motivo) : ({ erro: 'psp', detalhe: 'sem PSP' } as const);
      if ('erro' in feito) {
        if (feito.erro === 'nao-pago') throw conflito('Este formulário não tem pagamento confirmado para devolver.');
        if (feito.erro === 'ja-devolvido') throw conflito('O pagamento deste formulário já foi todo devolvido.');
        if (feito.erro === 'valor') throw invalido(MSG_CAMPOS, [{ field: 'valor', message: emPortugues('devolucao.maximo', { valor: formatarReais(feito.resta) }) }]);
        throw new ErroHttp(502, 'O PSP não aceitou a devolução; nada foi registrado. Tente de novo em alguns minutos.');
      }
      return pagamentoDoFormulario(db, String(r.id));
    },
  );
}
