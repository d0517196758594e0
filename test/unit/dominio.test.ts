import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completarCpf, cpfValido, formatarCpf, mascararCpf } from '../../src/forms/cpf';
import { formatarData, formatarDataCompleta, formatarDataHora, hojeSaoPaulo, lerData } from '../../src/i18n/datas';
import { contar, traduzir, idiomaDe } from '../../src/i18n';
import { ptBR } from '../../src/i18n/pt-BR';
import { en } from '../../src/i18n/en';
import { INFO_PRODUTO_PADRAO, lerConfig, timeoutEfetivo } from '../../src/console/config';
import { CATALOGO, TODAS_PERMISSOES } from '../../src/access/permissoes';

test('CPF check digits, formatting and masking', () => {
  assert.equal(cpfValido('529.982.247-25'), true);
  assert.equal(cpfValido('52998224725'), true);
  assert.equal(cpfValido('529.982.247-26'), false);
  assert.equal(cpfValido('111.111.111-11'), false, 'repeated digits are not a CPF');
  assert.equal(cpfValido('5299822472'), false);
  assert.equal(cpfValido('abc'), false);
  assert.equal(formatarCpf('52998224725'), '529.982.247-25');
  assert.equal(mascararCpf('529.982.247-25'), '***.982.247-**');
  for (let i = 0; i < 200; i++) assert.equal(cpfValido(completarCpf(String(100000000 + i * 4567891))), true);
});

test('dates as dd/MM/yy in America/Sao_Paulo', () => {
  assert.equal(formatarData('2026-11-22T02:30:00Z'), '21/11/26', '02:30 UTC is still the 21st in São Paulo');
  assert.equal(formatarData('2026-01-05'), '05/01/26');
  assert.equal(formatarDataHora('2026-11-22T15:04:00Z'), '22/11/26 12:04');
  assert.equal(formatarData(null), '');
  assert.equal(formatarData('não é data'), '');
  assert.equal(hojeSaoPaulo(new Date('2026-11-22T01:00:00Z')), '2026-11-21');
});

test('date input accepts dd/mm/aaaa and dd/mm/aa; a two-digit year lands within 80 years before and 20 after today', () => {
  const hoje = '2026-11-22';
  assert.equal(lerData('05/01/26', hoje), '2026-01-05');
  assert.equal(lerData('5/1/2026', hoje), '2026-01-05');
  assert.equal(lerData('15/03/90', hoje), '1990-03-15', 'a birth date, not 2090');
  assert.equal(lerData('31/12/99', hoje), '1999-12-31');
  // The edges: today, today + 20 years (the last day that is 20yy), today - 80 years (excluded).
  assert.equal(lerData('22/11/26', hoje), '2026-11-22');
  assert.equal(lerData('22/11/46', hoje), '2046-11-22');
  assert.equal(lerData('23/11/46', hoje), '1946-11-23');
  assert.equal(lerData('22/11/46', '2026-11-21'), '1946-11-22', 'a day earlier, the same text is 80 years back');
  // 29 February: in the window's year when it is a leap year; no date when neither candidate is.
  assert.equal(lerData('29/02/24', hoje), '2024-02-29');
  assert.equal(lerData('29/02/00', hoje), '2000-02-29');
  assert.equal(lerData('29/02/48', hoje), '1948-02-29', '2048 is past +20 years');
  assert.equal(lerData('29/02/46', hoje), null, 'neither 2046 nor 1946 is a leap year');
  assert.equal(lerData('29/02/44', '2024-02-29'), '2044-02-29', 'today + 20 years on a 29 February');
  assert.equal(lerData('29/02/25', hoje), null, 'not a leap year');
  assert.equal(lerData('32/01/26', hoje), null);
  assert.equal(lerData('2026-01-05', hoje), null);
  assert.equal(lerData('', hoje), null);
  assert.equal(formatarDataCompleta('1990-03-15'), '15/03/1990', 'what the field shows on leaving it');
  assert.equal(formatarData('1990-03-15'), '15/03/90', 'elsewhere dates stay dd/MM/yy');
});

