import { after, before, describe, test } from 'node:test';
import { pdf } from '../apoio/arquivos';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { bancosDeTeste, clienteApi, subirServidor, type ServidorTeste } from '../apoio/servidor';
import { esperarAte, subirReceptor } from '../apoio/receptor';
import { enviarFormulario, modeloPublicado } from '../apoio/entregas';
import type { Definicao } from '../../src/forms/definicao';

/**
 * Attachments after the upload (issue 15), on the real databases: two submissions racing for one upload
 * (one wins, the other is told to send the file again); a delivery carries each attachment's name, type,
 * size, SHA-256 and a signed, expiring link that downloads it byte-identical (a changed or expired link
 * does not); the retention job lets go of personal attachments (bytes and row) and keeps the others;
 * the sweep removes old unused uploads.
 */
type Cliente = Awaited<ReturnType<typeof clienteApi>>;

const DEF: Definicao = {
  secoes: [
    {
      id: 's',
      titulo: 'Documentos',
      campos: [
        { id: 'nome', tipo: 'texto', rotulo: 'Nome', obrigatorio: true, regras: [] },
        { id: 'identidade', tipo: 'arquivo', rotulo: 'Documento de identidade', obrigatorio: true, regras: [], dadoPessoal: true, arquivo: { tipos: ['pdf', 'imagem'] } },
        { id: 'planta', tipo: 'arquivo', rotulo: 'Planta do imóvel', obrigatorio: false, regras: [] },
      ],
    },
  ],
};

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

