import { OverlayToaster, Position, type Toaster, type ToasterPosition } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { subscribe } from 'valtio';
import { GRUPO_ERROS, INTENCAO, POSICOES, fecharToast, type ToastAtivo, type Toasts } from '../state/toasts';
import { useAmbiente } from './contexto';

type Grupo = ToastAtivo['group'];

/** Blueprint positions; "center" has none in Blueprint: its own container, centred by our CSS. */
const POSICAO: Record<Grupo, ToasterPosition> = {
  'top-center': Position.TOP,
  'top-left': Position.TOP_LEFT,
  'top-right': Position.TOP_RIGHT,
  'bottom-center': Position.BOTTOM,
  'bottom-left': Position.BOTTOM_LEFT,
  'bottom-right': Position.BOTTOM_RIGHT,
  center: Position.TOP,
  [GRUPO_ERROS]: Position.TOP,
};

const GRUPOS: Grupo[] = [...POSICOES, GRUPO_ERROS];

function conteudo(t: ToastAtivo) {
  return (
    <div className="cf-toast-conteudo">
      {t.summary && <strong className="cf-toast-resumo">{t.summary}</strong>}
      {t.detail && <span className="cf-toast-detalhe">{t.detail}</span>}
    </div>
  );
}

/**
 * Mirrors the toast store into Blueprint toasters created inside the shadow root, one per group.
 * The store is the truth: showing with the same key updates in place, and a toast closed by the user
 * or by its life leaves the store too.
 */
export function ToastHost() {
  const { estado } = useAmbiente();
  const caixas = useRef<Partial<Record<Grupo, HTMLDivElement | null>>>({});
  const torradeiras = useRef<Partial<Record<Grupo, Promise<Toaster>>>>({});

  useEffect(() => {
    const loja: Toasts = estado.toasts;
    let mostrados = new Map<string, ToastAtivo>();
    // Each toaster is a React root of its own (Blueprint's way); kept to unmount with the element.
    const raizes: Root[] = [];
    const torradeira = (g: Grupo) =>
      (torradeiras.current[g] ??= OverlayToaster.create(
        { position: POSICAO[g], maxToasts: 5, canEscapeKeyClear: true },
        {
          container: caixas.current[g]!,
          domRenderer: (elemento, destino) => {
            const r = createRoot(destino);
            raizes.push(r);
            r.render(elemento);
          },
        },
      ));
    const sincronizar = async () => {
      const agora = new Map(loja.ativos.map((a) => [a.id, a] as const));
      for (const [id, antigo] of mostrados) {
        if (!agora.has(id) || agora.get(id)!.group !== antigo.group) (await torradeira(antigo.group)).dismiss(id);
      }
      for (const [id, a] of agora) {
        if (mostrados.get(id) === a) continue;
        (await torradeira(a.group)).show(
          {
            message: conteudo(a),
            intent: INTENCAO[a.severity],
            timeout: a.life ?? 0,
            isCloseButtonShown: a.closable !== false,
            className: `cf-toast cf-toast-${a.severity}`,
            onDismiss: () => fecharToast(loja, id),
          },
          id,
        );
      }
      mostrados = agora;
    };
    void sincronizar();
    const parar = subscribe(loja, () => void sincronizar());
    return () => {
      parar();
      torradeiras.current = {};
      // After this commit: unmounting a root while React renders this one is not allowed.
      setTimeout(() => raizes.splice(0).forEach((r) => r.unmount()));
    };
  }, [estado.toasts]);

  return (
    <div className="cf-toasts" aria-live="polite">
      {GRUPOS.map((g) => (
        <div key={g} className={`cf-toasts-grupo cf-toasts-${g}`} data-grupo={g} ref={(el) => void (caixas.current[g] = el)} />
      ))}
    </div>
  );
}
