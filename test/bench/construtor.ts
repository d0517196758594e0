/**
 * The form builder with a 200-field model (issue 6), measured in headless Chromium (not asserted):
 * writes test/bench/resultados/construtor.json and prints it.
 *  - time from asking for the builder's address to its 200 editor rows and 200 preview fields drawn;
 *  - time from a key pressed in a field's "Rótulo" to the preview showing the new label.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { type CampoDefinicao, type Definicao } from '../../src/forms/definicao';
import { TIPOS_CAMPO } from '../../src/forms/vocabulario';
import { campoNovo } from '../../src/forms/edicao';
import { clienteApi, subirServidor } from '../apoio/servidor';
import { abrirChromium } from '../e2e/navegador';

const CAMPOS = 200;
const POR_SECAO = 20;

/** Ten sections of twenty fields, every type in turn, with rules and options where they apply. */
function definicaoGrande(): Definicao {
  const d: Definicao = { secoes: [] };
  for (let s = 0; s < CAMPOS / POR_SECAO; s++) d.secoes.push({ id: `secao-${s + 1}`, titulo: `Seção ${s + 1}`, campos: [] });
  for (let i = 0; i < CAMPOS; i++) {
    const base = campoNovo(d, TIPOS_CAMPO[i % TIPOS_CAMPO.length]);
    const c: CampoDefinicao = { ...base, id: `campo-${i + 1}`, rotulo: `Pergunta ${i + 1}`, obrigatorio: i % 3 === 0, ajuda: i % 4 === 0 ? 'Texto de ajuda.' : undefined };
    if (c.tipo === 'texto') c.regras = [{ tipo: 'minLength', min: 2 }, { tipo: 'maxLength', max: 100 }];
    if (c.tipo === 'inteiro') c.regras = [{ tipo: 'minValue', min: 0 }, { tipo: 'maxValue', max: 999 }];
    d.secoes[Math.floor(i / POR_SECAO)].campos.push(c);
  }
  return d;
}

const s = await subirServidor();
const api = await clienteApi(s.url, 'admin');
const grupo = ((await api('GET', '/modelos/saude-ouvidoria')) as { json: { grupoControleConteudo: { id: number } } }).json.grupoControleConteudo.id;
const codigo = 'bench-200-campos';
for (const r of [
  await api('POST', '/modelos', { codigoServico: codigo, nome: 'Formulário de 200 campos', grupoControleConteudoId: grupo }),
  await api('PUT', `/modelos/${codigo}`, { nome: 'Formulário de 200 campos', grupoControleConteudoId: grupo, definicao: definicaoGrande(), versao: 1 }),
]) {
  if (r.status >= 400) throw new Error(`preparo do modelo recusado: ${r.status} ${JSON.stringify(r.json)}`);
}

const navegador = await abrirChromium();
const p = await navegador.newPage({ viewport: { width: 1440, height: 1000 } });
await p.goto(`${s.url}/`);
await p.locator('#username').waitFor();
await p.fill('#username', 'designer');
await p.fill('#password', 'designer');
await p.click('#kc-login');
await p.locator('console-formularios [data-testid=menu]').waitFor({ timeout: 30_000 });

const RODADAS = Number(process.env.RODADAS ?? 7);
const abrir: number[] = [];
for (let i = 0; i < RODADAS; i++) {
  await p.evaluate(() => (document.querySelector('console-formularios') as unknown as { navigate(x: string): void }).navigate('/pagina-inicial'));
  await p.waitForTimeout(300);
  // From the navigation asked for to both columns drawn (checked every frame). A string, not a
  // function: tsx would wrap named functions in a helper the page does not have.
  abrir.push(
    await p.evaluate(`new Promise((ok) => {
      const el = document.querySelector('console-formularios');
      const t0 = performance.now();
      el.navigate('/modelos/${codigo}');
      const olhar = () => {
        const r = el.shadowRoot;
        if (r.querySelectorAll('.cf-linha-campo').length === ${CAMPOS} && r.querySelectorAll('.cf-previa [data-campo]').length === ${CAMPOS}) ok(performance.now() - t0);
        else requestAnimationFrame(olhar);
      };
      requestAnimationFrame(olhar);
    })`),
  );
}

// One keystroke: from keydown in the 100th field's label to the preview showing it (a mutation observer).
await p.locator('console-formularios [data-campo-id="campo-100"] .cf-rotulo-campo').click();
const rotulo = p.locator('console-formularios [data-campo-id="campo-100"] .cf-propriedades input').first();
await rotulo.click();
await rotulo.press('End');
await p.evaluate(`(() => {
  const r = document.querySelector('console-formularios').shadowRoot;
  window.__teclas = [];
  r.addEventListener('keydown', () => (window.__t = performance.now()), true);
  new MutationObserver(() => {
    if (window.__t !== undefined) window.__teclas.push(performance.now() - window.__t), (window.__t = undefined);
  }).observe(r.querySelector('.cf-previa [data-campo="campo-100"]'), { subtree: true, childList: true, characterData: true });
})()`);
const TECLAS = 40;
for (let i = 0; i < TECLAS; i++) await rotulo.press(String.fromCharCode(97 + (i % 26)), { delay: 0 }).then(() => p.waitForTimeout(40));
const teclas = (await p.evaluate('window.__teclas')) as number[];
const previaFinal = await p.locator('console-formularios .cf-previa [data-campo="campo-100"] label').innerText();
await navegador.close();
await s.fechar();

const estatisticas = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  const q = (x: number) => o[Math.min(o.length - 1, Math.floor(x * o.length))];
  return { amostras: o.length, mediana: +q(0.5).toFixed(1), p95: +q(0.95).toFixed(1), maximo: +o[o.length - 1].toFixed(1) };
};
if (teclas.length !== TECLAS || !previaFinal.startsWith('Pergunta 100')) throw new Error(`a prévia não acompanhou as teclas (${teclas.length} de ${TECLAS}; "${previaFinal}")`);
const resultado = {
  medidoEm: new Date().toISOString(),
  maquina: `${cpus().length} núcleos`,
  campos: CAMPOS,
  secoes: CAMPOS / POR_SECAO,
  abrirConstrutorMs: { ...estatisticas(abrir), primeira: +abrir[0].toFixed(0) },
  teclaAtePreviaMs: estatisticas(teclas),
  nota: 'abrirConstrutorMs: do pedido de navegação até as 200 linhas do editor e os 200 campos da prévia desenhados (a primeira rodada inclui baixar o chunk do construtor). teclaAtePreviaMs: do keydown no rótulo do campo 100 até a prévia mostrar o texto novo.',
};
const saida = 'test/bench/resultados/construtor.json';
mkdirSync(dirname(saida), { recursive: true });
writeFileSync(saida, JSON.stringify(resultado, null, 2) + '\n');
console.log(JSON.stringify(resultado, null, 2));
