import { expect } from '@open-wc/testing';
import { apiComo, botao, campo, capturarDownload, celulas, desmontarTodos, digitar, escolher, esperarShell, esperarTitulo, filtrar, linhasTabela, montar, porRotulo, textoConteudo, totalTabela, violacoesGraves, waitUntil } from './apoio';

/** /analitico-formularios and /formularios-eventos: states, filters, sort, charts with their numbers, links. */
afterEach(desmontarTodos);

const totalAnalitico = (el: HTMLElement) => Number(el.shadowRoot!.querySelector('[data-testid=total-analitico] strong')?.textContent!.replace(/\D/g, '') ?? NaN);

describe('analítico de formulários', () => {
  it('totais por modelo iguais ao total da lista para o mesmo filtro; tabela ordena; gráficos com os números', async () => {
    const el = await montar('gestor', { 'initial-path': '/analitico-formularios' });
    await esperarShell(el);
    await esperarTitulo(el, 'Analítico de Formulários');
    await waitUntil(() => totalAnalitico(el) > 0, 'total');
    expect(totalAnalitico(el)).to.equal((await apiComo('gestor', '/formularios')).total);
    expect(await violacoesGraves(el)).to.deep.equal([]);

    await waitUntil(() => campo<HTMLSelectElement>(el, 'Modelo').options.length > 1, 'modelos no filtro');
    digitar(campo(el, 'De'), '01/09/26');
    digitar(campo(el, 'Até'), '30/09/26');
    escolher(campo(el, 'Modelo'), 'saude-cartao-sus');
    filtrar(el);
    const lista = await apiComo('gestor', '/formularios?modelo=saude-cartao-sus&de=2026-09-01&ate=2026-09-30');
    await waitUntil(() => totalAnalitico(el) === lista.total, `total do período ${lista.total}`);
    const linhas = celulas(el, '.cf-tabela-analitico');
    expect(linhas.length).to.equal(1);
    expect(linhas[0][0]).to.equal('Segunda via do Cartão SUS (saude-cartao-sus)');
    expect(Number(linhas[0][1].replace(/\D/g, ''))).to.equal(lista.total);
    const falhas = await apiComo('gestor', '/formularios?modelo=saude-cartao-sus&de=2026-09-01&ate=2026-09-30&status=FALHA_INTEGRACAO');
    expect(Number(linhas[0][4].replace(/\D/g, ''))).to.equal(falhas.total);
    expect(linhas[0][6]).to.equal(`${((falhas.total / lista.total) * 100).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`);

    // The daily series: one bar per day with forms, and its numbers as a table (read by screen readers).
    const barras = el.shadowRoot!.querySelectorAll('[data-testid=serie-diaria] rect');
    const dias = el.shadowRoot!.querySelectorAll('[data-testid=serie-diaria] ~ .cf-dados-grafico tbody tr');
    expect(barras.length).to.equal(dias.length);
    expect([...dias].reduce((n, tr) => n + Number(tr.querySelector('td')!.textContent!.replace(/\D/g, '')), 0)).to.equal(lista.total);
    expect(el.shadowRoot!.querySelector('[data-testid=distribuicao]')!.textContent).to.contain('Falha de integração');
    const tabelaDados = el.shadowRoot!.querySelector('[data-testid=serie-diaria] ~ .cf-dados-grafico table')!;
    expect(tabelaDados.classList.contains('cf-so-leitor')).to.equal(true);
    botao(el, 'Ver os números do gráfico')!.click();
    await waitUntil(() => !tabelaDados.classList.contains('cf-so-leitor'), 'tabela visível');
    expect(await violacoesGraves(el)).to.deep.equal([]);
  });

  it('ordena por coluna, exporta a tabela, e diz quando não há nada no período', async () => {
    const el = await montar('admin', { 'initial-path': '/analitico-formularios' });
    await esperarShell(el);
    await waitUntil(() => celulas(el, '.cf-tabela-analitico').length > 1, 'linhas');
    porRotulo(el, 'Ordenar por Descartado').click();
    await waitUntil(() => el.shadowRoot!.querySelector('.cf-tabela-analitico th[aria-sort=ascending]'), 'ordenado');
    const descartados = celulas(el, '.cf-tabela-analitico').map((l) => Number(l[5].replace(/\D/g, '')));
    expect(descartados).to.deep.equal([...descartados].sort((a, b) => a - b));
    const arquivo = capturarDownload();
    botao(el, 'Exportar tabela')!.click();
    const csv = (await (await arquivo).texto()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).to.equal('Modelo;Total;Recebido;Integrado;Falha de integração;Descartado;Taxa de falha de integração');
    expect(csv.length - 1).to.equal(celulas(el, '.cf-tabela-analitico').length);
    expect(csv[1].split(';')[5]).to.equal(String(descartados[0]));

    digitar(campo(el, 'De'), '01/01/2099');
    digitar(campo(el, 'Até'), '31/01/2099');
    filtrar(el);
    await waitUntil(() => textoConteudo(el).includes('Nenhum formulário no período.'), 'vazio');
    expect((botao(el, 'Exportar tabela') as HTMLButtonElement).disabled).to.equal(true);
  });
});

describe('eventos', () => {
  it('auditor: só eventos da Saúde, rótulos em pt-BR, filtro por tipo e protocolo, sem link para o formulário', async () => {
    const el = await montar('auditor', { 'initial-path': '/formularios-eventos' });
    await esperarShell(el);
    await esperarTitulo(el, 'Eventos');
    await waitUntil(() => linhasTabela(el).length > 0, 'linhas');
    const api = await apiComo('auditor', '/formularios-eventos');
    await waitUntil(() => totalTabela(el) === api.total, 'total');
    // The model by its name, the code as secondary detail (it used to show the code alone).
    expect(celulas(el).every((c) => / saude-[a-z0-9-]+$/.test(c[3]) && !c[3].startsWith('saude-'))).to.equal(true, JSON.stringify(celulas(el).map((c) => c[3])));
    expect(el.shadowRoot!.querySelector('.cf-tabela-dados tbody a')).to.equal(null, 'no READ_FORMULARIO: no link');
    expect(await violacoesGraves(el)).to.deep.equal([]);
    escolher(campo(el, 'Tipo de evento'), 'DESCARTADO');
    filtrar(el);
    await waitUntil(() => celulas(el).length > 0 && celulas(el).every((c) => c[1] === 'Descartado'), 'só descartes');
    expect(celulas(el)[0][5]).to.equal('motivo: Pedido duplicado');
    const protocolo = celulas(el)[0][2];
    botao(el, 'Limpar filtros')!.click();
    digitar(campo(el, 'Protocolo'), protocolo);
    filtrar(el);
    await waitUntil(() => celulas(el).length > 0 && celulas(el).every((c) => c[2] === protocolo), 'eventos do protocolo');
    expect(celulas(el).map((c) => c[1])).to.include.members(['Formulário recebido', 'Descartado']);
  });

  it('gestor: o protocolo leva ao formulário na gaveta', async () => {
    const el = await montar('gestor', { 'initial-path': '/formularios-eventos' });
    await esperarShell(el);
    await waitUntil(() => el.shadowRoot!.querySelector('.cf-tabela-dados tbody a'), 'link');
    const link = el.shadowRoot!.querySelector('.cf-tabela-dados tbody a') as HTMLAnchorElement;
    const protocolo = link.textContent;
    link.click();
    await esperarTitulo(el, 'Formulários Preenchidos');
    await waitUntil(() => el.shadowRoot!.querySelector('.bp6-drawer [data-testid=protocolo]')?.textContent === protocolo, 'gaveta do formulário');
  });
});
