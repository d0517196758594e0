import { Button, Icon } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../../app/contexto';
import { useRota } from '../../app/rotaAtual';
import { INICIAL } from '../../routes';
import type { ChaveTexto } from '../../../i18n';

const ICONE = { '403': 'lock', '404': 'search', erro: 'error', 'erro-rede': 'offline' } as const;

/** The four public error pages of SPEC.md section 2. They render with or without a session. */
export default function PaginaErro() {
  const { t, estado, entrar } = useAmbiente();
  const sessao = useSnapshot(estado.sessao);
  const navegar = useNavigate();
  const rota = useRota();
  const nome = rota.name as keyof typeof ICONE;
  return (
    <section className="cf-pagina cf-pagina-erro" data-erro={nome}>
      <Icon icon={ICONE[nome]} size={48} className="cf-erro-icone" />
      <h1 className="cf-titulo-pagina">{t(`erro.${nome}.titulo` as ChaveTexto)}</h1>
      <p className="cf-erro-texto">{t(`erro.${nome}.texto` as ChaveTexto)}</p>
      {sessao.autenticado ? (
        <Button intent="primary" icon="home" text={t('erro.voltar-inicio')} onClick={() => navegar(INICIAL)} />
      ) : (
        <Button intent="primary" icon="log-in" text={t('erro.tentar-entrar')} onClick={entrar} data-testid="tentar-entrar" />
      )}
    </section>
  );
}
