import type { GruposDoModelo } from '../../api/recursos/modelos';
import { METODOS, problemaCabecalhos, problemaCodigo, REGRAS_DADOS, type FormDadosModelo } from './dadosModelo';
import { Button, Switch } from '@blueprintjs/core';
import { Campo } from '../../ui/Campo';
import { CampoData } from '../../ui/CampoData';
import { CampoSelecao } from '../../ui/CampoSelecao';
import { mensagemDe } from '../../../validation/regras';
import { useAmbiente } from '../../app/contexto';
import { problemasDados } from './dadosModelo';
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
  /** Forms received so far (an existing model): said under the limit. */
  respostas?: number;
}

export function CamposDoModelo({ dados: d, aoMudar, grupos, novo, mostrarErros, errosServidor: es, desabilitado, respostas }: PropsCamposDoModelo) {
  const { t, config } = useAmbiente();
  const problemas = mostrarErros ? problemasDados(d, novo, t) : {};
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
      <fieldset className="cf-grupo-campos cf-quando-recebe">
        <legend>{t('dados.quando')}</legend>
        <p className="cf-ajuda">{t('dados.quando-ajuda')}</p>
        <div className="cf-data-hora">
          <CampoData rotulo={t('dados.abre-data')} valor={d.abreData || null} mostrarErros={mostrarErros} erroServidor={es.abreEm} aoMudar={(v) => aoMudar({ abreData: v ?? '' })} />
          <Campo {...comum} rotulo={t('dados.abre-hora')} nome="abreHora" placeholder="hh:mm" valor={d.abreHora} validarExtra={() => problemas.abreHora ?? null} ajuda={t('dados.abre-hora-ajuda')} aoMudar={(abreHora) => aoMudar({ abreHora })} />
        </div>
        <div className="cf-data-hora">
          <CampoData rotulo={t('dados.fecha-data')} valor={d.fechaData || null} mostrarErros={mostrarErros} erroServidor={problemas.fechaData ?? es.fechaEm} aoMudar={(v) => aoMudar({ fechaData: v ?? '' })} />
          <Campo {...comum} rotulo={t('dados.fecha-hora')} nome="fechaHora" placeholder="hh:mm" valor={d.fechaHora} validarExtra={() => problemas.fechaHora ?? null} ajuda={t('dados.fecha-hora-ajuda')} aoMudar={(fechaHora) => aoMudar({ fechaHora })} />
        </div>
        <Campo
          {...comum}
          rotulo={t('dados.limite')}
          nome="limiteRespostas"
          tipo="number"
          valor={d.limiteRespostas}
          regras={REGRAS_DADOS.limiteRespostas}
          erroServidor={es.limiteRespostas}
          ajuda={[t('dados.limite-ajuda'), respostas !== undefined ? t('dados.limite-contagem', { n: respostas.toLocaleString(config.language) }) : ''].filter(Boolean).join(' ')}
          aoMudar={(limiteRespostas) => aoMudar({ limiteRespostas })}
        />
        <Campo {...comum} multilinha rotulo={t('dados.mensagem-limite')} nome="mensagemLimite" valor={d.mensagemLimite} regras={REGRAS_DADOS.mensagemLimite} erroServidor={es.mensagemLimite} ajuda={t('dados.mensagem-limite-ajuda')} aoMudar={(mensagemLimite) => aoMudar({ mensagemLimite })} />
      </fieldset>
      <Switch className="cf-modelo-base" label={t('dados.modelo-base')} checked={d.modeloBase} disabled={desabilitado} onChange={(e) => aoMudar({ modeloBase: e.currentTarget.checked })} />
      <fieldset className="cf-grupo-campos">
        <legend>{t('dados.integracao')}</legend>
        <p className="cf-ajuda">{t('dados.integracao-ajuda')}</p>
        <Campo {...comum} rotulo={t('dados.url')} nome="url" tipo="url" placeholder="https://" valor={d.url} regras={REGRAS_DADOS.url} erroServidor={es['integracao.url'] ?? es.integracao} aoMudar={(url) => aoMudar({ url })} />
        <CampoSelecao rotulo={t('dados.metodo')} valor={d.metodo} opcoes={METODOS.map((m) => ({ valor: m, rotulo: m }))} desabilitado={desabilitado} aoMudar={(m) => aoMudar({ metodo: m as FormDadosModelo['metodo'] })} />
        {d.cabecalhosGuardados.length > 0 && (
          <div className="cf-cabecalhos-guardados" role="group" aria-labelledby="cf-cabecalhos-guardados">
            <p id="cf-cabecalhos-guardados" className="cf-rotulo-grupo">
              {t('dados.cabecalhos-guardados')}
            </p>
            <p className="cf-ajuda">{t('dados.cabecalhos-guardados-ajuda')}</p>
            <ul>
              {d.cabecalhosGuardados.map((nome) => (
                <li key={nome}>
                  <code>{nome}</code> <span className="cf-ajuda">({t('dados.cabecalho-valor-guardado')})</span>
                  {!desabilitado && (
                    <Button small minimal icon="cross" aria-label={t('dados.cabecalho-remover', { nome })} title={t('dados.cabecalho-remover', { nome })} onClick={(e) => {
                        // The focus stays in the integration's group: on the next header's button, or the box to type one.
                        const grupo = e.currentTarget.closest('fieldset');
                        aoMudar({ cabecalhosGuardados: d.cabecalhosGuardados.filter((n) => n !== nome) });
                        requestAnimationFrame(() => grupo?.querySelector<HTMLElement>('.cf-cabecalhos-guardados button, textarea')?.focus());
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Campo {...comum} multilinha rotulo={t(d.cabecalhosGuardados.length ? 'dados.cabecalhos-novos' : 'dados.cabecalhos')} nome="cabecalhos" placeholder={t('dados.cabecalhos-exemplo')} valor={d.cabecalhos} validarExtra={(v) => problemaCabecalhos(v, t)} erroServidor={es['integracao.cabecalhos'] ?? Object.entries(es).find(([k]) => k.startsWith('integracao.cabecalhos.'))?.[1]} ajuda={t('dados.cabecalhos-ajuda')} aoMudar={(cabecalhos) => aoMudar({ cabecalhos })} />
      </fieldset>
    </>
  );
}
