import type { GruposDoModelo } from '../../api/recursos/modelos';
import { METODOS, problemaCabecalhos, problemaCodigo, REGRAS_DADOS, type FormDadosModelo } from '../../forms/dadosModelo';
import { Campo } from '../../ui/Campo';
import { CampoSelecao } from '../../ui/CampoSelecao';
import { mensagemDe } from '../../validation/regras';
import { useT } from '../../app/contexto';
import '../../styles/modelos';

/** The model's own data: code (only when new), name, description, groups and integration target. */
export interface PropsCamposDoModelo {
  dados: FormDadosModelo;
  aoMudar: (patch: Partial<FormDadosModelo>) => void;
  grupos: GruposDoModelo;
  novo: boolean;
  mostrarErros: boolean;
  errosServidor: Record<string, string>;
  desabilitado?: boolean;
}

export function CamposDoModelo({ dados: d, aoMudar, grupos, novo, mostrarErros, errosServidor: es, desabilitado }: PropsCamposDoModelo) {
  const t = useT();
  const comum = { mostrarErros, desabilitado };
  const opcoesGrupo = (l: GruposDoModelo['controleConteudo']) => l.map((g) => ({ valor: String(g.id), rotulo: g.nome }));
  return (
    <>
      {novo && (
        <Campo
          {...comum}
          rotulo={t('dados.codigo')}
          nome="codigoServico"
          valor={d.codigoServico}
          regras={REGRAS_DADOS.codigoServico}
          validarExtra={(v) => problemaCodigo(v, t)}
          erroServidor={es.codigoServico}
          ajuda={t('dados.codigo-ajuda')}
          aoMudar={(codigoServico) => aoMudar({ codigoServico })}
        />
      )}
      <Campo {...comum} rotulo={t('coluna.nome')} nome="nome" valor={d.nome} regras={REGRAS_DADOS.nome} erroServidor={es.nome} aoMudar={(nome) => aoMudar({ nome })} />
      <Campo {...comum} multilinha rotulo={t('coluna.descricao')} nome="descricao" valor={d.descricao} regras={REGRAS_DADOS.descricao} erroServidor={es.descricao} aoMudar={(descricao) => aoMudar({ descricao })} />
      <CampoSelecao
        rotulo={t('modelos.grupo-cc')}
        obrigatorio
        vazio={t('dados.escolha-grupo')}
        valor={d.grupoControleConteudoId}
        opcoes={opcoesGrupo(grupos.controleConteudo)}
        erro={(mostrarErros ? mensagemDe(REGRAS_DADOS.grupoControleConteudoId, d.grupoControleConteudoId) : null) ?? es.grupoControleConteudoId}
        ajuda={t('dados.grupo-cc-ajuda')}
        desabilitado={desabilitado}
        aoMudar={(grupoControleConteudoId) => aoMudar({ grupoControleConteudoId })}
      />
      <CampoSelecao
        rotulo={t('dados.grupo-publico')}
        vazio={t('dados.grupo-publico-nenhum')}
        valor={d.grupoAcessoPublicoId}
        opcoes={opcoesGrupo(grupos.acessoPublico)}
        erro={es.grupoAcessoPublicoId}
        ajuda={t('dados.grupo-publico-ajuda')}
        desabilitado={desabilitado}
        aoMudar={(grupoAcessoPublicoId) => aoMudar({ grupoAcessoPublicoId })}
      />
      <Campo
        {...comum}
        rotulo={t('dados.retencao')}
        nome="retencaoDias"
        tipo="number"
        valor={d.retencaoDias}
        regras={REGRAS_DADOS.retencaoDias}
        erroServidor={es.retencaoDias}
        ajuda={t('dados.retencao-ajuda')}
        aoMudar={(retencaoDias) => aoMudar({ retencaoDias })}
      />
      <fieldset className="cf-grupo-campos">
        <legend>{t('dados.integracao')}</legend>
        <p className="cf-ajuda">{t('dados.integracao-ajuda')}</p>
        <Campo {...comum} rotulo={t('dados.url')} nome="url" tipo="url" placeholder="https://" valor={d.url} regras={REGRAS_DADOS.url} erroServidor={es['integracao.url'] ?? es.integracao} aoMudar={(url) => aoMudar({ url })} />
        <CampoSelecao rotulo={t('dados.metodo')} valor={d.metodo} opcoes={METODOS.map((m) => ({ valor: m, rotulo: m }))} desabilitado={desabilitado} aoMudar={(m) => aoMudar({ metodo: m as FormDadosModelo['metodo'] })} />
        <Campo {...comum} multilinha rotulo={t('dados.cabecalhos')} nome="cabecalhos" placeholder={t('dados.cabecalhos-exemplo')} valor={d.cabecalhos} validarExtra={(v) => problemaCabecalhos(v, t)} erroServidor={es['integracao.cabecalhos'] ?? Object.entries(es).find(([k]) => k.startsWith('integracao.cabecalhos.'))?.[1]} ajuda={t('dados.cabecalhos-ajuda')} aoMudar={(cabecalhos) => aoMudar({ cabecalhos })} />
      </fieldset>
    </>
  );
}
