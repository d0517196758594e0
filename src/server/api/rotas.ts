import type { FastifyInstance } from 'fastify';
import type { Banco } from '../db';
import { CABECALHOS } from '../../contrato/paginacao';
import { enviarProblema, exigirToken, type Verificador } from './autenticacao';
import { acessoDe } from './acessoUsuario';
import { acessoDoPedido } from './permissao';
import { cacheDe } from './cacheAcesso';
import { leituraDe } from '../leitura';
import { tratarErro } from './erros';
import { recusarEntradaInsegura } from './entradaSegura';
import { rotasPerfis } from './rotas/perfis';
import { rotasGrupos } from './rotas/grupos';
import { rotasVinculos } from './rotas/vinculos';
import { rotasModelos } from './rotas/modelos';
import { rotasFormularios } from './rotas/formularios';
import { rotasOperacao } from './rotas/operacao';
import { rotasPublicas } from './rotas/publico';
import type { LimitesPublico, OpcoesPublico, OpcoesRascunhos } from './rotas/contextoPublico';
import type { LojaLimites } from './limites';
import type { Anexos } from '../anexos/anexos';
import { rotasAuditoria } from './auditoria';
import { rotasAnalises } from './rotas/analises';
import { Type } from 'typebox';
import { MSG_415, operacao, parametros } from './contrato';
import { Administradores, Eu, Permissoes } from '../../contrato/acesso';
import type { IdentidadeCidadao } from './cidadao';
import type { OpcoesIntegracao } from '../entrega/integracao';
import type { IdiomaTraducao } from '../../forms/vocabulario';
import type { Cobrancas } from '../pix/cobrancas';
import type { BuscaCep } from './cep';

export interface OpcoesApi {
  db: Banco;
  verificar: Verificador;
  /** Host origins allowed by CORS (bearer tokens, no cookies); any other origin gets no CORS headers. */
  origens: string[];
  cidadao: IdentidadeCidadao;
  /** After a submission or a manual retry: wake the delivery worker. */
  aoReceber?: () => void;
  /** Destination guard, secrets and pause of integrations. */
  integracao: OpcoesIntegracao;
  /** Rate and size limits of the citizens' endpoints. */
  limitesPublico: LimitesPublico;
  /** Where the limits' counts live. */
  lojaLimites: LojaLimites;
  /** More citizens' routes (the demo's token route), under the citizens' limits. */
  extrasPublicos?: OpcoesPublico['extras'];
  /** Attachments: uploads, downloads, their storage (issue 15). */
  anexos: Anexos;
  /** Save and resume (issue 21). */
  rascunhos: OpcoesRascunhos;
  /** Whether e-mails are sent (SMTP configured): submissions then queue their confirmation and team notice. */
  emails: boolean;
  /** IDIOMAS_FORMULARIOS (issue 37). */
  idiomasFormularios: readonly IdiomaTraducao[];
  /** Fees paid by Pix (issue 38); absent without a PSP. */
  pix?: Cobrancas;
  /** The steps after sending (issue 46). */
  fluxo: import('../etapas/fluxo').Fluxo;
  /** The CEP lookup (issue 44); absent: none. */
  cep?: BuscaCep | null;
  /** The state's seal on every PDF (issue 44). */
  selo?: import('../pdf/selo').Selo | null;
  /** The gov.br trust catalogue (issue 44). */
  catalogo?: import('./confiabilidade').CatalogoConfiabilidades | null;
  /** Text messages (issue 45). */
  sms?: import('../sms').Sms | null;
  /** The citizen's gov.br signature (issue 44). */
  assinaturaGovbr?: import('../assinatura/govbr').AssinaturaGovbr | null;
  /** Where a citizen comes back to from gov.br: the portals' origins and this API's own. */
  origensRetorno?: string[];
}

