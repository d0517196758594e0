import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario } from '../apoio/entregas';
import type { Definicao } from '../../src/forms/definicao';

/**
 * Brazilian fields on the server (issue 44), both databases: a CNPJ (numeric or alphanumeric) with wrong check
 * digits, a phone without its DDD and an amount that is no money are refused with their pt-BR messages; accepted,
 * the phone is stored in E.164, the amount in centavos and the CNPJ as its 14 characters, and the receipt (PDF)
 * prints them the Brazilian way.
 */
const DEF: Definicao = {
  secoes: [
    {
      id: 'empresa',
      titulo: 'Empresa',
      campos: [
        { id: 'cnpj', tipo: 'cnpj', rotulo: 'CNPJ', obrigatorio: true, regras: [] },
        { id: 'fone', tipo: 'telefone', rotulo: 'Telefone', obrigatorio: true, regras: [] },
        { id: 'capital', tipo: 'moeda', rotulo: 'Capital social', obrigatorio: true, regras: [] },
      ],
    },
  ],
};

for (const banco of await bancosDeTeste()) {
  describe(`campos brasileiros (${banco.nome})`, () => {
    let s: ServidorTeste;
    before(async () => {
      s = await subirServidor({ databaseUrl: banco.url });
      const admin = await clienteApi(s.url, 'admin');
      const grupo = (await admin('GET', '/modelos/saude-ouvidoria')).json.grupoControleConteudo.id;
      const corpo = { nome: 'Cadastro de empresa', grupoControleConteudoId: grupo };
      assert.equal((await admin('POST', '/modelos', { codigoServico: 'empresa', ...corpo })).status, 201);
      assert.equal((await admin('PUT', '/modelos/empresa', { ...corpo, definicao: DEF, versao: 1 })).status, 200);
      assert.equal((await admin('POST', '/modelos/empresa/versoes')).status, 201);
    });
    after(async () => {
      await s.fechar();
      await banco.descartar?.();
    });

    test('recusados com as mensagens em português; aceitos, guardados em E.164, centavos e 14 caracteres; o comprovante os escreve como no Brasil', async () => {
      const ruim = await enviarFormulario(s.url, 'empresa', { cnpj: '12.ABC.345/01DE-36', fone: '98765-4321', capital: 'mil' });
      assert.equal(ruim.status, 400);
      assert.deepEqual(ruim.json.errors, [
        { field: 'respostas.cnpj', message: 'Este campo deve ser um CNPJ válido.' },
        { field: 'respostas.fone', message: 'Informe um telefone com DDD, como (11) 98765-4321.' },
        { field: 'respostas.capital', message: 'Informe um valor em reais, como 1.234,56.' },
      ]);
      for (const [cnpj, guardado] of [['12.abc.345/01de-35', '12ABC34501DE35'], ['11.222.333/0001-81', '11222333000181']]) {
        const r = await enviarFormulario(s.url, 'empresa', { cnpj, fone: '(11) 98765-4321', capital: 'R$ 1.234,56' });
        assert.equal(r.status, 201, JSON.stringify(r.json));
        const [f] = await s.db.query<{ respostas: Record<string, unknown> }>('select respostas from formulario where protocolo = $1', [r.json.protocolo]);
        assert.deepEqual(f.respostas, { cnpj: guardado, fone: '+5511987654321', capital: 123456 });
        const pdf = Buffer.from(await (await fetch(`${s.url}${r.json.comprovante.url}`)).arrayBuffer());
        const texto = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');
        assert.match(texto, /Telefone \(11\) 98765-4321/);
        assert.match(texto, /Capital social R\$ 1\.234,56/);
        assert.match(texto, new RegExp(`CNPJ ${cnpj.toUpperCase().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
      }
    });
  });
}
