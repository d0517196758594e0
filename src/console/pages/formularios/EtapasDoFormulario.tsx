import { Button, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useAmbiente, useT } from '../../app/contexto';
import { FalhaApi } from '../../api/http';
import { formulariosApi, type DetalheFormulario } from '../../api/recursos/formularios';
import { camposReservados } from '../../../forms/etapas';
import { regrasDoCampo } from '../../../forms/definicao';
import { formatarDataHoraCompleta } from '../../../i18n/datas';
import { mostrarToast } from '../../state/toasts';
import { abrirDialogo } from '../../ui/dialogos';
import { Campo } from '../../ui/Campo';
import { Rolagem } from '../../ui/Rolagem';
import { useTratarErro } from '../../ui/useTratarErro';

type Erros = Record<string, string>;
const errosDoServidor = (e: unknown): Erros | null =>
  e instanceof FalhaApi && e.erro.tipo === 'http' && e.erro.problema?.errors?.length ? Object.fromEntries(e.erro.problema.errors.map((x) => [x.field.replace(/^respostas\./, ''), x.message])) : null;

/** The refusal's dialog: the reason is required (the requester reads it by e-mail). */
function Recusa({ id, fechar, aoDecidir }: { id: string; fechar: () => void; aoDecidir: () => void }) {
  const { http, estado } = useAmbiente();
  const t = useT();
  const tratar = useTratarErro();
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  return (
    <form
      noValidate
      onSubmit={async (ev) => {
        ev.preventDefault();
        if (motivo.trim().length < 3) return setErro(t('analise.motivo-obrigatorio'));
        setEnviando(true);
        try {
          await formulariosApi.analisar(http, id, { decisao: 'RECUSAR', motivo: motivo.trim() });
          mostrarToast(estado.toasts, { severity: 'success', summary: t('analise.recusada'), life: 5000 });
          fechar();
          aoDecidir();
        } catch (e) {
          const campos = errosDoServidor(e);
          if (campos?.motivo) setErro(campos.motivo);
          else tratar(e, 'acao');
        } finally {
          setEnviando(false);
        }
      }}
    >
      <Campo rotulo={t('analise.motivo')} nome="motivo" valor={motivo} multilinha regras={[{ tipo: 'required' }, { tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 500 }]} erroServidor={erro} aoMudar={(v) => (setMotivo(v), setErro(undefined))} ajuda={t('analise.motivo-ajuda')} />
      <div className="cf-acoes-formulario">
        <Button type="button" text={t('edicao.cancelar')} onClick={fechar} />
        <Button type="submit" intent="danger" icon="cross" text={t('analise.confirmar-recusa')} loading={enviando} />
      </div>
    </form>
  );
}

/**
 * The steps after sending (issue 46) in a form's drawer: each party, what it did and when; and, for a reviewer of
 * the pending analysis' group, the step's reserved questions with "Aprovar" and "Recusar".
 */
export function EtapasDoFormulario({ f, id, aoDecidir }: { f: DetalheFormulario; id: string; aoDecidir: () => void }) {
  const { http, estado, config } = useAmbiente();
  const t = useT();
  const tratar = useTratarErro();
  const pendente = f.etapas.find((p) => p.tipo === 'ANALISE' && p.situacao === 'PENDENTE');
  const reservadas = pendente ? camposReservados(f.versaoModelo?.definicao, pendente.etapa) : [];
  const [valores, setValores] = useState<Record<string, string>>({});
  const [erros, setErros] = useState<Erros>({});
  const [mostrarErros, setMostrarErros] = useState(false);
  const [aprovando, setAprovando] = useState(false);
  if (!f.etapas.length) return null;
  const aprovar = async () => {
    setMostrarErros(true);
    setAprovando(true);
    try {
      const r = await formulariosApi.analisar(http, id, { decisao: 'APROVAR', respostas: Object.fromEntries(Object.entries(valores).filter(([, v]) => v.trim())) });
      mostrarToast(estado.toasts, { severity: 'success', summary: t('analise.aprovada'), detail: t('analise.aprovada-texto', { status: t(`status.formulario.${r.status}` as never) }), life: 5000 });
      aoDecidir();
    } catch (e) {
      const campos = errosDoServidor(e);
      if (campos) setErros(campos);
      else tratar(e, 'acao');
    } finally {
      setAprovando(false);
    }
  };
  const quem = (p: DetalheFormulario['etapas'][number]) => (p.tipo === 'ANALISE' ? (p.autor ?? t('analise.equipe')) : [p.nome, p.email].filter(Boolean).join(' · ') || '—');
  return (
    <>
      <h3>{t('ficha.etapas')}</h3>
      <Rolagem rotulo={t('ficha.etapas')}>
        <HTMLTable compact striped aria-label={t('ficha.etapas')} data-testid="etapas">
          <thead>
            <tr>
              <th scope="col">{t('analises.etapa')}</th>
              <th scope="col">{t('ficha.parte')}</th>
              <th scope="col">{t('ficha.situacao')}</th>
              <th scope="col">{t('ficha.quando')}</th>
              <th scope="col">{t('eventos.detalhes')}</th>
            </tr>
          </thead>
          <tbody>
            {f.etapas.map((p, i) => (
              <tr key={i}>
                <td>{p.titulo}</td>
                <td>{quem(p)}</td>
                <td>{t(`parte.${p.situacao}`)}</td>
                <td>{p.agiuEm ? formatarDataHoraCompleta(p.agiuEm) : p.prazoEm ? t('ficha.ate', { data: formatarDataHoraCompleta(p.prazoEm) }) : '—'}</td>
                <td>{[p.motivo ? t('detalhes.motivo', { motivo: p.motivo }) : null, p.aceite && typeof p.aceite.texto === 'string' ? t('ficha.aceitou') : null, p.aceite?.govbr ? t('ficha.com-govbr') : p.exigeCpf ? t('ficha.com-login') : null].filter(Boolean).join(' · ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Rolagem>
      {pendente && f.podeAnalisar && (
        <section className="cf-analise" aria-label={t('analise.titulo', { etapa: pendente.titulo })} data-testid="analise">
          <h4>{t('analise.titulo', { etapa: pendente.titulo })}</h4>
          {reservadas.map((c) => (
            <Campo key={c.id} rotulo={c.rotulo} nome={c.id} valor={valores[c.id] ?? ''} regras={regrasDoCampo(c)} ajuda={c.ajuda} mostrarErros={mostrarErros} erroServidor={erros[c.id]} multilinha={c.tipo === 'texto-longo'} aoMudar={(v) => (setValores((x) => ({ ...x, [c.id]: v })), setErros((x) => ({ ...x, [c.id]: '' })))} />
          ))}
          <div className="cf-acoes-formulario">
            <Button intent="danger" icon="cross" text={t('analise.recusar')} onClick={() => abrirDialogo(estado.dialogos, { titulo: t('analise.recusar-titulo'), conteudo: (fechar) => <Recusa id={id} fechar={fechar} aoDecidir={aoDecidir} /> })} />
            <Button intent="success" icon="tick" text={t('analise.aprovar')} loading={aprovando} onClick={() => void aprovar()} />
          </div>
          <p className="cf-ajuda">{t('analise.ajuda', { idioma: config.language })}</p>
        </section>
      )}
    </>
  );
}
