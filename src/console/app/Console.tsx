import { NonIdealState, OverlaysProvider, PortalProvider, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { lerConfig, timeoutEfetivo, type AtributosBrutos } from '../config';
import { tradutor } from '../../i18n';
import { criarHttp } from '../api/http';
import { iniciarSessao, idpAlcancavel, type Autenticador, type ResultadoInicio, type TokensIniciais } from '../auth/keycloak';
import { esquecerCaminho, guardarCaminho, lerCaminho } from '../auth/retorno';
import { criarUi } from '../state/ui';
import { criarCarregamento, ocupado } from '../state/carregamento';
import { criarToasts, GRUPO_ERROS, mostrarToast } from '../state/toasts';
import { criarAcesso, criarSessao } from '../state/sessao';
import { criarDialogos } from '../ui/dialogos';
import { confirmarSaida } from '../ui/useSairSemSalvar';
import { criarListas } from '../state/listas';
import { CAMINHO_ERRO_REDE, INICIAL, rotaDoCaminho } from '../routes';
import { AmbienteContext, type Ambiente, type Estado } from './contexto';
import { Rotas, type Controlador } from './Rotas';
import { ToastHost } from './ToastHost';
import { DialogHost } from './DialogHost';
import { carregarIcones } from './icones';
import { instalarOndulacao } from './ondulacao';
import { traduzirRotulosBlueprint } from './rotulosBlueprint';

export interface PropsElemento extends AtributosBrutos {
  container?: ShadowRoot | HTMLElement;
  onNavigated?: (detalhe: unknown) => void;
  onSignedout?: (detalhe: unknown) => void;
  onAuthenticated?: (detalhe: unknown) => void;
}

/** What the element class reaches into: its controller, and tokens a host handed over. */
export interface HostConsole extends HTMLElement {
  initialTokens?: TokensIniciais;
  __controlador?: Controlador;
}

const ESCOPO_BOOT = 'inicio';

function chaveDoElemento(host: HTMLElement): string {
  return host.id || 'padrao';
}

/** The caminho the memory router opens with: the return address, or `initial-path`. */
function caminhoInicial(chave: string, padrao: string): string {
  const guardado = lerCaminho(chave);
  return guardado && rotaDoCaminho(guardado.split('?')[0]) ? guardado : padrao;
}

/**
 * The frame every console draws in: the root that resets inherited styles, the busy cursor, the
 * Blueprint portal inside the shadow root, toasts and dialogs. Pages (or a test's widgets) go inside.
 */
export function Moldura({ amb, children }: { amb: Ambiente; children: ReactNode }) {
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);
  const raiz = useRef<HTMLDivElement>(null);
  const carregamento = useSnapshot(amb.estado.carregamento);
  useEffect(() => (raiz.current ? instalarOndulacao(raiz.current) : undefined), []);
  useEffect(() => (raiz.current ? traduzirRotulosBlueprint(raiz.current, amb.t) : undefined), [amb.t]);
  return (
    <div ref={raiz} className={ocupado(carregamento) ? 'cf-raiz cf-ocupado' : 'cf-raiz'} lang={amb.config.language} aria-busy={ocupado(carregamento)}>
      <AmbienteContext.Provider value={amb}>
        {portal && (
          // BlueprintProvider without its HotkeysProvider: the console has no hotkeys, and that provider
          // brings the hotkeys dialog and its key icons into the shell.
          <PortalProvider portalContainer={portal}>
            <OverlaysProvider>
              {children}
            </OverlaysProvider>
          </PortalProvider>
        )}
        <div ref={setPortal} className="cf-portal" />
        <ToastHost />
      </AmbienteContext.Provider>
    </div>
  );
}

/**
 * The router (memory by default, or the browser's path): a data router, so that pages can hold a
 * navigation back (the form builder's "unsaved changes" question). Every route is drawn by <Rotas>
 * under one splat route.
 */
function Raiz({ amb, chave, registrar }: { amb: Ambiente; chave: string; registrar: (c: Controlador) => void }) {
  const { config } = amb;
  const roteador = useMemo(() => {
    // The dialog host inside the router: a dialog's form may navigate (a copy opens in the builder) and handle errors.
    const rotas = [
      {
        path: '*',
        element: (
          <>
            <Rotas chave={chave} registrar={registrar} />
            <DialogHost />
          </>
        ),
      },
    ];
    if (config.router === 'browser') return createBrowserRouter(rotas, { basename: config.basePath || undefined });
    return createMemoryRouter(rotas, { initialEntries: [amb.auth ? caminhoInicial(chave, config.initialPath) : CAMINHO_ERRO_REDE] });
  }, []);
  useEffect(() => () => roteador.dispose(), [roteador]);
  return (
    <Moldura amb={amb}>
      <RouterProvider router={roteador} />
    </Moldura>
  );
}

