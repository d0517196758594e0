import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useAmbiente } from '../../../app/contexto';
import { modelosApi, type Modelo, type ResultadoTeste } from '../../../api/recursos/modelos';
import { formatarDataHora } from '../../../../i18n/datas';
import { abrirDialogo, confirmar } from '../../../ui/dialogos';
import { useTratarErro } from '../../../ui/useTratarErro';
import { mostrarSucesso } from '../../../state/toasts';
import type { Tradutor } from '../../../../i18n';

/** The signing secret, shown once in a dialog: after it closes nobody can read it again. */
export function mostrarSegredo(d: ReturnType<typeof useAmbiente>['estado']['dialogos'], segredo: string, t: Tradutor) {
  abrirDialogo(d, {
    titulo: t('segredo.titulo'),
    largura: 640,
    conteudo: (fechar) => (
      <div data-testid="segredo-dialogo">
        <p>{t('segredo.texto')}</p>
        <Callout intent="warning">{t('segredo.guarde')}</Callout>
        <FormGroup label={t('segredo.rotulo')} labelFor="cf-segredo">
          <InputGroup id="cf-segredo" readOnly value={segredo} onFocus={(e) => e.currentTarget.select()} />
        </FormGroup>
        <div className="cf-acoes-formulario">
          <Button icon="duplicate" text={t('segredo.copiar')} onClick={() => void navigator.clipboard?.writeText(segredo)} />
          <Button intent="primary" text={t('segredo.guardei')} onClick={fechar} />
        </div>
      </div>
    ),
  });
}

/**
 * The builder's integration panel (issue 14): the signing secret (when it was made, a new one on
 * request), a signed test delivery with the destination's answer, and a paused integration's banner.
 */
export function PainelIntegracao({ modelo, podeAlterar, aoMudar }: { modelo: Modelo; podeAlterar: boolean; aoMudar: (m: Modelo) => void }) {
  const { http, estado, t } = useAmbiente();
  const tratar = useTratarErro();
  const [teste, setTeste] = useState<ResultadoTeste | null>(null);
  const [ocupado, setOcupado] = useState<'teste' | 'segredo' | 'retomar' | null>(null);
  const i = modelo.integracao;
  useEffect(() => setTeste(null), [i.url]);

  async function fazer<T>(qual: typeof ocupado, f: () => Promise<T>): Promise<T | undefined> {
    setOcupado(qual);
    try {
      return await f();
    } catch (e) {
      tratar(e, 'acao', `integracao:${qual}`);
    } finally {
      setOcupado(null);
    }
  }

  async function gerarSegredo() {
    const sim = await confirmar(estado.dialogos, {
      titulo: t('segredo.gerar-titulo'),
      mensagem: t('segredo.gerar-mensagem'),
      textoConfirmar: t('segredo.gerar'),
    });
    if (!sim) return;
    const r = await fazer('segredo', () => modelosApi.novoSegredo(http, modelo.codigoServico));
    if (!r) return;
    mostrarSegredo(estado.dialogos, r.segredo, t);
    const m = await fazer('segredo', () => modelosApi.obter(http, modelo.codigoServico));
    if (m) aoMudar(m);
  }

  async function retomar() {
    const m = await fazer('retomar', () => modelosApi.retomarIntegracao(http, modelo.codigoServico));
    if (!m) return;
    aoMudar(m);
    mostrarSucesso(estado.toasts, 'integracao:retomar', { summary: t('retentativas.retomada'), detail: t('retentativas.retomada-texto') });
  }

  return (
    <section className="cf-grupo-campos" aria-labelledby="cf-assinatura" data-testid="painel-integracao">
      <h3 id="cf-assinatura">{t('painel.titulo')}</h3>
      {i.pausadaEm && (
        <Callout intent="warning" title={t('painel.pausada')} data-testid="integracao-pausada">
          <p>{t('painel.pausada-texto', { quando: formatarDataHora(i.pausadaEm), n: i.esgotadasSeguidas })}</p>
          {podeAlterar && <Button icon="play" text={t('painel.retomar')} loading={ocupado === 'retomar'} onClick={() => void retomar()} />}
        </Callout>
      )}
      {!i.url ? (
        <p className="cf-ajuda">{t('painel.sem-url')}</p>
      ) : (
        <>
          <p className="cf-ajuda">
            {i.segredo.existe && i.segredo.criadoEm ? t('painel.segredo-criado', { quando: formatarDataHora(i.segredo.criadoEm) }) : t('painel.segredo-ao-salvar')}
            {i.segredo.anteriorValidoAte && t('painel.anterior', { quando: formatarDataHora(i.segredo.anteriorValidoAte) })}
          </p>
          {podeAlterar && (
            <div className="cf-acoes-formulario">
              <Button icon="key" text={t('segredo.gerar-titulo')} loading={ocupado === 'segredo'} onClick={() => void gerarSegredo()} />
              <Button icon="send-message" text={t('painel.enviar-teste')} loading={ocupado === 'teste'} onClick={() => void fazer('teste', () => modelosApi.enviarTeste(http, modelo.codigoServico)).then((r) => r && setTeste(r))} />
            </div>
          )}
          {teste && (
            <Callout intent={teste.ok ? 'success' : 'danger'} role="status" data-testid="resultado-teste">
              {teste.mensagem}
            </Callout>
          )}
        </>
      )}
    </section>
  );
}
