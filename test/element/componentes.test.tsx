import { expect, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { Moldura } from '../../src/console/app/Console';
import { DialogHost } from '../../src/console/app/DialogHost';
import type { Ambiente } from '../../src/console/app/contexto';
import { lerConfig } from '../../src/console/config';
import { tradutor } from '../../src/i18n';
import { criarHttp } from '../../src/console/api/http';
import { adotarEstilos } from '../../src/console/styles/folhas';
import { criarUi } from '../../src/console/state/ui';
import { criarCarregamento } from '../../src/console/state/carregamento';
import { criarToasts, mostrarToast, POSICOES, GRUPO_ERROS } from '../../src/console/state/toasts';
import { criarAcesso, criarSessao } from '../../src/console/state/sessao';
import { criarListas } from '../../src/console/state/listas';
import { confirmar, criarDialogos } from '../../src/console/ui/dialogos';
import { TabelaPaginada } from '../../src/console/ui/TabelaPaginada';
import { Campo } from '../../src/console/ui/Campo';
import { CampoData } from '../../src/console/ui/CampoData';
import { carregarIcones } from '../../src/console/app/icones';
import type { Ordenacao, Paginacao } from '../../src/contrato/paginacao';
import '../../src/console/element';

/** The shared widgets in the element's own frame (shadow root, Blueprint portal, toasts), one at a time. */
let host: HTMLElement;
let raiz: Root;

function ambiente(): Ambiente {
  return {
    config: lerConfig({}),
    t: tradutor('pt-BR'),
    estado: { ui: criarUi(), carregamento: criarCarregamento(), toasts: criarToasts(), sessao: criarSessao(), acesso: criarAcesso(), dialogos: criarDialogos(), listas: criarListas() },
    http: criarHttp({ baseUrl: '/api', token: async () => '' }),
    auth: null,
    entrar() {},
    sair() {},
    emitir() {},
  };
}

async function montar(amb: Ambiente, no: React.ReactNode) {
  await carregarIcones();
  host = document.createElement('div');
  host.style.cssText = 'position: relative; width: 1000px; height: 700px;';
  document.body.append(host);
  const sombra = host.attachShadow({ mode: 'open' });
  adotarEstilos(sombra);
  raiz = createRoot(sombra);
  raiz.render(
    <MemoryRouter>
      <Moldura amb={amb}>
        {no}
        <DialogHost />
      </Moldura>
    </MemoryRouter>,
  );
  await waitUntil(() => sombra.querySelector('.cf-portal'), 'moldura');
  return sombra;
}

afterEach(() => {
  raiz?.unmount();
  host?.remove();
});

describe('toasts', () => {
  it('cada uma das 7 posições e o grupo de erros, a 20 px das bordas', async () => {
    const amb = ambiente();
    const s = await montar(amb, null);
    for (const g of [...POSICOES, GRUPO_ERROS] as const) mostrarToast(amb.estado.toasts, { group: g, summary: g, severity: 'info' });
    await waitUntil(() => s.querySelectorAll('.bp6-toast').length === 8, 'oito toasts');
    // Toasts are a layer over the element (the host is their containing block), 20 px from its edges.
    const q = host.getBoundingClientRect();
    const caixa = (g: string) => {
      const r = s.querySelector(`.cf-toasts-${g} .bp6-toast`)!.getBoundingClientRect();
      return { left: r.left - q.left, top: r.top - q.top, right: q.right - r.right, bottom: q.bottom - r.bottom, cx: r.left + r.width / 2 - q.left, cy: r.top + r.height / 2 - q.top };
    };
    const r = (n: number) => Math.round(n);
    const medir = () => ({
      'top-left': [r(caixa('top-left').left), r(caixa('top-left').top)],
      'top-right': [r(caixa('top-right').right), r(caixa('top-right').top)],
      'top-center': [r(caixa('top-center').cx - q.width / 2), r(caixa('top-center').top)],
      'bottom-left': [r(caixa('bottom-left').left), r(caixa('bottom-left').bottom)],
      'bottom-right': [r(caixa('bottom-right').right), r(caixa('bottom-right').bottom)],
      'bottom-center': [r(caixa('bottom-center').cx - q.width / 2), r(caixa('bottom-center').bottom)],
      center: [r(caixa('center').cx - q.width / 2), r(caixa('center').cy - q.height / 2)],
      'mensagens-erro': [r(caixa('mensagens-erro').cx - q.width / 2), r(caixa('mensagens-erro').top)],
    });
    const esperado = {
      'top-left': [20, 20], 'top-right': [20, 20], 'top-center': [0, 20], 'bottom-left': [20, 20], 'bottom-right': [20, 20],
      'bottom-center': [0, 20], center: [0, 0], 'mensagens-erro': [0, 20],
    };
    // Toasts slide in (350 ms): measure once they have settled.
    await waitUntil(() => JSON.stringify(medir()) === JSON.stringify(esperado), 'toasts no lugar', { timeout: 4000 }).catch(() => undefined);
    expect(medir()).to.deep.equal(esperado);
  });

  it('severidade vira intenção; id repetido substitui; life fecha sozinho; closable mostra o botão', async () => {
    const amb = ambiente();
    const s = await montar(amb, null);
    const t = amb.estado.toasts;
    const intencoes = { info: 'primary', success: 'success', warn: 'warning', error: 'danger' } as const;
    for (const [sev, int] of Object.entries(intencoes)) {
      mostrarToast(t, { id: sev, severity: sev as never, summary: sev, group: 'top-left' });
      await waitUntil(() => s.querySelector(`.cf-toast-${sev}`), sev);
      expect(s.querySelector(`.cf-toast-${sev}`)!.classList.contains(`bp6-intent-${int}`)).to.equal(true);
    }
    mostrarToast(t, { id: 'x', summary: 'primeiro', group: 'bottom-left', closable: false });
    await waitUntil(() => s.querySelector('.cf-toasts-bottom-left .bp6-toast'), 'x');
    expect(s.querySelector('.cf-toasts-bottom-left .bp6-toast .bp6-button')).to.equal(null, 'not closable');
    mostrarToast(t, { id: 'x', summary: 'segundo', group: 'bottom-left', closable: false });
    await waitUntil(() => s.querySelector('.cf-toasts-bottom-left .cf-toast-resumo')?.textContent === 'segundo', 'substituído');
    expect(s.querySelectorAll('.cf-toasts-bottom-left .bp6-toast').length).to.equal(1);
    mostrarToast(t, { summary: 'some', life: 300, group: 'bottom-right' });
    await waitUntil(() => s.querySelector('.cf-toasts-bottom-right .bp6-toast'), 'aparece');
    await waitUntil(() => !s.querySelector('.cf-toasts-bottom-right .bp6-toast') && !t.ativos.some((a) => a.summary === 'some'), 'fechou sozinho', { timeout: 3000 });
  });
});

describe('confirmação e diálogo', () => {
  it('o popup de confirmação abre no shadow root, com foco, e responde', async () => {
    const amb = ambiente();
    const s = await montar(amb, null);
    const resposta = confirmar(amb.estado.dialogos, { titulo: 'Excluir perfil', mensagem: 'O perfil "Gestor" será excluído.', perigo: true, textoConfirmar: 'Excluir' });
    await waitUntil(() => s.querySelector('.bp6-alert'), 'alerta');
    expect(s.querySelector('.bp6-alert')!.textContent).to.contain('O perfil "Gestor" será excluído.');
    expect(document.body.querySelector('.bp6-alert')).to.equal(null, 'nothing rendered in the host document');
    const botoes = [...s.querySelectorAll('.bp6-alert .bp6-button')] as HTMLButtonElement[];
    expect(botoes.map((b) => b.textContent).sort()).to.deep.equal(['Cancelar', 'Excluir']);
    botoes.find((b) => b.textContent === 'Excluir')!.click();
    expect(await resposta).to.equal(true);
  });
});

describe('carregamento', () => {
  it('cursor de espera sobre o elemento e as camadas dele enquanto há um escopo ativo', async () => {
    const amb = ambiente();
    const s = await montar(amb, <button type="button">x</button>);
    const raizEl = s.querySelector('.cf-raiz') as HTMLElement;
    expect(getComputedStyle(s.querySelector('button')!).cursor).to.not.equal('progress');
    amb.estado.carregamento.escopos['lista:teste'] = 1;
    await waitUntil(() => raizEl.classList.contains('cf-ocupado'), 'ocupado');
    expect(getComputedStyle(s.querySelector('button')!).cursor).to.equal('progress');
    expect(getComputedStyle(s.querySelector('.cf-portal')!).cursor).to.equal('progress');
    delete amb.estado.carregamento.escopos['lista:teste'];
    await waitUntil(() => !raizEl.classList.contains('cf-ocupado'), 'livre');
  });
});

describe('tabela paginada', () => {
  const DADOS = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, nome: `Item ${String(i + 1).padStart(2, '0')}` }));
  const pedidos: { p: Paginacao; o: Ordenacao[] }[] = [];
  const carregar = async (p: Paginacao, o: Ordenacao[]) => {
    pedidos.push({ p, o });
    const ord = [...DADOS].sort((a, b) => (o[0]?.direcao === 'desc' ? b.id - a.id : a.id - b.id));
    return { itens: ord.slice(p.page * p.size, (p.page + 1) * p.size), paginacao: { ...p, total: DADOS.length } };
  };

  it('pagina no servidor, mostra o total, ordena pelo cabeçalho e guarda o estado ao voltar', async () => {
    const amb = ambiente();
    const colunas = [{ campo: 'id', titulo: 'Código', ordenavel: true }, { campo: 'nome', titulo: 'Nome' }];
    let s = await montar(amb, <TabelaPaginada chave="itens" rotulo="Itens" colunas={colunas} carregar={carregar} idDe={(x) => x.id} />);
    await waitUntil(() => s.querySelectorAll('tbody tr').length === 20, '20 linhas');
    expect(s.querySelector('[data-testid=total]')!.textContent).to.equal('45 registros');
    expect(s.querySelector('.cf-paginacao')!.textContent).to.contain('Página 1 de 3');
    (s.querySelector('[aria-label="Próxima página"]') as HTMLButtonElement).click();
    await waitUntil(() => s.querySelector('tbody tr td')?.textContent === '21', 'página 2');
    (s.querySelector('[aria-label="Ordenar por Código"]') as HTMLButtonElement).click();
    await waitUntil(() => s.querySelector('th')!.getAttribute('aria-sort') === 'ascending', 'asc');
    (s.querySelector('[aria-label="Ordenar por Código"]') as HTMLButtonElement).click();
    await waitUntil(() => s.querySelector('tbody tr td')?.textContent === '25', 'desc, page 2');
    expect(pedidos.at(-1)).to.deep.equal({ p: { page: 1, size: 20, total: 45 }, o: [{ campo: 'id', direcao: 'desc' }] });
    const select = s.querySelector('.cf-por-pagina select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).to.deep.equal(['20', '50', '100']);
    // Leave and come back: same store, same page and sort.
    raiz.unmount();
    host.remove();
    s = await montar(amb, <TabelaPaginada chave="itens" rotulo="Itens" colunas={colunas} carregar={carregar} idDe={(x) => x.id} />);
    await waitUntil(() => s.querySelector('tbody tr td')?.textContent === '25', 'estado mantido');
  });

  it('carregando: enquanto a lista não chega, diz que está carregando e o escopo deixa o cursor de espera', async () => {
    const amb = ambiente();
    let soltar: (v: { itens: never[]; paginacao: Paginacao }) => void = () => undefined;
    const s = await montar(amb, <TabelaPaginada chave="lenta" rotulo="Lenta" colunas={[{ campo: 'a', titulo: 'A' }]} carregar={(p) => new Promise<{ itens: never[]; paginacao: Paginacao }>((ok) => (soltar = () => ok({ itens: [], paginacao: { ...p, total: 0 } })))} idDe={() => 1} />);
    await waitUntil(() => s.textContent!.includes('Carregando registros…'), 'carregando');
    expect(s.querySelector('.cf-tabela')!.getAttribute('aria-busy')).to.equal('true');
    expect(s.querySelector('.cf-raiz')!.classList.contains('cf-ocupado')).to.equal(true);
    soltar({ itens: [], paginacao: { page: 0, size: 20, total: 0 } });
    await waitUntil(() => s.textContent!.includes('Nenhum registro encontrado.'), 'vazio depois');
    expect(s.querySelector('.cf-raiz')!.classList.contains('cf-ocupado')).to.equal(false);
  });

  it('estado vazio diz o que fazer', async () => {
    const amb = ambiente();
    const s = await montar(amb, <TabelaPaginada chave="vazia" rotulo="Vazia" colunas={[{ campo: 'a', titulo: 'A' }]} carregar={async (p) => ({ itens: [], paginacao: { ...p, total: 0 } })} idDe={() => 1} vazio="Cadastre o primeiro perfil." />);
    await waitUntil(() => s.querySelector('.bp6-non-ideal-state'), 'vazio');
    expect(s.querySelector('.bp6-non-ideal-state')!.textContent).to.contain('Nenhum registro encontrado.');
    expect(s.querySelector('.bp6-non-ideal-state')!.textContent).to.contain('Cadastre o primeiro perfil.');
  });
});

