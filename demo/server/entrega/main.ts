/**
 * The delivery worker on its own (`npm run entregador`), beside API processes started with
 * ENTREGAS=off, or as more workers: it needs the PostgreSQL server of DATABASE_URL (the embedded
 * PGlite belongs to one process). Same configuration as in the API process (README.md).
 */
import { abrirBanco, migrar } from '../db';
import { criarEntregador, opcoesEntregasDoAmbiente } from './entregador';
import { opcoesIntegracaoDoAmbiente } from './integracao';
import { criarRetencao, opcoesRetencaoDoAmbiente } from './retencao';
import { arquivoDaChave, opcoesDoAmbiente } from '../app';
import { avisoDoNode } from '../runtime';
import { criarAnexos } from '../anexos/anexos';
import { abrirArmazenamento } from '../anexos/armazenamento';
import { criarMensageiro, opcoesEmailDoAmbiente } from '../email/mensageiro';

const aviso = avisoDoNode();
if (aviso) console.warn(aviso);

if (!process.env.DATABASE_URL) {
  console.error('O entregador separado precisa de DATABASE_URL (um servidor PostgreSQL); com o PGlite embutido, ele roda dentro do processo da API.');
  process.exit(2);
}
const db = await abrirBanco({ databaseUrl: process.env.DATABASE_URL });
await migrar(db);
const o = opcoesEntregasDoAmbiente({ ...process.env, ENTREGAS: 'on' });
// The same destinations and secrets' key as the API processes (SEGREDOS_CHAVE, or the demo's key file).
const servidor = opcoesDoAmbiente();
const integracao = opcoesIntegracaoDoAmbiente(process.env, { origemDemo: servidor.receptor ? new URL(servidor.urlPublica).origin : null, arquivoChave: arquivoDaChave(servidor), urlPublica: servidor.urlPublica });
const entregador = criarEntregador(db, o, integracao);
entregador.iniciar();
// The retention job (personal data past each model's period) runs with the worker.
// Attachments let go (personal ones past retention, unused uploads) leave the same storage as the API's.
const retencao = criarRetencao(db, opcoesRetencaoDoAmbiente(process.env), criarAnexos(db, await abrirArmazenamento(db, servidor.s3)));
retencao.iniciar();
// E-mails (issue 21) go out with the deliveries, through the SMTP server of SMTP_URL.
const email = opcoesEmailDoAmbiente(process.env);
const mensageiro = email.smtpUrl ? criarMensageiro(db, { ...email, smtpUrl: email.smtpUrl }) : undefined;
mensageiro?.iniciar();
if (!mensageiro) console.log('E-mails desligados neste processo (sem SMTP_URL).');
console.log(`Entregador de formulários: lote ${o.lote}, tempo limite ${o.timeoutMs} ms, esperas ${o.esperasS.join(', ')} s`);
for (const sinal of ['SIGINT', 'SIGTERM'] as const)
  process.on(sinal, () =>
    void Promise.all([entregador.parar(), retencao.parar(), mensageiro?.parar()])
      .then(() => db.fechar())
      .then(() => process.exit(0)),
  );
