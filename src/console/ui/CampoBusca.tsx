import { InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../app/contexto';
import { estadoLista, mudarFiltros } from '../state/listas';

/** A search box bound to one list's `texto` filter (kept with the list), applied 300 ms after typing stops. */
export function CampoBusca({ lista, rotulo, placeholder }: { lista: string; rotulo: string; placeholder?: string }) {
  const { estado } = useAmbiente();
  const e = estadoLista(estado.listas, lista);
  const snap = useSnapshot(e);
  const [texto, setTexto] = useState(String(snap.filtros.texto ?? ''));
  useEffect(() => {
    const t = setTimeout(() => {
      if ((e.filtros.texto ?? '') !== texto) mudarFiltros(e, { ...e.filtros, texto: texto.trim() || undefined });
    }, 300);
    return () => clearTimeout(t);
  }, [texto]);
  return <InputGroup type="search" leftIcon="search" aria-label={rotulo} placeholder={placeholder ?? rotulo} value={texto} onChange={(ev) => setTexto(ev.currentTarget.value)} className="cf-busca" />;
}
