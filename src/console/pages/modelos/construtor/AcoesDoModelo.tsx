import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAmbiente } from '../../../app/contexto';
import { P } from '../../../../access/permissoes';
import { usePermissao } from '../../../app/usePermissao';
import { modelosApi, type Modelo } from '../../../api/recursos/modelos';
import { errosPorCampo } from '../../../api/erros';
import { mostrarSucesso } from '../../../state/toasts';
import { useTratarErro } from '../../../ui/useTratarErro';
import { problemaCodigo, REGRAS_DADOS } from '../dadosModelo';
import { caminho } from '../../../routes';
import { Campo } from '../../../ui/Campo';
import { abrirDialogo } from '../../../ui/dialogos';
import { salvarArquivo } from '../../../ui/arquivo';
import { useAcao } from '../../../ui/useAcao';

/**
 * "Duplicar" and "Exportar" (issue 36): a copy under a new code, opened in the builder; the model as a file to take
 * to another environment (no secret, header value or group in it).
 */
function FormDuplicar({ modelo, fechar }: { modelo: Modelo; fechar: () => void }) {
  const { http, t, estado } = useAmbiente();
  const navegar = useNavigate();
  const tratar = useTratarErro();
  const [codigo, setCodigo] = useState(`${modelo.codigoServico}-copia`);
  const [nome, setNome] = useState(modelo.nome);
  const [enviado, setEnviado] = useState(false);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [ocupado, setOcupado] = useState(false);
  const duplicar = async () => {
    setEnviado(true);
    if (problemaCodigo(codigo, t) || !codigo.trim() || !nome.trim()) return;
    setOcupado(true);
    try {
      const m = await modelosApi.duplicar(http, modelo.codigoServico, { codigoServico: codigo.trim(), nome: nome.trim() });
      mostrarSucesso(estado.toasts, 'duplicar', { summary: t('construtor.duplicar'), detail: t('duplicar.feito', { nome: m.nome }) });
      fechar();
      // The copy's own signing secret came with it: the builder shows it once.
      navegar(caminho('modelos-editar', { codigoServico: m.codigoServico }), { state: m.segredoNovo ? { segredoNovo: m.segredoNovo } : null });
    } catch (e) {
      // Field errors (a code already taken) stay in the form.
      const reacao = tratar(e, 'acao', 'duplicar');
      setErros(reacao.tipo === 'campos' ? errosPorCampo(reacao.problema) : {});
    } finally {
      setOcupado(false);
    }
  };
  return (
    <form
      className="cf-formulario-dialogo"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void duplicar();
      }}
    >
      <p>{t('duplicar.texto')}</p>
      <Campo rotulo={t('duplicar.codigo')} nome="codigoServico" valor={codigo} regras={REGRAS_DADOS.codigoServico} validarExtra={(v) => problemaCodigo(v, t)} mostrarErros={enviado} erroServidor={erros.codigoServico} ajuda={t('dados.codigo-ajuda')} aoMudar={setCodigo} />
      <Campo rotulo={t('duplicar.nome')} nome="nome" valor={nome} regras={REGRAS_DADOS.nome} mostrarErros={enviado} erroServidor={erros.nome} aoMudar={setNome} />
      <div className="cf-acoes-formulario">
        <Button type="submit" intent="primary" icon="duplicate" text={t('duplicar.confirmar')} loading={ocupado} />
        <Button text={t('edicao.cancelar')} onClick={fechar} />
      </div>
    </form>
  );
}

export function AcoesDoModelo({ modelo }: { modelo: Modelo }) {
  const { http, t, estado } = useAmbiente();
  const podeCriar = usePermissao(P.CREATE_MODELO);
  const { executar } = useAcao();
  const exportar = () =>
    executar(
      async () => {
        const arquivo = await modelosApi.exportar(http, modelo.codigoServico);
        const nome = `modelo-${modelo.codigoServico}.json`;
        salvarArquivo(new Blob([JSON.stringify(arquivo, null, 2)], { type: 'application/json' }), nome);
        return nome;
      },
      { titulo: t('construtor.exportado'), texto: (nome) => t('construtor.exportado-texto', { arquivo: nome }) },
    );
  return (
    <>
      {podeCriar && <Button icon="duplicate" variant="minimal" text={t('construtor.duplicar')} onClick={() => abrirDialogo(estado.dialogos, { titulo: t('duplicar.titulo', { nome: modelo.nome }), largura: 560, conteudo: (fechar) => <FormDuplicar modelo={modelo} fechar={fechar} /> })} />}
      <Button icon="export" variant="minimal" text={t('construtor.exportar')} onClick={() => void exportar()} />
    </>
  );
}
