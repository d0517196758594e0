import { useEffect, useState } from 'react';
import { useAmbiente } from '../app/contexto';
import { formatarData, lerData } from '../i18n/datas';
import { Campo } from './Campo';
import type { Regra } from '../validation/regras';

/**
 * A date input that accepts dd/MM/yy and dd/MM/yyyy (two-digit years are 20yy) and gives the
 * calendar date as yyyy-MM-dd, or null while what is typed is not a date (then `textoValido` is false).
 */
export function CampoData(p: { rotulo: string; valor: string | null; aoMudar: (iso: string | null, textoValido: boolean) => void; obrigatorio?: boolean; mostrarErros?: boolean; erroServidor?: string }) {
  const { t } = useAmbiente();
  const [texto, setTexto] = useState(p.valor ? formatarData(p.valor) : '');
  useEffect(() => {
    if (p.valor !== (lerData(texto) ?? null)) setTexto(p.valor ? formatarData(p.valor) : '');
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
      validarExtra={(v) => (v.trim() && !lerData(v) ? t('validacao.date') : null)}
      aoMudar={(v) => {
        setTexto(v);
        p.aoMudar(lerData(v), !v.trim() || !!lerData(v));
      }}
    />
  );
}
