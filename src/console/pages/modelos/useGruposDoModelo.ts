import { useEffect, useState } from 'react';
import { useAmbiente } from '../../app/contexto';
import { modelosApi, type GruposDoModelo } from '../../api/recursos/modelos';
import { useTratarErro } from '../../ui/useTratarErro';

/** The groups a model may be given (null while loading). */
export function useGruposDoModelo(): GruposDoModelo | null {
  const { http } = useAmbiente();
  const tratar = useTratarErro();
  const [grupos, setGrupos] = useState<GruposDoModelo | null>(null);
  useEffect(() => {
    modelosApi.grupos(http).then(setGrupos, (e) => tratar(e, 'detalhe'));
  }, []);
  return grupos;
}
