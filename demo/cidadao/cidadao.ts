/**
 * The demo's citizen page (/cidadao.html): what a portal around <formulario-cidadao> does, for QA. It
 * offers the published models (the element itself has no picker: the portal chooses), the form's
 * language, and the demo's citizen login (a token the server signs for a typed CPF, as a portal's gov.br
 * login would give), handed to the element as its `token` property. Plain DOM: the element is the product.
 */
type Elemento = HTMLElement & { token?: string };

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const elemento = $<Elemento>('formulario');
const servico = $<HTMLSelectElement>('servico');
const idioma = $<HTMLSelectElement>('idioma');
const sessao = $<HTMLParagraphElement>('sessao');
const parametros = new URLSearchParams(location.search);

async function modelos() {
  const r = await fetch('/api/publico/modelos');
  const lista = (await r.json()) as { codigoServico: string; nome: string; restrito: boolean; situacao: string; abreEm: string | null }[];
  const quando = (v: string | null) => (v ? new Date(v).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).replace(',', '') : '');
  const situacao: Record<string, (m: (typeof lista)[number]) => string> = { EM_BREVE: (m) => ` (abre em ${quando(m.abreEm)})`, ENCERRADO: () => ' (encerrado)', ESGOTADO: () => ' (limite atingido)', ABERTO: () => '' };
  servico.replaceChildren(new Option('Escolha um serviço…', ''), ...lista.map((m) => new Option(`${m.nome}${m.restrito ? ' (restrito)' : ''}${situacao[m.situacao]?.(m) ?? ''}`, m.codigoServico)));
  servico.value = parametros.get('modelo') ?? '';
}

function escolher(codigo: string) {
  const q = new URLSearchParams();
  if (codigo) q.set('modelo', codigo);
  if (idioma.value !== 'pt-BR') q.set('language', idioma.value);
  history.replaceState(null, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
  elemento.setAttribute('codigo-servico', codigo);
}

servico.addEventListener('change', () => escolher(servico.value));
idioma.addEventListener('change', () => {
  elemento.setAttribute('language', idioma.value);
  const q = new URLSearchParams(location.search);
  q.set('language', idioma.value);
  history.replaceState(history.state, '', `${location.pathname}?${q}`);
});

/**
 * The demo's gov.br login: a CPF, the account's level (bronze, prata, ouro) and whether it uses two-step verification
 * (issue 44). Kept in the tab, so that coming back from the trust catalogue (`nivel-govbr` in the address) signs in
 * again at the level just raised, as a portal's login does after gov.br brings the citizen back.
 */
interface LoginDemo {
  cpf: string;
  nivel: string;
  segundoFator: boolean;
}
async function entrar(l: LoginDemo) {
  const r = await fetch('/api/publico/token-demo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cpf: l.cpf, nome: 'Maria da Silva (demonstração)', email: 'maria.demo@exemplo.gov.br', telefone: '+5561998765432', nascimento: '1985-04-12', nivel: l.nivel, segundoFator: l.segundoFator }) });
  if (r.status !== 200) return void (sessao.textContent = 'Informe um CPF válido para entrar.');
  sessionStorage.setItem('login-demo', JSON.stringify(l));
  elemento.token = (await r.json()).token;
  const sair = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Sair' });
  sair.addEventListener('click', () => ((elemento.token = undefined), sessionStorage.removeItem('login-demo'), (sessao.textContent = 'Você saiu.')));
  sessao.replaceChildren(`Você entrou como o CPF ${l.cpf}, conta gov.br nível ${l.nivel}${l.segundoFator ? ', com verificação em duas etapas' : ''}. `, sair);
}

$<HTMLFormElement>('login').addEventListener('submit', (e) => {
  e.preventDefault();
  void entrar({ cpf: $<HTMLInputElement>('cpf-login').value, nivel: $<HTMLSelectElement>('nivel-login').value, segundoFator: $<HTMLInputElement>('segundo-fator-login').checked });
});

// Back from the trust catalogue: the same citizen, at the level raised there.
const nivelNovo = parametros.get('nivel-govbr');
const anterior = sessionStorage.getItem('login-demo');
if (nivelNovo && anterior) {
  parametros.delete('nivel-govbr');
  history.replaceState(history.state, '', `${location.pathname}${parametros.size ? `?${parametros}` : ''}`);
  const l = { ...(JSON.parse(anterior) as LoginDemo), nivel: nivelNovo };
  $<HTMLInputElement>('cpf-login').value = l.cpf;
  $<HTMLSelectElement>('nivel-login').value = l.nivel;
  void entrar(l);
}

idioma.value = ['en', 'es'].includes(parametros.get('language') ?? '') ? parametros.get('language')! : 'pt-BR';
elemento.setAttribute('language', idioma.value);
// A resume link (?rascunho=…) opens the draft by itself (usar-endereco); otherwise the model in the address.
if (!parametros.get('rascunho') && parametros.get('modelo')) elemento.setAttribute('codigo-servico', parametros.get('modelo')!);
void modelos();
