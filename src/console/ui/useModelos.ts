import { useEffect, useState } from 'react';
import { useAmbiente } from '../app/contexto';
import { modelosApi, type OpcaoModelo } from '../api/recursos/modelos';

/**
 * The models the user may see (their content-control groups), by name, for filters; [] until loaded,
 * on failure, or when not `necessario` (a filter bar without a model filter asks nothing).
 */
export function useModelos(necessario = true, versao = 0): OpcaoModelo[] {
  const { http } = useAmbiente();
  const [modelos, setModelos] = useState<OpcaoModelo[]>([]);
  useEffect(() => {
    if (!necessario) return;
    let vivo = true;
    modelosApi.opcoes(http).then(
      (r) => vivo && setModelos(r),
      () => undefined, // the filter then offers only "Todos os modelos"; the list itself reports errors
    );
    return () => void (vivo = false);
  }, [necessario, versao]);
  return modelos;
}