describe('campos com validação', () => {
  function Formulario({ erroServidor }: { erroServidor?: string }) {
    const [email, setEmail] = useState('');
    const [data, setData] = useState<string | null>(null);
    return (
      <form>
        <Campo rotulo="E-mail" valor={email} aoMudar={setEmail} regras={[{ tipo: 'required' }, { tipo: 'email' }]} erroServidor={erroServidor} />
        <CampoData rotulo="Data de início" valor={data} aoMudar={setData} />
        <output>{data ?? 'sem data'}</output>
      </form>
    );
  }

  async function digitar(input: HTMLInputElement, texto: string) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, texto);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('mensagens enquanto o usuário digita, rótulo ligado ao campo', async () => {
    const s = await montar(ambiente(), <Formulario />);
    const input = s.querySelector('input') as HTMLInputElement;
    expect(s.querySelector(`label[for="${input.id}"]`)!.textContent).to.contain('E-mail');
    await digitar(input, 'ana@');
    await waitUntil(() => s.textContent!.includes('Este campo deve ser um endereço de e-mail válido.'), 'email');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    await digitar(input, '');
    await waitUntil(() => s.textContent!.includes('Este campo é obrigatório.'), 'obrigatório');
    await digitar(input, 'ana@saude.uf.gov.br');
    await waitUntil(() => input.getAttribute('aria-invalid') === 'false', 'válido');
  });

  it('o erro do servidor aparece até o usuário mudar o valor', async () => {
    const s = await montar(ambiente(), <Formulario erroServidor="Já existe um vínculo com este e-mail." />);
    expect(s.textContent).to.contain('Já existe um vínculo com este e-mail.');
    await digitar(s.querySelector('input') as HTMLInputElement, 'outro@uf.gov.br');
    await waitUntil(() => !s.textContent!.includes('Já existe um vínculo'), 'some');
  });

  it('data aceita dd/MM/aa e dd/MM/aaaa e recusa datas impossíveis', async () => {
    const s = await montar(ambiente(), <Formulario />);
    const input = s.querySelectorAll('input')[1] as HTMLInputElement;
    expect(input.placeholder).to.equal('dd/mm/aaaa');
    await digitar(input, '05/01/26');
    await waitUntil(() => s.querySelector('output')!.textContent === '2026-01-05', 'dd/MM/aa');
    await digitar(input, '29/02/2024');
    await waitUntil(() => s.querySelector('output')!.textContent === '2024-02-29', 'dd/MM/aaaa');
    await digitar(input, '31/02/26');
    await waitUntil(() => s.textContent!.includes('Esta data não existe.'), 'inexistente');
    expect(s.querySelector('output')!.textContent).to.equal('sem data');
  });
});
