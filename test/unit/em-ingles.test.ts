import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { emIngles, pedeIngles, problemaNoIdioma } from '../../src/server/api/emIngles';
import { validarDefinicao } from '../../src/forms/problemasDefinicao';
import { tradutor } from '../../src/i18n';
import { problema } from '../../src/contrato/problema';

/**
 * The API in English for a console in English (issue 37): every refusal a route writes, every delivery reason, and
 * every sentence of the console's catalogs. A new literal refusal without its English fails the first test.
 */
function arquivos(pasta: string): string[] {
  return readdirSync(pasta).flatMap((n) => {
    const c = join(pasta, n);
    return statSync(c).isDirectory() ? arquivos(c) : c.endsWith('.ts') ? [c] : [];
  });
}

/** The literal sentences of the server's refusals, delivery reasons and field messages (`${…}` as a value). */
function frasesDoServidor(): string[] {
  const padrao = /(?:\b(?:invalido|conflito|proibido|naoEncontrado)\(|new ErroHttp\(\d+, |enviarProblema\(rep[^,]*, \d+, |\bmessage: |\brecusa: |\berro: )(['`])((?:(?!\1)[^\\]|\\.)*)\1/g;
  const frases = new Set<string>();
  for (const f of [...arquivos('src/server'), ...arquivos('demo/server')]) {
    for (const m of readFileSync(f, 'utf8').matchAll(padrao)) {
      const texto = m[2].replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, '7').replace(/\\'/g, "'");
      // Sentences only (not a key, an id or a value): a capital first and a stop at the end.
      if (/^["A-ZÁÉÍÓÚÂÊÔÃÕÇ0-9]/.test(texto) && /[.)]$/.test(texto) && /\s/.test(texto)) frases.add(texto);
    }
  }
  return [...frases];
}

test('every refusal and reason the server writes has its English', () => {
  const frases = frasesDoServidor();
  assert.ok(frases.length > 60, `found ${frases.length}`);
  assert.deepEqual(frases.filter((f) => emIngles(f) === f), [], 'add these to FRASES in src/server/api/emIngles.ts');
});

test('values inside a sentence are said in English too; an unknown text stays as it is', () => {
  assert.equal(emIngles('O destino respondeu 503 (serviço indisponível).'), 'The destination answered 503 (service unavailable).');
  assert.equal(emIngles('Falha de conexão: conexão recusada.'), 'Connection failure: connection refused.');
  assert.equal(emIngles('Destino recusado: O nome interno.exemplo não foi encontrado (DNS).'), 'Destination refused: The name interno.exemplo was not found (DNS).');
  assert.equal(emIngles('Serviço indisponível (HTTP 503)'), 'Service unavailable (HTTP 503)');
  assert.equal(emIngles('Modelo "x-1" não encontrado.'), 'Form template "x-1" not found.');
  assert.equal(emIngles('Algo que ninguém escreveu.'), 'Algo que ninguém escreveu.');
  // A sentence of the catalogs: the builder's rules as the server checks them.
  const [p] = validarDefinicao({ secoes: [{ id: 's', titulo: '', campos: [] }] }, false, {}, tradutor('pt-BR'));
  const [e] = validarDefinicao({ secoes: [{ id: 's', titulo: '', campos: [] }] }, false, {}, tradutor('en'));
  assert.notEqual(p.mensagem, e.mensagem);
  assert.equal(emIngles(p.mensagem), e.mensagem);
});

test('a problem+json answer in English only for a caller asking for English first', () => {
  const p = problema(409, 'Um modelo arquivado não pode ser alterado; restaure-o antes.', [{ field: 'nome', message: 'Campo desconhecido.' }]);
  assert.deepEqual(problemaNoIdioma(p, 'en-US,en;q=0.9,pt;q=0.5'), { status: 409, title: 'Conflict', detail: 'An archived form template cannot be changed; restore it first.', errors: [{ field: 'nome', message: 'Unknown field.' }] });
  assert.deepEqual(problemaNoIdioma(p, 'pt-BR,en;q=0.5'), p);
  assert.deepEqual(problemaNoIdioma(p, undefined), p);
  assert.equal(pedeIngles('es, en;q=0.8'), false, 'Spanish first: the console speaks Portuguese then');
});

test('issue 50: no Portuguese left in an English refusal (a query list, a limit), and a Spanish caller reads a Spanish title', () => {
  const lista = problema(400, 'Parâmetros inválidos: size: O valor máximo permitido é 100. page: O valor mínimo permitido é 0.', [
    { field: 'size', message: 'O valor máximo permitido é 100.' },
    { field: 'page', message: 'O valor mínimo permitido é 0.' },
  ]);
  assert.equal(problemaNoIdioma(lista, 'en').detail, 'Invalid parameters: size: The maximum allowed value is 100. page: The minimum allowed value is 0.');
  assert.equal(problemaNoIdioma(problema(429, 'Muitas requisições seguidas. Tente de novo em 42 s.'), 'en').detail, 'Too many requests in a row. Try again in 42 s.');
  assert.equal(problemaNoIdioma(problema(429, 'Este formulário está recebendo envios demais agora. Tente de novo em 2 min.'), 'en').detail, 'This form is receiving too many submissions right now. Try again in 2 min.');
  assert.equal(problemaNoIdioma(problema(400, 'Verifique os campos destacados.'), 'es-ES,es;q=0.9').title, 'Solicitud no válida');
});
