import { memo, useState } from 'react';
import type { CampoDefinicao } from '../forms/definicao';
import { dicaDoCampo } from '../forms/preenchimento';
import { aceitarDoNavegador, dicaDoArquivo, limitesDoArquivo } from '../forms/tiposArquivo';
import { formatarDataCompleta, lerData } from '../i18n/datas';
import type { IdiomaCidadao, TradutorCidadao } from '../i18n/cidadao';

/**
 * One question as a citizen answers it, in plain HTML (no component library: the citizen's bundle stays
 * light, issue 35), drawn as GOV.UK's design system draws questions: the label, then the hint, then the
 * error (with a hidden "Erro:" so it is not told by colour alone), then the control, all tied together by
 * `aria-describedby`. Memoized: typing in one field redraws only that field.
 */
export type EnviarArquivo = (campo: CampoDefinicao, arquivo: File) => Promise<unknown>;

export interface PropsCampo {
  campo: CampoDefinicao;
  /** The answer's key: the question's id, or `secao[i].campo` in an item of a repeating section. */
  chave: string;
  /** The control's id (the error summary links to it). */
  id: string;
  valor: unknown;
  erro: string | null;
  /** Answered by the citizen's login: shown, read-only. */
  fixo?: boolean;
  /** The builder's preview marks the question being edited. */
  destacado?: boolean;
  somenteLeitura?: boolean;
  nota?: string;
  aoMudar: (chave: string, valor: unknown) => void;
  /** Uploads a chosen file (the citizen's element); without it the answer is only the file's name and size (the preview). */
  enviarArquivo?: EnviarArquivo;
  t: TradutorCidadao;
  idioma: IdiomaCidadao;
}

/** Autocomplete for what the question asks about the citizen (WCAG 1.3.5), from the requester and login marks. */
function autocompletar(c: CampoDefinicao): string | undefined {
  if (c.requerente === 'nome' || c.preencherDoLogin === 'nome') return 'name';
  if (c.requerente === 'email' || c.preencherDoLogin === 'email' || c.tipo === 'email') return 'email';
  if (c.preencherDoLogin === 'nascimento') return 'bday';
  if (c.tipo === 'url') return 'url';
  if (c.tipo === 'telefone') return 'tel';
  return undefined;
}

/** A date typed dd/mm/aaaa or dd/mm/aa: the answer is yyyy-MM-dd once it is one; on leaving, the year shows in full. */
function EntradaData({ valor, aoMudar, ...resto }: { valor: unknown; aoMudar: (v: string) => void } & React.InputHTMLAttributes<HTMLInputElement>) {
  const [texto, setTexto] = useState(typeof valor === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(valor) ? formatarDataCompleta(valor) : String(valor ?? ''));
  return (
    <input
      {...resto}
      type="text"
      inputMode="numeric"
      value={texto}
      onBlur={() => {
        const d = lerData(texto);
        if (d) setTexto(formatarDataCompleta(d));
      }}
      onChange={(e) => {
        setTexto(e.currentTarget.value);
        aoMudar(lerData(e.currentTarget.value) ?? e.currentTarget.value);
      }}
    />
  );
}

