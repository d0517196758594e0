import { Button, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi } from '../../api/recursos/formularios';
import { hojeSaoPaulo } from '../../i18n/datas';
import { estadoLista } from '../../state/listas';
import { mostrarToast } from '../../state/toasts';
import { useTratarErro } from '../../ui/useTratarErro';

/** Saves a Blob through the browser's download (works under a strict CSP: no navigation, no script). */
export function salvarArquivo(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Exportar CSV" of the forms list's current filter and sort, with the rows received so far. */
export function ExportarCsv({ lista }: { lista: string }) {
  const { http, estado } = useAmbiente();
  const tratar = useTratarErro();
  const e = estadoLista(estado.listas, lista);
  const snap = useSnapshot(e);
  const [linhas, setLinhas] = useState<number | null>(null);
  const total = snap.paginacao.total;

  const exportar = async () => {
    setLinhas(0);
    try {
      // The first line is the header.
      const blob = await http.baixar(formulariosApi.exportacao([...e.ordenacao], { ...e.filtros }), (n) => setLinhas(Math.max(0, n - 1)));
      salvarArquivo(blob, `formularios-${hojeSaoPaulo()}.csv`);
      mostrarToast(estado.toasts, { severity: 'success', summary: 'Exportação concluída', detail: 'O arquivo CSV foi gerado com os formulários do filtro atual.', life: 5000 });
    } catch (err) {
      tratar(err, 'acao');
    } finally {
      setLinhas(null);
    }
  };

  return (
    <>
      <Button icon="download" text="Exportar CSV" disabled={linhas !== null || total === 0} loading={linhas !== null} onClick={() => void exportar()} />
      {linhas !== null && (
        <div className="cf-progresso" role="status" aria-live="polite">
          <ProgressBar value={total ? Math.min(1, linhas / total) : undefined} intent="primary" aria-label="Progresso da exportação" />
          <span>
            Exportando… {linhas.toLocaleString('pt-BR')} de {total.toLocaleString('pt-BR')} linhas
          </span>
        </div>
      )}
    </>
  );
}