test('i18n: pt-BR by default, English complete for the shell, key-by-key fallback', () => {
  assert.equal(idiomaDe(undefined), 'pt-BR');
  assert.equal(idiomaDe('en-US'), 'en');
  assert.equal(idiomaDe('es'), 'pt-BR');
  assert.deepEqual(Object.keys(ptBR).filter((k) => !(k in en)), [], 'every pt-BR key has an English text');
  assert.equal(traduzir('en', 'topo.expandir'), 'Expand menu');
  assert.equal(traduzir('pt-BR', 'topo.expandir'), 'Expandir menu');
  assert.equal(traduzir('pt-BR', 'topo.recolher'), 'Recolher menu');
  assert.equal(traduzir('pt-BR', 'tabela.pagina', { pagina: 2, paginas: 5 }), 'Página 2 de 5');
  assert.equal(traduzir('pt-BR', 'erro.erro-rede.titulo'), 'O servidor não respondeu a requisição.');
  assert.equal(traduzir('pt-BR', 'erro.erro-rede.texto'), 'Por favor, tente novamente mais tarde.');
  assert.equal(traduzir('pt-BR', 'api.permissoes-falhou'), 'Não foi possível buscar informações básicas de usuário: contate o suporte');
});

test('config: every attribute has its documented default', () => {
  const c = lerConfig({}, 'https://portal.uf.gov.br');
  assert.deepEqual({ ...c, productInfo: undefined }, {
    apiUrl: 'https://portal.uf.gov.br', keycloakUrl: 'https://portal.uf.gov.br', realm: 'demo', clientId: 'console-formularios',
    router: 'memory', basePath: '', initialPath: '/pagina-inicial', appVersion: '0.1.0', environment: '', requestTimeoutMs: 30000,
    tokenCheckIntervalS: 30, tokenMinValidityS: 60, language: 'pt-BR', iframeAllowlist: [], productInfo: undefined,
  });
  assert.deepEqual(c.productInfo, INFO_PRODUTO_PADRAO);
  const d = lerConfig({ apiUrl: 'https://api.uf.gov.br/', router: 'browser', basePath: '/console/', requestTimeoutMs: 'x', iframeAllowlist: 'https://a.gov.br, https://b.gov.br/', productInfo: '{"aplicacao":{"sigla":"SEI"}}', initialPath: 'sem-barra' }, 'https://p');
  assert.equal(d.apiUrl, 'https://api.uf.gov.br');
  assert.equal(d.basePath, '/console');
  assert.equal(d.requestTimeoutMs, 30000, 'a bad number keeps the default');
  assert.deepEqual(d.iframeAllowlist, ['https://a.gov.br', 'https://b.gov.br']);
  assert.equal(d.productInfo.aplicacao.sigla, 'SEI');
  assert.equal(d.productInfo.aplicacao.nome, 'Console de Formulários', 'partial records keep the other defaults');
  assert.equal(d.initialPath, '/pagina-inicial');
  assert.equal(lerConfig({ productInfo: '{quebrado' }, 'x').productInfo, INFO_PRODUTO_PADRAO);
});

test('no request timeout when the app version is DEVELOPMENT', () => {
  assert.equal(timeoutEfetivo({ appVersion: 'DEVELOPMENT', requestTimeoutMs: 30000 }), undefined);
  assert.equal(timeoutEfetivo({ appVersion: '1.2.3', requestTimeoutMs: 15000 }), 15000);
});

test('the permission catalog holds the names SPEC.md and DESIGN.md use, each described in pt-BR', () => {
  for (const n of ['READ_MODELO', 'READ_FORMULARIO', 'READ_FORMULARIO_EVENTO', 'READ_RETENTATIVA_INTEGRACAO', 'UPDATE_RETENTATIVA_INTEGRACAO', 'READ_VINCULOS_USUARIO', 'READ_PERFIL_ACESSO', 'CREATE_PERFIL_ACESSO', 'READ_GRUPO_ACESSO_PUBLICO', 'CREATE_GRUPO_ACESSO_PUBLICO', 'READ_GRUPO_CONTROLE_CONTEUDO', 'CREATE_GRUPO_CONTROLE_CONTEUDO', 'DELETE_VINCULOS_USUARIO']) {
    assert.ok(TODAS_PERMISSOES.includes(n as never), n);
  }
  assert.equal(TODAS_PERMISSOES.length, 28);
  assert.equal(new Set(TODAS_PERMISSOES).size, 28);
  assert.equal(CATALOGO.find((p) => p.nome === 'UPDATE_FORMULARIO_ANALISE')?.descricao, 'Alterar análises de formulários (etapas)');
  assert.equal(CATALOGO.find((p) => p.nome === 'UPDATE_FORMULARIO_PAGAMENTO')?.descricao, 'Alterar pagamentos dos formulários (devoluções)');
  assert.equal(CATALOGO.find((p) => p.nome === 'READ_FORMULARIO_DADOS_PESSOAIS')?.descricao, 'Consultar dados pessoais dos formulários, sem máscara');
  assert.equal(CATALOGO.find((p) => p.nome === 'READ_MODELO')?.descricao, 'Consultar modelos de formulários');
});