export const Campo = memo(function Campo({ campo: c, chave, id, valor, erro: erroRegras, fixo, destacado, somenteLeitura, nota, aoMudar, enviarArquivo, t, idioma }: PropsCampo) {
  const [enviando, setEnviando] = useState(false);
  const [erroEnvio, setErroEnvio] = useState<string | null>(null);
  const erro = erroEnvio ?? erroRegras;
  const idDica = `${id}-dica`;
  const idErro = `${id}-erro`;
  const dica = [c.ajuda, dicaDoCampo(c, idioma), c.tipo === 'arquivo' ? dicaDoArquivo(c.arquivo, t) : null, nota].filter(Boolean).join(' ');
  const descrito = [dica ? idDica : null, erro ? idErro : null].filter(Boolean).join(' ') || undefined;
  const mudar = (v: unknown) => aoMudar(chave, v);
  const rotulo = c.rotulo || t('preenchimento.sem-rotulo');
  const marca = c.obrigatorio ? null : <span className="fc-opcional"> {t('preenchimento.opcional')}</span>;
  const textoDica = dica ? <div id={idDica} className="fc-dica">{dica}</div> : null;
  const textoErro = erro ? (
    <p id={idErro} className="fc-erro">
      <span className="fc-so-leitor">{t('preenchimento.erro-prefixo')} </span>
      {erro}
    </p>
  ) : null;
  const classe = `fc-grupo${erro ? ' fc-grupo-erro' : ''}${destacado ? ' fc-destacado' : ''}`;
  const desligado = somenteLeitura || fixo;

  if (c.tipo === 'escolha-unica' || c.tipo === 'escolha-multipla') {
    const unica = c.tipo === 'escolha-unica';
    const marcados = Array.isArray(valor) ? (valor as string[]) : [];
    return (
      <div className={classe} data-chave={chave} data-campo={c.id}>
        <fieldset className="fc-escolhas" aria-describedby={descrito} disabled={desligado}>
          <legend className="fc-rotulo">
            {rotulo}
            {marca}
          </legend>
          {textoDica}
          {textoErro}
          <div className="fc-opcoes">
            {(c.opcoes ?? []).map((o, i) => {
              const idOpcao = i ? `${id}-${i}` : id;
              return (
                <div key={o.valor} className="fc-opcao">
                  <input
                    id={idOpcao}
                    type={unica ? 'radio' : 'checkbox'}
                    name={id}
                    value={o.valor}
                    checked={unica ? valor === o.valor : marcados.includes(o.valor)}
                    aria-invalid={erro ? true : undefined}
                    onChange={(e) => mudar(unica ? o.valor : e.currentTarget.checked ? [...marcados, o.valor] : marcados.filter((v) => v !== o.valor))}
                  />
                  <label htmlFor={idOpcao}>{o.rotulo}</label>
                </div>
              );
            })}
          </div>
        </fieldset>
      </div>
    );
  }

  const comum = {
    id,
    className: `fc-entrada fc-entrada-${c.tipo}`,
    'aria-describedby': descrito,
    'aria-invalid': erro ? true : undefined,
    'aria-required': c.obrigatorio || undefined,
    readOnly: desligado,
    autoComplete: autocompletar(c),
  } as const;
  let controle;
  if (c.tipo === 'texto-longo') controle = <textarea {...comum} rows={4} value={String(valor ?? '')} onChange={(e) => mudar(e.currentTarget.value)} />;
  else if (c.tipo === 'data') controle = <EntradaData {...comum} valor={valor} aoMudar={mudar} />;
  else if (c.tipo === 'arquivo') {
    const nome = (valor as { nome?: string } | null)?.nome;
    // The browser's own file button speaks the browser's language ("Choose File"): the input is hidden from
    // sight (still focused by Tab and opened by Space or Enter), and a button of ours in the form's language
    // shows where it is and opens it on a click.
    controle = (
      <div className="fc-arquivo">
        <input
          {...comum}
          className={`${comum.className} fc-arquivo-entrada`}
          type="file"
          // Its name holds what the button shows (WCAG 2.5.3, issue 50): the question, then "Escolha um arquivo".
          aria-labelledby={`${id}-rotulo ${id}-botao`}
          readOnly={undefined}
          disabled={desligado}
          accept={aceitarDoNavegador(limitesDoArquivo(c.arquivo).familias)}
          onChange={async (e) => {
            const f = e.currentTarget.files?.[0];
            setErroEnvio(null);
            if (!f || !enviarArquivo) return mudar(f ? { nome: f.name, tamanho: f.size } : null);
            // The citizen's element sends the file at once; the answer is the server's id for it.
            setEnviando(true);
            mudar(null);
            try {
              mudar(await enviarArquivo(c, f));
            } catch (falha) {
              setErroEnvio(falha instanceof Error ? falha.message : String(falha));
            } finally {
              setEnviando(false);
            }
          }}
        />
        <span id={`${id}-botao`} className="fc-botao fc-botao-secundario fc-arquivo-botao" aria-hidden="true" onClick={(e) => (e.currentTarget.previousElementSibling as HTMLInputElement | null)?.click()}>
          {t('preenchimento.escolha-arquivo')}
        </span>
        <span className="fc-arquivo-estado" role="status">
          {enviando ? t('preenchimento.enviando-arquivo') : nome ? t('preenchimento.arquivo-escolhido', { nome }) : t('preenchimento.nenhum-arquivo')}
        </span>
      </div>
    );
  } else
    controle = (
      <input
        {...comum}
        type={c.tipo === 'email' ? 'email' : c.tipo === 'url' ? 'url' : c.tipo === 'telefone' ? 'tel' : 'text'}
        inputMode={c.tipo === 'inteiro' || c.tipo === 'cpf' ? 'numeric' : c.tipo === 'decimal' || c.tipo === 'moeda' ? 'decimal' : undefined}
        autoCapitalize={c.tipo === 'cnpj' ? 'characters' : undefined}
        spellCheck={c.tipo === 'texto' ? undefined : false}
        value={String(valor ?? '')}
        onChange={(e) => mudar(e.currentTarget.value)}
      />
    );
  return (
    <div className={classe} data-chave={chave} data-campo={c.id}>
      <label id={`${id}-rotulo`} className="fc-rotulo" htmlFor={id}>
        {rotulo}
        {marca}
      </label>
      {textoDica}
      {textoErro}
      {controle}
    </div>
  );
});
