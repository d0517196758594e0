/**
 * The delivery worker on its own (`npm run entregador`), beside API processes started with
 * ENTREGAS=off, or as more workers: it needs the PostgreSQL server of DATABASE_URL (the embedded
 * PGlite belongs to one process). Same configuration as in the API process (README.md).
 */
import { abrirBanco, migrar } from '../db';
import { criarEntregador, opcoesEntregasDoAmbiente } from './entregador';

import { criarRetencao, opcoesRetencaoDoAmbiente } from './retencao';
import { bancoDoAmbiente, configuracaoOuSair, emProducao } from '../ambiente';
import { gestaoDoAmbiente, integracaoDoAmbiente } from '../configuracao';
import { criarMetricas } from '../operacao/metricas';
import { criarSaude } from '../operacao/saude';
import { abrirGestao } from '../operacao/gestao';
import { avisoDoNode } from '../runtime';
import { criarAnexos } from '../anexos/anexos';
import { configS3DoAmbiente } from '../anexos/armazenamento';
import { abrirArmazenamento } from '../anexos/abrirArmazenamento';
import { fecharPdf } from '../pdf/gerador';
import { seloDoAmbiente } from '../pdf/selo';
import { criarMensageiro, opcoesEmailDoAmbiente } from '../email/mensageiro';
import { criarCobrancas, opcoesPixDoAmbiente } from '../pix/cobrancas';
import { urlPublicaDoAmbiente } from '../configuracao';
import { criarFluxo, opcoesEtapasDoAmbiente } from '../etapas/fluxo';

const aviso = avisoDoNode();
if (aviso) console.warn(aviso);

if (!process.env.DATABASE_URL) {
  console.error('O entregador separado precisa de DATABASE_URL (um servidor PostgreSQL); com o PGlite embutido, ele roda dentro do processo da API.');
  process.exit(2);
}
// The same destinations and secrets' key as the API processes (SEGREDOS_CHAVE, or the demo's key file).
const configuracao = configuracaoOuSair(() => ({
  databaseUrl: bancoDoAmbiente(process.env)!,
  o: opcoesEntregasDoAmbiente({ ...process.env, ENTREGAS: 'on' }),
  integracao: integracaoDoAmbiente(process.env),
  retencao: opcoesRetencaoDoAmbiente(process.env),
  s3: configS3DoAmbiente(process.env),
  email: opcoesEmailDoAmbiente(process.env),
  pix: opcoesPixDoAmbiente(process.env, urlPublicaDoAmbiente(process.env)),
  etapas: opcoesEtapasDoAmbiente(process.env, urlPublicaDoAmbiente(process.env)),
  // Its own management port (health and metrics): 9001 in production unless PORTA_GESTAO says otherwise.
  gestao: gestaoDoAmbiente(process.env, emProducao() ? 9001 : null),
  // The e-mails' receipts are sealed as the API's are (issue 44).
  selo: seloDoAmbiente(process.env),
}));
const { o, integracao } = configuracao;
const db = await abrirBanco({ databaseUrl: configuracao.databaseUrl });
await migrar(db);
const metricas = criarMetricas(db);
const saude = criarSaude({ db });
const gestao = configuracao.gestao ? await abrirGestao(configuracao.gestao, saude, metricas) : undefined;
const entregador = criarEntregador(db, { ...o, aoResultado: metricas.entrega }, integracao);
entregador.iniciar();
// The retention job (personal data past each model's period) runs with the worker.
// Attachments let go (personal ones past retention, unused uploads) leave the same storage as the API's.
// The steps' deadlines and reminders (issue 46) are swept with it; their e-mails queue only when SMTP is set.
const fluxo = criarFluxo(db, { ...configuracao.etapas, emails: !!configuracao.email.smtpUrl });
const retencao = criarRetencao(db, configuracao.retencao, criarAnexos(db, await abrirArmazenamento(db, configuracao.s3)), fluxo);
retencao.iniciar();
// E-mails (issue 21) go out with the deliveries, through the SMTP server of SMTP_URL.
const email = configuracao.email;
const mensageiro = email.smtpUrl ? criarMensageiro(db, { ...email, smtpUrl: email.smtpUrl, aoResultado: metricas.email, selo: configuracao.selo }) : undefined;
mensageiro?.iniciar();
if (!mensageiro) console.log('E-mails desligados neste processo (sem SMTP_URL).');
// Fees (issue 38): charges the PSP did not take yet, confirmations a lost notification left behind, expiries.
const pix = configuracao.pix ? criarCobrancas(db, configuracao.pix, () => entregador.acordar()) : undefined;
pix?.iniciar();
console.log(`Entregador de formulários: lote ${o.lote}, tempo limite ${o.timeoutMs} ms, esperas ${o.esperasS.join(', ')} s${gestao ? `; saúde e métricas em http://${configuracao.gestao!.host}:${configuracao.gestao!.porta}` : ''}`);
// SIGTERM: not ready at once; the rounds in progress finish (what they claimed is delivered and written, no lease left to expire); then exit 0.
for (const sinal of ['SIGINT', 'SIGTERM'] as const)
  process.on(sinal, () => {
    saude.desligar();
    void Promise.all([entregador.parar(), retencao.parar(), mensageiro?.parar(), pix?.parar()])
      .then(() => Promise.all([fecharPdf(), gestao?.close()]))
      .then(() => db.fechar())
      .then(() => process.exit(0));
  });
