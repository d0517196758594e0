import { test } from 'node:test';
import assert from 'node:assert/strict';
import { avaliarIframe } from '../../src/access/iframe';
import { celulaCsv, linhaCsv } from '../../src/forms/csv';
import type { Definicao } from '../../src/forms/definicao';
import { respostasPorSecao } from '../../src/forms/respostas';
import { tradutor } from '../../src/i18n';
import { RETENTATIVA_REEXECUTAVEL, ROTULO_EVENTO, ROTULO_STATUS_FORMULARIO, ROTULO_STATUS_RETENTATIVA, STATUS_FORMULARIO, STATUS_RETENTATIVA, TIPOS_EVENTO, opcoesDe, rotuloDe } from '../../src/forms/status';
import { marcasEixo } from '../../src/console/ui/graficos/Graficos';

test('every state and event type has a pt-BR label; unknown codes show as they are', () => {
  assert.deepEqual(Object.keys(ROTULO_STATUS_FORMULARIO), [...STATUS_FORMULARIO]);
  assert.deepEqual(Object.keys(ROTULO_EVENTO), [...TIPOS_EVENTO]);
  assert.deepEqual(Object.keys(ROTULO_STATUS_RETENTATIVA), [...STATUS_RETENTATIVA]);
  assert.equal(rotuloDe(ROTULO_STATUS_FORMULARIO, 'FALHA_INTEGRACAO').rotulo, 'Falha de integração');
  assert.deepEqual(rotuloDe(ROTULO_EVENTO, 'NOVO_TIPO'), { rotulo: 'NOVO_TIPO', intent: 'none' });
  assert.deepEqual(opcoesDe(ROTULO_STATUS_RETENTATIVA)[3], { valor: 'ESGOTADA', rotulo: 'Tentativas esgotadas' });
  assert.deepEqual(rotuloDe(ROTULO_STATUS_FORMULARIO, 'INTEGRADO', tradutor('en')), { rotulo: 'Integrated', intent: 'success' }, 'each language has its label');
  assert.deepEqual([...RETENTATIVA_REEXECUTAVEL], ['PENDENTE', 'ESGOTADA']);
});

test('CSV cells: separators and quotes quoted, formulas defused, lines end in CRLF', () => {
  assert.equal(celulaCsv('simples'), 'simples');
  assert.equal(celulaCsv(null), '');
  assert.equal(celulaCsv(12), '12');
  assert.equal(celulaCsv('a;b'), '"a;b"');
  assert.equal(celulaCsv('diz "oi"'), '"diz ""oi"""');
  assert.equal(celulaCsv('linha\nquebrada'), '"linha\nquebrada"');
  assert.equal(celulaCsv('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(celulaCsv('-1+1'), `"'-1+1"`);
  // OWASP's list beyond = + - @: tab, carriage return, pipe, and the full-width signs.
  assert.equal(celulaCsv('\t=1+1'), `"'\t=1+1"`);
  assert.equal(celulaCsv('\r=1+1'), `"'\r=1+1"`);
  assert.equal(celulaCsv('|calc'), `"'|calc"`);
  for (const c of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) assert.equal(celulaCsv(`${c}SUM(A1)`), `"'${c}SUM(A1)"`);
  assert.equal(celulaCsv('a|b'), 'a|b');
  assert.equal(linhaCsv(['a', 1, null, 'c;d']), 'a;1;;"c;d"\r\n');
});

const DEF: Definicao = {
  secoes: [
    {
      id: 's1',
      titulo: 'Requerente',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] },
        { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [] },
        { id: 'nascimento', tipo: 'data', rotulo: 'Nascimento', obrigatorio: false, regras: [] },
      ],
    },
    {
      id: 's2',
      titulo: 'Pedido',
      campos: [
        { id: 'motivo', tipo: 'escolha-unica', rotulo: 'Motivo', obrigatorio: true, regras: [], opcoes: [{ valor: 'perda', rotulo: 'Perda' }, { valor: 'roubo', rotulo: 'Roubo' }] },
        { id: 'canais', tipo: 'escolha-multipla', rotulo: 'Canais', obrigatorio: false, regras: [], opcoes: [{ valor: 'sms', rotulo: 'SMS' }, { valor: 'email', rotulo: 'E-mail' }] },
        { id: 'valor', tipo: 'decimal', rotulo: 'Valor', obrigatorio: false, regras: [] },
        { id: 'anexo', tipo: 'arquivo', rotulo: 'Anexo', obrigatorio: false, regras: [] },
        { id: 'obs', tipo: 'texto-longo', rotulo: 'Observações', obrigatorio: false, regras: [] },
      ],
    },
  ],
};

