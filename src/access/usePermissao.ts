import { useSnapshot } from 'valtio';
import { useAmbiente } from '../app/contexto';
import type { Permissao } from './permissoes';

/** Whether the signed-in user holds a permission (actions a user lacks are not offered). */
export function usePermissao(p: Permissao): boolean {
  const { estado } = useAmbiente();
  return useSnapshot(estado.acesso).permissoes.includes(p);
}
