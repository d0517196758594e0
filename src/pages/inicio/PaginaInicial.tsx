import { Card, Icon } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useAmbiente } from '../../app/contexto';
import { entradasMenu, ICONES } from '../../routes';

/** Home page: greeting, shortcuts to the areas the user can use, and the support contact. */
export default function PaginaInicial() {
  const { t, estado, config } = useAmbiente();
  const sessao = useSnapshot(estado.sessao);
  const acesso = useSnapshot(estado.acesso);
  const navegar = useNavigate();
  const atalhos = entradasMenu(new Set(acesso.permissoes)).filter((r) => r.name !== 'home');
  const e = config.productInfo.endereco;
  return (
    <section className="cf-pagina cf-inicio">
      <h1 className="cf-titulo-pagina">{t('inicio.saudacao', { nome: sessao.usuario?.firstName ?? '' })}</h1>
      <h2>{t('inicio.atalhos')}</h2>
      {atalhos.length ? (
        <ul className="cf-atalhos">
          {atalhos.map((r) => (
            <li key={r.name}>
              <Card interactive compact onClick={() => navegar(r.path)} onKeyDown={(ev) => ev.key === 'Enter' && navegar(r.path)} tabIndex={0} role="link" aria-label={t(r.title)}>
                {r.icon && <Icon icon={ICONES[r.icon]} size={20} />}
                <span>{t(r.title)}</span>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <p className="cf-sem-atalhos">{t('inicio.sem-atalhos')}</p>
      )}
      <h2>{t('inicio.suporte')}</h2>
      <address className="cf-suporte">
        <strong>{config.productInfo.empresa.nome}</strong>
        <span>
          <Icon icon="map-marker" /> {t('inicio.endereco', { ...e })}
        </span>
        {e.referencia && <span>{e.referencia}</span>}
        <span>
          <Icon icon="phone" /> {e.telefone}
        </span>
        <span>
          <Icon icon="time" /> {e.horarioAtendimento}
        </span>
        <span>{t('inicio.cnpj', { cnpj: e.cnpj })}</span>
      </address>
    </section>
  );
}