test('answers laid out by the version: labels, option labels, dates dd/MM/yy, CPF mask, unnamed answers kept last', () => {
  const blocos = respostasPorSecao(DEF, { nome: 'Maria', cpf: '52998224725', nascimento: '1990-05-17', motivo: 'roubo', canais: ['email', 'sms'], valor: 1234.5, anexo: { nome: 'rg.pdf' }, extra: 'x' });
  assert.deepEqual(
    blocos.map((b) => [b.titulo, b.linhas.map((l) => `${l.rotulo}=${l.valor}`)]),
    [
      ['Requerente', ['Nome=Maria', 'CPF=529.982.247-25', 'Nascimento=17/05/1990']],
      ['Pedido', ['Motivo=Roubo', 'Canais=E-mail, SMS', 'Valor=1.234,5', 'Anexo=rg.pdf', 'Observações=Não informado']],
      ['Outras respostas', ['extra=x']],
    ],
  );
  // An option that the version no longer has shows its stored value rather than nothing.
  assert.equal(respostasPorSecao(DEF, { motivo: 'dano' })[1].linhas[0].valor, 'dano');
  // No version (deleted): everything under "Outras respostas".
  assert.deepEqual(respostasPorSecao(null, { a: 1, b: true }), [{ titulo: 'Outras respostas', linhas: [{ id: 'a', rotulo: 'a', valor: '1' }, { id: 'b', rotulo: 'b', valor: 'Sim' }] }]);
  assert.deepEqual(respostasPorSecao(null, {}), []);
});

test('/iframe: only http(s) addresses of allowed origins; the host origin never gets allow-same-origin', () => {
  const lista = ['https://intranet.uf.gov.br', 'http://localhost:9000/', 'lixo'];
  const ok = avaliarIframe('https://intranet.uf.gov.br/avisos?x=1', lista, 'https://portal.uf.gov.br');
  assert.equal(ok.permitido, true);
  assert.ok(ok.permitido && ok.sandbox.split(' ').includes('allow-same-origin') && ok.sandbox.includes('allow-scripts') && !ok.sandbox.includes('allow-top-navigation'));
  const mesma = avaliarIframe('http://localhost:9000/pagina', lista, 'http://localhost:9000');
  assert.ok(mesma.permitido && !mesma.sandbox.includes('allow-same-origin'));
  const recusas = [
    [null, 'Nenhum endereço'],
    ['  ', 'Nenhum endereço'],
    ['javascript:alert(1)', 'não é válido'],
    ['data:text/html,oi', 'não é válido'],
    ['intranet.uf.gov.br', 'não é válido'],
    ['https://intranet.uf.gov.br.evil.com/', 'https://intranet.uf.gov.br.evil.com não está entre as origens autorizadas'],
    ['http://intranet.uf.gov.br/', 'não está entre'],
    ['https://intranet.uf.gov.br:8443/', 'não está entre'],
  ] as const;
  for (const [endereco, trecho] of recusas) {
    const r = avaliarIframe(endereco, lista, 'https://portal.uf.gov.br');
    assert.equal(r.permitido, false, String(endereco));
    assert.ok(!r.permitido && r.motivo.includes(trecho), `${endereco}: ${!r.permitido && r.motivo}`);
  }
  assert.equal(avaliarIframe('https://intranet.uf.gov.br/', [], 'https://portal.uf.gov.br').permitido, false, 'empty allowlist: none');
});

test('chart axis ticks are round and cover the maximum', () => {
  assert.deepEqual(marcasEixo(0), [0]);
  assert.deepEqual(marcasEixo(4), [0, 1, 2, 3, 4]);
  assert.deepEqual(marcasEixo(57), [0, 20, 40, 60]);
  assert.deepEqual(marcasEixo(1000), [0, 500, 1000]);
  assert.deepEqual(marcasEixo(11), [0, 5, 10, 15]);
  for (const m of [1, 3, 9, 11, 99, 101, 12345]) {
    const t = marcasEixo(m);
    assert.ok(t[t.length - 1] >= m, `${m}: ${t}`);
    assert.ok(t.length <= 6);
  }
});
