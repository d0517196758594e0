import { useSnapshot } from 'valtio';
import { useAmbiente } from './contexto';
import type { Permissao } from '../../access/permissoes';

/** Whether the signed-in user holds a permission (actions a user lacks are not offered). */
export function usePermissao(p: Permissao): boolean {
  const { estado } = useAmbiente();
  return useSnapshot(estado.acesso).permissoes.includes(p);
}
