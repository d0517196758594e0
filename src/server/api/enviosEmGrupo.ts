import type { Executor } from '../db';
import { ABERTO_AGORA_SQL } from './situacaoModelo';

/**
 * Submissions written in groups (issue 19): on a busy console each submission was its own statement and its
 * own commit, and PostgreSQL spent ~1.4 ms of CPU on each. Here a submission is written at once when none is
 * being written, and those that arrive meanwhile are written together in the next statement: one commit,
 * one pass of the statement triggers (events' and retries' counters) for the whole group. One group at a
 * time: two in flight measured no faster (smaller groups). Here: ~800 submissions/s one by one, ~2,300 in
 * groups; PostgreSQL's CPU per submission from ~1.4 ms to ~0.4.
 *
 * Only plain submissions come here (no uploads to claim, no draft to delete: those keep their own statement).
 * What one submission's statement promised holds for each of the group: the form, its RECEBIDO event, its
 * delivery job, its idempotency key and its e-mail jobs, or none of them; a form whose model changed
 * meanwhile (its `versao`, locked for key share as in the single statement) is not written and resolves null.
 * When the group's statement fails (a key another request took meanwhile, a lost connection), each
 * submission of it is written again on its own by `sozinho`, the single statement, which knows what to do.
 */
export interface EnvioSimples {
  codigoServico: string;
  grupo: number;
  modeloVersao: number;
  /** The answers, as JSON text. */
  respostas: string;
  cpf: string | null;
  nome: string | null;
  email: string | null;
  codigoVerificacao: string;
  exportacaoMascarada: string;
  /** The model's integration URL: a delivery job when set. */
  destino: string | null;
  chave: string | null;
  hash: string | null;
  /** The model's row version the answers were checked against. */
  versao: number;
  titular: string;
  confirmacao: string | null;
  equipe: string | null;
  /** The language it was filled in (issue 35). */
  idioma: string;
  /** The declaration's text the citizen accepted (issue 36), or null. */
  declaracao: string | null;
  /** The citizen's gov.br account as the token said (issue 44), JSON, or null. */
  confiabilidade: string | null;
}

export interface FormularioGravado {
  /** The form's id (the single-statement path gives it: a charge is made for it right after). */
  id?: string;
  protocolo: string;
  codigo_servico: string;
  modelo_versao: number;
  status: string;
  recebido_em: string;
  codigo_verificacao: string;
}

/** The most submissions one statement writes. */
const GRUPO_MAXIMO = 200;

const COLUNAS: [keyof EnvioSimples, string][] = [
  ['codigoServico', 'text'], ['grupo', 'int'], ['modeloVersao', 'int'], ['respostas', 'jsonb'], ['cpf', 'text'], ['nome', 'text'], ['email', 'text'],
  ['codigoVerificacao', 'text'], ['exportacaoMascarada', 'text'], ['destino', 'text'], ['chave', 'text'], ['hash', 'text'], ['versao', 'int'],
  ['titular', 'text'], ['confirmacao', 'text'], ['equipe', 'text'], ['idioma', 'text'], ['declaracao', 'text'], ['confiabilidade', 'jsonb'],
];

const SQL = `with v as (
    select x.*, nextval('formulario_id_seq') as id,
           to_char(now() at time zone 'America/Sao_Paulo', 'YYYY') || '.' || lpad(nextval('protocolo_seq')::text, 9, '0') as protocolo
      from unnest(${COLUNAS.map(([, tipo], i) => `$${i + 1}::${tipo}[]`).join(', ')}) with ordinality
           as x(codigo_servico, grupo, modelo_versao, respostas, cpf, nome, email, codigo_verificacao, exportacao, destino, chave, hash, versao, titular, confirmacao, equipe, idioma, declaracao, confiabilidade, ordem)
     where exists (select 1 from modelo m where m.codigo_servico = x.codigo_servico and m.versao = x.versao and m.status = 'PUBLICADO' and ${ABERTO_AGORA_SQL} and m.limite_respostas is null for key share)),
  f as (
    insert into formulario (id, protocolo, codigo_servico, grupo_controle_conteudo_id, modelo_versao, respostas, cpf_requerente, nome_requerente, email_requerente, codigo_verificacao, exportacao_mascarada, idioma, declaracao, confiabilidade)
    select id, protocolo, codigo_servico, grupo, modelo_versao, respostas, cpf, nome, email, codigo_verificacao, exportacao, idioma,
           case when declaracao is null then null else jsonb_build_object('texto', declaracao, 'aceitaEm', now()) end, confiabilidade from v order by ordem
    returning id, protocolo, codigo_servico, modelo_versao, status, recebido_em, codigo_verificacao),
  e as (
    insert into formulario_evento (formulario_id, codigo_servico, grupo_controle_conteudo_id, tipo, autor, detalhes)
    select id, codigo_servico, grupo, 'RECEBIDO', 'portal-cidadao', jsonb_build_object('protocolo', protocolo, 'versaoModelo', modelo_versao) from v order by ordem),
  r as (
    insert into retentativa_integracao (formulario_id, codigo_servico, grupo_controle_conteudo_id, destino, proxima_tentativa_em)
    select id, codigo_servico, grupo, destino, now() from v where destino is not null order by ordem),
  k as (
    insert into submissao_idempotente (codigo_servico, titular, chave, hash_corpo, formulario_id)
    select codigo_servico, titular, chave, hash, id from v where chave is not null),
  c as (
    insert into envio_email (formulario_id, tipo, para)
    select v.id, x.tipo, x.para from v, lateral (values ('CONFIRMACAO', v.confirmacao), ('EQUIPE', v.equipe)) as x(tipo, para) where x.para is not null)
  select f.protocolo, f.codigo_servico, f.modelo_versao, f.status, f.recebido_em, f.codigo_verificacao, v.ordem::int as ordem from f join v on v.id = f.id`;

interface Pedido {
  envio: EnvioSimples;
  sozinho: () => Promise<FormularioGravado | null>;
  ok: (f: FormularioGravado | null) => void;
  erro: (e: unknown) => void;
}

/** `gravar(envio, sozinho)`: the form written (null: its model changed). */
export function criarEnviosEmGrupo(db: Executor) {
  let fila: Pedido[] = [];
  let gravando = false;

  async function gravarFila() {
    gravando = true;
    while (fila.length) {
      const grupo = fila.slice(0, GRUPO_MAXIMO);
      fila = fila.slice(GRUPO_MAXIMO);
      let linhas: (FormularioGravado & { ordem: number })[];
      try {
        linhas = await db.query<FormularioGravado & { ordem: number }>(SQL, COLUNAS.map(([c]) => grupo.map((p) => p.envio[c])), 'envios-em-grupo');
      } catch {
        for (const p of grupo) p.sozinho().then(p.ok, p.erro);
        continue;
      }
      const porOrdem = new Map(linhas.map(({ ordem, ...f }) => [ordem, f]));
      grupo.forEach((p, i) => p.ok(porOrdem.get(i + 1) ?? null));
    }
    gravando = false;
  }

  return function gravar(envio: EnvioSimples, sozinho: () => Promise<FormularioGravado | null>): Promise<FormularioGravado | null> {
    return new Promise((ok, erro) => {
      fila.push({ envio, sozinho, ok, erro });
      if (!gravando) void gravarFila();
    });
  };
}
