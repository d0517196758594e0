import type { FastifyInstance, FastifyRequest } from 'fastify';
import { P } from '../../../access/permissoes';
import { problemaCodigoServico, type Definicao } from '../../../forms/definicao';
import { validarDefinicao } from '../../../forms/problemasDefinicao';
import { podarTraducoes } from '../../../forms/traducoes';
import { IDIOMAS_TRADUCAO, type IdiomaTraducao } from '../../../forms/vocabulario';
import { podeExcluir, transicionar, type StatusModelo, type Transicao } from '../../../forms/ciclo';
import type { Banco, Executor } from '../../db';
import { lerDe } from '../../leitura';
import { smsDoMes } from './verificacoes';
import { conflito, invalido, MSG_CAMPOS, versaoAntiga, naoEncontrado, proibido } from '../erros';
import { enviarLista, Filtro, lerLista } from '../lista';
import { Type } from 'typebox';
import { LOCALIZACAO, parametros } from '../contrato';
import { Id } from '../../../contrato/comum';
import { consultaModelos, CorpoModelo as EsquemaCorpoModelo, CorpoModeloAlterado, GruposDoModelo, Modelo, ModeloResumo, OpcaoModelo, ResultadoTeste, SegredoGerado, VersaoModelo, type TModelo, type TModeloResumo } from '../../../contrato/modelos';
import { acessoDoPedido, exigir, gruposDoEscopo } from '../permissao';
import { auditar } from '../auditoria';
import { randomUUID } from 'node:crypto';
import type { ErroCampo } from '../../../contrato/problema';
import { problemaCabecalho } from '../../../forms/integracao';
import { destinoVerificado, type Resolvedor } from '../../entrega/destino';
import { enviarAssinado } from '../../entrega/envio';
import { cabecalhosAGravar, cabecalhosEmClaro, nomesDosCabecalhos } from '../../entrega/cabecalhosGuardados';
import { gerarSegredo, segredosVigentes, type OpcoesIntegracao } from '../../entrega/integracao';
import { problemasDoPeriodo } from '../../../forms/periodo';
import { emPortugues } from '../../../i18n';
import { registrarHistorico, type AcaoHistorico, type DetalheHistorico } from '../historicoModelo';
import { registrarCopias } from './modelosCopias';
import { registrarHistoricoDeModelos } from './modelosHistorico';
import { contarParaLimite, doc, params, type ContextoModelos, type CorpoModelo, type LinhaModelo } from './contextoModelos';


const SELECT = `select m.*, g.nome as grupo_nome from modelo m join grupo_controle_conteudo g on g.id = m.grupo_controle_conteudo_id`;

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

const resumo = (r: LinhaModelo): TModeloResumo => ({
  codigoServico: r.codigo_servico,
  nome: r.nome,
  descricao: r.descricao,
  status: r.status,
  grupoControleConteudo: { id: r.grupo_controle_conteudo_id, nome: r.grupo_nome },
  grupoAcessoPublicoId: r.grupo_acesso_publico_id,
  retencaoDias: r.retencao_dias,
  abreEm: iso(r.abre_em),
  fechaEm: iso(r.fecha_em),
  limiteRespostas: r.limite_respostas,
  mensagemLimite: r.mensagem_limite,
  modeloBase: r.modelo_base,
  ultimaVersao: r.ultima_versao,
  versao: r.versao,
  criadoEm: r.criado_em,
  criadoPor: r.criado_por,
  atualizadoEm: r.atualizado_em,
  atualizadoPor: r.atualizado_por,
});

/** A resolver that gives up after `ms` (a save waits at most that long for DNS). */
const comPrazo = (r: Resolvedor, ms: number): Resolvedor => (host) => Promise.race([r(host), new Promise<never>((_, erro) => setTimeout(() => erro(new Error('DNS sem resposta')), ms).unref())]);

/** Forms the model received, from the monthly counters (exact, kept by the same statements that write forms). */
export async function respostasDoModelo(db: Executor, codigo: string): Promise<number> {
  return Number((await db.query<{ n: string }>('select coalesce(sum(quantidade), 0)::text as n from contador_formulario_mes where codigo_servico = $1', [codigo]))[0].n);
}

