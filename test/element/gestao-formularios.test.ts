import { expect, oneEvent } from '@open-wc/testing';
import { apiAdmin, apiComo, botao, DEMO, campo, capturarDownload, celulas, desmontarTodos, digitar, escolher, esperarShell, esperarTitulo, filtrar, linhasTabela, montar, porRotulo, textoConteudo, titulo, toasts, totalTabela, violacoesGraves, waitUntil } from './apoio';

/** /formularios: list states, filters, paging, sort, the drawer (linkable), errors mapped to pages, CSV. */
afterEach(desmontarTodos);

const gaveta = (el: HTMLElement) => el.shadowRoot!.querySelector('.bp6-drawer') as HTMLElement | null;
const STATUS_COL = 2;

async function abrir(usuario = 'gestor', caminho = '/formularios') {
  const el = await montar(usuario, { 'initial-path': caminho });
  await esperarShell(el);
  await esperarTitulo(el, 'Formulários Preenchidos');
  await waitUntil(() => linhasTabela(el).length > 0, 'linhas');
  return el;
}

describe('formulários preenchidos', () => {
  it('lista do escopo com total exato, CPF mascarado, paginação e ordenação; sem violações de acessibilidade', async () => {
    const el = await abrir();
    const api = await apiComo('gestor', '/formularios?size=20');
    await waitUntil(() => totalTabela(el) === api.total, `total ${api.total}`);
    expect(linhasTabela(el)).to.deep.equal(api.json.map((f: { protocolo: string }) => f.protocolo));
    expect(celulas(el).every((c) => /^\*\*\*\.\d{3}\.\d{3}-\*\*$/.test(c[4]))).to.equal(true, 'CPF masked');
    expect(celulas(el).every((c) => !c[1].includes('IPVA') && !c[1].includes('ITCMD'))).to.equal(true, 'no Tributos models for gestor');
    expect(await violacoesGraves(el)).to.deep.equal([]);
    const primeira = linhasTabela(el);
    porRotulo(el, 'Próxima página').click();
    await waitUntil(() => textoConteudo(el).includes('Página 2 de'), 'página 2');
    await waitUntil(() => linhasTabela(el)[0] !== primeira[0], 'outras linhas');
    expect(linhasTabela(el)[0]).to.equal((await apiComo('gestor', '/formularios?size=20&page=1')).json[0].protocolo);
    escolher(el.shadowRoot!.querySelector('.cf-por-pagina select') as HTMLSelectElement, '50');
    await waitUntil(() => linhasTabela(el).length === 50, '50 por página');
    porRotulo(el, 'Ordenar por Protocolo').click();
    const asc = (await apiComo('gestor', '/formularios?size=50&sort=protocolo,asc')).json.map((f: { protocolo: string }) => f.protocolo);
    await waitUntil(() => linhasTabela(el)[0] === asc[0], 'ordem por protocolo');
    expect(linhasTabela(el)).to.deep.equal(asc);
  });

  it('filtros por modelo, status, período e CPF; mensagens em pt-BR; vazio diz o que fazer', async () => {
    const el = await abrir();
    await waitUntil(() => (campo<HTMLSelectElement>(el, 'Modelo').options.length ?? 0) > 1, 'modelos no filtro');
    const modelos = [...campo<HTMLSelectElement>(el, 'Modelo').options].map((o) => o.value).filter(Boolean);
    expect(modelos.every((m) => m.startsWith('saude-') || m.startsWith('educacao-'))).to.equal(true, 'só os modelos do escopo');
    escolher(campo(el, 'Modelo'), 'saude-cartao-sus');
    escolher(campo(el, 'Status'), 'FALHA_INTEGRACAO');
    digitar(campo(el, 'De'), '01/01/26');
    // Leaving a date field shows what it understood, with the four-digit year (the one two-digit-year rule).
    campo(el, 'De').dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await waitUntil(() => campo<HTMLInputElement>(el, 'De').value === '01/01/2026', 'ano com quatro dígitos');
    digitar(campo(el, 'Até'), '31/12/2099');
    filtrar(el);
    const api = await apiComo('gestor', '/formularios?modelo=saude-cartao-sus&status=FALHA_INTEGRACAO&de=2026-01-01&ate=2099-12-31');
    await waitUntil(() => totalTabela(el) === api.total, `total filtrado ${api.total}`);
    expect(celulas(el).every((c) => c[STATUS_COL] === 'Falha de integração' && c[1].startsWith('Segunda via do Cartão SUS'))).to.equal(true);

    // Bad input: an inverted period and a wrong CPF are refused with their messages; the list stays as it was.
    digitar(campo(el, 'De'), '10/10/26');
    digitar(campo(el, 'Até'), '01/10/26');
    digitar(campo(el, 'CPF do requerente'), '123.456.789-00');
    filtrar(el);
    await waitUntil(() => textoConteudo(el).includes('O início do período não pode ser depois do fim.'), 'período');
    expect(textoConteudo(el)).to.contain('Este campo deve ser um CPF válido.');
    digitar(campo(el, 'Até'), '32/10/26');
    await waitUntil(() => textoConteudo(el).includes('Esta data não existe.'), 'data inexistente');
    expect(totalTabela(el)).to.equal(api.total);

    botao(el, 'Limpar filtros')!.click();
    await waitUntil(() => totalTabela(el) > api.total, 'sem filtros');
    expect(campo<HTMLInputElement>(el, 'De').value).to.equal('');
    // A protocol that is not one says what one looks like, as the date and CPF filters do.
    digitar(campo(el, 'Protocolo'), 'abc');
    filtrar(el);
    await waitUntil(() => textoConteudo(el).includes('Informe o protocolo como no comprovante: o ano, um ponto e nove dígitos (ex.: 2026.000000123).'), 'protocolo inválido');
    digitar(campo(el, 'Protocolo'), '1999.000000000');
    filtrar(el);
    await waitUntil(() => textoConteudo(el).includes('Nenhum registro encontrado.'), 'vazio');
    expect(textoConteudo(el)).to.contain('Nenhum formulário corresponde aos filtros. Altere ou limpe os filtros.');
    expect(totalTabela(el)).to.equal(0);
    expect((botao(el, 'Exportar CSV') as HTMLButtonElement).disabled).to.equal(true, 'nothing to export');
  });

  it('abre um formulário na gaveta (endereçável), com respostas, eventos e integração; volta com os filtros', async () => {
    const el = await abrir();
    escolher(campo(el, 'Status'), 'DESCARTADO');
    filtrar(el);
    await waitUntil(() => celulas(el).length > 0 && celulas(el).every((c) => c[STATUS_COL] === 'Descartado'), 'descartados');
    const protocolo = linhasTabela(el)[0];
    const navegou = oneEvent(el, 'navigated');
    (el.shadowRoot!.querySelector('.cf-tabela-dados tbody tr') as HTMLElement).click();
    expect(((await navegou) as CustomEvent<{ path: string }>).detail.path).to.match(/^\/formularios\?id=\d+$/);
    await waitUntil(() => gaveta(el)?.querySelector('[data-testid=protocolo]'), 'gaveta');
    const g = gaveta(el)!;
    expect(g.querySelector('[data-testid=protocolo]')!.textContent).to.equal(protocolo);
    expect(g.textContent).to.contain('Dados do requerente');
    expect(g.textContent).to.match(/CPF\*\*\*\.\d{3}\.\d{3}-\*\*/, 'CPF masked in the drawer too');
    expect(g.textContent).to.contain('aparecem mascarados');
    expect(botao(el, 'Mostrar dados pessoais'), 'gestor lacks READ_FORMULARIO_DADOS_PESSOAIS').to.equal(undefined);
    // Earlier tests may have opened it too: their views are events of their own.
    const eventos = [...g.querySelectorAll('[data-testid=eventos] li .bp6-tag')].map((t) => t.textContent).filter((t) => t !== 'Visualizado no console');
    expect(eventos).to.deep.equal(['Formulário recebido', 'Falha na integração', 'Nova tentativa agendada', 'Descartado']);
    const vistas = await apiComo('admin', `/formularios-eventos?protocolo=${protocolo}&tipo=VISUALIZADO`);
    expect(vistas.json.map((e: { autor: string }) => e.autor)).to.include('gestor', 'opening it is recorded');
    expect(g.querySelector('[data-testid=integracao]')!.textContent).to.contain('Descartada');
    expect(await violacoesGraves(el)).to.deep.equal([]);
    (g.querySelector('.bp6-drawer-header button') as HTMLButtonElement).click();
    await waitUntil(() => !gaveta(el), 'gaveta fechada');
    expect(campo<HTMLSelectElement>(el, 'Status').value).to.equal('DESCARTADO');
    await waitUntil(() => linhasTabela(el)[0] === protocolo, 'lista mantida');
  });

  it('quem tem a permissão mostra os dados pessoais de um formulário; cada vez vira evento', async () => {
    const [f] = (await apiComo('admin', '/formularios?modelo=saude-cartao-sus&size=1')).json;
    const el = await montar('admin', { 'initial-path': `/formularios?id=${f.id}` });
    await esperarShell(el);
    await waitUntil(() => botao(el, 'Mostrar dados pessoais'), 'botão mostrar');
    expect(gaveta(el)!.textContent).to.match(/CPF\*\*\*\.\d{3}\.\d{3}-\*\*/);
    botao(el, 'Mostrar dados pessoais')!.click();
    await waitUntil(() => /CPF\d{3}\.\d{3}\.\d{3}-\d{2}/.test(gaveta(el)!.textContent!), 'CPF inteiro');
    expect(gaveta(el)!.textContent).to.contain('Este acesso foi registrado');
    const vistos = await apiComo('admin', `/formularios-eventos?protocolo=${f.protocolo}&tipo=DADOS_PESSOAIS_VISTOS`);
    expect(vistos.json.length).to.be.greaterThan(0);
    expect(await violacoesGraves(el)).to.deep.equal([]);
  });

  it('"Verificar comprovante": o protocolo e o código do comprovante do cidadão conferem; o formulário abre; um código errado não', async () => {
    const grupo = (await apiAdmin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
    const codigo = `teste-comprovante-${Date.now().toString(36)}`;
    await apiAdmin('POST', '/modelos', { codigoServico: codigo, nome: 'Comprovante de teste', grupoControleConteudoId: grupo });
    const m = (await apiAdmin('GET', `/modelos/${codigo}`)).json;
    await apiAdmin('PUT', `/modelos/${codigo}`, { nome: m.nome, grupoControleConteudoId: grupo, versao: m.versao, definicao: { secoes: [{ id: 's', titulo: 'Pedido', campos: [{ id: 'assunto', tipo: 'texto', rotulo: 'Assunto', obrigatorio: true, regras: [] }] }] } });
    await apiAdmin('POST', `/modelos/${codigo}/versoes`);
    const recibo = await (await fetch(`${DEMO.url}/api/publico/modelos/${codigo}/formularios`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ respostas: { assunto: 'Segunda via' } }) })).json();
    try {
      const el = await abrir();
      botao(el, 'Verificar comprovante')!.click();
      await waitUntil(() => el.shadowRoot!.querySelector('.bp6-dialog input[name=protocolo]'), 'diálogo');
      const dialogo = '.bp6-dialog';
      digitar(campo(el, 'Protocolo', dialogo), recibo.protocolo);
      digitar(campo(el, 'Código de verificação', dialogo), 'AAAA-AAAA-AAAA');
      botao(el, 'Conferir')!.click();
      await waitUntil(() => el.shadowRoot!.querySelector('[data-testid=resultado-verificacao]')?.textContent?.includes('não confere'), 'código errado recusado');
      digitar(campo(el, 'Código de verificação', dialogo), recibo.comprovante.codigoVerificacao.toLowerCase());
      botao(el, 'Conferir')!.click();
      await waitUntil(() => el.shadowRoot!.querySelector('[data-testid=resultado-verificacao]')?.textContent?.startsWith('Comprovante válido'), 'código certo');
      expect(el.shadowRoot!.querySelector('[data-testid=resultado-verificacao]')!.textContent).to.contain(recibo.protocolo);
      expect(await violacoesGraves(el.shadowRoot!.querySelector(dialogo)!)).to.deep.equal([]);
      botao(el, 'Abrir o formulário')!.click();
      await waitUntil(() => gaveta(el)?.querySelector('[data-testid=protocolo]')?.textContent === recibo.protocolo, 'a gaveta do formulário');
    } finally {
      await apiAdmin('POST', `/modelos/${codigo}/arquivamento`);
    }
  });

  it('"Baixar PDF" na gaveta: o PDF do formulário, mascarado como a tela; depois de "Mostrar", em claro; cada um vira evento', async () => {
    const [f] = (await apiComo('admin', '/formularios?modelo=saude-cartao-sus&size=1')).json;
    const el = await montar('admin', { 'initial-path': `/formularios?id=${f.id}` });
    await esperarShell(el);
    await waitUntil(() => botao(el, 'Baixar PDF'), 'botão Baixar PDF');
    const antes = (await apiComo('admin', `/formularios-eventos?protocolo=${f.protocolo}&tipo=PDF_BAIXADO`)).json.length;
    for (const claro of [false, true]) {
      if (claro) {
        botao(el, 'Mostrar dados pessoais')!.click();
        await waitUntil(() => /CPF\d{3}\.\d{3}\.\d{3}-\d{2}/.test(gaveta(el)!.textContent!), 'CPF inteiro');
      }
      const arquivo = capturarDownload();
      botao(el, 'Baixar PDF')!.click();
      const { blob } = await arquivo;
      expect(blob.type).to.equal('application/pdf');
      expect(new TextDecoder().decode(new Uint8Array(await blob.slice(0, 5).arrayBuffer()))).to.equal('%PDF-');
    }
    const eventos = (await apiComo('admin', `/formularios-eventos?protocolo=${f.protocolo}&tipo=PDF_BAIXADO`)).json;
    expect(eventos.length).to.equal(antes + 2);
    expect(eventos.map((e: { detalhes: { dadosPessoais: boolean } }) => e.detalhes.dadosPessoais).slice(0, 2).sort()).to.deep.equal([false, true]);
    expect(await violacoesGraves(el)).to.deep.equal([]);
  });

  it('link direto para um formulário; inexistente vai para /404; de outro grupo: a lista fica, com a mensagem', async () => {
    const [alvo] = (await apiComo('gestor', '/formularios?size=20')).json;
    const el = await abrir('gestor', `/formularios?id=${alvo.id}`);
    await waitUntil(() => gaveta(el)?.querySelector('[data-testid=protocolo]')?.textContent === alvo.protocolo, 'gaveta pelo link');
    desmontarTodos();
    const el404 = await montar('gestor', { 'initial-path': '/formularios?id=987654321' });
    await esperarShell(el404);
    await esperarTitulo(el404, 'Página não encontrada');
    desmontarTodos();
    const [tributos] = (await apiComo('admin', '/formularios?modelo=tributos-itcmd&size=20')).json;
    const el403 = await montar('gestor', { 'initial-path': `/formularios?id=${tributos.id}` });
    await esperarShell(el403);
    // The list stays (it used to be replaced by /403, which a reload kept), saying why the form did not open.
    await waitUntil(() => toasts(el403).some((t) => t.includes('Este formulário pertence a um grupo de controle de conteúdo que não é o seu.')), 'mensagem');
    await waitUntil(() => !gaveta(el403), 'gaveta fechada');
    expect(titulo(el403)).to.equal('Formulários Preenchidos');
  });

  it('exporta o filtro atual em CSV mostrando o progresso; o arquivo tem uma linha por formulário', async () => {
    const el = await abrir();
    escolher(campo(el, 'Modelo'), 'educacao-historico');
    filtrar(el);
    const api = await apiComo('gestor', '/formularios?modelo=educacao-historico');
    await waitUntil(() => totalTabela(el) === api.total, 'filtrado');
    const arquivo = capturarDownload();
    botao(el, 'Exportar CSV')!.click();
    const { texto } = await arquivo;
    const linhas = (await texto()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(linhas[0]).to.equal('Protocolo;Modelo;Código do serviço;Versão;Status;Recebido em;Requerente;CPF;E-mail;Respostas;Valor pago (R$);Pago em;txid do Pix;Identificador do Pix (E2E)');
    expect(linhas.length - 1).to.equal(api.total);
    expect(linhas.slice(1).every((l) => l.includes(';educacao-historico;'))).to.equal(true);
    await waitUntil(() => toasts(el).some((t) => t.startsWith('Exportação concluída')), 'toast de sucesso');
  });
});
