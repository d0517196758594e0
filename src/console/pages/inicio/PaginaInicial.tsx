import { Card, Icon } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { P, type Permissao } from '../../../access/permissoes';
import { useAmbiente } from '../../app/contexto';
import type { Http } from '../../api/http';
import type { Filtros } from '../../../contrato/paginacao';
import { formulariosApi, retentativasApi } from '../../api/recursos/formularios';
import { formatarData, hojeSaoPaulo } from '../../../i18n/datas';
import type { ChaveTexto } from '../../../i18n';
import { caminho, entradasMenu, ICONES, type NomeRota } from '../../routes';

/** The day's numbers (America/Sao_Paulo days), each for whoever may read its list, linking to it filtered. */
interface Indicador {
  rotulo: ChaveTexto;
  permissao: Permissao;
  rota: NomeRota;
  filtros: (hoje: string) => Record<string, string>;
  contar: (http: Http, f: Filtros) => Promise<number>;
}

const UM = { page: 0, size: 20, total: 0 };
/** The list's X-Total-Count for a filter (one small page asked for). */
const totalDe = (listar: typeof formulariosApi.listar | typeof retentativasApi.listar) => (http: Http, f: Filtros) => listar(http, UM, [], f).then((r) => r.paginacao.total);
const formularios = totalDe(formulariosApi.listar);
const retentativas = totalDe(retentativasApi.listar);
const INDICADORES: Indicador[] = [
  { rotulo: 'inicio.recebidos-hoje', permissao: P.READ_FORMULARIO, rota: 'formularios', filtros: (h) => ({ de: h, ate: h }), contar: formularios },
  { rotulo: 'inicio.falhas-hoje', permissao: P.READ_FORMULARIO, rota: 'formularios', filtros: (h) => ({ status: 'FALHA_INTEGRACAO', de: h, ate: h }), contar: formularios },
  { rotulo: 'inicio.retentativas-hoje', permissao: P.READ_RETENTATIVA_INTEGRACAO, rota: 'retentativas-integracao', filtros: (h) => ({ de: h, ate: h }), contar: retentativas },
  { rotulo: 'inicio.esgotadas', permissao: P.READ_RETENTATIVA_INTEGRACAO, rota: 'retentativas-integracao', filtros: () => ({ status: 'ESGOTADA' }), contar: retentativas },
];

function NumerosDoDia({ permissoes }: { permissoes: readonly string[] }) {
  const { http, t, config } = useAmbiente();
  const hoje = hojeSaoPaulo();
  // Only numbers the user can open: the permission alone is not enough when the menu rules hide the page
  // (operador holds READ_RETENTATIVA_INTEGRACAO without a complete administrator pair).
  const visiveis = new Set(entradasMenu(new Set(permissoes)).map((r) => r.name));
  const meus = INDICADORES.filter((i) => permissoes.includes(i.permissao) && visiveis.has(i.rota));
  const [valores, setValores] = useState<(number | null | undefined)[]>([]);
  useEffect(() => {
    let vivo = true;
    void Promise.all(meus.map((i) => i.contar(http, i.filtros(hoje)).catch(() => null))).then((v) => vivo && setValores(v));
    return () => void (vivo = false);
  }, [permissoes.join()]);
  if (!meus.length) return null;
  return (
    <>
      <h2>{t('inicio.hoje', { data: formatarData(hoje) })}</h2>
      <ul className="cf-numeros" data-testid="numeros-do-dia">
        {meus.map((i, n) => (
          <li key={i.rotulo}>
            <Link to={caminho(i.rota, {}, i.filtros(hoje))} className="cf-numero">
              <strong aria-live="polite">{valores[n] === undefined ? '…' : valores[n] === null ? t('inicio.indisponivel') : valores[n]!.toLocaleString(config.language)}</strong>
              <span>{t(i.rotulo)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Home page: greeting, the day's numbers, shortcuts to the areas the user can use, and the support contact. */
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
      <NumerosDoDia permissoes={acesso.permissoes} />
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
