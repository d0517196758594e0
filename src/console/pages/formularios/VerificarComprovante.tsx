import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAmbiente, useT } from '../../app/contexto';
import { formulariosApi, type Verificacao } from '../../api/recursos/formularios';
import { caminho } from '../../routes';
import { abrirDialogo } from '../../ui/dialogos';
import { Campo } from '../../ui/Campo';
import { useTratarErro } from '../../ui/useTratarErro';
import type { Regra } from '../../../validation/regras';

const OBRIGATORIO: Regra[] = [{ tipo: 'required' }];

/** The dialog's form: the protocol and the code as printed on the citizen's receipt, and the answer. */
function FormularioVerificacao({ fechar, abrir, conferir }: { fechar: () => void; abrir: (id: number) => void; conferir: (protocolo: string, codigo: string) => Promise<Verificacao | null> }) {
  const t = useT();
  const [protocolo, setProtocolo] = useState('');
  const [codigo, setCodigo] = useState('');
  const [enviado, setEnviado] = useState(false);
  const [conferindo, setConferindo] = useState(false);
  const [resultado, setResultado] = useState<Verificacao | null>(null);
  return (
    <form
      noValidate
      onSubmit={async (ev) => {
        ev.preventDefault();
        setEnviado(true);
        if (!protocolo.trim() || !codigo.trim()) return;
        setConferindo(true);
        setResultado(await conferir(protocolo.trim(), codigo.trim()));
        setConferindo(false);
      }}
    >
      <p>{t('verificacao.texto')}</p>
      <Campo rotulo={t('formularios.protocolo')} nome="protocolo" valor={protocolo} regras={OBRIGATORIO} mostrarErros={enviado} aoMudar={(v) => (setProtocolo(v), setResultado(null))} />
      <Campo rotulo={t('verificacao.codigo')} nome="codigo" valor={codigo} regras={OBRIGATORIO} mostrarErros={enviado} aoMudar={(v) => (setCodigo(v), setResultado(null))} />
      {resultado && (
        <Callout intent={resultado.valido ? 'success' : 'danger'} role="status" data-testid="resultado-verificacao">
          {resultado.valido ? (resultado.formulario ? t('verificacao.valido', { protocolo: resultado.formulario.protocolo, modelo: resultado.formulario.modeloNome }) : t('verificacao.valido-outro-grupo')) : t('verificacao.invalido')}
        </Callout>
      )}
      <div className="cf-acoes-formulario">
        <Button type="button" text={t('verificacao.fechar')} onClick={fechar} />
        {resultado?.formulario && <Button type="button" text={t('verificacao.abrir')} onClick={() => (fechar(), abrir(resultado.formulario!.id))} />}
        <Button type="submit" intent="primary" text={t('verificacao.conferir')} loading={conferindo} />
      </div>
    </form>
  );
}

/** "Verificar comprovante" (issue 15): staff check a citizen's printed receipt by its protocol and code. */
export function VerificarComprovante() {
  const { estado, http } = useAmbiente();
  const t = useT();
  // The dialog draws outside the router: the page navigates and handles errors for it.
  const navegar = useNavigate();
  const tratar = useTratarErro();
  const abrir = (id: number) => navegar(caminho('formularios', {}, { id: String(id) }));
  const conferir = (protocolo: string, codigo: string) =>
    formulariosApi.verificar(http, protocolo, codigo).catch((e) => {
      tratar(e, 'acao');
      return null;
    });
  return <Button icon="tick" text={t('verificacao.botao')} onClick={() => abrirDialogo(estado.dialogos, { titulo: t('verificacao.titulo'), conteudo: (fechar) => <FormularioVerificacao fechar={fechar} abrir={abrir} conferir={conferir} /> })} />;
}
