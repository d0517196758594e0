import type { Selo } from '../pdf/selo';
import { frasePagamento, situacaoDoEnvio, type SituacaoPagamento } from '../pix/situacao';
import type { Definicao } from '../../forms/definicao';
import { formularioNoIdioma } from '../../forms/traducoes';
import { mascararRespostas } from '../../forms/dadosPessoais';
import { respostasComoVistas, type BlocoRespostas } from '../../forms/respostas';
import { formatarDataHoraCompleta } from '../../i18n/datas';
import { tradutorCidadao, type IdiomaCidadao } from '../../i18n/cidadao';
import { textoCidadao } from '../textosCidadao';
import { gerarPdf } from '../pdf/gerador';

/**
 * The e-mails the console sends (issue 21), as text and as simple HTML: the citizen's
 * confirmation (a copy of the answers that applied, personal data masked as the staff screen masks it
 * for someone without the personal-data permission, and the PDF receipt — masked too — attached), the
 * notice to the model's team address, and a draft's resume link. The citizen's come in the language the
 * form (or the draft) was filled in, dates with the year in full (issue 35); the team's, in pt-BR. Nothing
 * here sends: the worker does.
 */
export interface Mensagem {
  para: string;
  assunto: string;
  texto: string;
  html: string;
  anexos: { nome: string; tipo: string; conteudo: Buffer }[];
}

