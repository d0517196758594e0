import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { bancosDeTeste, clienteApi, portaLivre, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { enviarFormulario } from '../apoio/entregas';
import type { Definicao } from '../../src/forms/definicao';

/**
 * Brazilian fields on the server (issue 44), both databases: a CNPJ (numeric or alphanumeric) with wrong check
 * digits, a phone without its DDD and an amount that is no money are refused with their pt-BR messages; accepted,
 * the phone is stored in E.164, the amount in centavos and the CNPJ as its 14 characters, and the receipt (PDF)
 * prints them the Brazilian way. The CEP lookup answers from a ViaCEP-compatible service (the demo's, and one of
 * the test's own that counts its calls: each CEP asked once a day), 404 for a CEP nobody has, 503 with the service
 * down — and the form is sent all the same, the address typed.
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
        { id: 'cep', tipo: 'cep', rotulo: 'CEP', obrigatorio: false, regras: [], endereco: { logradouro: 'rua', cidade: 'cidade' } },
        { id: 'rua', tipo: 'texto', rotulo: 'Rua', obrigatorio: false, regras: [] },
        { id: 'cidade', tipo: 'texto', rotulo: 'Cidade', obrigatorio: false, regras: [] },
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

    test('CEP: o endereço pelo serviço (guardado um dia), 404 para um CEP que não existe, 400 para o que não é CEP', async () => {
      const praca = await fetch(`${s.url}/api/publico/cep/01001-000`);
      assert.equal(praca.status, 200);
      assert.deepEqual(await praca.json(), { cep: '01001-000', logradouro: 'Praça da Sé', bairro: 'Sé', cidade: 'São Paulo', uf: 'SP' });
      const nenhum = await fetch(`${s.url}/api/publico/cep/99999999`);
      assert.deepEqual([nenhum.status, (await nenhum.json()).detail], [404, 'CEP não encontrado: confira os números ou preencha o endereço.']);
      assert.equal((await fetch(`${s.url}/api/publico/cep/123`)).status, 400);

      // A service of our own, counting its calls: the second lookup of a CEP is answered from memory.
      let chamadas = 0;
      const servico = createServer((req, res) => {
        chamadas++;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(req.url?.includes('70150900') ? { cep: '70150-900', logradouro: 'Praça dos Três Poderes', bairro: 'Zona Cívico-Administrativa', localidade: 'Brasília', uf: 'DF' } : { erro: 'true' }));
      });
      const porta = await portaLivre();
      await new Promise<void>((ok) => servico.listen(porta, '127.0.0.1', ok));
      const outro = await subirServidor({ databaseUrl: banco.url, cep: { url: `http://127.0.0.1:${porta}/ws/{cep}/json/`, timeoutMs: 1000 } });
      try {
        for (let i = 0; i < 3; i++) assert.equal((await (await fetch(`${outro.url}/api/publico/cep/70150900`)).json()).cidade, 'Brasília');
        assert.equal(chamadas, 1);
        assert.equal((await fetch(`${outro.url}/api/publico/cep/12345678`)).status, 404, '{"erro": "true"} is no address');
      } finally {
        await outro.fechar();
        await new Promise((ok) => servico.close(ok));
      }
    });

    test('CEP com o serviço fora do ar: 503 com a razão, e o formulário é enviado com o endereço digitado', async () => {
      const fechada = await portaLivre();
      const fora = await subirServidor({ databaseUrl: banco.url, cep: { url: `http://127.0.0.1:${fechada}/ws/{cep}/json/`, timeoutMs: 500 } });
      try {
        const r = await fetch(`${fora.url}/api/publico/cep/01001000`, { headers: { 'accept-language': 'en' } });
        assert.deepEqual([r.status, (await r.json()).detail], [503, 'The postcode (CEP) lookup is not available now: type the address.']);
        const semServico = await subirServidor({ databaseUrl: banco.url, cep: null });
        try {
          assert.equal((await fetch(`${semServico.url}/api/publico/cep/01001000`)).status, 503, 'without CEP_URL there is no lookup');
        } finally {
          await semServico.fechar();
        }
      } finally {
        await fora.fechar();
      }
      const envio = await enviarFormulario(s.url, 'empresa', { cnpj: '11222333000181', fone: '(61) 3411-1221', capital: '10', cep: '01001000', rua: 'Praça da Sé, 1', cidade: 'São Paulo' });
      assert.equal(envio.status, 201, JSON.stringify(envio.json));
      const [f] = await s.db.query<{ respostas: Record<string, unknown> }>('select respostas from formulario where protocolo = $1', [envio.json.protocolo]);
      assert.deepEqual([f.respostas.cep, f.respostas.fone, f.respostas.capital], ['01001-000', '+556134111221', 1000]);
      assert.equal((await enviarFormulario(s.url, 'empresa', { cnpj: '11222333000181', fone: '(61) 3411-1221', capital: '10', cep: '0100-100' })).json.errors[0].message, 'Informe o CEP com oito números, como 01001-000.');
    });
  });
}
