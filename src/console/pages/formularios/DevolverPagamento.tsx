import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useAmbiente, useT } from '../../app/contexto';
import { formulariosApi, type PagamentoDoFormulario } from '../../api/recursos/formularios';
import { FalhaApi } from '../../api/http';
import { centavosDoValor, formatarReais, lerReais, reaisDoCampo } from '../../../forms/taxa';
import { abrirDialogo } from '../../ui/dialogos';
import { Campo } from '../../ui/Campo';
import { mostrarToast } from '../../state/toasts';
import { useTratarErro } from '../../ui/useTratarErro';

/** The refund's form: how much (all that is left, unless changed) and why; the PSP's refusal said in the dialog. */
function FormularioDevolucao({ id, pagamento, fechar, aoDevolver }: { id: string; pagamento: PagamentoDoFormulario; fechar: () => void; aoDevolver: (p: PagamentoDoFormulario) => void }) {
  const { http, estado, config } = useAmbiente();
  const t = useT();
  const tratar = useTratarErro();
  const resta = centavosDoValor(pagamento.valor) - centavosDoValor(pagamento.devolvido);
  const [valor, setValor] = useState(reaisDoCampo(resta));
  const [motivo, setMotivo] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [erroValor, setErroValor] = useState<string | undefined>();
  const lido = lerReais(valor);
  const erroLocal = (v: string) => {
    const c = lerReais(v);
    if (c === null) return t('taxa.valor-invalido');
    return c <= 0 || c > resta ? t('devolucao.maximo', { valor: formatarReais(resta, config.language) }) : null;
  };
  return (
    <form
      noValidate
      onSubmit={async (ev) => {
        ev.preventDefault();
        if (lido === null || erroLocal(valor)) return setErroValor(erroLocal(valor) ?? undefined);
        setEnviando(true);
        try {
          const p = await formulariosApi.devolver(http, id, valor, motivo.trim());
          mostrarToast(estado.toasts, { severity: 'success', summary: t('devolucao.feita'), detail: t('devolucao.feita-texto', { valor: formatarReais(lido, config.language) }), life: 5000 });
          aoDevolver(p);
          fechar();
        } catch (e) {
          const campo = e instanceof FalhaApi && e.erro.tipo === 'http' ? e.erro.problema?.errors?.find((x) => x.field === 'valor') : undefined;
          if (campo) setErroValor(campo.message);
          else tratar(e, 'acao');
        } finally {
          setEnviando(false);
        }
      }}
    >
      <p>{t('devolucao.texto', { pago: formatarReais(centavosDoValor(pagamento.valor), config.language), resta: formatarReais(resta, config.language) })}</p>
      <Campo rotulo={t('devolucao.valor')} nome="valor" valor={valor} regras={[{ tipo: 'required' }]} validarExtra={erroLocal} erroServidor={erroValor} aoMudar={(v) => (setValor(v), setErroValor(undefined))} />
      <Campo rotulo={t('devolucao.motivo')} nome="motivo" valor={motivo} multilinha aoMudar={setMotivo} ajuda={t('devolucao.motivo-ajuda')} />
      <div className="cf-acoes-formulario">
        <Button type="button" text={t('edicao.cancelar')} onClick={fechar} />
        <Button type="submit" intent="danger" icon="undo" text={t('devolucao.confirmar')} loading={enviando} />
      </div>
    </form>
  );
}

/** "Devolver pagamento" (issue 38): staff with UPDATE_FORMULARIO_PAGAMENTO refund a paid fee through the PSP. */
export function DevolverPagamento({ id, pagamento, aoDevolver }: { id: string; pagamento: PagamentoDoFormulario; aoDevolver: (p: PagamentoDoFormulario) => void }) {
  const { estado } = useAmbiente();
  const t = useT();
  return <Button icon="undo" text={t('devolucao.botao')} onClick={() => abrirDialogo(estado.dialogos, { titulo: t('devolucao.titulo'), conteudo: (fechar) => <FormularioDevolucao id={id} pagamento={pagamento} fechar={fechar} aoDevolver={aoDevolver} /> })} />;
}
