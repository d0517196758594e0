import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { P } from '../../../access/permissoes';
import type { Definicao } from '../../../forms/definicao';
import { camposReservados } from '../../../forms/etapas';
import { camposPessoais, mascarar } from '../../../forms/dadosPessoais';
import { erroDoCampo, respostasGuardadas } from '../../../forms/preenchimento';
import { mascararCpf } from '../../../forms/cpf';
import { Analise, CorpoAnalise } from '../../../contrato/etapas';
import { consultaLista, IdLongo } from '../../../contrato/comum';
import type { Banco, Executor } from '../../db';
import { COLUNAS_PARTE, type Fluxo, type LinhaParte } from '../../etapas/fluxo';
import { auditar } from '../auditoria';
import { documentarComo, parametros } from '../contrato';
import { conflito, ErroHttp, MSG_CAMPOS, naoEncontrado, proibido } from '../erros';
import { exportacaoMascarada } from '../exportacao';
import { enviarLista, Filtro, lerLista } from '../lista';
import { acessoDoPedido, exigir, gruposDoEscopo } from '../permissao';
import { resumoFormulario, type LinhaFormulario } from '../resumoFormulario';
import type { BlocoRespostas } from '../../../forms/respostas';
import { emPortugues } from '../../../i18n';
import { formatarDataHoraCompleta } from '../../../i18n/datas';

const doc = documentarComo('Formulários');
const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** The content-control groups that review some step of a form (issue 46: their analysts reach it). */
export async function gruposDasAnalises(db: Executor, formularioId: string): Promise<number[]> {
  return (await db.query<{ g: number }>(`select distinct grupo_controle_conteudo_id as g from formulario_parte where formulario_id = $1 and tipo = 'ANALISE'`, [formularioId])).map((r) => r.g);
}

/** Whether the caller may act on a review of group `grupo` now. */
async function podeAnalisarGrupo(db: Executor, req: FastifyRequest, grupo: number | null): Promise<boolean> {
  const a = await acessoDoPedido(db, req);
  if (!a.permissoes.includes(P.UPDATE_FORMULARIO_ANALISE)) return false;
  const escopo = gruposDoEscopo(a);
  return !escopo || (grupo !== null && escopo.includes(grupo));
}

/** A form's parties for its drawer: co-signers masked unless the caller sees personal data; whether the caller may review now. */
export async function etapasDoFormulario(db: Executor, req: FastifyRequest | null, formularioId: string, clara: boolean) {
  const partes = await db.query<LinhaParte>(`select ${COLUNAS_PARTE} from formulario_parte p where p.formulario_id = $1 order by p.ordem, p.id`, [formularioId]);
  const pendente = partes.find((p) => p.tipo === 'ANALISE' && p.situacao === 'PENDENTE');
  return {
    etapas: partes.map((p) => ({
      etapa: p.etapa,
      titulo: p.titulo,
      tipo: p.tipo,
      ordem: p.ordem,
      situacao: p.situacao,
      nome: p.nome && (clara ? p.nome : (mascarar('nome', p.nome) as string)),
      email: p.email && (clara ? p.email : (mascarar('email', p.email) as string)),
      exigeCpf: !!p.cpf,
      grupoControleConteudoId: p.grupo_controle_conteudo_id,
      prazoEm: iso(p.prazo_em),
      agiuEm: iso(p.agiu_em),
      autor: p.autor,
      motivo: p.motivo,
      aceite: p.aceite && !clara && typeof p.aceite.cpf === 'string' ? { ...p.aceite, cpf: mascararCpf(p.aceite.cpf) } : p.aceite,
    })),
    podeAnalisar: !!pendente && !!req && (await podeAnalisarGrupo(db, req, pendente.grupo_controle_conteudo_id)),
  };
}

/**
 * The steps after sending in the staff PDF (issue 46): one line per party — the step, who (masked unless `clara`),
 * what they did and when, the reason of a refusal, the declaration accepted and the login it was accepted with.
 */
export async function blocoDasPartes(db: Executor, formularioId: string, clara: boolean): Promise<BlocoRespostas[]> {
  const { etapas } = await etapasDoFormulario(db, null, formularioId, clara);
  if (!etapas.length) return [];
  return [
    {
      titulo: emPortugues('ficha.etapas'),
      linhas: etapas.map((p, i) => ({
        id: `parte-${i}`,
        rotulo: `${p.titulo} — ${p.tipo === 'ANALISE' ? (p.autor ?? emPortugues('analise.equipe')) : [p.nome, p.email].filter(Boolean).join(' · ')}`,
        valor: [
          emPortugues(`parte.${p.situacao}`),
          p.agiuEm ? formatarDataHoraCompleta(p.agiuEm) : p.prazoEm ? emPortugues('ficha.ate', { data: formatarDataHoraCompleta(p.prazoEm) }) : null,
          p.motivo ? emPortugues('detalhes.motivo', { motivo: p.motivo }) : null,
          p.aceite && typeof p.aceite.texto === 'string' ? `${emPortugues('ficha.aceitou')}: "${p.aceite.texto}"` : null,
          p.aceite?.govbr ? emPortugues('ficha.com-govbr') : null,
          p.aceite && typeof p.aceite.cpf === 'string' ? `login CPF ${p.aceite.cpf}` : null,
        ].filter(Boolean).join('; '),
      })),
    },
  ];
}

