import { proxy, ref } from 'valtio';
import type { ReactNode } from 'react';

/** The confirm popup and the dynamic dialog host (SPEC.md section 2): pages ask, the host draws. */
export interface PedidoConfirmacao {
  id: number;
  titulo?: string;
  mensagem: ReactNode;
  textoConfirmar?: string;
  perigo?: boolean;
  responder(sim: boolean): void;
}

export interface PedidoDialogo {
  id: number;
  titulo: string;
  conteudo: (fechar: () => void) => ReactNode;
  largura?: number;
}

export function criarDialogos() {
  return proxy({ confirmacoes: [] as PedidoConfirmacao[], dialogos: [] as PedidoDialogo[], seq: 0 });
}

export type DialogosEstado = ReturnType<typeof criarDialogos>;

export function confirmar(d: DialogosEstado, p: Omit<PedidoConfirmacao, 'id' | 'responder'>): Promise<boolean> {
  return new Promise((resolver) => {
    const id = ++d.seq;
    // ref(): React nodes and callbacks are kept as they are, not turned into proxies.
    d.confirmacoes.push(
      ref({
        ...p,
        id,
        responder: (sim: boolean) => {
          d.confirmacoes = d.confirmacoes.filter((c) => c.id !== id);
          resolver(sim);
        },
      }),
    );
  });
}

export function abrirDialogo(d: DialogosEstado, p: Omit<PedidoDialogo, 'id'>): () => void {
  const id = ++d.seq;
  d.dialogos.push(ref({ ...p, id }));
  return () => {
    d.dialogos = d.dialogos.filter((x) => x.id !== id);
  };
}
