import { FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useId, useState, type HTMLInputTypeAttribute } from 'react';
import { useAmbiente } from '../app/contexto';
import { mensagemDe, type Regra } from '../../validation/regras';

export interface PropsCampo {
  rotulo: string;
  valor: string;
  aoMudar: (v: string) => void;
  regras?: readonly Regra[];
  /** The API's message for this field (DESIGN.md section 6), shown until the user edits it. */
  erroServidor?: string;
  /** Set on submit: show every message even on untouched fields. */
  mostrarErros?: boolean;
  ajuda?: string;
  tipo?: HTMLInputTypeAttribute;
  nome?: string;
  desabilitado?: boolean;
  placeholder?: string;
  /** A check beyond the rules (e.g. a date's format); its message shows like a rule's. */
  validarExtra?: (v: string) => string | null;
  /** A text area instead of a one-line input (descriptions, reasons). */
  multilinha?: boolean;
  /** When the field loses focus (a date field then shows what it understood). */
  aoSair?: (v: string) => void;
}

/** A labelled input bound to the validation rules: messages as the user types and on submit. */
export function Campo(p: PropsCampo) {
  const { config } = useAmbiente();
  const id = useId();
  const [tocado, setTocado] = useState(false);
  const [valorDoErro, setValorDoErro] = useState<string | null>(null);
  const obrigatorio = p.regras?.some((r) => r.tipo === 'required');
  const local = tocado || p.mostrarErros ? (mensagemDe(p.regras ?? [], p.valor, config.language) ?? p.validarExtra?.(p.valor) ?? null) : null;
  const servidor = p.erroServidor && valorDoErro !== p.valor ? p.erroServidor : null;
  const erro = local ?? servidor;
  const idMsg = `${id}-msg`;
  const comum = {
    id,
    name: p.nome,
    value: p.valor,
    disabled: p.desabilitado,
    'aria-invalid': !!erro,
    'aria-required': obrigatorio,
    'aria-describedby': idMsg,
    onChange: (e: { currentTarget: { value: string } }) => {
      setTocado(true);
      if (p.erroServidor) setValorDoErro(e.currentTarget.value);
      p.aoMudar(e.currentTarget.value);
    },
    onBlur: () => (setTocado(true), p.aoSair?.(p.valor)),
  };
  return (
    <FormGroup label={p.rotulo} labelFor={id} labelInfo={obrigatorio ? '*' : undefined} helperText={<span id={idMsg}>{erro ?? p.ajuda}</span>} intent={erro ? 'danger' : 'none'}>
      {p.multilinha ? <TextArea {...comum} fill rows={4} intent={erro ? 'danger' : 'none'} /> : <InputGroup {...comum} type={p.tipo ?? 'text'} placeholder={p.placeholder} intent={erro ? 'danger' : 'none'} />}
    </FormGroup>
  );
}