interface LinhaAnalise extends LinhaFormulario {
  etapa: string;
  titulo: string;
  grupo_controle_conteudo_id: number;
  prazo_em: string;
}

/**
 * Reviews (issue 46): "Minhas análises" — the forms waiting for a review by one of the caller's content-control
 * groups (an administrator: all), the soonest deadline first — and the decision: approve (the step's reserved
 * questions filled and checked) or refuse with a reason. Each decision is a form event and an entry of the access
 * audit trail, in the transaction that makes it; a caller outside the step's group gets 403.
 */
export async function rotasAnalises(api: FastifyInstance, db: Banco, fluxo: Fluxo) {
  api.get<{ Querystring: { page?: number; size?: number; sort?: string[] } }>(
    '/analises',
    {
      preValidation: exigir(db, P.READ_FORMULARIO_ANALISE),
      schema: doc('listarAnalises', 'Minhas análises', { descricao: 'Os formulários que aguardam a análise de um grupo de controle de conteúdo do chamador (administradores: todos), do prazo mais próximo ao mais distante. Requerente mascarado como na lista de formulários.', query: Type.Object(consultaLista(['prazoEm', 'recebidoEm'])), resposta: { descricao: 'Uma página de análises pendentes.', corpo: Type.Array(Analise), lista: true } }),
    },
    async (req, rep) => {
      const escopo = gruposDoEscopo(await acessoDoPedido(db, req));
      const l = lerLista(req.query, { prazoEm: 'p.prazo_em', recebidoEm: 'f.recebido_em' }, 'p.prazo_em asc', 'p.id asc');
      const f = new Filtro().add(() => `p.situacao = 'PENDENTE' and p.tipo = 'ANALISE'`);
      if (escopo) f.add((p) => `p.grupo_controle_conteudo_id = any(${p(escopo)})`);
      const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from formulario_parte p ${f.where}`, f.params);
      const linhas = await db.query<LinhaAnalise>(
        `select f.id::text, f.protocolo, f.codigo_servico, m.nome as modelo_nome, f.modelo_versao, f.status, f.cpf_requerente, f.nome_requerente, f.email_requerente, f.recebido_em, f.anonimizado_em, f.idioma,
                p.etapa, p.titulo, p.grupo_controle_conteudo_id, p.prazo_em
           from formulario_parte p join formulario f on f.id = p.formulario_id join modelo m on m.codigo_servico = f.codigo_servico
           ${f.where} order by ${l.ordem} ${f.pagina(l)}`,
        f.params,
      );
      return enviarLista(
        rep,
        linhas.map((r) => ({
          formulario: resumoFormulario(r),
          etapa: r.etapa,
          titulo: r.titulo,
          grupoControleConteudoId: r.grupo_controle_conteudo_id,
          prazoEm: new Date(r.prazo_em).toISOString(),
        })),
        l,
        total,
      );
    },
  );

  api.post<{ Params: { id: number }; Body: { decisao: 'APROVAR' | 'RECUSAR'; motivo?: string; respostas?: Record<string, unknown> } }>(
    '/formularios/:id/analise',
    {
      preValidation: exigir(db, P.UPDATE_FORMULARIO_ANALISE),
      schema: doc('analisarFormulario', 'Aprova ou recusa a análise pendente de um formulário', {
        descricao: 'Só quem é de um grupo da etapa (ou administrador), com UPDATE_FORMULARIO_ANALISE. Aprovar grava as perguntas reservadas à etapa (as obrigatórias precisam de resposta) e leva o formulário à etapa seguinte, ou o entrega quando era a última (APROVADO); recusar pede o motivo e encerra o formulário (RECUSADO, nunca entregue). Cada decisão é um evento e entra na trilha de auditoria.',
        params: parametros({ id: IdLongo() }),
        corpo: CorpoAnalise,
        resposta: { descricao: 'Registrada: o status do formulário depois da decisão.', corpo: Type.Object({ status: Type.String() }) },
        erros: [400, 404, 409],
        porque: { 409: 'O formulário não aguarda análise agora (outra pessoa decidiu antes, ou ele foi encerrado).' },
      }),
    },
    async (req) => {
      const id = String(req.params.id);
      const autor = req.chamador!.username;
      const aprovar = req.body.decisao === 'APROVAR';
      const motivo = req.body.motivo?.trim() ?? '';
      if (!aprovar && (motivo.length < 3 || motivo.length > 500)) throw new ErroHttp(400, MSG_CAMPOS, [{ field: 'motivo', message: 'Diga o motivo da recusa (de 3 a 500 caracteres): o requerente o recebe por e-mail.' }]);
      return db.transacao(async (tx) => {
        const t = await fluxo.travar(tx, id);
        if (!t) throw naoEncontrado('Formulário não encontrado.');
        const parte = t.partes.find((p) => p.tipo === 'ANALISE' && p.situacao === 'PENDENTE');
        const grupos = t.partes.filter((p) => p.tipo === 'ANALISE').map((p) => p.grupo_controle_conteudo_id);
        const escopo = gruposDoEscopo(await acessoDoPedido(db, req));
        if (escopo && !grupos.some((g) => g !== null && escopo.includes(g)) && !escopo.includes(t.f.grupo_controle_conteudo_id)) throw naoEncontrado('Formulário não encontrado.');
        if (!parte) throw conflito('Este formulário não aguarda análise agora: outra pessoa pode ter decidido antes, ou ele foi encerrado.');
        if (!(await podeAnalisarGrupo(db, req, parte.grupo_controle_conteudo_id))) throw proibido('Esta análise é de um grupo de controle de conteúdo que não é o seu.');
        const [f] = await tx.query<{ respostas: Record<string, unknown>; definicao: Definicao | null; protocolo: string; cpf_requerente: string | null; nome_requerente: string | null; email_requerente: string | null }>(
          'select f.respostas, v.definicao, f.protocolo, f.cpf_requerente, f.nome_requerente, f.email_requerente from formulario f left join modelo_versao v on v.codigo_servico = f.codigo_servico and v.numero = f.modelo_versao where f.id = $1',
          [id],
        );
        // The step's reserved questions: only those, checked with their own rules when approving.
        const reservadas = camposReservados(f.definicao, parte.etapa);
        const enviadas = req.body.respostas ?? {};
        const alheias = Object.keys(enviadas).filter((k) => !reservadas.some((c) => c.id === k));
        const erros = [
          ...alheias.map((k) => ({ field: `respostas.${k}`, message: `Esta etapa não preenche "${k}".` })),
          ...(aprovar ? reservadas.flatMap((c) => { const e = erroDoCampo(c, enviadas[c.id]); return e ? [{ field: `respostas.${c.id}`, message: e }] : []; }) : []),
        ];
        if (erros.length) throw new ErroHttp(400, MSG_CAMPOS, erros);
        const preenchidas = aprovar && reservadas.length ? respostasGuardadas({ secoes: [{ id: 'etapa', titulo: '', campos: reservadas }] }, Object.fromEntries(reservadas.filter((c) => enviadas[c.id] !== undefined && enviadas[c.id] !== '').map((c) => [c.id, enviadas[c.id]]))) : {};
        if (Object.keys(preenchidas).length) {
          const respostas = { ...f.respostas, ...preenchidas };
          const exportacao = exportacaoMascarada(camposPessoais(f.definicao), { cpf: f.cpf_requerente, nome: f.nome_requerente, email: f.email_requerente }, respostas);
          await tx.query('update formulario set respostas = $2, exportacao_mascarada = $3, atualizado_em = now() where id = $1', [id, JSON.stringify(respostas), exportacao]);
        }
        const situacao = aprovar ? 'APROVADO' : 'RECUSADO';
        await tx.query('update formulario_parte set situacao = $2, motivo = $3, autor = $4, agiu_em = now() where id = $1', [parte.id, situacao, aprovar ? null : motivo, autor]);
        parte.situacao = situacao;
        await fluxo.evento(tx, t.f, situacao, autor, { etapa: parte.etapa, titulo: parte.titulo, ...(aprovar ? { campos: Object.keys(preenchidas) } : { motivo }) });
        const antes = t.f.status;
        if (aprovar) await fluxo.avancar(tx, id, t);
        else await fluxo.encerrar(tx, t.f, 'RECUSADO', motivo);
        const [{ status }] = await tx.query<{ status: string }>('select status from formulario where id = $1', [id]);
        await auditar(tx, autor, 'FORMULARIO', situacao, f.protocolo, { status: antes }, { status, etapa: parte.etapa, ...(aprovar ? { campos: Object.keys(preenchidas) } : { motivo }) });
        return { status };
      });
    },
  );
}
