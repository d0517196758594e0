import { Button, ProgressBar, Switch } from '@blueprintjs/core';
import { P } from '../../access/permissoes';
import { usePermissao } from '../../access/usePermissao';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi } from '../../api/recursos/formularios';
import { hojeSaoPaulo } from '../../i18n/datas';
import { estadoLista } from '../../state/listas';
import { useAcao } from '../../ui/useAcao';

/** Saves a Blob through the browser's download (works under a strict CSP: no navigation, no script). */
export function salvarArquivo(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Exportar CSV" of the forms list's current filter and sort, with the rows received so far. Personal
 * data masked; whoever holds READ_FORMULARIO_DADOS_PESSOAIS may ask for it in clear (recorded).
 */
export function ExportarCsv({ lista }: { lista: string }) {
  const { http, estado } = useAmbiente();
  const { executar } = useAcao();
  const e = estadoLista(estado.listas, lista);
  const snap = useSnapshot(e);
  const [linhas, setLinhas] = useState<number | null>(null);
  const [claros, setClaros] = useState(false);
  const podeClaros = usePermissao(P.READ_FORMULARIO_DADOS_PESSOAIS);
  const total = snap.paginacao.total;

  const exportar = async () => {
    setLinhas(0);
    // The first line is the header.
    const url = formulariosApi.exportacao([...e.ordenacao], { ...e.filtros }, podeClaros && claros);
    await executar(async () => salvarArquivo(await http.baixar(url, (n) => setLinhas(Math.max(0, n - 1))), `formularios-${hojeSaoPaulo()}.csv`), {
      titulo: 'Exportação concluída',
      texto: 'O arquivo CSV foi gerado com os formulários do filtro atual.',
    });
    setLinhas(null);
  };

  return (
    <>
      <Button icon="download" text="Exportar CSV" disabled={linhas !== null || total === 0} loading={linhas !== null} onClick={() => void exportar()} />
      {podeClaros && <Switch className="cf-exportar-claros" label="Com dados pessoais sem máscara (fica registrado)" checked={claros} onChange={(ev) => setClaros(ev.currentTarget.checked)} />}
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

/**
 * The data subject's report (LGPD right of access): with the CPF filter applied, every form of that CPF
 * across the models the user may read, in clear, as JSON or CSV. The download is recorded as an event.
 */
export function RelatorioTitular({ lista }: { lista: string }) {
  const { http, estado } = useAmbiente();
  const { executar } = useAcao();
  const snap = useSnapshot(estadoLista(estado.listas, lista));
  const pode = usePermissao(P.READ_FORMULARIO_DADOS_PESSOAIS);
  const [baixando, setBaixando] = useState<'json' | 'csv' | null>(null);
  const cpf = typeof snap.filtros.cpf === 'string' ? snap.filtros.cpf : '';
  if (!pode || !cpf) return null;
  const baixar = async (formato: 'json' | 'csv') => {
    setBaixando(formato);
    await executar(async () => salvarArquivo(await http.baixar(formulariosApi.relatorioTitular(cpf, formato)), `relatorio-titular-${hojeSaoPaulo()}.${formato}`), {
      titulo: 'Relatório do titular gerado',
      texto: 'O arquivo traz todos os formulários deste CPF nos seus grupos. O download foi registrado.',
      vida: 6000,
    });
    setBaixando(null);
  };
  return (
    <span className="cf-relatorio-titular" role="group" aria-label="Relatório do titular">
      <Button icon="id-number" text="Relatório do titular (JSON)" loading={baixando === 'json'} onClick={() => void baixar('json')} />
      <Button text="CSV" aria-label="Relatório do titular (CSV)" loading={baixando === 'csv'} onClick={() => void baixar('csv')} />
    </span>
  );
}
