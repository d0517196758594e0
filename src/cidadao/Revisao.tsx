import type { CampoDefinicao, Definicao } from '../forms/definicao';
import { chaveNoItem, itensDe } from '../forms/condicoes';
import { revisao } from '../forms/paginas';
import type { Respostas } from '../forms/preenchimento';
import { linhasCalculadas, nomeDoItem, textoResposta } from '../forms/respostas';
import type { TradutorCidadao } from '../i18n/cidadao';

type Nivel = 1 | 2 | 3 | 4 | 5 | 6;
const Titulo = ({ nivel, children, ...resto }: { nivel: Nivel; children: React.ReactNode } & React.HTMLAttributes<HTMLHeadingElement>) => {
  const H = `h${Math.min(nivel, 6)}` as 'h2';
  return <H {...resto}>{children}</H>;
};
export { Titulo, type Nivel };

/**
 * "Verifique suas respostas" (GOV.UK's check-answers pattern): every answer that applies, by section, each
 * with "Alterar" (its question's name read out after it). Dates with the year in full, choices by label.
 */
export function Revisao({ definicao, respostas, calculados = {}, aoAlterar, t, nivel, somenteLeitura }: { definicao: Definicao; respostas: Respostas; calculados?: Record<string, unknown>; aoAlterar: (chave: string) => void; t: TradutorCidadao; nivel: Nivel; somenteLeitura?: boolean }) {
  // A section's calculated values (issue 43): read-only lines after its answers, nothing to change.
  const calculadas = (secaoId: string) =>
    linhasCalculadas(definicao, secaoId, calculados, t).map((l) => (
      <div key={l.id} className="fc-revisao-linha" data-revisao={l.id}>
        <dt>{l.rotulo}</dt>
        <dd>{l.valor}</dd>
        <dd />
      </div>
    ));
  const linha = (c: CampoDefinicao, chave: string, valor: unknown, rotulo = c.rotulo) => (
    <div key={chave} className="fc-revisao-linha" data-revisao={chave}>
      <dt>{c.rotulo}</dt>
      <dd>{textoResposta(c, valor, t)}</dd>
      <dd>
        {!somenteLeitura && (
          <button type="button" className="fc-link" onClick={() => aoAlterar(chave)}>
            {t('preenchimento.alterar')}
            <span className="fc-so-leitor"> {rotulo}</span>
          </button>
        )}
      </dd>
    </div>
  );
  return (
    <>
      {!somenteLeitura && <p className="fc-dica">{t('preenchimento.revisao-ajuda')}</p>}
      {revisao(definicao, respostas).map(({ pagina, secoes }) => (
        <div key={pagina.id} className="fc-revisao-pagina">
          {secoes.map(({ secao, campos, itens }) => {
            if (!itens) {
              return (
                <section key={secao.id} className="fc-revisao-secao">
                  <Titulo nivel={nivel}>{secao.titulo}</Titulo>
                  <dl className="fc-revisao-lista">
                    {campos.map((c) => linha(c, c.id, respostas[c.id]))}
                    {calculadas(secao.id)}
                  </dl>
                </section>
              );
            }
            const valores = itensDe(respostas, secao.id);
            return (
              <section key={secao.id} className="fc-revisao-secao">
                <Titulo nivel={nivel}>{secao.titulo}</Titulo>
                {!itens.length && (
                  <dl className="fc-revisao-lista">
                    <div className="fc-revisao-linha" data-revisao={secao.id}>
                      <dt>{secao.titulo}</dt>
                      <dd>{t('respostas.sem-itens')}</dd>
                      <dd>
                        {!somenteLeitura && (
                          <button type="button" className="fc-link" onClick={() => aoAlterar(secao.id)}>
                            {t('preenchimento.alterar')}
                            <span className="fc-so-leitor"> {secao.titulo}</span>
                          </button>
                        )}
                      </dd>
                    </div>
                  </dl>
                )}
                {itens.map((cs, i) => (
                  <div key={i} className="fc-revisao-item">
                    <Titulo nivel={(nivel + 1) as Nivel}>{nomeDoItem(secao, i, t)}</Titulo>
                    <dl className="fc-revisao-lista">{cs.map((c) => linha(c, chaveNoItem(secao.id, i, c.id), valores[i]?.[c.id], `${nomeDoItem(secao, i, t)}: ${c.rotulo}`))}</dl>
                  </div>
                ))}
              </section>
            );
          })}
        </div>
      ))}
    </>
  );
}
