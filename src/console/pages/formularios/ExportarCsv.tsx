import { Button, ProgressBar, Switch } from '@blueprintjs/core';
import { P } from '../../../access/permissoes';
import { usePermissao } from '../../app/usePermissao';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../../app/contexto';
import { formulariosApi } from '../../api/recursos/formularios';
import { hojeSaoPaulo } from '../../../i18n/datas';
import { estadoLista } from '../../state/listas';
import { useAcao } from '../../ui/useAcao';
import { salvarArquivo } from '../../ui/arquivo';


/**
 * "Exportar CSV" of the forms list's current filter and sort, with the rows received so far. Personal
 * data masked; whoever holds READ_FORMULARIO_DADOS_PESSOAIS may ask for it in clear (recorded).
 */
export function ExportarCsv({ lista }: { lista: string }) {
  const { http, estado, t, config } = useAmbiente();
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
      titulo: t('exportar.concluida'),
      texto: t('exportar.concluida-texto'),
    });
    setLinhas(null);
  };

  return (
    <>
      <Button icon="download" text={t('exportar.csv')} disabled={linhas !== null || total === 0} loading={linhas !== null} onClick={() => void exportar()} />
      {podeClaros && <Switch className="cf-exportar-claros" label={t('exportar.claros')} checked={claros} onChange={(ev) => setClaros(ev.currentTarget.checked)} />}
      {linhas !== null && (
        <div className="cf-progresso" role="status" aria-live="polite">
          <ProgressBar value={total ? Math.min(1, linhas / total) : undefined} intent="primary" aria-label={t('exportar.progresso')} />
          <span>{t('exportar.exportando', { linhas: linhas.toLocaleString(config.language), total: total.toLocaleString(config.language) })}</span>
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
  const { http, estado, t } = useAmbiente();
  const { executar } = useAcao();
  const snap = useSnapshot(estadoLista(estado.listas, lista));
  const pode = usePermissao(P.READ_FORMULARIO_DADOS_PESSOAIS);
  const [baixando, setBaixando] = useState<'json' | 'csv' | null>(null);
  const cpf = typeof snap.filtros.cpf === 'string' ? snap.filtros.cpf : '';
  if (!pode || !cpf) return null;
  const baixar = async (formato: 'json' | 'csv') => {
    setBaixando(formato);
    await executar(async () => salvarArquivo(await http.baixar(formulariosApi.relatorioTitular(cpf, formato)), `relatorio-titular-${hojeSaoPaulo()}.${formato}`), {
      titulo: t('titular.gerado'),
      texto: t('titular.gerado-texto'),
      vida: 6000,
    });
    setBaixando(null);
  };
  return (
    <span className="cf-relatorio-titular" role="group" aria-label={t('titular.rotulo')}>
      <Button icon="id-number" text={t('titular.json')} loading={baixando === 'json'} onClick={() => void baixar('json')} />
      <Button text="CSV" aria-label={t('titular.csv')} loading={baixando === 'csv'} onClick={() => void baixar('csv')} />
    </span>
  );
}
