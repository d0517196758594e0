import { formatarDataHoraCompleta } from '../../i18n/datas';
import { traduzirCidadao, type ChaveCidadao, type IdiomaCidadao } from '../../i18n/cidadao';
import { formularioNoIdioma } from '../../forms/traducoes';
import { textoCidadao, type ChaveServidor } from '../textosCidadao';
import { esc, html, type FormularioEmail, type Mensagem } from './mensagens';

/**
 * The e-mails of the steps after sending (issue 46): a co-signer's link (and its reminder), the team's notice that
 * an analysis started, and the citizen's outcome. The citizen's and the co-signer's in the language the form was
 * filled in; the team's in pt-BR.
 */
export interface DadosCoassinatura {
  link: string;
  nome: string | null;
  etapa: string;
  /** The step's id: its title is read again in the form's language (the model's translations). */
  etapaId?: string;
  prazoEm: string;
  lembrete: boolean;
}
export interface DadosDesfecho {
  status: 'APROVADO' | 'RECEBIDO' | 'RECUSADO' | 'EXPIRADO';
  motivo: string | null;
}

export function mensagemCoassinatura(para: string, formulario: FormularioEmail, d: DadosCoassinatura): Mensagem {
  const f = formularioNoIdioma(formulario);
  const tx = (chave: ChaveServidor, params?: Record<string, string | number>) => textoCidadao(f.idioma, chave, params);
  const params = { modelo: f.modelo, protocolo: f.protocolo, etapa: f.definicao?.etapas?.find((e) => e.id === d.etapaId)?.titulo ?? d.etapa };
  const ola = d.nome ? `${tx('email.ola').replace(/[,:]$/, '')} ${d.nome},` : tx('email.ola');
  const pedido = tx('email.coassinatura', params);
  const prazo = tx('email.coassinatura-prazo', { data: formatarDataHoraCompleta(d.prazoEm) });
  return {
    para,
    assunto: tx(d.lembrete ? 'email.coassinatura-lembrete-assunto' : 'email.coassinatura-assunto', params),
    texto: `${ola}\n\n${pedido}\n\n${d.link}\n\n${prazo}\n`,
    html: html(`<p>${esc(ola)}</p><p>${esc(pedido)}</p><p><a href="${esc(d.link)}">${esc(tx('email.assinar'))}</a></p><p>${esc(prazo)}</p>`, f.idioma),
    anexos: [],
  };
}

export function mensagemAnalise(para: string, f: FormularioEmail, d: { etapa: string; prazoEm: string }): Mensagem {
  const texto = `O formulário "${f.modelo}" (protocolo ${f.protocolo}) chegou à etapa "${d.etapa}" e aguarda a análise da equipe até ${formatarDataHoraCompleta(d.prazoEm)}. Ele está em "Minhas análises", no Console de Formulários.`;
  return { para, assunto: `Análise pendente: ${f.modelo} (protocolo ${f.protocolo})`, texto: `${texto}\n`, html: html(`<p>${esc(texto)}</p>`), anexos: [] };
}

export function mensagemDesfecho(para: string, formulario: FormularioEmail, d: DadosDesfecho): Mensagem {
  const f = formularioNoIdioma(formulario);
  const idioma: IdiomaCidadao = f.idioma;
  const corpo = textoCidadao(idioma, `email.desfecho-${d.status}` as ChaveServidor, { modelo: f.modelo, protocolo: f.protocolo, motivo: d.motivo ?? '' });
  const situacao = traduzirCidadao(idioma, `andamento.status.${d.status}` as ChaveCidadao);
  return {
    para,
    assunto: textoCidadao(idioma, 'email.desfecho-assunto', { modelo: f.modelo, protocolo: f.protocolo, situacao: situacao.toLowerCase() }),
    texto: `${textoCidadao(idioma, 'email.ola')}\n\n${corpo}\n`,
    html: html(`<p>${esc(textoCidadao(idioma, 'email.ola'))}</p><p>${esc(corpo)}</p>`, idioma),
    anexos: [],
  };
}
