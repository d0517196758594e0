import { Button } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useT } from '../../../app/contexto';
import { condicaoDaLogica, logicaDaCondicao, regraNova, type Sujeito } from '../../../../forms/regras';
import { EditorCondicao } from './EditorCondicao';
import { JsonDaExpressao } from './EditorExpressao';

/**
 * A rule kept as JSON Logic (a blocking rule, a required-when, a yes/no value; issue 43) edited the way a
 * question's condition is: requirements on answers and calculated values. A rule written in JSON beyond what
 * requirements say is shown as JSON, with the way back to requirements.
 */
export function EditorRegra({ valor, aoMudar, sujeitos, rotulo, nome, desabilitado }: { valor: unknown; aoMudar: (v: unknown) => void; sujeitos: Sujeito[]; rotulo: string; nome: string; desabilitado: boolean }) {
  const t = useT();
  const porId = useMemo(() => new Map(sujeitos.map((s) => [s.id, s])), [sujeitos]);
  const condicao = useMemo(() => condicaoDaLogica(valor), [valor]);
  if (!condicao) {
    return (
      <div className="cf-grupo-campos">
        <p className="cf-ajuda">{t('regras.avancada')}</p>
        <JsonDaExpressao valor={valor} rotulo={rotulo} desabilitado={desabilitado} aoMudar={aoMudar} aberto />
        {!desabilitado && <Button icon="undo" text={t('regras.recomecar')} onClick={() => aoMudar(regraNova(sujeitos, 'maior'))} />}
      </div>
    );
  }
  return <EditorCondicao condicao={condicao} anteriores={sujeitos} titulo={rotulo} nome={nome} desabilitado={desabilitado} aoMudar={(c) => c && aoMudar(logicaDaCondicao(c, porId))} />;
}
