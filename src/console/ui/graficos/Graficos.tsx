import { Button } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { formatarData } from '../../../i18n/datas';
import { useAmbiente, useT } from '../../app/contexto';
import { formatarNumero, formatarPercentual } from '../../../i18n/numeros';

/** Numbers in the console's language. */
function useNumeros() {
  const { config } = useAmbiente();
  return { nf: (n: number) => formatarNumero(n, config.language), pct: (parte: number, total: number) => formatarPercentual(total ? parte / total : 0, config.language) };
}

/**
 * Charts drawn as SVG inside the shadow root (no chart library, nothing fetched). Each is readable
 * without colour: bars carry their numbers and labels as text, and every chart has a data table
 * (always read by screen readers; shown on screen with "Ver os números do gráfico").
 */

export interface PontoSerie {
  dia: string;
  total: number;
}

/** Ticks for an axis from 0 to `maximo`: 0 and up to four round steps. Pure. */
export function marcasEixo(maximo: number): number[] {
  if (maximo <= 0) return [0];
  const bruto = maximo / 4;
  const potencia = 10 ** Math.floor(Math.log10(bruto));
  const passo = [1, 2, 5, 10].map((m) => m * potencia).find((p) => p >= bruto)!;
  const marcas: number[] = [];
  for (let v = 0; !marcas.length || marcas[marcas.length - 1] < maximo; v += passo) marcas.push(Math.round(v));
  return marcas;
}


export function SerieDiaria({ titulo, pontos }: { titulo: string; pontos: PontoSerie[] }) {
  const t = useT();
  const { nf } = useNumeros();
  const id = useId();
  const L = 720;
  const A = 220;
  const m = { e: 48, d: 8, t: 12, b: 28 };
  const maximo = Math.max(1, ...pontos.map((p) => p.total));
  const marcas = marcasEixo(maximo);
  const topo = marcas[marcas.length - 1] || 1;
  const largura = (L - m.e - m.d) / Math.max(1, pontos.length);
  const y = (v: number) => m.t + (A - m.t - m.b) * (1 - v / topo);
  const rotulos = Math.ceil(pontos.length / 8);
  return (
    <figure className="cf-grafico" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`}>{titulo}</figcaption>
      <svg viewBox={`0 0 ${L} ${A}`} role="img" aria-labelledby={`${id}-t`} className="cf-grafico-svg" data-testid="serie-diaria">
        {marcas.map((v) => (
          <g key={v}>
            <line x1={m.e} x2={L - m.d} y1={y(v)} y2={y(v)} className="cf-grade" />
            <text x={m.e - 6} y={y(v) + 4} textAnchor="end" className="cf-eixo">
              {nf(v)}
            </text>
          </g>
        ))}
        {pontos.map((p, i) => (
          <g key={p.dia}>
            <rect x={m.e + i * largura + largura * 0.1} width={Math.max(1, largura * 0.8)} y={y(p.total)} height={A - m.b - y(p.total)} className="cf-barra">
              <title>{t('grafico.formularios-dia', { data: formatarData(p.dia), n: p.total })}</title>
            </rect>
            {i % rotulos === 0 && (
              <text x={m.e + i * largura + largura / 2} y={A - 8} textAnchor="middle" className="cf-eixo">
                {formatarData(p.dia).slice(0, 5)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <TabelaDados
        cabecalhos={[t('grafico.dia'), t('grafico.formularios')]}
        linhas={pontos.map((p) => [formatarData(p.dia), nf(p.total)])}
      />
    </figure>
  );
}

export interface Fatia {
  rotulo: string;
  valor: number;
  classe: string;
}

/** Horizontal bars, one per category, each with its label, count and share written beside it. */
export function Distribuicao({ titulo, fatias }: { titulo: string; fatias: Fatia[] }) {
  const t = useT();
  const numeros = useNumeros();
  const nf = numeros.nf;
  const id = useId();
  const total = fatias.reduce((n, f) => n + f.valor, 0);
  const maximo = Math.max(1, ...fatias.map((f) => f.valor));
  const L = 720;
  const linha = 34;
  const A = fatias.length * linha + 8;
  const pct = (v: number) => numeros.pct(v, total);
  return (
    <figure className="cf-grafico" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`}>{titulo}</figcaption>
      <svg viewBox={`0 0 ${L} ${A}`} role="img" aria-labelledby={`${id}-t`} className="cf-grafico-svg" data-testid="distribuicao">
        {fatias.map((f, i) => {
          const w = ((L - 380) * f.valor) / maximo;
          return (
            <g key={f.rotulo} transform={`translate(0, ${i * linha + 4})`}>
              <text x={180} y={19} textAnchor="end" className="cf-eixo">
                {f.rotulo}
              </text>
              <rect x={190} y={4} width={Math.max(1, w)} height={22} className={`cf-barra ${f.classe}`} />
              <text x={196 + w} y={19} className="cf-valor">
                {`${nf(f.valor)} (${pct(f.valor)})`}
              </text>
            </g>
          );
        })}
      </svg>
      <TabelaDados cabecalhos={[t('grafico.status'), t('grafico.formularios'), t('grafico.percentual')]} linhas={fatias.map((f) => [f.rotulo, nf(f.valor), pct(f.valor)])} />
    </figure>
  );
}

/** The chart's numbers as a table: always read by screen readers, shown on screen on request. */
function TabelaDados({ cabecalhos, linhas }: { cabecalhos: string[]; linhas: string[][] }) {
  const t = useT();
  const [visivel, setVisivel] = useState(false);
  const id = useId();
  return (
    <div className="cf-dados-grafico">
      <Button variant="minimal" size="small" icon="th" aria-expanded={visivel} aria-controls={id} text={visivel ? t('grafico.ocultar-numeros') : t('grafico.ver-numeros')} onClick={() => setVisivel((v) => !v)} />
      <table id={id} className={`bp6-html-table bp6-compact${visivel ? '' : ' cf-so-leitor'}`}>
        <thead>
          <tr>
            {cabecalhos.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {linhas.map((l, i) => (
            <tr key={i}>
              {l.map((c, j) => (j === 0 ? <th key={j} scope="row">{c}</th> : <td key={j}>{c}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