/** The element's React root: boots single sign-on and the icons, then draws the console. */
export function Console(props: PropsElemento) {
  const host = ((props.container as ShadowRoot | undefined)?.host ?? props.container) as HostConsole;
  const chave = chaveDoElemento(host);
  const atributos = JSON.stringify({ ...props, container: undefined });
  const config = useMemo(() => lerConfig(props), [atributos]);
  const t = useMemo(() => tradutor(config.language), [config.language]);
  const estado = useMemo<Estado>(
    () => ({ ui: criarUi(), carregamento: criarCarregamento(), toasts: criarToasts(), sessao: criarSessao(), acesso: criarAcesso(), dialogos: criarDialogos(), listas: criarListas() }),
    [],
  );
  const [inicio, setInicio] = useState<ResultadoInicio | null>(null);
  const eventos = useRef(props);
  eventos.current = props;

  useEffect(() => {
    let vivo = true;
    estado.carregamento.escopos[ESCOPO_BOOT] = 1;
    const antesDoLogin = () => {
      if (config.router === 'browser') guardarCaminho(chave, location.pathname.slice(config.basePath.length) || INICIAL);
    };
    Promise.all([iniciarSessao(config, host.initialTokens, antesDoLogin), carregarIcones()])
      .then(([r]) => vivo && setInicio(r))
      .catch((e: unknown) => vivo && setInicio({ tipo: 'idp-inacessivel', detalhe: e instanceof Error ? e.message : String(e) }))
      .finally(() => delete estado.carregamento.escopos[ESCOPO_BOOT]);
    return () => {
      vivo = false;
    };
  }, [config.keycloakUrl, config.realm, config.clientId]);

  const auth: Autenticador | null = inicio?.tipo === 'autenticado' ? inicio.auth : null;

  useEffect(() => {
    if (!auth) return;
    const s = estado.sessao;
    s.usuario = auth.usuario();
    s.expiraEm = auth.expiraEm();
    s.autenticado = true;
    eventos.current.onAuthenticated?.({ username: s.usuario.username });
    return auth.vigiar(config.tokenCheckIntervalS, config.tokenMinValidityS, {
      renovado: (expiraEm) => {
        s.expiraEm = expiraEm;
        s.ultimaRenovacao = Date.now();
        s.renovacoes++;
        s.falhaRenovacao = null;
        s.expirou = false;
      },
      expirou: () => {
        s.expirou = true;
      },
      falhou: (motivo) => {
        // SPEC.md section 4: a failed refresh is logged and the user is sent to sign in.
        console.error('[console-formularios] falha ao renovar o token:', motivo);
        s.falhaRenovacao = motivo;
        void entrar();
      },
    });
  }, [auth, t]);

  const entrar = useCallback(async () => {
    const falha = await idpAlcancavel(config);
    if (falha) {
      mostrarToast(estado.toasts, { id: 'idp-inacessivel', group: GRUPO_ERROS, severity: 'error', summary: t('erro.erro-rede.titulo'), detail: t('erro.erro-rede.texto'), closable: true });
      return;
    }
    if (auth) await auth.entrar();
    else location.reload();
  }, [auth, config]);

  const sair = useCallback(async () => {
    // Unsaved work asks first, as leaving for another page does (useSairSemSalvar).
    if (estado.ui.naoSalvo && !(await confirmarSaida(estado.dialogos, t, estado.ui.naoSalvo))) return;
    esquecerCaminho(chave);
    eventos.current.onSignedout?.({ username: estado.sessao.usuario?.username ?? null });
    void auth?.sair();
  }, [auth, t]);

  const amb = useMemo<Ambiente | null>(() => {
    if (!inicio) return null;
    return {
      config,
      t,
      estado,
      auth,
      http: criarHttp({ baseUrl: `${config.apiUrl}/api`, timeoutMs: timeoutEfetivo(config), idioma: config.language, token: () => (auth ? auth.token() : Promise.resolve('')) }),
      entrar: () => void entrar(),
      sair,
      emitir: (evento, detalhe) => {
        const f = { navigated: eventos.current.onNavigated, signedout: eventos.current.onSignedout, authenticated: eventos.current.onAuthenticated }[evento];
        f?.(detalhe);
      },
    };
  }, [inicio, config, entrar, sair]);

  if (!amb) {
    return (
      <div className="cf-raiz cf-ocupado cf-iniciando" aria-busy="true">
        <NonIdealState icon={<Spinner size={40} aria-label={t('erro.carregando')} />} title={t('erro.carregando')} />
      </div>
    );
  }
  return <Raiz amb={amb} chave={chave} registrar={(c) => (host.__controlador = c)} />;
}