for (const banco of await bancosDeTeste()) {
  describe(`anexos enviados, entregues e descartados (${banco.nome})`, () => {
    let s: ServidorTeste;
    let admin: Cliente;
    let receptor: Awaited<ReturnType<typeof subirReceptor>>;
    const subir = async (codigo: string, campo: string, bytes: Buffer, nome = 'documento.pdf') => {
      const r = await fetch(`${s.url}/api/publico/modelos/${codigo}/anexos?campo=${campo}&nome=${encodeURIComponent(nome)}`, { method: 'POST', body: new Uint8Array(bytes) });
      assert.equal(r.status, 201, await r.clone().text());
      return (await r.json()) as { id: string; sha256: string };
    };
    const partes = async (id: string) => Number((await s.db.query<{ n: string }>('select count(*)::text as n from anexo_parte where anexo_id = $1', [id]))[0].n);
    const linha = async (id: string) => (await s.db.query<{ formulario_id: string | null; descartado: boolean }>('select formulario_id::text, descartado_em is not null as descartado from anexo where id = $1', [id]))[0];

    before(async () => {
      receptor = await subirReceptor();
      s = await subirServidor({ databaseUrl: banco.url, entregas: { ligado: true, esperasS: [0.3], timeoutMs: 2000, intervaloMs: 50, lote: 10 }, integracao: { permitidos: { origens: [receptor.origem] } } });
      admin = await clienteApi(s.url, 'admin');
      await modeloPublicado(admin, 'teste-anexo-entrega', receptor.url, { retencaoDias: 30 }, DEF);
    });
    after(async () => {
      await s.fechar();
      await receptor.fechar();
      await banco.descartar?.();
    });

    test('duas submissões ao mesmo tempo com o mesmo anexo: uma fica com ele, a outra é recusada e não grava nada', async () => {
      const a = await subir('teste-anexo-entrega', 'identidade', pdf(50_000));
      const contar = async () => Number((await s.db.query<{ n: string }>(`select count(*)::text as n from formulario where codigo_servico = 'teste-anexo-entrega'`))[0].n);
      const antes = await contar();
      const rs = await Promise.all([0, 1, 2].map((i) => enviarFormulario(s.url, 'teste-anexo-entrega', { nome: `Pessoa ${i}`, identidade: { anexo: a.id } })));
      const aceitas = rs.filter((r) => r.status === 201);
      assert.equal(aceitas.length, 1, JSON.stringify(rs.map((r) => r.status)));
      for (const r of rs.filter((r) => r.status !== 201)) {
        assert.equal(r.status, 400);
        assert.match(JSON.stringify(r.json.errors), /já foi usado em outro envio/);
      }
      assert.equal(await contar(), antes + 1, 'only the winner is stored');
      const [{ id }] = await s.db.query<{ id: string }>('select id::text from formulario where protocolo = $1', [aceitas[0].json.protocolo]);
      assert.equal((await linha(a.id)).formulario_id, id);
    });

    test('a entrega traz cada anexo com nome, tipo, tamanho, SHA-256 e um link assinado que baixa o arquivo até expirar', async () => {
      const bytes = pdf(400_000);
      const a = await subir('teste-anexo-entrega', 'identidade', bytes, 'RG de João.pdf');
      const r = await enviarFormulario(s.url, 'teste-anexo-entrega', { nome: 'João', identidade: { anexo: a.id } });
      assert.equal(r.status, 201);
      const entrega = (await esperarAte(() => receptor.doProtocolo(r.json.protocolo)[0], 10_000, 'a entrega'));
      const doc = entrega.corpo.respostas.identidade as Record<string, string | number>;
      assert.deepEqual({ ...doc, url: undefined, urlExpiraEm: undefined }, { anexo: a.id, nome: 'RG de João.pdf', tipo: 'application/pdf', tamanho: bytes.length, sha256: sha(bytes), url: undefined, urlExpiraEm: undefined });
      const link = new URL(String(doc.url));
      assert.equal(link.origin + link.pathname, `${s.url}/api/publico/anexos/${a.id}`);
      const dias = (Date.parse(String(doc.urlExpiraEm)) - Date.now()) / 86_400_000;
      assert.ok(dias > 6.9 && dias <= 7, `valid for 7 days by default (${dias})`);

      // Anyone holding the link downloads it, byte-identical, without a token; each download is an event.
      const baixado = await fetch(link);
      assert.equal(baixado.status, 200);
      assert.equal(baixado.headers.get('content-type'), 'application/pdf');
      assert.equal(baixado.headers.get('repr-digest'), `sha-256=:${Buffer.from(sha(bytes), 'hex').toString('base64')}:`);
      assert.ok(Buffer.from(await baixado.arrayBuffer()).equals(bytes));
      const eventos = await s.db.query<{ autor: string; detalhes: { anexo: string; por: string } }>(`select e.autor, e.detalhes from formulario_evento e join formulario f on f.id = e.formulario_id where f.protocolo = $1 and e.tipo = 'ANEXO_BAIXADO'`, [r.json.protocolo]);
      assert.deepEqual(eventos.map((e) => [e.autor, e.detalhes.anexo, e.detalhes.por]), [['integracao', a.id, 'link assinado']]);

      // A link changed in any part is refused; so is one past its time (signed the same way, but expired).
      const expira = Number(link.searchParams.get('expira'));
      const assinatura = link.searchParams.get('assinatura')!;
      const pedir = (id: string, e: number, sig: string) => fetch(`${s.url}/api/publico/anexos/${id}?expira=${e}&assinatura=${sig}`);
      const esticado = await pedir(a.id, expira + 86_400, assinatura);
      assert.equal(esticado.status, 403);
      assert.match((await esticado.json()).detail, /não é válido/);
      const outro = await subir('teste-anexo-entrega', 'planta', pdf(1000));
      assert.equal((await pedir(outro.id, expira, assinatura)).status, 403, 'the signature is for one attachment only');
      assert.equal((await pedir(a.id, expira, assinatura.slice(0, -2) + (assinatura.endsWith('AA') ? 'BB' : 'AA'))).status, 403);
      const velho = s.integracao.links.gerar(a.id, Date.now() - 8 * 86_400_000);
      const expirado = await fetch(velho.url);
      assert.equal(expirado.status, 410);
      assert.match((await expirado.json()).detail, /expirou/);
      assert.equal((await fetch(`${s.url}/api/publico/anexos/${a.id}`)).status, 400, 'no signature at all');
      // An upload no form uses has no link that works, even a well signed one.
      assert.equal((await fetch(s.integracao.links.gerar(outro.id).url)).status, 404);
    });

    test('retenção: o anexo de um campo de dado pessoal sai com os bytes; o de um campo comum fica; órfãos antigos saem', async () => {
      const ident = await subir('teste-anexo-entrega', 'identidade', pdf(600_000));
      const planta = await subir('teste-anexo-entrega', 'planta', pdf(300_000), 'planta.pdf');
      const r = await enviarFormulario(s.url, 'teste-anexo-entrega', { nome: 'Ana', identidade: { anexo: ident.id }, planta: { anexo: planta.id } });
      assert.equal(r.status, 201);
      const orfao = await subir('teste-anexo-entrega', 'planta', pdf(10_000));
      const recente = await subir('teste-anexo-entrega', 'planta', pdf(10_000));
      await s.db.query(`update anexo set criado_em = now() - interval '2 days' where id = $1`, [orfao.id]);
      await s.db.query(`update formulario set recebido_em = now() - interval '40 days' where protocolo = $1`, [r.json.protocolo]);
      assert.ok((await partes(ident.id)) > 0);

      assert.ok((await s.retencao.rodada()) >= 1);
      const [f] = await s.db.query<{ id: string; respostas: Record<string, unknown> }>('select id::text, respostas from formulario where protocolo = $1', [r.json.protocolo]);
      assert.equal(f.respostas.identidade, null, 'the personal answer is gone');
      assert.equal((f.respostas.planta as { sha256: string }).sha256, planta.sha256, 'the other one stays');
      assert.deepEqual(await linha(ident.id), { formulario_id: null, descartado: true }, 'let go in the same transaction');
      assert.equal((await fetch(s.integracao.links.gerar(ident.id).url)).status, 404, 'a delivery link no longer downloads it');

      const removidos = await s.retencao.limparAnexos();
      assert.ok(removidos >= 2, `the let-go attachment and the old orphan (${removidos})`);
      assert.equal(await linha(ident.id), undefined);
      assert.equal(await partes(ident.id), 0, 'its bytes went too');
      assert.equal(await linha(orfao.id), undefined);
      assert.equal(await partes(orfao.id), 0);
      assert.equal((await linha(planta.id))?.formulario_id, f.id);
      assert.ok((await partes(planta.id)) > 0);
      assert.deepEqual(await linha(recente.id), { formulario_id: null, descartado: false }, 'a recent upload waits for its submission');
      assert.equal(await s.retencao.limparAnexos(), 0, 'nothing left to do');
      // A swept upload cannot be used any more: the citizen is told to send it again.
      await s.db.query(`update anexo set criado_em = now() - interval '2 days' where id = $1`, [recente.id]);
      await s.retencao.limparAnexos();
      const nova = await subir('teste-anexo-entrega', 'identidade', pdf(1000));
      const tarde = await enviarFormulario(s.url, 'teste-anexo-entrega', { nome: 'Ana', identidade: { anexo: nova.id }, planta: { anexo: recente.id } });
      assert.equal(tarde.status, 400);
      assert.deepEqual(tarde.json.errors.map((e: { field: string }) => e.field), ['respostas.planta']);
    });
  });
}