/** The reference API under /api. */
export async function registrarApi(app: FastifyInstance, o: OpcoesApi) {
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req, rep) => {
        const origem = req.headers.origin;
        if (origem && o.origens.includes(origem)) {
          rep.header('access-control-allow-origin', origem).header('vary', 'Origin');
          rep.header('access-control-expose-headers', Object.values(CABECALHOS).join(', '));
          rep.header('access-control-allow-headers', 'authorization, content-type, if-match, idempotency-key, accept-language');
          rep.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
          rep.header('access-control-max-age', '600');
        }
        if (req.method === 'OPTIONS') return rep.code(204).send();
        // Issue 50: a body in another type than the operation documents is refused before it is read (a
        // form-encoded body once created a group; text/plain was parsed and answered 400). Only uploads
        // (x-corpo-binario) take any type: their content is checked as it streams in.
        const tipo = req.headers['content-type'];
        if (tipo !== undefined && req.method !== 'GET' && req.method !== 'HEAD' && !(req.routeOptions.schema as Record<string, unknown> | undefined)?.['x-corpo-binario']) {
          if (tipo.split(';')[0].trim().toLowerCase() !== 'application/json') return enviarProblema(rep, 415, MSG_415);
        }
      });
      // Before the child contexts below, which take the handlers they find when registered.
      api.setNotFoundHandler((_req, rep) => enviarProblema(rep, 404, 'Recurso não encontrado.'));
      api.setErrorHandler(tratarErro);
      api.addHook('preValidation', recusarEntradaInsegura);

      // The citizens' side: no staff token (a citizen's token only where a model asks for one).
      await api.register(async (publico) => rotasPublicas(publico, o.db, { cidadao: o.cidadao, aoReceber: o.aoReceber, limites: o.limitesPublico, lojaLimites: o.lojaLimites, anexos: o.anexos, links: o.integracao.links, rascunhos: o.rascunhos, emails: o.emails, fluxo: o.fluxo, pix: o.pix, cep: o.cep, catalogo: o.catalogo, selo: o.selo, assinaturaGovbr: o.assinaturaGovbr, sms: o.sms, origens: o.origensRetorno ?? o.origens, extras: o.extrasPublicos }), { prefix: '/publico' });

      await api.register(async (api) => {
        // Token, then permission (preValidation), then the body's schema: no caller learns the schema of a route they may not use.
        api.addHook('onRequest', exigirToken(o.verificar));
        // A change to access is seen by this node's next request at once (other nodes hear of it by NOTIFY; cacheAcesso.ts).
        api.addHook('onSend', async (req, _rep, carga) => {
          if (req.method !== 'GET' && /^\/api\/(vinculos-usuarios|perfis-acesso|grupos-controle-conteudo)\b/.test(req.url)) cacheDe(o.db)?.invalidar();
          return carga;
        });
        // A staff write (issue 47): this user's next reads see it, from the primary, until any replica has it too.
        api.addHook('onResponse', async (req, rep) => {
          if (req.method !== 'GET' && req.method !== 'HEAD' && rep.statusCode < 400 && req.chamador) leituraDe(o.db)?.escreveu(req.chamador.username);
        });

        /** SPEC.md section 7: { userIsAdmin } for the caller. */
        api.get('/perfis-acesso/administradores', { schema: operacao({ id: 'consultarAdministrador', resumo: 'Quem chama é administrador?', descricao: 'SPEC.md seção 7: `{ userIsAdmin }` de quem chama.', tag: 'Acesso', resposta: { descricao: 'Se quem chama é administrador.', corpo: Administradores } }) }, async (req) => {
          const a = await acessoDoPedido(o.db, req);
          return { userIsAdmin: a.administrador };
        });

        /** SPEC.md section 7: the permission names of {username}; only one's own unless administrator. */
        api.get<{ Params: { username: string } }>('/perfis-acesso/permissoes/:username', { schema: operacao({ id: 'listarPermissoesDoUsuario', resumo: 'Permissões efetivas de um usuário', descricao: 'SPEC.md seção 7: só as suas próprias, salvo para administradores.', tag: 'Acesso', params: parametros({ username: Type.String({ minLength: 1, maxLength: 100 }) }), resposta: { descricao: 'Os nomes das permissões.', corpo: Permissoes } }) }, async (req, rep) => {
          const eu = await acessoDoPedido(o.db, req);
          if (req.params.username !== eu.username && !eu.administrador) {
            return enviarProblema(rep, 403, 'Você só pode consultar as suas próprias permissões.');
          }
          const alvo = req.params.username === eu.username ? eu : await acessoDe(o.db, req.params.username);
          return alvo.permissoes;
        });

        /** The caller's own link: profiles, content-control groups, administrator flag. */
        api.get('/vinculos-usuarios/eu', { schema: operacao({ id: 'consultarMeuVinculo', resumo: 'O vínculo de quem chama', tag: 'Acesso', resposta: { descricao: 'Perfis, grupos e permissões de quem chama.', corpo: Eu } }) }, async (req) => {
          const a = await acessoDoPedido(o.db, req);
          return { username: a.username, vinculado: a.vinculado, administrador: a.administrador, perfis: a.perfis, grupos: a.grupos, permissoes: a.permissoes };
        });

        await rotasPerfis(api, o.db);
        await rotasGrupos(api, o.db);
        await rotasVinculos(api, o.db);
        await rotasModelos(api, o.db, o.integracao, o.aoReceber, o.idiomasFormularios, !!o.pix);
        await rotasFormularios(api, o.db, o.anexos, o.pix, o.selo ?? null);
        await rotasOperacao(api, o.db, o.aoReceber);
        await rotasAuditoria(api, o.db);
        await rotasAnalises(api, o.db, o.fluxo);
      });
    },
    { prefix: '/api' },
  );
}
