import type { Definicao } from '../../../src/forms/definicao';
import { mascararRespostas } from '../../../src/forms/dadosPessoais';
import { respostasComoVistas, type BlocoRespostas } from '../../../src/forms/respostas';
import { formatarDataHora } from '../../../src/i18n/datas';
import { gerarPdf } from '../pdf/gerador';

/**
 * The e-mails the console sends (issue 21), in pt-BR, as text and as simple HTML: the citizen's
 * confirmation (a copy of the answers that applied, personal data masked as the staff screen masks it
 * for someone without the personal-data permission, and the PDF receipt — masked too — attached), the
 * notice to the model's team address, and a draft's resume link. Nothing here sends: the worker does.
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
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The answers the citizen saw, masked: the same blocks the drawer and the PDF show. */
const blocosMascarados = (f: FormularioEmail): BlocoRespostas[] => respostasComoVistas(f.definicao, f.respostas, mascararRespostas(f.definicao, f.respostas));

/** "Rótulo: valor" — without a second mark after a label that ends in one ("Precisa de transporte?"). */
const rotulado = (rotulo: string, valor: string) => `${rotulo}${/[?:]$/.test(rotulo.trim()) ? '' : ':'} ${valor}`;
const blocosEmTexto = (blocos: BlocoRespostas[]) => blocos.map((b) => [`${b.titulo}`, ...b.linhas.map((l) => `  ${rotulado(l.rotulo, l.valor)}`)].join('\n')).join('\n\n');
const blocosEmHtml = (blocos: BlocoRespostas[]) =>
  blocos.map((b) => `<h3 style="font-size:15px;margin:16px 0 4px">${esc(b.titulo)}</h3><table style="border-collapse:collapse">${b.linhas.map((l) => `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${esc(l.rotulo)}</th><td style="padding:2px 0">${esc(l.valor)}</td></tr>`).join('')}</table>`).join('');

const html = (corpo: string) => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;font-size:14px;color:#1c2127">${corpo}</body></html>`;

const AVISO_MASCARA = 'Por segurança, dados pessoais aparecem mascarados neste e-mail.';

export async function mensagemConfirmacao(para: string, f: FormularioEmail): Promise<Mensagem> {
  const blocos = blocosMascarados(f);
  const quando = formatarDataHora(f.recebidoEm);
  const pdf = await gerarPdf({ modelo: f.modelo, versao: f.versao, protocolo: f.protocolo, recebidoEm: f.recebidoEm, status: f.status, blocos, aviso: 'Dados pessoais mascarados.', ...(f.codigoVerificacao ? { comprovante: { codigo: f.codigoVerificacao } } : {}) });
  const codigo = f.codigoVerificacao ? `Código de verificação: ${f.codigoVerificacao}\n` : '';
  return {
    para,
    assunto: `Recebemos o seu formulário: ${f.modelo} (protocolo ${f.protocolo})`,
    texto: `Olá,\n\nRecebemos o seu formulário "${f.modelo}" em ${quando}.\n\nProtocolo: ${f.protocolo}\n${codigo}\nGuarde o protocolo para acompanhar o pedido. O comprovante em PDF vai anexo.\n\nSuas respostas:\n\n${blocosEmTexto(blocos)}\n\n${AVISO_MASCARA}\n`,
    html: html(
      `<p>Olá,</p><p>Recebemos o seu formulário <strong>${esc(f.modelo)}</strong> em ${esc(quando)}.</p><p>Protocolo: <strong>${esc(f.protocolo)}</strong>${f.codigoVerificacao ? `<br>Código de verificação: ${esc(f.codigoVerificacao)}` : ''}</p><p>Guarde o protocolo para acompanhar o pedido. O comprovante em PDF vai anexo.</p><h2 style="font-size:16px">Suas respostas</h2>${blocosEmHtml(blocos)}<p style="color:#404854">${AVISO_MASCARA}</p>`,
    ),
    anexos: [{ nome: `comprovante-${f.protocolo.replace(/\D/g, '')}.pdf`, tipo: 'application/pdf', conteudo: pdf }],
  };
}

export function mensagemEquipe(para: string, f: FormularioEmail): Mensagem {
  const blocos = blocosMascarados(f);
  const quando = formatarDataHora(f.recebidoEm);
  return {
    para,
    assunto: `Novo formulário: ${f.modelo} (protocolo ${f.protocolo})`,
    texto: `Um formulário "${f.modelo}" (versão ${f.versao}) chegou em ${quando}.\n\nProtocolo: ${f.protocolo}\n\n${blocosEmTexto(blocos)}\n\n${AVISO_MASCARA} As respostas completas estão no Console de Formulários.\n`,
    html: html(`<p>Um formulário <strong>${esc(f.modelo)}</strong> (versão ${f.versao}) chegou em ${esc(quando)}.</p><p>Protocolo: <strong>${esc(f.protocolo)}</strong></p>${blocosEmHtml(blocos)}<p style="color:#404854">${AVISO_MASCARA} As respostas completas estão no Console de Formulários.</p>`),
    anexos: [],
  };
}

export function mensagemRascunho(para: string, d: { link: string; modelo: string; expiraEm: string }): Mensagem {
  const ate = formatarDataHora(d.expiraEm);
  return {
    para,
    assunto: `Continue o seu formulário: ${d.modelo}`,
    texto: `Olá,\n\nAs suas respostas ao formulário "${d.modelo}" foram salvas. Para continuar de onde parou, abra:\n\n${d.link}\n\nO link vale até ${ate}. Não o compartilhe: quem tiver o link vê as suas respostas.\n`,
    html: html(`<p>Olá,</p><p>As suas respostas ao formulário <strong>${esc(d.modelo)}</strong> foram salvas.</p><p><a href="${esc(d.link)}">Continuar o preenchimento</a></p><p>O link vale até ${esc(ate)}. Não o compartilhe: quem tiver o link vê as suas respostas.</p>`),
    anexos: [],
  };
}
