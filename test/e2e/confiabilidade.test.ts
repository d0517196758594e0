import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { clienteApi } from '../apoio/cliente';
import { abrirFormulario, demoComNavegador, esperarTitulo, irPara, noConsole, semViolacoesAxe } from './demo';
import { DEFINICAO_RENDA_PER_CAPITA } from '../../demo/server/seedModelos';

/**
 * gov.br reliability and the citizen's signature end to end (issue 44), on the demo: a designer asks for a gov.br
 * account at prata level, two-step verification and a seal in the builder, with the reason the citizen reads; a citizen
 * signed in with a bronze account opens the seeded ITCMD declaration (prata, signed), reads which level it needs and
 * why, follows the trust catalogue (the demo's, on loopback), comes back signed in as prata, fills it (the property's
 * CEP fills its address), signs it at the gov.br signature simulator and comes back to the receipt, whose PDF carries
 * the citizen's signature and the state's seal (pdfsig); the gestor sees the level, seals and signature in the drawer
 * (the administrator: Tributos is not the demo gestor's group). Screenshots at 1280 and 390 px, pt-BR and English, in
 * test-results/confiabilidade/.
 */
const demo = demoComNavegador();
const PASTA = join('test-results', 'confiabilidade');
mkdirSync(PASTA, { recursive: true });
const foto = (p: Page, nome: string) => p.screenshot({ path: join(PASTA, `${nome}.png`), fullPage: true });
const CODIGO = `conta-${Date.now().toString(36)}`;
const RECIBO = join(PASTA, 'comprovante.pdf');

