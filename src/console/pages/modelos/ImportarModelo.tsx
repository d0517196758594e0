import { Button, Callout, FileInput, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAmbiente } from '../../app/contexto';
import { P } from '../../../access/permissoes';
import { usePermissao } from '../../app/usePermissao';
import { errosPorCampo } from '../../api/erros';
import { modelosApi, type GruposDoModelo, type PreviaImportacao } from '../../api/recursos/modelos';
import { diferenca } from '../../../forms/diferenca';
import { caminho } from '../../routes';
import { mostrarSucesso } from '../../state/toasts';
import { Campo } from '../../ui/Campo';
import { CampoSelecao } from '../../ui/CampoSelecao';
import { abrirDialogo } from '../../ui/dialogos';
import { useTratarErro } from '../../ui/useTratarErro';
import { DiferencaVersoes } from './construtor/DiferencaVersoes';

/**
 * "Importar" on the models list (issue 36): a file exported from another environment, checked by the server (format,
 * its version, checksum, definition) and shown before anything is written — what will be created, or what changes
 * in the draft of the model with that code (the version diff the console already draws) — then imported.
 */
function FormImportar({ grupos, fechar }: { grupos: GruposDoModelo; fechar: () => void }) {
  const { http, t, estado } = useAmbiente();
  const tratar = useTratarErro();
  const navegar = useNavigate();
  const [arquivo, setArquivo] = useState<{ nome: string; conteudo: unknown } | null>(null);
  const [erroArquivo, setErroArquivo] = useState<string | null>(null);
  const [codigo, setCodigo] = useState('');
  const [grupo, setGrupo] = useState(grupos.controleConteudo.length === 1 ? String(grupos.controleConteudo[0].id) : '');
  const [previa, setPrevia] = useState<PreviaImportacao | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [erros, setErros] = useState<Record<string, string>>({});

  const pedido = () => ({ arquivo: arquivo!.conteudo, ...(codigo.trim() ? { codigoServico: codigo.trim() } : {}), ...(grupo ? { grupoControleConteudoId: Number(grupo) } : {}) });
  const falhou = (e: unknown) => {
    const r = tratar(e, 'acao', 'importar');
    const porCampo = r.tipo === 'campos' ? errosPorCampo(r.problema) : {};
    setErros(porCampo);
    if (r.tipo === 'campos') setErroArquivo(r.problema?.detail ?? null);
  };
  const conferir = async () => {
    if (!arquivo) return setErroArquivo(t('validacao.required'));
    setOcupado(true);
    setPrevia(null);
    try {
      setPrevia(await modelosApi.previaImportacao(http, pedido()));
      setErros({});
      setErroArquivo(null);
    } catch (e) {
      falhou(e);
    } finally {
      setOcupado(false);
    }
  };
  const importar = async () => {
    if (!previa) return;
    setOcupado(true);
    try {
      const m = await modelosApi.importar(http, { ...pedido(), ...(previa.versao !== null ? { versao: previa.versao } : {}) });
      mostrarSucesso(estado.toasts, 'importar', { summary: t('importar.titulo'), detail: t('importar.feito', { nome: m.nome }), life: 8000 });
      fechar();
      navegar(caminho('modelos-editar', { codigoServico: m.codigoServico }), { state: m.segredoNovo ? { segredoNovo: m.segredoNovo } : null });
    } catch (e) {
      falhou(e);
    } finally {
      setOcupado(false);
    }
  };
  const ler = async (f: File | undefined) => {
    setPrevia(null);
    setErroArquivo(null);
    if (!f) return setArquivo(null);
    try {
      const conteudo = JSON.parse(await f.text());
      setArquivo({ nome: f.name, conteudo });
      // The file is read while the user may already be typing the code: keep what was typed (the closure's
      // `codigo` is the one from before the read).
      if (typeof conteudo?.codigoServico === 'string') setCodigo((digitado) => digitado || conteudo.codigoServico);
    } catch {
      setArquivo(null);
      setErroArquivo(t('importar.nao-json'));
    }
  };

  return (
    <div className="cf-formulario-dialogo cf-importar">
      <p>{t('importar.texto')}</p>
      <FormGroup label={t('importar.arquivo')} labelFor="cf-importar-arquivo" helperText={erroArquivo ?? undefined} intent={erroArquivo ? 'danger' : 'none'}>
        <FileInput fill text={arquivo?.nome ?? t('preenchimento.escolha-arquivo')} buttonText={t('importar.escolher')} inputProps={{ id: 'cf-importar-arquivo', accept: '.json,application/json', 'aria-invalid': !!erroArquivo }} onInputChange={(e) => void ler((e.currentTarget as HTMLInputElement).files?.[0])} />
      </FormGroup>
      <Campo rotulo={t('importar.codigo')} nome="codigoServico" valor={codigo} erroServidor={erros.codigoServico} ajuda={t('dados.codigo-ajuda')} aoMudar={(v) => (setCodigo(v), setPrevia(null))} />
      <CampoSelecao rotulo={t('modelos.grupo-cc')} vazio={t('dados.escolha-grupo')} valor={grupo} opcoes={grupos.controleConteudo.map((g) => ({ valor: String(g.id), rotulo: g.nome }))} erro={erros.grupoControleConteudoId} ajuda={t('dados.grupo-cc-ajuda')} aoMudar={(v) => (setGrupo(v), setPrevia(null))} />
      {previa && (
        <Callout intent="primary" className="cf-previa-importacao" role="status">
          <p>{previa.acao === 'criar' ? t('importar.criar', { nome: previa.nome, codigo: previa.codigoServico }) : previa.mudancas.length ? t('importar.alterar', { codigo: previa.codigoServico }) : t('importar.igual')}</p>
          {previa.acao === 'alterar' && previa.mudancas.length > 0 && (
            <ul className="cf-resumo-diferenca">
              {previa.mudancas.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          )}
          {previa.cabecalhosAPreencher.length > 0 && <p>{t('importar.cabecalhos', { lista: previa.cabecalhosAPreencher.join(', ') })}</p>}
        </Callout>
      )}
      {previa?.definicaoAtual && <DiferencaVersoes diferenca={diferenca(previa.definicaoAtual, previa.definicaoNova, t)} rotuloA={t('importar.atual')} rotuloB={t('importar.novo')} semMudanca={previa.mudancas.length ? t('historico.perguntas-iguais') : undefined} />}
      <div className="cf-acoes-formulario">
        {previa ? <Button intent="primary" icon="import" text={t('importar.confirmar')} loading={ocupado} onClick={() => void importar()} /> : <Button intent="primary" text={t('importar.conferir')} loading={ocupado} disabled={!arquivo} onClick={() => void conferir()} />}
        <Button text={t('edicao.cancelar')} onClick={fechar} />
      </div>
    </div>
  );
}

export function BotaoImportar({ grupos }: { grupos: GruposDoModelo | null }) {
  const { t, estado } = useAmbiente();
  const podeCriar = usePermissao(P.CREATE_MODELO);
  const podeAlterar = usePermissao(P.UPDATE_MODELO);
  const pode = podeCriar || podeAlterar;
  if (!pode || !grupos) return null;
  return <Button icon="import" text={t('importar.botao')} onClick={() => abrirDialogo(estado.dialogos, { titulo: t('importar.titulo'), largura: 900, conteudo: (fechar) => <FormImportar grupos={grupos} fechar={fechar} /> })} />;
}
