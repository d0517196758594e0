import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Definicao } from '../../src/forms/definicao';
import type { clienteApi } from './cliente';

/** Shared by the submission and delivery tests and the benchmark: a model with every field type, valid answers, the public endpoint. */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

/** Every field type, with rules: what a submission is checked against. */
export const DEFINICAO_COMPLETA: Definicao = {
  secoes: [
    {
      id: 'requerente',
      titulo: 'Requerente',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [{ tipo: 'minLength', min: 3 }, { tipo: 'maxLength', max: 20 }] },
        { id: 'relato', tipo: 'texto-longo', rotulo: 'Relato', obrigatorio: false, regras: [] },
        { id: 'copias', tipo: 'inteiro', rotulo: 'Cópias', obrigatorio: false, regras: [{ tipo: 'minValue', min: 1 }, { tipo: 'maxValue', max: 5 }] },
        { id: 'valor', tipo: 'decimal', rotulo: 'Valor', obrigatorio: false, regras: [] },
        { id: 'email', tipo: 'email', rotulo: 'E-mail', obrigatorio: false, regras: [] },
        { id: 'site', tipo: 'url', rotulo: 'Site', obrigatorio: false, regras: [] },
        { id: 'data', tipo: 'data', rotulo: 'Data', obrigatorio: false, regras: [] },
        { id: 'cpf', tipo: 'cpf', rotulo: 'CPF', obrigatorio: true, regras: [], requerente: 'cpf' },
        { id: 'tipo', tipo: 'escolha-unica', rotulo: 'Tipo', obrigatorio: false, regras: [], opcoes: [{ valor: 'a', rotulo: 'A' }, { valor: 'b', rotulo: 'B' }] },
        { id: 'docs', tipo: 'escolha-multipla', rotulo: 'Documentos', obrigatorio: false, regras: [], opcoes: [{ valor: 'rg', rotulo: 'RG' }, { valor: 'cnh', rotulo: 'CNH' }] },
        { id: 'anexo', tipo: 'arquivo', rotulo: 'Anexo', obrigatorio: false, regras: [] },
      ],
    },
  ],
};

export const RESPOSTAS_VALIDAS = { nome: 'Maria', cpf: '529.982.247-25', copias: '2', tipo: 'a', docs: ['rg'] };

/** Creates and publishes a model in the Saúde group delivering to `url` (null: no integration). */
export async function modeloPublicado(admin: Cliente, codigo: string, url: string | null, extra: Record<string, unknown> = {}, definicao: Definicao = DEFINICAO_COMPLETA) {
  const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
  const corpo = { nome: `Teste ${codigo}`, grupoControleConteudoId: grupo, integracao: { url, metodo: 'POST', cabecalhos: { 'X-Chave': 'segredo' } }, ...extra };
  assert.equal((await admin('POST', '/modelos', { codigoServico: codigo, ...corpo })).status, 201);
  const salvo = await admin('PUT', `/modelos/${codigo}`, { ...corpo, definicao, versao: 1 });
  assert.equal(salvo.status, 200, JSON.stringify(salvo.json));
  assert.equal((await admin('POST', `/modelos/${codigo}/versoes`)).status, 201);
}

/** POST to the public submission endpoint (no staff token). */
export async function enviarFormulario(base: string, codigo: string, respostas: unknown, cabecalhos: Record<string, string> = {}) {
  const r = await fetch(`${base}/api/publico/modelos/${codigo}/formularios`, { method: 'POST', headers: { 'content-type': 'application/json', ...cabecalhos }, body: JSON.stringify({ respostas }) });
  return { status: r.status, headers: r.headers, json: await r.json() };
}


/** One key for every process of a test run, so an API process and a standalone worker read the same secrets. */
const CHAVE_SEGREDOS_TESTE = randomBytes(32).toString('base64');

/**
 * The environment a demo process (and a standalone worker) needs to deliver to a local test receiver:
 * its loopback origin allowed by the destination guard, the shared secrets' key, and no rate limit on
 * the hundreds of submissions a test sends from 127.0.0.1.
 */
export function ambienteDeEntrega(receptor: { origem: string }): Record<string, string> {
  return { INTEGRACAO_DESTINOS_PERMITIDOS: receptor.origem, SEGREDOS_CHAVE: CHAVE_SEGREDOS_TESTE, PUBLICO_LIMITE_ENDERECO: '0', PUBLICO_LIMITE_MODELO: '0' };
}
