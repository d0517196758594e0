import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cnpjValido, formatarCnpj, formatarTelefone, telefoneE164 } from '../../src/forms/brasileiros';
import { destinoMascarado } from '../../src/forms/verificacao';
import { errosDasRespostas, respostasGuardadas } from '../../src/forms/preenchimento';
import { textoResposta } from '../../src/forms/respostas';
import { criterioAtendido } from '../../src/forms/condicoes';
import { calcular } from '../../src/forms/calculos';
import { tradutorCidadao } from '../../src/i18n/cidadao';
import type { Definicao } from '../../src/forms/definicao';

/** Issue 44's Brazilian fields: CNPJ (numeric and alphanumeric), phone in E.164, money in centavos, each read back the Brazilian way. */
test('CNPJ: check digits, numeric and the alphanumeric one of 2026, with or without punctuation', () => {
  for (const ok of ['11.222.333/0001-81', '11222333000181', '12.ABC.345/01DE-35', '12abc34501de35']) assert.equal(cnpjValido(ok), true, ok);
  for (const ruim of ['11.222.333/0001-82', '11111111111111', '12.ABC.345/01DE-36', '123', '']) assert.equal(cnpjValido(ruim), false, ruim);
  assert.equal(formatarCnpj('12abc34501de35'), '12.ABC.345/01DE-35');
});

test('phone: DDD and number, mobile or landline, in E.164; shown (DD) NNNNN-NNNN', () => {
  assert.equal(telefoneE164('(11) 98765-4321'), '+5511987654321');
  assert.equal(telefoneE164('11 3234-5678'), '+551132345678');
  assert.equal(telefoneE164('+55 61 99876 5432'), '+5561998765432');
  assert.equal(telefoneE164('011 98765-4321'), '+5511987654321');
  for (const ruim of ['(00) 98765-4321', '98765-4321', '+1 202 555 0100', '(11) 1234-567']) assert.equal(telefoneE164(ruim), null, ruim);
  assert.equal(formatarTelefone('+5511987654321'), '(11) 98765-4321');
  assert.equal(formatarTelefone('+551132345678'), '(11) 3234-5678');
});

test('phone of another country: only where the question accepts it, typed with + and its code, in E.164 (issue 45)', () => {
  assert.equal(telefoneE164('+351 912 345 678', true), '+351912345678');
  assert.equal(telefoneE164('+1 (202) 555-0100', true), '+12025550100');
  assert.equal(telefoneE164('+55 11 98765-4321', true), '+5511987654321', 'a Brazilian number is still checked as one');
  assert.equal(telefoneE164('+55 11 1234', true), null);
  for (const ruim of ['+0 123 456 789', '+1234567', '+1234567890123456']) assert.equal(telefoneE164(ruim, true), null, ruim);
  assert.equal(telefoneE164('+351 912 345 678'), null, 'a Brazilian-only question');
  assert.equal(destinoMascarado('+351912345678'), '+351 *****5678');
  assert.equal(destinoMascarado('+5511987654321'), '+55 11 *****-4321');
  const internacional: Definicao['secoes'][number]['campos'][number] = { id: 'f', tipo: 'telefone', rotulo: 'Telefone', obrigatorio: true, regras: [], internacional: true };
  assert.deepEqual(errosDasRespostas({ secoes: [{ id: 's', titulo: 'S', campos: [internacional] }] }, { f: '12345' }), { f: 'Informe um telefone com DDD, como (11) 98765-4321, ou de outro país com + e o código do país, como +351 912 345 678.' });
  assert.deepEqual(errosDasRespostas({ secoes: [{ id: 's', titulo: 'S', campos: [internacional] }] }, { f: '+351 912 345 678' }), {});
});

const D: Definicao = {
  secoes: [
    {
      id: 's',
      titulo: 'Empresa',
      campos: [
        { id: 'cnpj', tipo: 'cnpj', rotulo: 'CNPJ', obrigatorio: true, regras: [] },
        { id: 'fone', tipo: 'telefone', rotulo: 'Telefone', obrigatorio: true, regras: [] },
        { id: 'capital', tipo: 'moeda', rotulo: 'Capital social', obrigatorio: true, regras: [{ tipo: 'minValue', min: 1000 }] },
      ],
    },
  ],
  calculos: [{ id: 'dobro', rotulo: 'Dobro', tipo: 'dinheiro', expressao: { '*': [{ var: 'capital' }, 2] } }],
};

test('the fields checked, stored in one form (E.164, centavos, 14 characters) and shown in Brazilian format', () => {
  const t = tradutorCidadao('pt-BR');
  assert.deepEqual(errosDasRespostas(D, { cnpj: '11.222.333/0001-82', fone: '1234', capital: 'mil reais' }), {
    cnpj: 'Este campo deve ser um CNPJ válido.',
    fone: 'Informe um telefone com DDD, como (11) 98765-4321.',
    capital: 'Informe um valor em reais, como 1.234,56.',
  });
  assert.deepEqual(errosDasRespostas(D, { cnpj: '12.ABC.345/01DE-35', fone: '(11) 98765-4321', capital: 'R$ 999,99' }), { capital: 'O valor mínimo permitido é 1000.' });
  const digitadas = { cnpj: '12.abc.345/01de-35', fone: '(11) 98765-4321', capital: 'R$ 1.234,56' };
  assert.deepEqual(errosDasRespostas(D, digitadas), {});
  const guardadas = respostasGuardadas(D, digitadas);
  assert.deepEqual(guardadas, { cnpj: '12ABC34501DE35', fone: '+5511987654321', capital: 123456 });
  const campo = (id: string) => D.secoes[0].campos.find((c) => c.id === id)!;
  for (const r of [digitadas, guardadas]) {
    assert.equal(textoResposta(campo('cnpj'), r.cnpj, t), '12.ABC.345/01DE-35');
    assert.equal(textoResposta(campo('fone'), r.fone, t), '(11) 98765-4321');
    assert.equal(textoResposta(campo('capital'), r.capital, t), 'R$\u00a01.234,56');
    // Conditions and calculations read the same amount, typed or stored.
    assert.equal(criterioAtendido(campo('capital'), { campo: 'capital', operador: 'maior', valor: 1234.5 }, r.capital), true);
    assert.equal(calcular(D, r).valores.dobro, 246912);
  }
  assert.equal(textoResposta(campo('capital'), 123456, tradutorCidadao('en')), 'R$1,234.56');
});
