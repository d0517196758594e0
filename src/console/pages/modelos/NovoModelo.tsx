import { useEffect, useState } from 'react';
import { useAmbiente } from '../../app/contexto';
import { P } from '../../../access/permissoes';
import { modelosApi, type Modelo, type ModeloResumo } from '../../api/recursos/modelos';
import { CampoSelecao } from '../../ui/CampoSelecao';
import { dadosParaApi, DADOS_VAZIOS, problemasDados, type FormDadosModelo } from './dadosModelo';
import { caminho } from '../../routes';
import { AcoesFormulario, Carregando, useEdicao } from '../../ui/useEdicao';
import { TituloPagina } from '../Titulo';
import { CamposDoModelo } from './CamposDoModelo';
import { useGruposDoModelo } from './useGruposDoModelo';

/**
 * /modelos/novo: the model's data; once created, the builder opens on it. It may start from a template of the
 * user's groups (issue 36): then it is a copy of it under the new code, name and group.
 */
export default function NovoModelo() {
  const { http, t } = useAmbiente();
  const grupos = useGruposDoModelo();
  const [bases, setBases] = useState<ModeloResumo[]>([]);
  const [base, setBase] = useState('');
  useEffect(() => {
    modelosApi.bases(http).then(setBases, () => setBases([]));
  }, []);
  const e = useEdicao<FormDadosModelo, Modelo>({
    vazio: DADOS_VAZIOS,
    escopo: 'modelo',
    criar: (d) => (base ? modelosApi.duplicar(http, base, { codigoServico: d.codigoServico.trim(), nome: d.nome.trim(), grupoControleConteudoId: Number(d.grupoControleConteudoId) }) : modelosApi.criar(http, dadosParaApi(d, true))),
    valido: (d) => !Object.keys(problemasDados(d, true)).length,
    voltarPara: caminho('modelos'),
    depoisDeSalvar: (m) => caminho('modelos-editar', { codigoServico: m.codigoServico }),
    // A model created with an integration comes with its signing secret: the builder shows it once.
    estadoDepoisDeSalvar: (m) => (m.segredoNovo ? { segredoNovo: m.segredoNovo } : null),
    salvo: (m) => t('modelos.criado', { nome: m.nome }),
    permissoes: { criar: P.CREATE_MODELO, alterar: P.UPDATE_MODELO },
  });
  const { setDados } = e;
  // With a single group to choose from, it is chosen.
  useEffect(() => {
    if (grupos?.controleConteudo.length === 1) setDados((d) => ({ ...d, grupoControleConteudoId: d.grupoControleConteudoId || String(grupos.controleConteudo[0].id) }));
  }, [grupos]);

  if (!grupos) return <Carregando rotulo={t('modelos.carregando-grupos')} />;
  return (
    <section className="cf-pagina cf-formulario">
      <TituloPagina />
      <form onSubmit={(ev) => (ev.preventDefault(), void e.salvar())} noValidate>
        {bases.length > 0 && (
          <CampoSelecao
            rotulo={t('novo.a-partir')}
            vazio={t('novo.em-branco')}
            valor={base}
            opcoes={bases.map((m) => ({ valor: m.codigoServico, rotulo: `${m.nome} (${m.grupoControleConteudo.nome})` }))}
            ajuda={t('novo.a-partir-ajuda')}
            aoMudar={(v) => {
              setBase(v);
              const m = bases.find((x) => x.codigoServico === v);
              if (m) setDados((d) => ({ ...d, nome: d.nome || m.nome, descricao: d.descricao || m.descricao, grupoControleConteudoId: d.grupoControleConteudoId || String(m.grupoControleConteudo.id) }));
            }}
          />
        )}
        <CamposDoModelo dados={e.dados} grupos={grupos} novo mostrarErros={e.enviado} errosServidor={e.errosServidor} aoMudar={(patch) => setDados((d) => ({ ...d, ...patch }))} />
        <AcoesFormulario podeAlterar={e.podeAlterar} salvando={e.salvando} aoVoltar={e.voltar} />
      </form>
    </section>
  );
}