describe('conta gov.br exigida, de ponta a ponta', () => {
  test('o designer pede nível prata, verificação em duas etapas e um selo, com o motivo', async () => {
    const designer = await clienteApi(demo.base, 'designer');
    const grupo = (await designer('GET', '/modelos/educacao-auxilio-familia')).json.grupoControleConteudo.id;
    const corpo = { nome: 'Declaração com valor legal', grupoControleConteudoId: grupo };
    assert.equal((await designer('POST', '/modelos', { codigoServico: CODIGO, ...corpo })).status, 201);
    assert.equal((await designer('PUT', `/modelos/${CODIGO}`, { ...corpo, definicao: { secoes: DEFINICAO_RENDA_PER_CAPITA.secoes.slice(0, 1) }, versao: 1 })).status, 200);
    await demo.comUsuario(
      'designer',
      async (p) => {
        await irPara(p, `/modelos/${CODIGO}`);
        await esperarTitulo(p, `Modelo ${CODIGO}`);
        const conta = noConsole(p, 'fieldset.cf-conta-editor');
        await conta.getByLabel('Nível mínimo da conta').selectOption({ label: 'Prata ou ouro' });
        await conta.getByText('Exigir a verificação em duas etapas no login').click();
        await conta.getByText(/^Selos exigidos/).click();
        await conta.getByText('Certificado digital (801)').click();
        await conta.getByLabel(/^Por que o serviço pede/).fill('A declaração tem valor legal.');
        await conta.getByLabel('Assinatura gov.br do cidadão').selectOption({ label: 'pedir, aceitando sem assinatura' });
        await conta.scrollIntoViewIfNeeded();
        await foto(p, 'construtor-pt-BR-1280');
        await semViolacoesAxe(p, 'o construtor com a conta gov.br exigida');
        await noConsole(p, 'button:has-text("Salvar rascunho")').click();
        await noConsole(p, '.cf-cabecalho-modelo [role=status]:has-text("Rascunho salvo por designer")').waitFor();
      },
      { viewport: { width: 1280, height: 900 } },
    );
    const salvo = (await designer('GET', `/modelos/${CODIGO}`)).json.definicao;
    assert.deepEqual(salvo.confiabilidade, { nivel: 'prata', selos: ['801'], segundoFator: true, motivo: 'A declaração tem valor legal.' });
    assert.equal(salvo.assinatura, 'opcional');
  });

  test('bronze vê o nível que falta e por quê, vai ao catálogo, volta prata, envia; a equipe vê o nível na gaveta', async () => {
    const ctx = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    let protocolo = '';
    try {
      await p.goto(`${demo.base}/cidadao.html?modelo=tributos-itcmd`);
      const elemento = p.locator('formulario-cidadao');
      await elemento.getByText('Este serviço pede que você entre com a sua conta gov.br para preenchê-lo.').waitFor();
      await p.getByLabel(/^Entrar como cidadão/).fill('529.982.247-25');
      await p.getByLabel('Conta gov.br').selectOption('bronze');
      await p.getByRole('button', { name: 'Entrar' }).click();
      const pagina = elemento.locator('.fc-conta');
      await pagina.waitFor();
      assert.match(await pagina.innerText(), /Este serviço pede uma conta gov\.br de mais confiança[\s\S]*nível prata ou ouro, e a sua é nível bronze[\s\S]*Por quê: A declaração do ITCMD tem valor legal/);
      await foto(p, 'cidadao-bronze-pt-BR-1280');
      await semViolacoesAxe(p, 'a página da conta gov.br');
      await p.setViewportSize({ width: 390, height: 844 });
      await foto(p, 'cidadao-bronze-pt-BR-390');
      await p.getByLabel('Idioma do formulário').selectOption('en');
      await elemento.getByText('This service needs a more trusted gov.br account').waitFor();
      await foto(p, 'cidadao-bronze-en-390');
      await p.setViewportSize({ width: 1280, height: 900 });
      await foto(p, 'cidadao-bronze-en-1280');
      await p.getByLabel('Idioma do formulário').selectOption('pt-BR');

      // The trust catalogue (the demo's), and back to the same page, signed in again at prata.
      await elemento.getByRole('link', { name: 'Aumentar o nível da conta no gov.br' }).click();
      await p.waitForURL(/\/demo\/confiabilidades\?/);
      const volta = new URL(p.url()).searchParams.get('redirect_uri')!;
      assert.match(volta, /\/cidadao\.html\?modelo=tributos-itcmd/, 'it comes back to the page it left');
      await foto(p, 'catalogo-1280');
      await p.getByRole('link', { name: 'Validar pelo banco (nível prata)' }).click();
      await p.waitForURL(/\/cidadao\.html\?modelo=tributos-itcmd/);
      await p.getByText(/conta gov\.br nível prata/).waitFor();
      const form = elemento.locator('form.fc-formulario');
      await form.waitFor();
      assert.equal(await elemento.locator('.fc-conta').count(), 0);
      assert.equal(await form.getByLabel(/^CPF/).inputValue(), '529.982.247-25', 'the CPF comes from the login');
      await form.getByLabel(/^Nome completo/).fill('Maria da Silva');
      await form.getByLabel(/^E-mail/).fill('maria@exemplo.gov.br');
      await form.getByLabel('Herança (causa mortis)').check();
      await form.getByLabel(/^Nome de quem transmite/).fill('José da Silva');
      await form.getByLabel(/^Valor declarado dos bens/).fill('250000');
      // The property's CEP fills its address from the demo's CEP service.
      await form.getByLabel(/^CEP do imóvel/).fill('01001-000');
      await elemento.getByText('Endereço preenchido pelo CEP: confira e complete.').first().waitFor();
      assert.deepEqual([await form.getByLabel(/^Endereço do imóvel/).inputValue(), await form.getByLabel(/^Cidade do imóvel/).inputValue(), await form.getByLabel(/^UF do imóvel/).inputValue()], ['Praça da Sé', 'São Paulo', 'SP']);
      // The declaration is signed with gov.br (issue 44): the check step's button says so, and takes the citizen there.
      const continuar = form.getByRole('button', { name: 'Continuar', exact: true });
      if (await continuar.count()) await continuar.click();
      const assinar = form.getByRole('button', { name: 'Assinar com gov.br e enviar', exact: true });
      await assinar.waitFor();
      await foto(p, 'cidadao-assinar-pt-BR-1280');
      await assinar.click();
      await p.waitForURL(/\/demo\/assinatura-govbr\/oauth2\.0\/authorize\?/);
      assert.equal(new URL(p.url()).searchParams.get('scope'), 'sign');
      await p.getByLabel('Código enviado por SMS').fill('12345');
      await foto(p, 'assinatura-govbr-1280');
      await semViolacoesAxe(p, 'a autorização da assinatura (simulador)');
      await p.getByRole('button', { name: 'Autorizar', exact: true }).click();
      await p.waitForURL(/\/cidadao\.html\?modelo=tributos-itcmd/);
      const recibo = elemento.getByText(/\d{4}\.\d{9}/).first();
      await recibo.waitFor({ timeout: 20_000 });
      protocolo = /\d{4}\.\d{9}/.exec(await recibo.innerText())![0];
      assert.doesNotMatch(p.url(), /assinatura-govbr=/, 'the outcome is read once and leaves the address');
      await foto(p, 'cidadao-assinado-pt-BR-1280');
      // The receipt is the document the citizen signed, sealed by the state after it: poppler's pdfsig checks both.
      const href = await elemento.getByTestId('comprovante').getAttribute('href');
      writeFileSync(RECIBO, Buffer.from(await (await fetch(new URL(href!, demo.base))).arrayBuffer()));
      const [doCidadao, doEstado] = spawnSync('pdfsig', [RECIBO], { encoding: 'utf8' }).stdout.split('Signature #2:');
      assert.match(doCidadao, /Signer Certificate Common Name: MARIA CIDADA:52998224725[\s\S]*Signature is Valid/);
      assert.match(doEstado, /Signer Certificate Common Name: Governo do Estado \(demonstração\)[\s\S]*Total document signed[\s\S]*Signature is Valid/);
    } finally {
      await ctx.close();
    }

    const g = await demo.navegador.newContext({ viewport: { width: 1440, height: 1000 } });
    const pg = await g.newPage();
    try {
      // Tributos' forms: the administrator's group (the demo's gestor follows Saúde and Educação).
      const gaveta = await abrirFormulario(pg, demo.base, 'admin', protocolo);
      await gaveta.locator('[data-testid=conta-govbr]').waitFor();
      assert.equal(await gaveta.locator('[data-testid=conta-govbr]').innerText(), 'Nível prata · selos: Cadastro básico (Receita Federal), Internet banking: Caixa Econômica Federal · sem verificação em duas etapas');
      assert.match(await gaveta.locator('[data-testid=assinatura-govbr]').innerText(), /^Assinado por M\S* C\S* \(CPF .+\) em \d{2}\/\d{2}\/\d{2}.*, certificado de AC Simulada gov\.br \(demonstração\)$/);
      await foto(pg, 'gaveta-gestor-1280');
      // The receipt's PDF checked in the console by its signature: intact, and which form it is.
      await pg.keyboard.press('Escape');
      await noConsole(pg, 'button:has-text("Verificar comprovante")').click();
      const dialogo = noConsole(pg, '.bp6-dialog');
      await dialogo.getByLabel('Arquivo PDF').setInputFiles(RECIBO);
      const resultado = dialogo.getByTestId('resultado-pdf');
      await resultado.waitFor();
      assert.match(await resultado.innerText(), new RegExp(`^Íntegro: assinado por Governo do Estado \\(demonstração\\) em \\d{2}/\\d{2}/\\d{2}.*É o formulário ${protocolo.replace('.', '\\.')} \\(Declaração de ITCMD\\)`));
      await foto(pg, 'verificacao-pdf-1280');
      await semViolacoesAxe(pg, 'a verificação do PDF');
    } finally {
      await g.close();
    }
  });

  test('assinatura opcional: "Não autorizar" no gov.br volta à verificação com as respostas; "Enviar sem assinar" envia marcado', async () => {
    const admin = await clienteApi(demo.base, 'admin');
    const codigo = `opcional-${Date.now().toString(36)}`;
    const grupo = (await admin('GET', '/modelos/educacao-auxilio-familia')).json.grupoControleConteudo.id;
    const corpo = { nome: 'Pedido com assinatura opcional', grupoControleConteudoId: grupo };
    assert.equal((await admin('POST', '/modelos', { codigoServico: codigo, ...corpo })).status, 201);
    const definicao = { assinatura: 'opcional', secoes: [{ id: 's', titulo: 'Pedido', campos: [{ id: 'nome', tipo: 'texto', rotulo: 'Nome completo', obrigatorio: true, regras: [], requerente: 'nome' }] }] };
    assert.equal((await admin('PUT', `/modelos/${codigo}`, { ...corpo, definicao, versao: 1 })).status, 200);
    assert.equal((await admin('POST', `/modelos/${codigo}/versoes`)).status, 201);
    const ctx = await demo.navegador.newContext({ viewport: { width: 390, height: 844 } });
    const p = await ctx.newPage();
    let protocolo = '';
    try {
      await p.goto(`${demo.base}/cidadao.html?modelo=${codigo}`);
      const elemento = p.locator('formulario-cidadao');
      const form = elemento.locator('form.fc-formulario');
      await form.getByLabel(/^Nome completo/).fill('Joana Prado');
      await form.getByRole('button', { name: 'Assinar com gov.br e enviar' }).click();
      await p.waitForURL(/\/demo\/assinatura-govbr\/oauth2\.0\/authorize\?/);
      await p.getByRole('button', { name: 'Não autorizar' }).click();
      await p.waitForURL(new RegExp(`/cidadao\\.html\\?modelo=${codigo}`));
      const erro = elemento.locator('.fc-erro-envio');
      await erro.waitFor();
      assert.match(await erro.innerText(), /A assinatura não foi autorizada no gov\.br\. Suas respostas continuam guardadas/);
      assert.equal(await form.getByLabel(/^Nome completo/).inputValue(), 'Joana Prado', 'the answers wait in the tab');
      await foto(p, 'cidadao-assinatura-negada-pt-BR-390');
      await semViolacoesAxe(p, 'a assinatura não autorizada');
      await p.setViewportSize({ width: 1280, height: 900 });
      await foto(p, 'cidadao-assinatura-negada-pt-BR-1280');
      await p.getByLabel('Idioma do formulário').selectOption('en');
      await form.getByRole('button', { name: 'Sign with gov.br and send' }).waitFor();
      await form.getByRole('button', { name: 'Send without signing' }).waitFor();
      await foto(p, 'cidadao-assinatura-en-1280');
      await p.setViewportSize({ width: 390, height: 844 });
      await foto(p, 'cidadao-assinatura-en-390');
      await p.getByLabel('Idioma do formulário').selectOption('pt-BR');
      await form.getByLabel(/^Nome completo/).waitFor();
      assert.equal(await form.getByLabel(/^Nome completo/).inputValue(), 'Joana Prado');
      await form.getByRole('button', { name: 'Enviar sem assinar' }).click();
      const recibo = elemento.getByText(/\d{4}\.\d{9}/).first();
      await recibo.waitFor({ timeout: 20_000 });
      protocolo = /\d{4}\.\d{9}/.exec(await recibo.innerText())![0];
    } finally {
      await ctx.close();
    }
    const g = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const gaveta = await abrirFormulario(await g.newPage(), demo.base, 'admin', protocolo);
      assert.equal(await gaveta.locator('[data-testid=assinatura-govbr]').innerText(), 'Enviado sem assinatura (o modelo aceitava)');
    } finally {
      await g.close();
    }
  });
});
