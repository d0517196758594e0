import { Button, Callout, FormGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { formatarDataHora } from '../../../i18n/datas';
import { useNavigate } from 'react-router-dom';
import { useAmbiente, useT } from '../../app/contexto';
import { formulariosApi, type Verificacao, type VerificacaoPdf } from '../../api/recursos/formularios';
import { caminho } from '../../routes';
import { abrirDialogo } from '../../ui/dialogos';
import { Campo } from '../../ui/Campo';
import { useTratarErro } from '../../ui/useTratarErro';
import type { Regra } from '../../../validation/regras';

const OBRIGATORIO: Regra[] = [{ tipo: 'required' }];

const INTENCAO: Record<VerificacaoPdf['situacao'], 'success' | 'danger' | 'warning'> = { integro: 'success', alterado: 'danger', 'sem-assinatura': 'warning', 'outro-signatario': 'danger' };

/** A PDF checked by its signature (issue 44): the file chosen, what the server says of it, the way to its form. */
function VerificacaoDoPdf({ conferirPdf, abrirProtocolo }: { conferirPdf: (arquivo: File) => Promise<VerificacaoPdf | null>; abrirProtocolo: (protocolo: string) => void }) {
  const t = useT();
  const id = useId();
  const [resultado, setResultado] = useState<VerificacaoPdf | null>(null);
  const [conferindo, setConferindo] = useState(false);
  return (
    <section className="cf-verificacao-pdf" aria-labelledby={`${id}-titulo`}>
      <h3 id={`${id}-titulo`}>{t('verificacao.pdf')}</h3>
      <FormGroup label={t('verificacao.pdf-arquivo')} labelFor={`${id}-arquivo`}>
        <input
          id={`${id}-arquivo`}
          type="file"
          accept="application/pdf,.pdf"
          disabled={conferindo}
          onChange={async (e) => {
            const arquivo = e.currentTarget.files?.[0];
            setResultado(null);
            if (!arquivo) return;
            setConferindo(true);
            setResultado(await conferirPdf(arquivo));
            setConferindo(false);
          }}
        />
      </FormGroup>
      {resultado && (
        <Callout intent={INTENCAO[resultado.situacao]} role="status" data-testid="resultado-pdf">
          {t(`verificacao.pdf.${resultado.situacao}`, {
            signatario: resultado.signatario ?? '—',
            data: resultado.assinadoEm ? formatarDataHora(resultado.assinadoEm) : '—',
            protocolo: resultado.protocolo ?? '—',
            modelo: resultado.modelo ? ` (${resultado.modelo})` : '',
          })}
          {resultado.situacao === 'integro' && resultado.protocolo && (
            <p>
              <Button variant="minimal" intent="primary" text={t('verificacao.abrir-protocolo', { protocolo: resultado.protocolo })} onClick={() => abrirProtocolo(resultado.protocolo!)} />
            </p>
          )}
        </Callout>
      )}
    </section>
  );
}

/** The dialog's form: the protocol and the code as printed on the citizen's receipt, and the answer. */
function FormularioVerificacao({ fechar, abrir, conferir, conferirPdf, abrirProtocolo }: { fechar: () => void; abrir: (id: number) => void; conferir: (protocolo: string, codigo: string) => Promise<Verificacao | null>; conferirPdf: (arquivo: File) => Promise<VerificacaoPdf | null>; abrirProtocolo: (protocolo: string) => void }) {
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
      <VerificacaoDoPdf conferirPdf={conferirPdf} abrirProtocolo={(p) => (fechar(), abrirProtocolo(p))} />
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
  const abrirProtocolo = (protocolo: string) => navegar(caminho('formularios', {}, { protocolo }));
  const falhou = (e: unknown) => {
    tratar(e, 'acao');
    return null;
  };
  const conferir = (protocolo: string, codigo: string) => formulariosApi.verificar(http, protocolo, codigo).catch(falhou);
  const conferirPdf = (arquivo: File) => formulariosApi.verificarPdf(http, arquivo).catch(falhou);
  return (
    <Button
      icon="tick"
      text={t('verificacao.botao')}
      onClick={() => abrirDialogo(estado.dialogos, { titulo: t('verificacao.titulo'), conteudo: (fechar) => <FormularioVerificacao fechar={fechar} abrir={abrir} conferir={conferir} conferirPdf={conferirPdf} abrirProtocolo={abrirProtocolo} /> })}
    />
  );
}