/** The model with its draft and integration; the signing secret itself is never shown here (only once, when made). */
const completo = (r: LinhaModelo, respostas: number, smsNoMes: number): TModelo => ({
  ...resumo(r),
  respostas,
  smsNoMes,
  definicao: r.definicao,
  integracao: {
    url: r.integracao_url,
    metodo: r.integracao_metodo,
    cabecalhos: nomesDosCabecalhos(r.integracao_cabecalhos),
    segredo: { existe: !!r.integracao_segredo, criadoEm: iso(r.integracao_segredo_criado_em), anteriorValidoAte: iso(r.integracao_segredo_anterior_ate) },
    esgotadasSeguidas: r.integracao_esgotadas_seguidas,
    pausadaEm: iso(r.integracao_pausada_em),
  },
});

/**
 * The integration as typed, as field errors: the destination guard (the address as written, then what its
 * name resolves to; a name that does not resolve now is checked again at every send) and the header rules.
 * Before any transaction: a slow DNS answer must not hold a database connection.
 */
async function problemasIntegracao(i: CorpoModelo['integracao'], o: OpcoesIntegracao): Promise<ErroCampo[]> {
  const erros: ErroCampo[] = [];
  if (i?.url) {
    const alvo = await destinoVerificado(i.url, o.permitidos, comPrazo(o.resolver, 5000));
    if ('recusa' in alvo && !alvo.semDns) erros.push({ field: 'integracao.url', message: alvo.recusa });
  }
  for (const [nome, valor] of Object.entries(i?.cabecalhos ?? {})) {
    const problema = problemaCabecalho(nome, valor ?? '');
    if (problema) erros.push({ field: `integracao.cabecalhos.${nome}`, message: problema });
  }
  return erros;
}


const MSG_409_ARQUIVADO = 'Conflito: o modelo está arquivado, ou outra pessoa o salvou depois que você o leu (`type` urn:console-formularios:problema:versao-antiga).';

/**
 * A model moving to another content-control group takes its forms, events, retries and counters with
 * it, in the caller's transaction (the model's row is already locked for update, so no submission
 * writes a form with the old group meanwhile: see publico.ts), and the move is in the access audit trail.
 */
async function moverDeGrupo(tx: Executor, autor: string, m: LinhaModelo, grupo: number) {
  const codigo = m.codigo_servico;
  const [{ formularios }] = await tx.query<{ formularios: number }>(
    `with f as (update formulario set grupo_controle_conteudo_id = $2 where codigo_servico = $1 returning 1) select count(*)::int as formularios from f`,
    [codigo, grupo],
  );
  for (const tabela of ['formulario_evento', 'retentativa_integracao', 'contador_formulario_dia', 'contador_formulario_mes', 'contador_evento_dia', 'contador_evento_mes', 'contador_retentativa_dia', 'contador_retentativa_mes']) {
    await tx.query(`update ${tabela} set grupo_controle_conteudo_id = $2 where codigo_servico = $1`, [codigo, grupo]);
  }
  // The groups' daily totals (migration 034) hold the folded part of the daily counters: the model's leaves the old
  // group and joins the new one. After the update above, so the model's slice-8 rows are this transaction's until it
  // ends (a fold adding to them meanwhile waits, and gives up first: its lock_timeout).
  await tx.query(
    `insert into contador_formulario_dia_grupo (grupo_controle_conteudo_id, dia, status, quantidade)
     select v.grupo, c.dia, c.status, v.sinal * sum(c.quantidade) from contador_formulario_dia c, (values ($2::integer, -1), ($3::integer, 1)) as v(grupo, sinal)
      where c.codigo_servico = $1 and c.fatia = 8 group by v.grupo, v.sinal, c.dia, c.status order by 1, 2, 3
     on conflict (grupo_controle_conteudo_id, dia, status) do update set quantidade = contador_formulario_dia_grupo.quantidade + excluded.quantidade`,
    [codigo, m.grupo_controle_conteudo_id, grupo],
  );
  const [novo] = await tx.query<{ nome: string }>('select nome from grupo_controle_conteudo where id = $1', [grupo]);
  await auditar(tx, autor, 'MODELO', 'MOVIDO', codigo, { grupoControleConteudo: { id: m.grupo_controle_conteudo_id, nome: m.grupo_nome } }, { grupoControleConteudo: { id: grupo, nome: novo.nome }, formularios });
}

