import { tradutorDoPedido } from '../idiomaConsole';
import { formatarDataHoraCompleta } from '../../../i18n/datas';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { P } from '../../../access/permissoes';
import { problemaCodigoServico } from '../../../forms/definicao';
import { validarDefinicao } from '../../../forms/problemasDefinicao';
import { estadoCanonico, mudancasDoModelo, type EstadoModelo } from '../../../forms/estadoModelo';
import { CorpoCopia, CorpoImportacao, Modelo, ModeloExportado, PreviaImportacao, VERSAO_ESQUEMA_EXPORTACAO, type TModeloExportado, type TPreviaImportacao } from '../../../contrato/modelos';
import type { Executor } from '../../db';
import { acessoDoPedido, exigir } from '../permissao';
import { conflito, invalido, MSG_CAMPOS, proibido, versaoAntiga } from '../erros';
import { LOCALIZACAO } from '../contrato';
import type { ErroCampo } from '../../../contrato/problema';
import { estadoDe } from '../historicoModelo';
import { contarParaLimite, doc, params, type ContextoModelos, type LinhaModelo } from './contextoModelos';

/**
 * A designer's copies (issue 36): "Duplicar" and a template's "Novo modelo a partir deste" (one route: a draft copy
 * under a new code), and a model carried between environments as a file — exported with a checksum, never with a
 * secret, a group or personal data; imported after a preview of what it creates or changes. Through the API too,
 * so a pipeline can promote models.
 */
const checksumDe = (codigoServico: string, modelo: EstadoModelo) => `sha256:${createHash('sha256').update(estadoCanonico({ codigoServico, modelo } as never)).digest('hex')}`;

export function arquivoDoModelo(m: LinhaModelo): TModeloExportado {
  const modelo = estadoDe(m);
  return { formato: 'console-formularios/modelo', versaoEsquema: VERSAO_ESQUEMA_EXPORTACAO, exportadoEm: new Date().toISOString(), codigoServico: m.codigo_servico, versaoPublicada: m.ultima_versao, modelo, checksum: checksumDe(m.codigo_servico, modelo) };
}

/** The file as the import reads it: the format, the schema version and the checksum checked; the pt-BR refusal otherwise. */
export function lerArquivo(arquivo: unknown): TModeloExportado {
  const a = arquivo as Partial<TModeloExportado> | null;
  if (!a || typeof a !== 'object' || a.formato !== 'console-formularios/modelo') throw invalido('O arquivo não é um modelo exportado pelo Console de Formulários.', [{ field: 'arquivo', message: 'Escolha um arquivo .json exportado pelo botão "Exportar" de um modelo.' }]);
  if (typeof a.versaoEsquema !== 'number' || a.versaoEsquema > VERSAO_ESQUEMA_EXPORTACAO) {
    throw invalido(`Este arquivo vem de uma versão mais nova do Console de Formulários (formato ${a.versaoEsquema}); este ambiente lê até o formato ${VERSAO_ESQUEMA_EXPORTACAO}. Atualize este ambiente antes de importar.`, [{ field: 'arquivo.versaoEsquema', message: `Formato ${a.versaoEsquema} não suportado.` }]);
  }
  if (!Value.Check(ModeloExportado, a)) throw invalido('O arquivo está incompleto ou foi alterado: não tem a forma de um modelo exportado.', [{ field: 'arquivo', message: [...Value.Errors(ModeloExportado, a)].slice(0, 3).map((e) => `${e.instancePath || '/'}: ${e.message}`).join('; ') }]);
  if (checksumDe(a.codigoServico!, a.modelo!) !== a.checksum) throw invalido('O arquivo foi alterado depois de exportado: a soma de verificação não confere. Exporte-o de novo no ambiente de origem.', [{ field: 'arquivo.checksum', message: 'A soma de verificação não confere.' }]);
  const problemas = validarDefinicao(a.modelo!.definicao);
  if (problemas.length) throw invalido('A definição do formulário no arquivo tem problemas.', problemas.map((x) => ({ field: `arquivo.modelo.definicao.${x.caminho}`, message: x.mensagem })));
  return a as TModeloExportado;
}

