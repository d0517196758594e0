import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { esperarAte } from '../apoio/receptor';
import { abrirFormulario, demoComNavegador, irPara, noConsole, semViolacoesAxe } from './demo';


/**
 * Issue 21 end to end, on the demo as `npm start` runs it (its own mail catcher): a citizen walks the
 * multi-page model with a repeating set, goes back with the browser, uses "Alterar" on "Verifique suas
 * respostas", saves, resumes from the link in the e-mail in a fresh browser context on a phone-sized
 * screen, sends, and reads the confirmation in the demo's mail page; the gestor sees the form, its items
 * and the e-mail event. Screenshots at 1280 and 390 px go to test-results/jornada/.
 */
const demo = demoComNavegador({ ENTREGAS: 'on', ENTREGA_INTERVALO_MS: '200', EMAIL_INTERVALO_MS: '200' });
const PASTA = join('test-results', 'jornada');
mkdirSync(PASTA, { recursive: true });
const foto = (p: Page, nome: string) => p.screenshot({ path: join(PASTA, `${nome}.png`), fullPage: true });


describe('a jornada do cidadão', () => {
  test('páginas, item repetido, Alterar, salvar e retomar pelo e-mail, enviar, confirmação por e-mail; o gestor vê os itens e o e-mail', async () => {
    const ctx = await demo.navegador.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    const erros: string[] = [];
    p.on('pageerror', (e) => erros.push(e.message));
    let protocolo = '';
    try {
      await p.goto(`${demo.base}/cidadao.html?modelo=educacao-auxilio-familia`);
      const form = p.locator('formulario-cidadao form.fc-formulario');
      await form.waitFor();
      // The step's heading: "Etapa 1 de 4" and the page's title (the check step: its own title only).
      const etapa = { innerText: async () => (await form.locator('.fc-titulo-passo').innerText()).split('\n')[0] };
      assert.equal(await etapa.innerText(), 'Etapa 1 de 4');

      // "Continuar" checks the page: the summary lists each problem and its link focuses the field.
      await form.getByRole('button', { name: 'Continuar', exact: true }).click();
      const resumo = form.locator('.fc-resumo-erros');
      await resumo.waitFor();
      assert.match(await resumo.innerText(), /Há um problema[\s\S]*Nome completo: Este campo é obrigatório\.[\s\S]*CPF: Este campo é obrigatório\./);
      await resumo.getByRole('link', { name: /^CPF:/ }).click();
      assert.equal(await p.evaluate(() => document.querySelector('formulario-cidadao')!.shadowRoot!.activeElement?.getAttribute('aria-required')), 'true', 'the link focused the field');
      await form.getByLabel(/^Nome completo/).fill('Maria da Silva');
      await form.getByLabel(/^CPF/).fill('529.982.247-25');
      await form.getByLabel(/^E-mail/).fill('maria.jornada@exemplo.com.br');
      await semViolacoesAxe(p, 'a página 1 com o resumo de erros');
      await foto(p, 'pagina-1-1280');
      await form.getByRole('button', { name: 'Continuar', exact: true }).click();
      await esperarAte(async () => (await etapa.innerText()) === 'Etapa 2 de 4', 5000, 'page 2');

      // The repeating set: one student to start with; the distance shows only for who needs transport.
      const estudante = (n: number) => form.locator('fieldset.fc-item', { has: p.locator(`legend:text-is("Estudante ${n}")`) });
      await estudante(1).getByLabel(/^Nome do estudante/).fill('Ana da Silva');
      await estudante(1).getByLabel(/^Data de nascimento/).fill('10/05/2014');
      await estudante(1).getByText('Ensino fundamental').click();
      assert.equal(await estudante(1).getByLabel(/^Distância até a escola/).count(), 0);
      await estudante(1).locator('label:has-text("Sim")').click();
      await estudante(1).getByLabel(/^Distância até a escola/).fill('12');
      await form.getByRole('button', { name: 'Adicionar outro estudante' }).click();
      await estudante(2).getByLabel(/^Nome do estudante/).fill('Caio da Silva');
      await estudante(2).getByLabel(/^Data de nascimento/).fill('02/09/2009');
      await estudante(2).getByText('Ensino médio').click();
      await estudante(2).locator('label:has-text("Não")').click();
      assert.equal(await estudante(2).getByLabel(/^Distância até a escola/).count(), 0);
      await semViolacoesAxe(p, 'os itens que se repetem');
      await foto(p, 'pagina-2-1280');
      await form.getByRole('button', { name: 'Continuar', exact: true }).click();
      await esperarAte(async () => (await etapa.innerText()) === 'Etapa 3 de 4', 5000, 'page 3');

      // The browser's back and forward move between pages, answers kept.
      await p.goBack();
      await esperarAte(async () => (await etapa.innerText()) === 'Etapa 2 de 4', 5000, 'back to page 2');
      assert.equal(await estudante(2).getByLabel(/^Nome do estudante/).inputValue(), 'Caio da Silva');
      await p.goForward();
      await esperarAte(async () => (await etapa.innerText()) === 'Etapa 3 de 4', 5000, 'forward to page 3');
      await form.getByLabel(/^Renda mensal/).fill('1800');
      await form.locator('fieldset:has(legend:has-text("outro benefício")) label:has-text("Não")').click();
      await form.getByRole('button', { name: 'Continuar', exact: true }).click();
      await esperarAte(async () => (await etapa.innerText()) === 'Etapa 4 de 4', 5000, 'page 4');
      await form.getByText('Declaro que as informações são verdadeiras.').click();
      await form.getByRole('button', { name: 'Continuar', exact: true }).click();
      await esperarAte(async () => (await etapa.innerText()) === 'Verifique suas respostas', 5000, 'check step');
      const revisao = await form.innerText();
      for (const t of ['Estudante 1', 'Ana da Silva', 'Distância até a escola (km)', 'Estudante 2', 'Caio da Silva', 'Ensino médio', '1.800']) assert.ok(revisao.includes(t), `"${t}" in:\n${revisao}`);
      await semViolacoesAxe(p, '"Verifique suas respostas"');
      await foto(p, 'revisao-1280');

      // "Alterar" opens the question on its page, focused; "Continuar" returns to the check step.
      await form.getByRole('button', { name: 'Alterar Renda mensal da família (R$)' }).click();
      await esperarAte(async () => (await etapa.innerText()) === 'Etapa 3 de 4', 5000, 'the income page');
      assert.equal(await p.evaluate(() => document.querySelector('formulario-cidadao')!.shadowRoot!.activeElement?.closest('[data-chave]')?.getAttribute('data-chave')), 'renda-familiar');
      await form.getByLabel(/^Renda mensal/).fill('1650');
      await form.getByRole('button', { name: 'Continuar', exact: true }).click();
      await esperarAte(async () => (await etapa.innerText()) === 'Verifique suas respostas', 5000, 'straight back to the check step');
      assert.ok((await form.innerText()).includes('1.650'));

      // Save and continue later: the link, sent by e-mail too.
      await form.getByRole('button', { name: 'Salvar e continuar depois' }).click();
      const salvo = p.locator('formulario-cidadao .fc-aviso', { hasText: 'Rascunho salvo' });
      await salvo.waitFor();
      // The panel takes the focus, as every other step's outcome does (issue 50: it fell to <body>).
      await p.waitForFunction(() => document.querySelector('formulario-cidadao')?.shadowRoot?.activeElement?.classList.contains('fc-aviso-rascunho') ?? document.activeElement?.classList.contains('fc-aviso-rascunho'));
      await salvo.getByLabel('Receber o link por e-mail (opcional)').fill('maria.jornada@exemplo.com.br');
      await salvo.getByRole('button', { name: 'Enviar o link' }).click();
      await salvo.getByText('Rascunho salvo. O link foi enviado para maria.jornada@exemplo.com.br.').waitFor();

      // The demo's mail page: the message with the link.
      await p.goto(`${demo.base}/demo/emails`);
      const emailRascunho = p.locator('article.cf-email', { hasText: 'Continue o seu formulário: Auxílio Família na Escola' });
      await esperarAte(async () => (await p.reload(), (await emailRascunho.count()) > 0), 15_000, 'the draft e-mail');
      const link = await emailRascunho.first().locator('a[href*="rascunho="]').getAttribute('href');
      assert.ok(link?.startsWith(`${demo.base}/cidadao.html?rascunho=`), String(link));

      // A fresh browser context on a phone: the draft opens where it was left, with every answer.
      const celular = await demo.navegador.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const q = await celular.newPage();
      q.on('pageerror', (e) => erros.push(e.message));
      try {
        await q.goto(link!);
        const f2 = q.locator('formulario-cidadao form.fc-formulario');
        await f2.waitFor();
        const etapa2 = { innerText: async () => (await f2.locator('.fc-titulo-passo').innerText()).split('\n')[0] };
        await esperarAte(async () => (await etapa2.innerText()) === 'Etapa 4 de 4', 5000, 'resumed on the last page');
        await foto(q, 'retomada-390');
        await f2.getByRole('button', { name: 'Continuar', exact: true }).click();
        await esperarAte(async () => (await etapa2.innerText()) === 'Verifique suas respostas', 5000, 'check step on the phone');
        const texto = await f2.innerText();
        assert.ok(texto.includes('Caio da Silva') && texto.includes('1.650') && texto.includes('maria.jornada@exemplo.com.br'), texto);
        await foto(q, 'revisao-390');
        await f2.getByRole('button', { name: 'Enviar', exact: true }).click();
        const aviso = q.locator('formulario-cidadao .fc-comprovante');
        await aviso.waitFor();
        protocolo = /^\d{4}\.\d{9}$/.exec(await aviso.locator('.fc-protocolo').innerText())?.[0] ?? '';
        assert.ok(protocolo, await aviso.innerText());
        await foto(q, 'enviado-390');
        // The draft went with the submission: its link no longer opens it.
        await q.goto(link!);
        await q.locator('formulario-cidadao .fc-resumo-erros', { hasText: 'Rascunho não encontrado' }).waitFor();
      } finally {
        await celular.close();
      }

      // The confirmation in the demo's mail page: protocol, masked CPF, the PDF receipt attached.
      await p.goto(`${demo.base}/demo/emails`);
      const confirmacao = p.locator('article.cf-email', { hasText: `Recebemos o seu formulário: Auxílio Família na Escola (protocolo ${protocolo})` });
      await esperarAte(async () => (await p.reload(), (await confirmacao.count()) > 0), 15_000, 'the confirmation e-mail');
      const textoEmail = await confirmacao.innerText();
      assert.ok(textoEmail.includes('***.982.247-**') && !textoEmail.includes('529.982.247-25'), textoEmail);
      assert.ok(textoEmail.includes('Estudantes — Estudante 2'), textoEmail);
      assert.equal(await confirmacao.locator('a[download]', { hasText: /^comprovante-\d+\.pdf$/ }).count(), 1);
      assert.equal(await p.locator('article.cf-email', { hasText: `Novo formulário: Auxílio Família na Escola (protocolo ${protocolo})` }).count(), 1, 'the team notice');
      await foto(p, 'emails-1280');

      // The gestor: the form, its items numbered, the e-mail event in the timeline.
      const gaveta = await abrirFormulario(p, demo.base, 'gestor', protocolo);
      await esperarAte(async () => (await gaveta.locator('[data-testid=eventos] li', { hasText: 'E-mail enviado' }).count()) >= 1, 15_000, 'the e-mail event');
      const ficha = await gaveta.innerText();
      for (const t of ['Estudantes — Estudante 1', 'Estudantes — Estudante 2', 'Ensino médio', 'Distância até a escola (km)']) assert.ok(ficha.includes(t), `"${t}" in the drawer:\n${ficha}`);
      assert.doesNotMatch(ficha, /Caio da Silva/, 'a student\'s name is personal: masked for the gestor');
      await foto(p, 'gestor-1280');
      await noConsole(p, '.bp6-drawer [aria-label=Close], .bp6-drawer .bp6-drawer-header button').first().click();

      // The analytics: the journey from anonymous counters — one started (the resumed draft is the same), one sent.
      await irPara(p, '/analitico-formularios');
      const linha = noConsole(p, 'tr[data-jornada=educacao-auxilio-familia]');
      await linha.waitFor();
      const celulas = (await linha.locator('th, td').allInnerTexts()).map((x) => x.trim());
      assert.deepEqual(celulas, ['Auxílio Família na Escola', '1', '1', '1', '100,0%', '—'], 'nobody stopped: the resumed draft was sent');
      await noConsole(p, '.cf-jornada').scrollIntoViewIfNeeded();
      await foto(p, 'analitico-1280');
      assert.deepEqual(erros, [], 'no uncaught errors in the pages');
    } finally {
      await ctx.close();
    }
  });
});
