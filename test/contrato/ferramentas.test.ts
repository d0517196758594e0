/**
 * The document as a portal or backend team's tools take it (issue 17): Redocly's recommended rules with
 * no error and no warning (.redocly.yaml says why a rule is off), swagger-parser's validation, and
 * openapi-typescript generating client types that compile.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { subirServidor, type ServidorTeste } from '../apoio/servidor';

let s: ServidorTeste;
let doc: any;
const pasta = mkdtempSync(join(tmpdir(), 'cf-contrato-'));
const arquivo = join(pasta, 'openapi.json');

before(async () => {
  // With CONTRATO_API_URL, the other implementation's own document.
  const externo = process.env.CONTRATO_API_URL?.replace(/\/$/, '');
  if (!externo) s = await subirServidor();
  doc = await (await fetch(`${externo ?? `${s.url}/api`}/openapi.json`)).json();
  writeFileSync(arquivo, JSON.stringify(doc, null, 2));
});
after(async () => s?.fechar());

test('Redocly (regras recomendadas): nenhum erro e nenhum aviso', () => {
  const r = spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', arquivo, '--config', '.redocly.yaml', '--format=json'], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const saida = JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
  assert.deepEqual(saida.problems.map((p: { ruleId: string; message: string }) => `${p.ruleId}: ${p.message}`), []);
  assert.deepEqual(saida.totals, { errors: 0, warnings: 0, ignored: 0 });
});

test('swagger-parser valida o documento e resolve todas as referências', async () => {
  const api = (await SwaggerParser.validate(structuredClone(doc))) as any;
  assert.equal(api.paths['/formularios'].get.operationId, 'listarFormularios');
});

test('openapi-typescript gera tipos de cliente que compilam', async () => {
  const tipos = astToString(await openapiTS(structuredClone(doc)));
  assert.match(tipos, /listarFormularios: \{/);
  assert.match(tipos, /Problema: \{/);
  const ts = join(pasta, 'api.ts');
  writeFileSync(ts, `${tipos}\nexport type F = components['schemas']['Formulario']['protocolo'];\nconst x: F = '2026.000000001';\nexport default x;\n`);
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '--strict', '--target', 'es2022', '--module', 'es2022', '--moduleResolution', 'bundler', '--typeRoots', pasta, '--skipLibCheck', ts], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