type Corpo = { arquivo: unknown; grupoControleConteudoId?: number; codigoServico?: string; versao?: number };

export function registrarCopias(api: FastifyInstance, ctx: ContextoModelos) {
  const { db } = ctx;

  /** The model `codigo` if it exists and the caller may reach it; null when it does not exist. */
  async function existente(tx: Executor, req: FastifyRequest, codigo: string, bloquear = false): Promise<LinhaModelo | null> {
    if (!(await tx.query('select 1 from modelo where codigo_servico = $1', [codigo])).length) return null;
    return ctx.modeloDoChamador(tx, req, codigo, bloquear);
  }

  /** A new draft model with `e` as its state, in group `grupo`, without a secret (the answer makes one when it has a destination). */
  async function criar(tx: Executor, req: FastifyRequest, codigo: string, grupo: number, e: EstadoModelo, o: { grupoAcessoPublicoId?: number | null; errosIntegracao?: ErroCampo[] }) {
    const problema = problemaCodigoServico(codigo);
    if (problema) throw invalido(MSG_CAMPOS, [{ field: 'codigoServico', message: problema }]);
    if ((await tx.query('select 1 from modelo where lower(codigo_servico) = lower($1)', [codigo])).length) throw invalido(MSG_CAMPOS, [{ field: 'codigoServico', message: 'Já existe um modelo com este código.' }]);
    await ctx.conferirGrupos(tx, req, { nome: e.nome, descricao: e.descricao, grupoControleConteudoId: grupo, grupoAcessoPublicoId: o.grupoAcessoPublicoId ?? null, abreEm: e.abreEm, fechaEm: e.fechaEm, limiteRespostas: e.limiteRespostas, mensagemLimite: e.mensagemLimite }, o.errosIntegracao ?? []);
    await tx.query(
      `insert into modelo (codigo_servico, nome, descricao, definicao, grupo_controle_conteudo_id, grupo_acesso_publico_id, integracao_url, integracao_metodo, integracao_cabecalhos,
                           retencao_dias, abre_em, fecha_em, limite_respostas, mensagem_limite, modelo_base, criado_por, atualizado_por)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)`,
      [codigo, e.nome, e.descricao, JSON.stringify(e.definicao), grupo, o.grupoAcessoPublicoId ?? null, e.integracao.url, e.integracao.metodo, '{}', e.retencaoDias, e.abreEm, e.fechaEm, e.limiteRespostas, e.mensagemLimite, e.modeloBase, req.chamador!.username],
    );
  }

  api.post<{ Params: { codigoServico: string }; Body: { codigoServico: string; nome?: string; grupoControleConteudoId?: number } }>(
    '/modelos/:codigoServico/copias',
    {
      preValidation: exigir(db, P.CREATE_MODELO),
      schema: doc('duplicarModelo', 'Duplica um modelo (ou começa um novo a partir de um modelo-base)', {
        descricao: 'Um rascunho com a definição e os dados do original sob um código novo: a integração vai sem o segredo (a cópia ganha o seu, mostrado uma vez nesta resposta) e sem os cabeçalhos (os valores são credenciais: informe-os na cópia), e a abertura, o encerramento e o limite de respostas ficam de fora. O grupo de controle de conteúdo é o do original, ou o escolhido.',
        params,
        corpo: CorpoCopia,
        resposta: { status: 201, descricao: 'A cópia.', corpo: Modelo, cabecalhos: LOCALIZACAO },
        erros: [404],
      }),
    },
    async (req, rep) => {
      const r = await db.transacao(async (tx) => {
        const original = await ctx.modeloDoChamador(tx, req, req.params.codigoServico);
        const e: EstadoModelo = { ...estadoDe(original), abreEm: null, fechaEm: null, limiteRespostas: null, mensagemLimite: null, modeloBase: false, ...(req.body.nome?.trim() ? { nome: req.body.nome.trim() } : {}) };
        const codigo = req.body.codigoServico.trim();
        // The header values are credentials (issue 50): never copied, like the secret.
        await criar(tx, req, codigo, req.body.grupoControleConteudoId ?? original.grupo_controle_conteudo_id, e, { grupoAcessoPublicoId: original.grupo_acesso_publico_id });
        await ctx.historico(tx, req, codigo, 'DUPLICADO', { chave: 'historico.detalhe.copia', params: { nome: original.nome, codigo: original.codigo_servico } });
        return ctx.completoComSegredo(tx, req, codigo);
      });
      return rep.code(201).header('location', `/api/modelos/${encodeURIComponent(r.codigoServico)}`).send(r);
    },
  );

  api.get<{ Params: { codigoServico: string } }>(
    '/modelos/:codigoServico/exportacao',
    {
      preValidation: exigir(db, P.READ_MODELO),
      schema: doc('exportarModelo', 'Exporta um modelo num arquivo', {
        descricao: 'O rascunho do modelo, com os seus dados e o endereço da integração, num arquivo JSON com soma de verificação, para importar em outro ambiente. Nunca leva o segredo de assinatura, os valores dos cabeçalhos, o grupo de controle de conteúdo, o de acesso público nem formulários.',
        params,
        resposta: { descricao: 'O arquivo.', corpo: ModeloExportado, cabecalhos: { 'Content-Disposition': { type: 'string', description: 'attachment; filename="modelo-<codigo>.json"' } as never } },
        erros: [404],
      }),
    },
    async (req, rep) => {
      const m = await ctx.modeloDoChamador(db, req, req.params.codigoServico);
      return rep.header('content-disposition', `attachment; filename="modelo-${m.codigo_servico}.json"`).header('cache-control', 'no-store').send(arquivoDoModelo(m));
    },
  );

  /** What an import does, checked and described without writing anything. */
  async function previa(tx: Executor, req: FastifyRequest<{ Body: Corpo }>): Promise<{ p: TPreviaImportacao; a: TModeloExportado; atual: LinhaModelo | null }> {
    const a = lerArquivo(req.body.arquivo);
    const codigo = req.body.codigoServico?.trim() || a.codigoServico;
    const atual = await existente(tx, req, codigo, true);
    const { permissoes } = await acessoDoPedido(tx, req);
    const precisa = atual ? P.UPDATE_MODELO : P.CREATE_MODELO;
    if (!permissoes.includes(precisa)) throw proibido(atual ? 'Este código já é de um modelo deste ambiente: trocar o seu rascunho pede a permissão UPDATE_MODELO.' : 'Criar um modelo pede a permissão CREATE_MODELO.');
    if (atual?.status === 'ARQUIVADO') throw conflito('O modelo deste código está arquivado: restaure-o antes de importar por cima dele.');
    // A new model needs its group here: said at the preview, not only when importing.
    if (!atual && !req.body.grupoControleConteudoId) throw invalido(MSG_CAMPOS, [{ field: 'grupoControleConteudoId', message: 'Escolha o grupo de controle de conteúdo do modelo neste ambiente.' }]);
    const nomes = a.modelo.integracao.cabecalhos;
    const presentes = new Set(Object.keys(atual?.integracao_cabecalhos ?? {}));
    return {
      a,
      atual,
      p: {
        acao: atual ? 'alterar' : 'criar',
        codigoServico: codigo,
        nome: a.modelo.nome,
        mudancas: atual ? mudancasDoModelo(estadoDe(atual), { ...a.modelo, integracao: { ...a.modelo.integracao, cabecalhos: Object.keys(atual.integracao_cabecalhos ?? {}).sort() }, restrito: atual.grupo_acesso_publico_id !== null }, tradutorDoPedido(req)) : [],
        definicaoAtual: atual?.definicao ?? null,
        definicaoNova: a.modelo.definicao,
        cabecalhosAPreencher: nomes.filter((n) => !presentes.has(n)),
        versao: atual?.versao ?? null,
      },
    };
  }

  api.post<{ Body: Corpo }>(
    '/modelos/importacao/previa',
    {
      preValidation: exigir(db, [P.CREATE_MODELO, P.UPDATE_MODELO]),
      schema: doc('previaImportacaoModelo', 'Confere um arquivo de modelo antes de importar', {
        descricao: 'Lê o arquivo (formato, versão do formato, soma de verificação, definição) e diz o que a importação faria: criar um modelo, ou o que mudaria no rascunho do que já existe com aquele código. Nada é gravado.',
        corpo: CorpoImportacao,
        resposta: { descricao: 'O que a importação fará.', corpo: PreviaImportacao },
        erros: [409],
      }),
    },
    async (req) => db.transacao(async (tx) => (await previa(tx, req)).p),
  );

  api.post<{ Body: Corpo }>(
    '/modelos/importacao',
    {
      preValidation: exigir(db, [P.CREATE_MODELO, P.UPDATE_MODELO]),
      schema: doc('importarModelo', 'Importa um modelo de um arquivo', {
        descricao: 'Cria o modelo (no grupo de controle de conteúdo informado) ou troca o rascunho de um que já existe com o mesmo código (com `versao`, só se ninguém o salvou depois da prévia). A definição e os dados vêm do arquivo; o grupo, o grupo de acesso público, os valores dos cabeçalhos e o segredo de assinatura são deste ambiente. Fica no histórico do modelo.',
        corpo: CorpoImportacao,
        resposta: { status: 201, descricao: 'O modelo importado (rascunho: publique para os cidadãos).', corpo: Modelo },
        erros: [409],
        porque: { 409: 'Conflito: o modelo deste código está arquivado, ou foi salvo depois da prévia (`versao`).' },
      }),
    },
    async (req, rep) => {
      // The destination guard before the transaction (a slow DNS answer must not hold a connection).
      const errosIntegracao = await ctx.problemasIntegracao({ url: (req.body.arquivo as TModeloExportado | null)?.modelo?.integracao?.url ?? null }, ctx.integracao).catch(() => []);
      const r = await db.transacao(async (tx) => {
        const { a, atual } = await previa(tx, req);
        const codigo = req.body.codigoServico?.trim() || a.codigoServico;
        const detalhe = { chave: 'historico.detalhe.importado', params: { codigo: a.codigoServico, versao: a.versaoPublicada ?? '—', data: formatarDataHoraCompleta(a.exportadoEm) } } as const;
        if (!atual) {
          await criar(tx, req, codigo, req.body.grupoControleConteudoId!, a.modelo, { errosIntegracao });
        } else {
          if (req.body.versao !== undefined && req.body.versao !== atual.versao) throw versaoAntiga();
          const e = a.modelo;
          await ctx.conferirGrupos(tx, req, { nome: e.nome, descricao: e.descricao, grupoControleConteudoId: atual.grupo_controle_conteudo_id, grupoAcessoPublicoId: atual.grupo_acesso_publico_id, abreEm: e.abreEm, fechaEm: e.fechaEm, limiteRespostas: e.limiteRespostas, mensagemLimite: e.mensagemLimite }, errosIntegracao);
          await tx.query(
            `update modelo set nome = $2, descricao = $3, definicao = $4, retencao_dias = $5, abre_em = $6, fecha_em = $7, limite_respostas = $8, mensagem_limite = $9, modelo_base = $10,
                    integracao_url = $11, integracao_metodo = $12, versao = versao + 1, atualizado_em = now(), atualizado_por = $13 where codigo_servico = $1`,
            [codigo, e.nome, e.descricao, JSON.stringify(e.definicao), e.retencaoDias, e.abreEm, e.fechaEm, e.limiteRespostas, e.mensagemLimite, e.modeloBase, e.integracao.url, e.integracao.metodo, req.chamador!.username],
          );
          if (e.limiteRespostas) await contarParaLimite(tx, codigo);
        }
        await ctx.historico(tx, req, codigo, 'IMPORTADO', detalhe);
        return ctx.completoComSegredo(tx, req, codigo);
      });
      return rep.code(201).send(r);
    },
  );
}