test('a pasted list or CSV of CPFs: valid ones once, invalid lines reported, headers ignored', async () => {
  const { lerListaCpfs } = await import('../../src/forms/cpf');
  assert.deepEqual(lerListaCpfs('CPF\n529.982.247-25\n123\n52998224725\nMaria;111.444.777-35;x\n\n'), {
    validos: ['52998224725', '11144477735'],
    invalidos: [{ linha: 3, valor: '123' }],
    repetidos: 1,
  });
  assert.deepEqual(lerListaCpfs(''), { validos: [], invalidos: [], repetidos: 0 });
});

test('plurals by each language rules (Intl.PluralRules): catalog messages and counted words', () => {
  assert.equal(traduzir('pt-BR', 'tabela.total', { total: 0 }), 'Nenhum registro');
  assert.equal(traduzir('pt-BR', 'tabela.total', { total: 1 }), '1 registro');
  assert.equal(traduzir('pt-BR', 'tabela.total', { total: 1234 }), '1.234 registros');
  assert.equal(traduzir('en', 'tabela.total', { total: 1 }), '1 record');
  assert.equal(traduzir('en', 'tabela.total', { total: 2 }), '2 records');
  assert.equal(contar(1, 'campo', 'campos'), '1 campo');
  assert.equal(contar(2, 'seção', 'seções'), '2 seções');
  assert.equal(contar(0, 'field', 'fields', 'en'), '0 fields');
  assert.equal(contar(0, 'campo', 'campos'), '0 campos', 'zero takes the plural in Portuguese');
  assert.equal(contar(1.5, 'hora', 'horas'), '1,5 hora');
  for (const [chave, texto] of Object.entries(ptBR)) assert.doesNotMatch(texto, /\((s|es|ões)\)/, `${chave}: no "(s)" in the catalog`);
});

test('plural forms may hold placeholders; a value with "#" or braces is written as it is', () => {
  assert.equal(traduzir('pt-BR', 'editor.remover-secao-texto', { n: 1, titulo: 'Seção #1 {x}' }), 'A seção "Seção #1 {x}" e o seu campo serão removidos do rascunho. Ctrl+Z desfaz.');
  assert.equal(traduzir('en', 'editor.remover-secao-texto', { n: 3, titulo: 'Dados' }), 'Section "Dados" and its 3 fields will be removed from the draft. Ctrl+Z undoes it.');
});

test('datas e horas de São Paulo iguais às do Intl de 1985 a 2040, horários de verão inclusive (o desvio é perguntado uma vez por hora)', () => {
  const intl = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hourCycle: 'h23', day: '2-digit', month: '2-digit', year: '2-digit', hour: '2-digit', minute: '2-digit' });
  const esperado = (d: Date) => {
    const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
    return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
  };
  const diferentes: string[] = [];
  // Every 7 h 13 min 17 s: every hour of the day and minutes on both sides of each DST change.
  for (let t = Date.UTC(1985, 0, 1); t < Date.UTC(2040, 0, 1); t += 26_000_000 - 3_000) {
    const d = new Date(t);
    if (formatarDataHora(d) !== esperado(d)) diferentes.push(`${d.toISOString()}: ${formatarDataHora(d)} ≠ ${esperado(d)}`);
  }
  // The night Brazil last moved its clocks forward (2018-11-04 00:00 became 01:00) and back (2019-02-17).
  for (const iso of ['2018-11-04T02:59:00Z', '2018-11-04T03:00:00Z', '2019-02-17T01:59:00Z', '2019-02-17T02:00:00Z', '2019-02-17T02:59:00Z']) {
    const d = new Date(iso);
    if (formatarDataHora(d) !== esperado(d)) diferentes.push(`${iso}: ${formatarDataHora(d)} ≠ ${esperado(d)}`);
  }
  assert.deepEqual(diferentes, []);
  assert.equal(formatarDataHora('2018-11-04T03:00:00Z'), '04/11/18 01:00');
  assert.equal(hojeSaoPaulo(new Date('2026-01-01T02:59:00Z')), '2025-12-31');
});