/** The period and the limit of a body, in the order the statements take them: abre_em, fecha_em, limite_respostas, mensagem_limite, modelo_base. */
const periodoDe = (b: Pick<CorpoModelo, 'abreEm' | 'fechaEm' | 'limiteRespostas' | 'mensagemLimite' | 'modeloBase'>) => [b.abreEm ?? null, b.fechaEm ?? null, b.limiteRespostas ?? null, b.mensagemLimite?.trim() || null, b.modeloBase ?? false];

const ACAO_DA_TRANSICAO: Record<Transicao, AcaoHistorico> = { publicar: 'PUBLICADO', arquivar: 'ARQUIVADO', restaurar: 'RESTAURADO' };


/** Form templates: list, create, the draft, publishing immutable versions, archiving. */
export async function rotasModelos(api: FastifyInstance, db: Banco, integracao: OpcoesIntegracao, aoRetomar?: () => void, idiomas: readonly IdiomaTraducao[] = IDIOMAS_TRADUCAO, cobraTaxas = false) {
  /** A definition's problems, with the languages this environment offers (IDIOMAS_FORMULARIOS) checked too. */
  const problemasDe = (d: Definicao, publicar: boolean, o: Parameters<typeof validarDefinicao>[2]) => [
    ...validarDefinicao(d, publicar, o),
    ...(d.idiomas ?? []).filter((i) => !idiomas.includes(i)).map((i) => ({ caminho: 'idiomas', mensagem: `O idioma "${i}" não é oferecido neste ambiente (IDIOMAS_FORMULARIOS: ${idiomas.join(', ') || 'nenhum'}).` })),
    // A fee needs a PSP in this environment (issue 38): refused at publishing, so no citizen meets a form that cannot charge.
    ...(publicar && d.taxa && !cobraTaxas ? [{ caminho: 'taxa', mensagem: 'Este ambiente não cobra taxas: configure o PSP do Pix (PIX_PSP_URL) antes de publicar um formulário com taxa.' }] : []),
  ];
  /** The model, if the caller's content-control groups reach it: 404 when missing, 403 outside them. */
  async function modeloDoChamador(tx: Executor, req: FastifyRequest, codigo: string, bloquear = false): Promise<LinhaModelo> {
    const [m] = await tx.query<LinhaModelo>(`${SELECT} where m.codigo_servico = $1${bloquear ? ' for update of m' : ''}`, [codigo]);
    if (!m) throw naoEncontrado(`Modelo "${codigo}" não encontrado.`);
    const grupos = gruposDoEscopo(await acessoDoPedido(tx, req));
    if (grupos && !grupos.includes(m.grupo_controle_conteudo_id)) throw proibido('Este modelo pertence a um grupo de controle de conteúdo que não é o seu.');
    return m;
  }

  const detalhe = async (tx: Executor, m: LinhaModelo) => completo(m, await respostasDoModelo(tx, m.codigo_servico), await smsDoMes(tx, m.codigo_servico));
  /** The model as it now is, on record (a save that changed nothing leaves no row). */
  const historico = async (tx: Executor, req: FastifyRequest, codigo: string, acao: AcaoHistorico, detalhe?: DetalheHistorico) => registrarHistorico(tx, codigo, req.chamador!.username, acao, await modeloDoChamador(tx, req, codigo), detalhe);

  /**
   * The model as the API answers a create or a save: one that now has a destination and no secret gets
   * one, and this answer carries it (the only time anyone sees it).
   */
  async function completoComSegredo(tx: Executor, req: FastifyRequest, codigo: string) {
    const m = await modeloDoChamador(tx, req, codigo);
    if (!m.integracao_url || m.integracao_segredo) return detalhe(tx, m);
    const { segredo } = await gerarSegredo(tx, integracao, codigo);
    return { ...(await detalhe(tx, await modeloDoChamador(tx, req, codigo))), segredoNovo: segredo };
  }

  async function conferirGrupos(tx: Executor, req: FastifyRequest, b: CorpoModelo, errosIntegracao: ErroCampo[]) {
    const grupos = gruposDoEscopo(await acessoDoPedido(tx, req));
    // The period and the limit (issue 36), as the console's form checks them.
    const erros: ErroCampo[] = Object.entries(problemasDoPeriodo({ abreEm: b.abreEm ?? null, fechaEm: b.fechaEm ?? null, limiteRespostas: b.limiteRespostas ?? null, mensagemLimite: b.mensagemLimite })).map(([field, chave]) => ({ field, message: emPortugues(chave) }));
    if (!(await tx.query('select 1 from grupo_controle_conteudo where id = $1', [b.grupoControleConteudoId])).length) erros.push({ field: 'grupoControleConteudoId', message: 'Grupo de controle de conteúdo não encontrado.' });
    else if (grupos && !grupos.includes(b.grupoControleConteudoId)) erros.push({ field: 'grupoControleConteudoId', message: 'Escolha um dos seus grupos de controle de conteúdo.' });
    if (b.grupoAcessoPublicoId && !(await tx.query('select 1 from grupo_acesso_publico where id = $1', [b.grupoAcessoPublicoId])).length) erros.push({ field: 'grupoAcessoPublicoId', message: 'Grupo de acesso público não encontrado.' });
    erros.push(...errosIntegracao);
    if (erros.length) throw invalido(MSG_CAMPOS, erros);
  }

  api.get<{ Querystring: { texto?: string; status?: StatusModelo[]; grupo?: number[]; modeloBase?: boolean; page?: number; size?: number; sort?: string[] } }>(
    '/modelos',
    {
      preValidation: exigir(db, P.READ_MODELO),
      schema: doc('listarModelos', 'Lista modelos', { descricao: 'Só os modelos dos grupos de controle de conteúdo de quem chama (todos para administradores).', query: consultaModelos, resposta: { descricao: 'Uma página de modelos.', corpo: Type.Array(ModeloResumo), lista: true } }),
    },
    async (req, rep) => {
      const q = req.query;
      const l = lerLista(q, { nome: 'm.nome', codigoServico: 'm.codigo_servico', status: 'm.status', atualizadoEm: 'm.atualizado_em', grupo: 'g.nome' }, 'm.nome asc', 'm.codigo_servico asc');
      const f = new Filtro();
      const escopo = gruposDoEscopo(await acessoDoPedido(db, req));
      if (escopo) f.add((p) => `m.grupo_controle_conteudo_id = any(${p(escopo)})`);
      if (q.texto) f.add((p) => `(m.nome ilike ${p(`%${q.texto}%`)} or m.codigo_servico ilike ${p(`%${q.texto}%`)})`);
      if (q.status?.length) f.add((p) => `m.status = any(${p(q.status)})`);
      if (q.grupo?.length) f.add((p) => `m.grupo_controle_conteudo_id = any(${p(q.grupo)})`);
      if (q.modeloBase !== undefined) f.add((p) => `m.modelo_base = ${p(q.modeloBase)}`);
      const ler = lerDe(db, req.chamador?.username);
      const [{ total }] = await ler.query<{ total: number }>(`select count(*)::int as total from modelo m ${f.where}`, f.params);
      const linhas = await ler.query<LinhaModelo>(`${SELECT} ${f.where} order by ${l.ordem} ${f.pagina(l)}`, f.params);
      return enviarLista(rep, linhas.map(resumo), l, total);
    },
  );

  /**
   * Code, name and status of every model in the caller's scope, for the filters of the forms, events
   * and retries pages (whose users may not hold READ_MODELO).
   */
  api.get('/modelos-opcoes', { preValidation: exigir(db, [P.READ_MODELO, P.READ_FORMULARIO, P.READ_FORMULARIO_EVENTO, P.READ_RETENTATIVA_INTEGRACAO]), schema: doc('listarOpcoesDeModelos', 'Modelos para os filtros', { descricao: 'Código, nome e status de todos os modelos ao alcance de quem chama, para os filtros de formulários, eventos e retentativas (basta uma permissão de leitura de qualquer dessas áreas).', resposta: { descricao: 'Os modelos, por nome.', corpo: Type.Array(OpcaoModelo) } }) }, async (req) => {
    const f = new Filtro();
    const escopo = gruposDoEscopo(await acessoDoPedido(db, req));
    if (escopo) f.add((p) => `m.grupo_controle_conteudo_id = any(${p(escopo)})`);
    const linhas = await db.query<{ codigo_servico: string; nome: string; status: StatusModelo; integracao_pausada_em: string | null }>(
      `select m.codigo_servico, m.nome, m.status, m.integracao_pausada_em from modelo m ${f.where} order by m.nome, m.codigo_servico`,
      f.params,
    );
    // integracaoPausadaEm: the retries page warns of paused integrations (their forms wait in the queue).
    return linhas.map((m) => ({ codigoServico: m.codigo_servico, nome: m.nome, status: m.status, integracaoPausadaEm: iso(m.integracao_pausada_em) }));
  });

  /**
   * The groups a model may be given: content-control groups in the caller's scope (all for an
   * administrator) and every public-access group, for the model's form (designers may not hold the
   * groups' own READ_ permissions).
   */
  api.get('/modelos-grupos', { preValidation: exigir(db, [P.READ_MODELO, P.CREATE_MODELO, P.UPDATE_MODELO]), schema: doc('listarGruposParaModelos', 'Grupos que um modelo pode receber', { resposta: { descricao: 'Grupos de controle de conteúdo de quem chama e todos os de acesso público.', corpo: GruposDoModelo } }) }, async (req) => {
    const escopo = gruposDoEscopo(await acessoDoPedido(db, req));
    const [controle, publico] = await Promise.all([
      db.query<{ id: number; nome: string }>(`select id, nome from grupo_controle_conteudo ${escopo ? 'where id = any($1)' : ''} order by nome`, escopo ? [escopo] : []),
      db.query<{ id: number; nome: string }>('select id, nome from grupo_acesso_publico order by nome'),
    ]);
    return { controleConteudo: controle, acessoPublico: publico, idiomas };
  });

  api.post<{ Body: CorpoModelo }>(
    '/modelos',
    { preValidation: exigir(db, P.CREATE_MODELO), schema: doc('criarModelo', 'Cria um modelo', { descricao: 'Um rascunho vazio. Com integração, a resposta traz o segredo de assinatura (`segredoNovo`), só desta vez.', corpo: EsquemaCorpoModelo, resposta: { status: 201, descricao: 'Criado.', corpo: Modelo, cabecalhos: LOCALIZACAO } }) },
    async (req, rep) => {
      const b = req.body;
      const problema = problemaCodigoServico(b.codigoServico!);
      if (problema) throw invalido(MSG_CAMPOS, [{ field: 'codigoServico', message: problema }]);
      const errosIntegracao = await problemasIntegracao(b.integracao, integracao);
      const r = await db.transacao(async (tx) => {
        const guardar = cabecalhosAGravar(integracao.cofre, b.integracao?.cabecalhos, {});
        await conferirGrupos(tx, req, b, [...errosIntegracao, ...guardar.erros]);
        if ((await tx.query('select 1 from modelo where lower(codigo_servico) = lower($1)', [b.codigoServico])).length) {
          throw invalido(MSG_CAMPOS, [{ field: 'codigoServico', message: 'Já existe um modelo com este código.' }]);
        }
        const quem = req.chamador!.username;
        await tx.query(
          `insert into modelo (codigo_servico, nome, descricao, grupo_controle_conteudo_id, grupo_acesso_publico_id, integracao_url, integracao_metodo, integracao_cabecalhos, criado_por, atualizado_por, retencao_dias,
                               abre_em, fecha_em, limite_respostas, mensagem_limite, modelo_base)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14, $15)`,
          [b.codigoServico, b.nome.trim(), b.descricao, b.grupoControleConteudoId, b.grupoAcessoPublicoId, b.integracao?.url ?? null, b.integracao?.metodo ?? 'POST', JSON.stringify(guardar.cabecalhos), quem, b.retencaoDias ?? null, ...periodoDe(b)],
        );
        await historico(tx, req, b.codigoServico!, 'CRIADO');
        return completoComSegredo(tx, req, b.codigoServico!);
      });
      return rep.code(201).header('location', `/api/modelos/${encodeURIComponent(r.codigoServico)}`).send(r);
    },
  );

  api.get<{ Params: { codigoServico: string } }>('/modelos/:codigoServico', { preValidation: exigir(db, P.READ_MODELO), schema: doc('obterModelo', 'Um modelo', { params, resposta: { descricao: 'O modelo com o rascunho e a integração.', corpo: Modelo }, erros: [404] }) }, async (req) => detalhe(db, await modeloDoChamador(db, req, req.params.codigoServico)));

  api.put<{ Params: { codigoServico: string }; Body: CorpoModelo }>(
    '/modelos/:codigoServico',
    {
      preValidation: exigir(db, P.UPDATE_MODELO),
      schema: doc('alterarModelo', 'Salva o rascunho de um modelo', { descricao: 'Dados, integração e definição. Mudar o grupo de controle de conteúdo leva junto formulários, eventos e retentativas.', params, corpo: CorpoModeloAlterado, resposta: { descricao: 'O modelo salvo.', corpo: Modelo }, erros: [404, 409], porque: { 409: MSG_409_ARQUIVADO } }),
    },
    async (req) => {
      const errosIntegracao = await problemasIntegracao(req.body.integracao, integracao);
      return db.transacao(async (tx) => {
        const b = req.body;
        const atual = await modeloDoChamador(tx, req, req.params.codigoServico, true);
        if (atual.status === 'ARQUIVADO') throw conflito('Um modelo arquivado não pode ser alterado; restaure-o antes.');
        if (atual.versao !== b.versao) throw versaoAntiga();
        const guardar = cabecalhosAGravar(integracao.cofre, b.integracao?.cabecalhos, atual.integracao_cabecalhos);
        await conferirGrupos(tx, req, b, [...errosIntegracao, ...guardar.erros]);
        const textos = { nome: b.nome, descricao: b.descricao, mensagemLimite: b.mensagemLimite };
        const problemas = problemasDe(b.definicao!, false, { textos });
        if (problemas.length) throw invalido('A definição do formulário tem problemas.', problemas.map((x) => ({ field: `definicao.${x.caminho}`, message: x.mensagem })));
        // Only the translations of texts that still exist are kept (a removed question takes its own away).
        b.definicao = podarTraducoes(b.definicao!, textos);
        if (b.grupoControleConteudoId !== atual.grupo_controle_conteudo_id) await moverDeGrupo(tx, req.chamador!.username, atual, b.grupoControleConteudoId);
        await tx.query(
          `update modelo set nome = $1, descricao = $2, grupo_controle_conteudo_id = $3, grupo_acesso_publico_id = $4, integracao_url = $5, integracao_metodo = $6,
             integracao_cabecalhos = $7, definicao = $8, versao = versao + 1, atualizado_em = now(), atualizado_por = $9, retencao_dias = $11,
             abre_em = $12, fecha_em = $13, limite_respostas = $14, mensagem_limite = $15, modelo_base = $16 where codigo_servico = $10`,
          [b.nome.trim(), b.descricao, b.grupoControleConteudoId, b.grupoAcessoPublicoId, b.integracao?.url ?? null, b.integracao?.metodo ?? 'POST', JSON.stringify(guardar.cabecalhos), JSON.stringify(b.definicao), req.chamador!.username, atual.codigo_servico, b.retencaoDias ?? null, ...periodoDe(b)],
        );
        if (b.limiteRespostas) await contarParaLimite(tx, atual.codigo_servico);
        await historico(tx, req, atual.codigo_servico, 'SALVO');
        return completoComSegredo(tx, req, atual.codigo_servico);
      });
    },
  );

  /** A new signing secret (rotation): shown in this answer only; the previous one still signs for the overlap. */
  api.post<{ Params: { codigoServico: string } }>('/modelos/:codigoServico/integracao/segredo', { preValidation: exigir(db, P.UPDATE_MODELO), schema: doc('gerarSegredoIntegracao', 'Gera um novo segredo de assinatura', { descricao: 'Rotação: o segredo anterior continua assinando durante a sobreposição. O novo aparece só nesta resposta.', params, resposta: { status: 201, descricao: 'O novo segredo.', corpo: SegredoGerado, cabecalhos: { 'Cache-Control': Type.String({ const: 'no-store' }) } }, erros: [404] }) }, async (req, rep) => {
    const r = await db.transacao(async (tx) => {
      const m = await modeloDoChamador(tx, req, req.params.codigoServico, true);
      return gerarSegredo(tx, integracao, m.codigo_servico);
    });
    return rep.code(201).header('cache-control', 'no-store').send(r);
  });

  /** "Enviar teste": a signed test delivery to the model's destination, through the same guard; the outcome in pt-BR. */
  api.post<{ Params: { codigoServico: string } }>('/modelos/:codigoServico/integracao/teste', { preValidation: exigir(db, P.UPDATE_MODELO), schema: doc('testarIntegracao', 'Envia uma entrega de teste', { descricao: 'Uma entrega assinada ao destino, pela mesma proteção de destino das entregas reais; o resultado em pt-BR (também quando o destino falha).', params, resposta: { descricao: 'O resultado do teste.', corpo: ResultadoTeste }, erros: [404, 409], porque: { 409: 'Conflito: o modelo não tem integração.' } }) }, async (req) => {
    const m = await modeloDoChamador(db, req, req.params.codigoServico);
    if (!m.integracao_url) throw conflito('Este modelo não tem integração: informe o endereço de destino e salve antes de testar.');
    const id = `teste_${randomUUID()}`;
    const corpo = JSON.stringify({ teste: true, entregaId: id, codigoServico: m.codigo_servico, enviadoEm: new Date().toISOString(), respostas: {} });
    const r = await enviarAssinado(integracao, { destino: m.integracao_url, metodo: m.integracao_metodo, cabecalhos: cabecalhosEmClaro(integracao.cofre, m.integracao_cabecalhos), corpo, id, segredos: segredosVigentes(integracao, m), timeoutMs: 10_000, extras: { 'idempotency-key': id } });
    return { ok: r.ok, statusHttp: r.statusHttp, mensagem: r.ok ? `O destino respondeu ${r.statusHttp}: a entrega de teste foi aceita.` : (r.erro ?? 'A entrega de teste falhou.'), duracaoMs: r.duracaoMs };
  });

  /** Resumes a paused integration: its queued forms go out again. */
  api.delete<{ Params: { codigoServico: string } }>('/modelos/:codigoServico/integracao/pausa', { preValidation: exigir(db, P.UPDATE_MODELO), schema: doc('retomarIntegracao', 'Retoma uma integração pausada', { descricao: 'Os formulários que esperavam voltam a ser entregues.', params, resposta: { descricao: 'O modelo.', corpo: Modelo }, erros: [404] }) }, async (req) => {
    const r = await db.transacao(async (tx) => {
      const m = await modeloDoChamador(tx, req, req.params.codigoServico, true);
      await tx.query('update modelo set integracao_pausada_em = null, integracao_esgotadas_seguidas = 0 where codigo_servico = $1', [m.codigo_servico]);
      return detalhe(tx, await modeloDoChamador(tx, req, m.codigo_servico));
    });
    aoRetomar?.();
    return r;
  });

  api.delete<{ Params: { codigoServico: string } }>('/modelos/:codigoServico', { preValidation: exigir(db, P.DELETE_MODELO), schema: doc('excluirModelo', 'Exclui um modelo nunca publicado', { params, resposta: { status: 204, descricao: 'Excluído.' }, erros: [404, 409], porque: { 409: 'Conflito: um modelo já publicado não é excluído, é arquivado.' } }) }, async (req, rep) => {
    await db.transacao(async (tx) => {
      const m = await modeloDoChamador(tx, req, req.params.codigoServico, true);
      if (!podeExcluir(m.status, m.ultima_versao > 0)) throw conflito('Um modelo já publicado não pode ser excluído; arquive-o.');
      await tx.query('delete from modelo where codigo_servico = $1', [m.codigo_servico]);
    });
    return rep.code(204).send();
  });

  const versaoSaida = (v: { numero: number; nome: string; definicao?: Definicao; publicado_em: string; publicado_por: string }) => ({
    numero: v.numero,
    nome: v.nome,
    publicadoEm: v.publicado_em,
    publicadoPor: v.publicado_por,
    ...(v.definicao ? { definicao: v.definicao } : {}),
  });

  api.get<{ Params: { codigoServico: string } }>('/modelos/:codigoServico/versoes', { preValidation: exigir(db, P.READ_MODELO), schema: doc('listarVersoesModelo', 'Versões publicadas de um modelo', { params, resposta: { descricao: 'As versões, da mais nova à mais antiga, sem a definição.', corpo: Type.Array(VersaoModelo) }, erros: [404] }) }, async (req) => {
    const m = await modeloDoChamador(db, req, req.params.codigoServico);
    const vs = await db.query<{ numero: number; nome: string; publicado_em: string; publicado_por: string }>('select numero, nome, publicado_em, publicado_por from modelo_versao where codigo_servico = $1 order by numero desc', [m.codigo_servico]);
    return vs.map(versaoSaida);
  });

  api.get<{ Params: { codigoServico: string; numero: number } }>(
    '/modelos/:codigoServico/versoes/:numero',
    { preValidation: exigir(db, P.READ_MODELO), schema: doc('obterVersaoModelo', 'Uma versão publicada', { params: parametros({ codigoServico: params.properties.codigoServico, numero: Id() }), resposta: { descricao: 'A versão com a sua definição.', corpo: VersaoModelo }, erros: [404] }) },
    async (req) => {
      const m = await modeloDoChamador(db, req, req.params.codigoServico);
      const [v] = await db.query<{ numero: number; nome: string; definicao: Definicao; publicado_em: string; publicado_por: string }>('select * from modelo_versao where codigo_servico = $1 and numero = $2', [m.codigo_servico, req.params.numero]);
      if (!v) throw naoEncontrado(`O modelo "${m.codigo_servico}" não tem a versão ${req.params.numero}.`);
      return versaoSaida(v);
    },
  );

  async function transicao(req: FastifyRequest<{ Params: { codigoServico: string } }>, t: Transicao) {
    return db.transacao(async (tx) => {
      const m = await modeloDoChamador(tx, req, req.params.codigoServico, true);
      const r = transicionar(m.status, t, m.ultima_versao > 0);
      if ('recusa' in r) throw conflito(r.recusa);
      const quem = req.chamador!.username;
      if (t === 'publicar') {
        const [ultima] = await tx.query<{ igual: boolean }>('select (definicao = $3::jsonb and nome = $4) as igual from modelo_versao where codigo_servico = $1 and numero = $2', [m.codigo_servico, m.ultima_versao, JSON.stringify(m.definicao), m.nome]);
        if (ultima?.igual) throw conflito(`Nada mudou desde a versão ${m.ultima_versao}: não há o que publicar.`);
        const problemas = problemasDe(m.definicao, true, { restrito: !!m.grupo_acesso_publico_id, textos: { nome: m.nome, descricao: m.descricao, mensagemLimite: m.mensagem_limite } });
        if (problemas.length) throw invalido('O rascunho tem problemas e não pode ser publicado.', problemas.map((x) => ({ field: `definicao.${x.caminho}`, message: x.mensagem })));
        await tx.query('insert into modelo_versao (codigo_servico, numero, nome, definicao, publicado_por) values ($1, $2, $3, $4, $5)', [m.codigo_servico, m.ultima_versao + 1, m.nome, JSON.stringify(m.definicao), quem]);
      }
      await tx.query(
        `update modelo set status = $1, ultima_versao = ultima_versao + $2, versao = versao + 1, atualizado_em = now(), atualizado_por = $3 where codigo_servico = $4`,
        [r.status, t === 'publicar' ? 1 : 0, quem, m.codigo_servico],
      );
      const depois = await modeloDoChamador(tx, req, m.codigo_servico);
      await registrarHistorico(tx, m.codigo_servico, quem, ACAO_DA_TRANSICAO[t], depois, t === 'publicar' ? { chave: 'historico.detalhe.publicado', params: { n: depois.ultima_versao } } : undefined);
      return detalhe(tx, depois);
    });
  }

  api.post<{ Params: { codigoServico: string } }>('/modelos/:codigoServico/versoes', { preValidation: exigir(db, P.UPDATE_MODELO), schema: doc('publicarModelo', 'Publica o rascunho como nova versão', { descricao: 'A versão publicada é imutável; os formulários guardam a versão que preencheram.', params, resposta: { status: 201, descricao: 'O modelo publicado.', corpo: Modelo }, erros: [404, 409], porque: { 409: 'Conflito: o modelo está arquivado, ou nada mudou desde a última versão.' } }) }, async (req, rep) => rep.code(201).send(await transicao(req, 'publicar')));
  api.post<{ Params: { codigoServico: string } }>('/modelos/:codigoServico/arquivamento', { preValidation: exigir(db, P.UPDATE_MODELO), schema: doc('arquivarModelo', 'Arquiva um modelo', { descricao: 'Um modelo arquivado não aceita mais respostas (410 para o cidadão).', params, resposta: { descricao: 'O modelo arquivado.', corpo: Modelo }, erros: [404, 409], porque: { 409: 'Conflito: o modelo já está arquivado.' } }) }, async (req) => transicao(req, 'arquivar'));
  api.delete<{ Params: { codigoServico: string } }>('/modelos/:codigoServico/arquivamento', { preValidation: exigir(db, P.UPDATE_MODELO), schema: doc('restaurarModelo', 'Restaura um modelo arquivado', { params, resposta: { descricao: 'O modelo restaurado.', corpo: Modelo }, erros: [404, 409], porque: { 409: 'Conflito: o modelo não está arquivado.' } }) }, async (req) => transicao(req, 'restaurar'));

  const ctx: ContextoModelos = { db, integracao, modeloDoChamador, completoComSegredo, historico, conferirGrupos, problemasIntegracao };
  registrarCopias(api, ctx);
  registrarHistoricoDeModelos(api, ctx);
}
