import { useEffect, useState } from 'react';
import { useAmbiente } from '../app/contexto';
import { formatarDataCompleta, lerData } from '../../i18n/datas';
import { Campo } from './Campo';
import type { Regra } from '../../validation/regras';
import { problemaData } from '../../forms/preenchimento';

/**
 * A date input that accepts dd/mm/aaaa and dd/mm/aa (src/i18n/datas.ts's two-digit-year rule) and gives
 * the calendar date as yyyy-MM-dd, or null while what is typed is not a date (then `textoValido` is
 * false). On leaving the field it shows what it understood with the four-digit year.
 */
export function CampoData(p: { rotulo: string; valor: string | null; aoMudar: (iso: string | null, textoValido: boolean) => void; obrigatorio?: boolean; mostrarErros?: boolean; erroServidor?: string }) {
  const { t } = useAmbiente();
  const [texto, setTexto] = useState(p.valor ? formatarDataCompleta(p.valor) : '');
  useEffect(() => {
    if (p.valor !== (lerData(texto) ?? null)) setTexto(p.valor ? formatarDataCompleta(p.valor) : '');
  }, [p.valor]);
  const regras: Regra[] = p.obrigatorio ? [{ tipo: 'required' }] : [];
  return (
    <Campo
      rotulo={p.rotulo}
      valor={texto}
      regras={regras}
      placeholder={t('data.formato')}
      mostrarErros={p.mostrarErros}
      erroServidor={p.erroServidor}
      validarExtra={(v) => (v.trim() && !lerData(v) ? t(problemaData(v)) : null)}
      aoSair={(v) => {
        const data = lerData(v);
        if (data) setTexto(formatarDataCompleta(data));
      }}
      aoMudar={(v) => {
        setTexto(v);
        p.aoMudar(lerData(v), !v.trim() || !!lerData(v));
      }}
    />
  );
}
