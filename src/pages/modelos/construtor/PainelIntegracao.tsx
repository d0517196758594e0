import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useAmbiente } from '../../../app/contexto';
import { modelosApi, type Modelo, type ResultadoTeste } from '../../../api/recursos/modelos';
import { formatarDataHora } from '../../../i18n/datas';
import { abrirDialogo, confirmar } from '../../../ui/dialogos';
import { useTratarErro } from '../../../ui/useTratarErro';
import { mostrarSucesso } from '../../../state/toasts';

/** The signing secret, shown once in a dialog: after it closes nobody can read it again. */
export function mostrarSegredo(d: ReturnType<typeof useAmbiente>['estado']['dialogos'], segredo: string) {
  abrirDialogo(d, {
    titulo: 'Segredo de assinatura das entregas',
    largura: 640,
    conteudo: (fechar) => (
      <div data-testid="segredo-dialogo">
        <p>
          Cada entrega deste modelo chega assinada com este segredo (cabeçalhos <code>webhook-id</code>, <code>webhook-timestamp</code> e <code>webhook-signature</code>, no padrão Standard Webhooks). Entregue-o ao sistema que recebe os formulários, para que ele confira as assinaturas.
        </p>
        <Callout intent="warning">Guarde-o agora: ele não será mostrado de novo. Se ele se perder, gere outro.</Callout>
        <FormGroup label="Segredo" labelFor="cf-segredo">
          <InputGroup id="cf-segredo" readOnly value={segredo} onFocus={(e) => e.currentTarget.select()} />
        </FormGroup>
        <div className="cf-acoes-formulario">
          <Button icon="duplicate" text="Copiar" onClick={() => void navigator.clipboard?.writeText(segredo)} />
          <Button intent="primary" text="Já guardei" onClick={fechar} />
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
  const { http, estado } = useAmbiente();
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
      titulo: 'Gerar novo segredo',
      mensagem: 'Um novo segredo passa a assinar as entregas. O atual continua assinando junto por um tempo (24 horas, salvo outra configuração), para o sistema que recebe trocar de segredo sem perder nenhuma entrega.',
      textoConfirmar: 'Gerar',
    });
    if (!sim) return;
    const r = await fazer('segredo', () => modelosApi.novoSegredo(http, modelo.codigoServico));
    if (!r) return;
    mostrarSegredo(estado.dialogos, r.segredo);
    const m = await fazer('segredo', () => modelosApi.obter(http, modelo.codigoServico));
    if (m) aoMudar(m);
  }

  async function retomar() {
    const m = await fazer('retomar', () => modelosApi.retomarIntegracao(http, modelo.codigoServico));
    if (!m) return;
    aoMudar(m);
    mostrarSucesso(estado.toasts, 'integracao:retomar', { summary: 'Integração retomada', detail: 'Os formulários na fila voltam a ser entregues.' });
  }

  return (
    <section className="cf-grupo-campos" aria-labelledby="cf-assinatura" data-testid="painel-integracao">
      <h3 id="cf-assinatura">Entregas assinadas</h3>
      {i.pausadaEm && (
        <Callout intent="warning" title="Integração pausada" data-testid="integracao-pausada">
          <p>
            Pausada em {formatarDataHora(i.pausadaEm)} depois de {i.esgotadasSeguidas} entregas esgotadas seguidas. Os novos formulários ficam na fila e serão entregues quando ela for retomada. Confira o destino antes.
          </p>
          {podeAlterar && <Button icon="play" text="Retomar entregas" loading={ocupado === 'retomar'} onClick={() => void retomar()} />}
        </Callout>
      )}
      {!i.url ? (
        <p className="cf-ajuda">Sem endereço de destino, nada é enviado.</p>
      ) : (
        <>
          <p className="cf-ajuda">
            {i.segredo.existe && i.segredo.criadoEm ? `Segredo de assinatura criado em ${formatarDataHora(i.segredo.criadoEm)}.` : 'O segredo de assinatura é gerado ao salvar o endereço.'}
            {i.segredo.anteriorValidoAte && ` O anterior ainda assina junto até ${formatarDataHora(i.segredo.anteriorValidoAte)}.`}
          </p>
          {podeAlterar && (
            <div className="cf-acoes-formulario">
              <Button icon="key" text="Gerar novo segredo" loading={ocupado === 'segredo'} onClick={() => void gerarSegredo()} />
              <Button icon="send-message" text="Enviar teste" loading={ocupado === 'teste'} onClick={() => void fazer('teste', () => modelosApi.enviarTeste(http, modelo.codigoServico)).then((r) => r && setTeste(r))} />
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
