import { expect } from '@open-wc/testing';
import { DEMO, apiComo, botao, campo, celulas, desmontarTodos, digitar, escolher, esperarShell, esperarTitulo, filtrar, linhasTabela, montar, porRotulo, textoConteudo, titulo, toasts, totalTabela, violacoesGraves, waitUntil } from './apoio';

/** /retentativas-integracao (actions by permission), the home page's numbers, and /iframe. */
afterEach(desmontarTodos);

const dialogo = (el: HTMLElement) => el.shadowRoot!.querySelector('.bp6-dialog') as HTMLElement | null;
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describe('retentativas de integração', () => {
  it('suporte: lista do escopo com filtros, sem ações de execução', async () => {
    const el = await montar('suporte', { 'initial-path': '/retentativas-integracao' });
    await esperarShell(el);
    await esperarTitulo(el, 'Retentativas de Integração');
    await waitUntil(() => linhasTabela(el).length > 0, 'linhas');
    await waitUntil(async () => totalTabela(el) === (await apiComo('suporte', '/retentativas-integracao')).total, 'total');
    expect(celulas(el).every((c) => / (saude|tributos)-[a-z0-9-]+$/.test(c[1]) && !/^(saude|tributos)-/.test(c[1]))).to.equal(true, 'model name first, code after');
    expect(el.shadowRoot!.querySelector('[aria-label^="Tentar agora"]')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[aria-label^="Descartar"]')).to.equal(null);
    expect(botao(el, 'Tentar novamente as do filtro')).to.equal(undefined);
    expect(await violacoesGraves(el)).to.deep.equal([]);
    escolher(campo(el, 'Status'), 'ESGOTADA');
    filtrar(el);
    await waitUntil(() => celulas(el).length > 0 && celulas(el).every((c) => c[2] === 'Tentativas esgotadas' && c[3] === '7'), 'esgotadas');
  });

  it('admin: tentar agora, descartar com motivo (obrigatório) e tentar em lote o filtro após confirmar a quantidade', async () => {
    const el = await montar('admin', { 'initial-path': '/retentativas-integracao' });
    await esperarShell(el);
    await waitUntil(() => campo<HTMLSelectElement>(el, 'Modelo').options.length > 1, 'modelos no filtro');
    escolher(campo(el, 'Status'), 'ESGOTADA');
    escolher(campo(el, 'Modelo'), 'tributos-ipva-isencao');
    filtrar(el);
    await waitUntil(() => celulas(el).length > 1 && celulas(el).every((c) => c[2] === 'Tentativas esgotadas'), 'esgotadas da isenção de IPVA');
    expect(await violacoesGraves(el)).to.deep.equal([]);
    const [primeiro, segundo] = linhasTabela(el);

    porRotulo(el, `Tentar agora a integração de ${primeiro}`).click();
    await waitUntil(() => toasts(el).some((t) => t === `Retentativa pedidaA integração do formulário ${primeiro} será tentada agora.`), 'toast de execução');
    await waitUntil(() => !linhasTabela(el).includes(primeiro), 'saiu das esgotadas');
    const eventos = await apiComo('admin', `/formularios-eventos?protocolo=${primeiro}&tipo=RETENTATIVA_MANUAL`);
    expect(eventos.json[0].autor).to.equal('admin');

    porRotulo(el, `Descartar a integração de ${segundo}`).click();
    await waitUntil(() => dialogo(el)?.querySelector('textarea[name=motivo]'), 'diálogo');
    (dialogo(el)!.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await waitUntil(() => dialogo(el)!.textContent!.includes('Este campo é obrigatório.'), 'motivo obrigatório');
    expect(await violacoesGraves(el)).to.deep.equal([]);
    digitar(dialogo(el)!.querySelector('textarea[name=motivo]') as HTMLTextAreaElement, 'ok');
    await waitUntil(() => dialogo(el)!.textContent!.includes('Este campo deve ter pelo menos 3 caracteres.'), 'mínimo');
    digitar(dialogo(el)!.querySelector('textarea[name=motivo]') as HTMLTextAreaElement, 'Destino desativado');
    (dialogo(el)!.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await waitUntil(() => !dialogo(el), 'diálogo fechado');
    await waitUntil(() => toasts(el).some((t) => t.startsWith('Retentativa descartada')), 'toast de descarte');
    const descarte = await apiComo('admin', `/formularios-eventos?protocolo=${segundo}&tipo=DESCARTADO`);
    expect(descarte.json[0].detalhes.motivo).to.equal('Destino desativado');

    const restantes = (await apiComo('admin', '/retentativas-integracao?status=ESGOTADA&modelo=tributos-ipva-isencao')).total;
    expect(restantes).to.be.greaterThan(0);
    botao(el, 'Tentar novamente as do filtro')!.click();
    await waitUntil(() => el.shadowRoot!.querySelector('.bp6-alert'), 'confirmação');
    const alerta = el.shadowRoot!.querySelector('.bp6-alert') as HTMLElement;
    expect(alerta.textContent).to.contain(restantes === 1 ? '1 integração pendente ou esgotada que corresponde ao filtro atual será tentada novamente agora.' : `${restantes.toLocaleString('pt-BR')} integrações pendentes ou esgotadas que correspondem ao filtro atual serão tentadas novamente agora.`);
    botao(el, 'Cancelar')!.click();
    await waitUntil(() => !el.shadowRoot!.querySelector('.bp6-alert'), 'cancelado');
    expect((await apiComo('admin', '/retentativas-integracao?status=ESGOTADA&modelo=tributos-ipva-isencao')).total).to.equal(restantes, 'cancel changes nothing');
    botao(el, 'Tentar novamente as do filtro')!.click();
    await waitUntil(() => botao(el, `Tentar ${restantes} agora`), 'confirmação de novo');
    botao(el, `Tentar ${restantes} agora`)!.click();
    await waitUntil(() => textoConteudo(el).includes('Nenhum registro encontrado.'), 'nenhuma esgotada no filtro');
    expect((await apiComo('admin', '/retentativas-integracao?status=ESGOTADA&modelo=tributos-ipva-isencao')).total).to.equal(0);
  });
});

describe('página inicial', () => {
  it('números do dia de quem pode lê-los, levando à lista filtrada', async () => {
    const dia = hoje();
    const el = await montar('gestor');
    await esperarShell(el);
    await esperarTitulo(el, 'Olá, Gabriela!');
    await waitUntil(() => el.shadowRoot!.querySelectorAll('[data-testid=numeros-do-dia] strong').length === 2, 'dois números');
    const recebidos = await apiComo('gestor', `/formularios?de=${dia}&ate=${dia}`);
    await waitUntil(() => el.shadowRoot!.querySelector('[data-testid=numeros-do-dia] strong')!.textContent === recebidos.total.toLocaleString('pt-BR'), 'recebidos hoje');
    expect([...el.shadowRoot!.querySelectorAll('[data-testid=numeros-do-dia] span')].map((s) => s.textContent)).to.deep.equal(['Formulários recebidos hoje', 'Falhas de integração hoje']);
    expect(await violacoesGraves(el)).to.deep.equal([]);
    (el.shadowRoot!.querySelectorAll('[data-testid=numeros-do-dia] a')[1] as HTMLAnchorElement).click();
    await esperarTitulo(el, 'Formulários Preenchidos');
    expect(campo<HTMLSelectElement>(el, 'Status').value).to.equal('FALHA_INTEGRACAO');
    // A date field shows the date it holds with the year in full (dd/mm/aaaa), so a two-digit reading never surprises.
    expect(campo<HTMLInputElement>(el, 'De').value).to.equal(`${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`);
    const falhas = await apiComo('gestor', `/formularios?de=${dia}&ate=${dia}&status=FALHA_INTEGRACAO`);
    await waitUntil(() => totalTabela(el) === falhas.total, 'lista filtrada');
    desmontarTodos();

    const suporte = await montar('suporte');
    await esperarShell(suporte);
    await waitUntil(() => suporte.shadowRoot!.querySelectorAll('[data-testid=numeros-do-dia] span').length === 2, 'números do suporte');
    expect([...suporte.shadowRoot!.querySelectorAll('[data-testid=numeros-do-dia] span')].map((s) => s.textContent)).to.deep.equal(['Retentativas abertas hoje', 'Retentativas esgotadas']);
    desmontarTodos();

    const designer = await montar('designer');
    await esperarShell(designer);
    await esperarTitulo(designer, 'Olá, Diego!');
    expect(designer.shadowRoot!.querySelector('[data-testid=numeros-do-dia]')).to.equal(null, 'no numbers without the permission to read them');
    desmontarTodos();

    // operador holds READ_RETENTATIVA_INTEGRACAO but no complete administrator pair: the retries page is
    // hidden from them, so no number leads there (it used to, to "Acesso negado").
    const operador = await montar('operador');
    await esperarShell(operador);
    await esperarTitulo(operador, 'Olá, Otávio!');
    expect(operador.shadowRoot!.querySelector('[data-testid=numeros-do-dia]')).to.equal(null, 'nothing the operador cannot open');
  });
});

describe('/iframe', () => {
  const pagina = () => `${new URL(DEMO.url).origin}/incorporado.html`;
  it('mostra um endereço de origem permitida, isolado, com o título pedido', async () => {
    const el = await montar('gestor', { 'iframe-allowlist': new URL(pagina()).origin, 'initial-path': `/iframe?url=${encodeURIComponent(pagina())}&titulo=${encodeURIComponent('Comunicados')}` });
    await esperarShell(el);
    await esperarTitulo(el, 'Comunicados');
    const quadro = el.shadowRoot!.querySelector('iframe.cf-iframe') as HTMLIFrameElement;
    expect(quadro.src).to.equal(pagina());
    expect(quadro.title).to.equal('Comunicados');
    expect(quadro.getAttribute('sandbox')!.split(' ').sort()).to.deep.equal(['allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin', 'allow-scripts']);
    await new Promise((ok) => (quadro.addEventListener('load', ok), setTimeout(ok, 3000)));
    expect(await violacoesGraves(el.shadowRoot!.querySelector('.cf-conteudo')!)).to.deep.equal([]);
  });

  it('recusa um endereço fora da lista e não carrega nada', async () => {
    const el = await montar('gestor', { 'iframe-allowlist': new URL(pagina()).origin, 'initial-path': `/iframe?url=${encodeURIComponent('https://exemplo.invalid/x')}` });
    await esperarShell(el);
    await esperarTitulo(el, 'Página incorporada');
    await waitUntil(() => el.shadowRoot!.querySelector('[data-testid=iframe-recusado]'), 'recusa');
    expect(el.shadowRoot!.querySelector('[data-testid=iframe-recusado]')!.textContent).to.contain('O endereço https://exemplo.invalid não está entre as origens autorizadas para exibição no console. Nada foi carregado.');
    expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
    expect(titulo(el)).to.equal('Página incorporada');
  });
});
