import type { GruposDoModelo } from '../../api/recursos/modelos';
import { METODOS, problemaCabecalhos, problemaCodigo, REGRAS_DADOS, type FormDadosModelo } from '../../forms/dadosModelo';
import { Campo } from '../../ui/Campo';
import { CampoSelecao } from '../../ui/CampoSelecao';
import { mensagemDe } from '../../validation/regras';

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
  const comum = { mostrarErros, desabilitado };
  const opcoesGrupo = (l: GruposDoModelo['controleConteudo']) => l.map((g) => ({ valor: String(g.id), rotulo: g.nome }));
  return (
    <>
      {novo && (
        <Campo
          {...comum}
          rotulo="Código do serviço"
          nome="codigoServico"
          valor={d.codigoServico}
          regras={REGRAS_DADOS.codigoServico}
          validarExtra={problemaCodigo}
          erroServidor={es.codigoServico}
          ajuda="Identifica o modelo no endereço do formulário; letras, números e hífens. Não pode ser mudado depois."
          aoMudar={(codigoServico) => aoMudar({ codigoServico })}
        />
      )}
      <Campo {...comum} rotulo="Nome" nome="nome" valor={d.nome} regras={REGRAS_DADOS.nome} erroServidor={es.nome} aoMudar={(nome) => aoMudar({ nome })} />
      <Campo {...comum} multilinha rotulo="Descrição" nome="descricao" valor={d.descricao} regras={REGRAS_DADOS.descricao} erroServidor={es.descricao} aoMudar={(descricao) => aoMudar({ descricao })} />
      <CampoSelecao
        rotulo="Grupo de controle de conteúdo"
        obrigatorio
        vazio="Escolha um grupo…"
        valor={d.grupoControleConteudoId}
        opcoes={opcoesGrupo(grupos.controleConteudo)}
        erro={(mostrarErros ? mensagemDe(REGRAS_DADOS.grupoControleConteudoId, d.grupoControleConteudoId) : null) ?? es.grupoControleConteudoId}
        ajuda="Quem pertence a este grupo vê e edita o modelo e os formulários preenchidos."
        desabilitado={desabilitado}
        aoMudar={(grupoControleConteudoId) => aoMudar({ grupoControleConteudoId })}
      />
      <CampoSelecao
        rotulo="Grupo de acesso público"
        vazio="Nenhum: qualquer cidadão pode preencher"
        valor={d.grupoAcessoPublicoId}
        opcoes={opcoesGrupo(grupos.acessoPublico)}
        erro={es.grupoAcessoPublicoId}
        ajuda="Opcional: só os CPFs deste grupo poderão preencher o formulário."
        desabilitado={desabilitado}
        aoMudar={(grupoAcessoPublicoId) => aoMudar({ grupoAcessoPublicoId })}
      />
      <Campo
        {...comum}
        rotulo="Guardar os dados pessoais por (dias)"
        nome="retencaoDias"
        tipo="number"
        valor={d.retencaoDias}
        regras={REGRAS_DADOS.retencaoDias}
        erroServidor={es.retencaoDias}
        ajuda="LGPD: passado esse prazo, as respostas pessoais e os dados do requerente de cada formulário são apagados (os números e o analítico ficam). Vazio: guardar."
        aoMudar={(retencaoDias) => aoMudar({ retencaoDias })}
      />
      <fieldset className="cf-grupo-campos">
        <legend>Integração</legend>
        <p className="cf-ajuda">Para onde cada formulário preenchido é enviado, assinado (Standard Webhooks). Só endereços https públicos, a não ser os destinos internos que o operador liberou. Deixe vazio para não enviar.</p>
        <Campo {...comum} rotulo="Endereço (URL) de destino" nome="url" tipo="url" placeholder="https://" valor={d.url} regras={REGRAS_DADOS.url} erroServidor={es['integracao.url'] ?? es.integracao} aoMudar={(url) => aoMudar({ url })} />
        <CampoSelecao rotulo="Método HTTP" valor={d.metodo} opcoes={METODOS.map((m) => ({ valor: m, rotulo: m }))} desabilitado={desabilitado} aoMudar={(m) => aoMudar({ metodo: m as FormDadosModelo['metodo'] })} />
        <Campo {...comum} multilinha rotulo="Cabeçalhos" nome="cabecalhos" placeholder="Authorization: Bearer …" valor={d.cabecalhos} validarExtra={problemaCabecalhos} erroServidor={es['integracao.cabecalhos'] ?? Object.entries(es).find(([k]) => k.startsWith('integracao.cabecalhos.'))?.[1]} ajuda='Um por linha, no formato "Nome: valor". Host, Content-Length, Content-Type e os cabeçalhos de assinatura são do próprio console.' aoMudar={(cabecalhos) => aoMudar({ cabecalhos })} />
      </fieldset>
    </>
  );
}