/** A form as the e-mails need it. */
export interface FormularioEmail {
  protocolo: string;
  modelo: string;
  versao: number;
  recebidoEm: string;
  status: string;
  definicao: Definicao | null;
  respostas: Record<string, unknown>;
  codigoVerificacao: string | null;
  idioma: IdiomaCidadao;
  declaracao?: { texto: string; aceitaEm: string } | null;
  /** The fee by Pix (issue 38): paid, or pending until its deadline. */
  pagamento?: SituacaoPagamento | null;
}

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The answers the citizen saw, masked: the same blocks the drawer and the PDF show (in `idioma`'s words). */
const blocosMascarados = (f: FormularioEmail, idioma: IdiomaCidadao = 'pt-BR'): BlocoRespostas[] => respostasComoVistas(f.definicao, f.respostas, mascararRespostas(f.definicao, f.respostas), tradutorCidadao(idioma));

/** "Rótulo: valor" — without a second mark after a label that ends in one ("Precisa de transporte?"). */
const rotulado = (rotulo: string, valor: string) => `${rotulo}${/[?:]$/.test(rotulo.trim()) ? '' : ':'} ${valor}`;
const blocosEmTexto = (blocos: BlocoRespostas[]) => blocos.map((b) => [`${b.titulo}`, ...b.linhas.map((l) => `  ${rotulado(l.rotulo, l.valor)}`)].join('\n')).join('\n\n');
const blocosEmHtml = (blocos: BlocoRespostas[]) =>
  blocos.map((b) => `<h3 style="font-size:15px;margin:16px 0 4px">${esc(b.titulo)}</h3><table style="border-collapse:collapse">${b.linhas.map((l) => `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${esc(l.rotulo)}</th><td style="padding:2px 0">${esc(l.valor)}</td></tr>`).join('')}</table>`).join('');

export const html = (corpo: string, idioma: IdiomaCidadao = 'pt-BR') => `<!doctype html><html lang="${idioma}"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;font-size:14px;color:#1c2127">${corpo}</body></html>`;

const AVISO_MASCARA = textoCidadao('pt-BR', 'email.mascara');

export async function mensagemConfirmacao(para: string, formulario: FormularioEmail, selo: Selo | null = null): Promise<Mensagem> {
  // In the language it was filled in: the model's texts too, when it is offered in it (issue 37).
  const f = formularioNoIdioma(formulario);
  const idioma = f.idioma;
  const tx = (chave: Parameters<typeof textoCidadao>[1], params?: Record<string, string | number>) => textoCidadao(idioma, chave, params);
  const blocos = blocosMascarados(f, idioma);
  const quando = formatarDataHoraCompleta(f.recebidoEm);
  const pdf = await gerarPdf({ modelo: f.modelo, versao: f.versao, protocolo: f.protocolo, recebidoEm: f.recebidoEm, status: situacaoDoEnvio(idioma, f.pagamento ?? null), blocos, aviso: tx('doc.mascarados'), idioma, declaracao: f.declaracao, ...(f.codigoVerificacao ? { comprovante: { codigo: f.codigoVerificacao } } : {}) }, undefined, selo);
  const codigo = f.codigoVerificacao ? `${tx('doc.codigo')}: ${f.codigoVerificacao}\n` : '';
  const taxa = frasePagamento(idioma, f.pagamento ?? null);
  return {
    para,
    assunto: tx('email.confirmacao-assunto', { modelo: f.modelo, protocolo: f.protocolo }),
    texto: `${tx('email.ola')}\n\n${tx('email.recebemos', { modelo: f.modelo, data: quando })}\n\n${taxa ? `${taxa}\n\n` : ''}${tx('doc.protocolo')}: ${f.protocolo}\n${codigo}\n${tx('email.guarde')}\n\n${tx('email.suas-respostas')}:\n\n${blocosEmTexto(blocos)}\n\n${tx('email.mascara')}\n`,
    html: html(
      `<p>${esc(tx('email.ola'))}</p><p>${esc(tx('email.recebemos', { modelo: f.modelo, data: quando }))}</p>${taxa ? `<p><strong>${esc(taxa)}</strong></p>` : ''}<p>${esc(tx('doc.protocolo'))}: <strong>${esc(f.protocolo)}</strong>${f.codigoVerificacao ? `<br>${esc(tx('doc.codigo'))}: ${esc(f.codigoVerificacao)}` : ''}</p><p>${esc(tx('email.guarde'))}</p><h2 style="font-size:16px">${esc(tx('email.suas-respostas'))}</h2>${blocosEmHtml(blocos)}<p style="color:#404854">${esc(tx('email.mascara'))}</p>`,
      idioma,
    ),
    anexos: [{ nome: `comprovante-${f.protocolo.replace(/\D/g, '')}.pdf`, tipo: 'application/pdf', conteudo: pdf }],
  };
}

export function mensagemEquipe(para: string, f: FormularioEmail): Mensagem {
  const blocos = blocosMascarados(f);
  const quando = formatarDataHoraCompleta(f.recebidoEm);
  return {
    para,
    assunto: `Novo formulário: ${f.modelo} (protocolo ${f.protocolo})`,
    texto: `Um formulário "${f.modelo}" (versão ${f.versao}) chegou em ${quando}.\n\nProtocolo: ${f.protocolo}\n\n${blocosEmTexto(blocos)}\n\n${AVISO_MASCARA} As respostas completas estão no Console de Formulários.\n`,
    html: html(`<p>Um formulário <strong>${esc(f.modelo)}</strong> (versão ${f.versao}) chegou em ${esc(quando)}.</p><p>Protocolo: <strong>${esc(f.protocolo)}</strong></p>${blocosEmHtml(blocos)}<p style="color:#404854">${AVISO_MASCARA} As respostas completas estão no Console de Formulários.</p>`),
    anexos: [],
  };
}

export function mensagemRascunho(para: string, d: { link: string; modelo: string; expiraEm: string; idioma?: IdiomaCidadao }): Mensagem {
  const idioma = d.idioma ?? 'pt-BR';
  const tx = (chave: Parameters<typeof textoCidadao>[1], params?: Record<string, string | number>) => textoCidadao(idioma, chave, params);
  const ate = formatarDataHoraCompleta(d.expiraEm);
  return {
    para,
    assunto: tx('email.rascunho-assunto', { modelo: d.modelo }),
    texto: `${tx('email.ola')}\n\n${tx('email.rascunho-salvo', { modelo: d.modelo })}\n\n${d.link}\n\n${tx('email.rascunho-validade', { data: ate })}\n`,
    html: html(`<p>${esc(tx('email.ola'))}</p><p>${esc(tx('email.rascunho-salvo', { modelo: d.modelo }))}</p><p><a href="${esc(d.link)}">${esc(tx('email.continuar'))}</a></p><p>${esc(tx('email.rascunho-validade', { data: ate }))}</p>`, idioma),
    anexos: [],
  };
}

/** A verified question's code (issue 45): the code in the subject too, so a phone's notification shows it. */
export function mensagemCodigo(para: string, d: { codigo: string; modelo: string; validadeMinutos: number; idioma?: IdiomaCidadao }): Mensagem {
  const idioma = d.idioma ?? 'pt-BR';
  const corpo = textoCidadao(idioma, 'email.codigo', { codigo: d.codigo, modelo: d.modelo, minutos: d.validadeMinutos });
  return {
    para,
    assunto: textoCidadao(idioma, 'email.codigo-assunto', { codigo: d.codigo }),
    texto: `${textoCidadao(idioma, 'email.ola')}\n\n${corpo}\n`,
    html: html(`<p>${esc(textoCidadao(idioma, 'email.ola'))}</p><p style="font-size:24px;letter-spacing:4px"><strong>${esc(d.codigo)}</strong></p><p>${esc(corpo)}</p>`, idioma),
    anexos: [],
  };
}
