import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Banco } from '../db';
import { ANEXO, BINARIO } from '../api/contrato';
import type { CampoDefinicao } from '../../forms/definicao';
import { ID_ANEXO } from '../../forms/preenchimento';
import { BYTES_PARA_DETECTAR, detectarTipo, limitesDoArquivo, MIMES_ACEITOS, nomesDasFamilias, type TipoDetectado } from '../../forms/tiposArquivo';
import { CAUDA_ZIP_BYTES, conferirPacote } from './pacoteZip';
import { emPortugues } from '../../i18n';
import { ErroHttp } from '../api/erros';
import type { Armazenamento } from './armazenamento';

/**
 * Attachments (issue 15): an upload to a file field is checked as it streams in — its size against the
 * field's maximum (10 MB unless the designer says otherwise), its type by its first bytes against the
 * families the designer allowed — and stored with its SHA-256. Refused or cut short, nothing of it stays.
 * Until a submission references it, it is an orphan, removed after a while.
 */
export interface Anexo {
  id: string;
  nome: string;
  mime: string;
  tamanho: number;
  sha256: string;
}


/** A file name as given, kept readable but harmless in a header or a path: no controls, slashes or quotes. */
export function nomeSeguro(nome: string): string {
  const limpo = nome.normalize('NFC').replace(/[\u0000-\u001f\u007f"\\/]/g, '_').trim().slice(-200);
  return limpo || 'arquivo';
}

/** The name with the extension of the detected type in place of its own ("setup.exe" that is a PDF: "setup.pdf"). */
export function nomeComExtensao(nome: string, extensao: string): string {
  const base = nome.replace(/\.[^.]{0,10}$/, '') || 'arquivo';
  return `${base}.${extensao}`;
}

/** An attachment's row as `obter` and `resolverRespostas` read it. */
type LinhaAnexo = { id: string; nome: string; mime: string; tamanho: string; sha256: string; codigo_servico: string; campo: string; formulario_id: string | null };
const SELECT_ANEXO = 'select id::text, nome, mime, tamanho::text, sha256, codigo_servico, campo, formulario_id::text from anexo';
export type AnexoGuardado = Anexo & { codigoServico: string; campo: string; formularioId: string | null };
const anexoDaLinha = (a: LinhaAnexo): AnexoGuardado => ({ id: a.id, nome: a.nome, mime: a.mime, tamanho: Number(a.tamanho), sha256: a.sha256, codigoServico: a.codigo_servico, campo: a.campo, formularioId: a.formulario_id });

export function criarAnexos(db: Banco, armazenamento: Armazenamento) {
  /** Streams `corpo` into the storage, checking it on the way; resolves with what was stored. */
  async function receber(o: { codigoServico: string; campo: CampoDefinicao; nome: string; corpo: AsyncIterable<Uint8Array> }): Promise<Anexo> {
    const { mb, familias } = limitesDoArquivo(o.campo.arquivo);
    const maximo = mb * 1024 * 1024;
    const id = randomUUID();
    const nome = nomeSeguro(o.nome);
    const hash = createHash('sha256');
    let tamanho = 0;
    let tipo: TipoDetectado | null = null;
    // A ZIP package's last bytes: its central directory, read at the end (pacoteZip.ts).
    const cauda: Buffer[] = [];
    let nCauda = 0;
    async function* verificado(): AsyncIterable<Uint8Array> {
      let inicio: Buffer[] = [];
      let nInicio = 0;
      const conferirTipo = () => {
        const t = detectarTipo(Buffer.concat(inicio));
        if (!t || !familias.includes(t.familia)) throw new ErroHttp(415, `Este arquivo não é de um tipo aceito neste campo: envie ${nomesDasFamilias(familias, emPortugues)}. O tipo é conferido pelo conteúdo, não pelo nome.`);
        tipo = t;
      };
      for await (const p of o.corpo) {
        tamanho += p.byteLength;
        if (tamanho > maximo) throw new ErroHttp(413, `O arquivo passa do tamanho máximo deste campo (${(maximo / 1024 / 1024).toLocaleString('pt-BR')} MB).`);
        hash.update(p);
        cauda.push(Buffer.from(p));
        nCauda += p.byteLength;
        while (nCauda - cauda[0].byteLength >= CAUDA_ZIP_BYTES) nCauda -= cauda.shift()!.byteLength;
        if (!tipo) {
          inicio.push(Buffer.from(p));
          nInicio += p.byteLength;
          if (nInicio < BYTES_PARA_DETECTAR) continue;
          conferirTipo();
          yield* inicio;
          inicio = [];
          continue;
        }
        yield p;
      }
      if (!tipo) {
        conferirTipo();
        yield* inicio;
      }
      // An office document: a real package (content types or manifest), whose entries expand within bounds.
      if (tipo!.familia === 'documento') {
        const pacote = conferirPacote(Buffer.concat(cauda), tamanho, tipo!);
        if ('recusa' in pacote) throw new ErroHttp(415, pacote.recusa);
        tipo = pacote;
      }
    }
    await db.query('insert into anexo (id, codigo_servico, campo, nome, mime, tamanho, sha256) values ($1, $2, $3, $4, $5, 0, $6)', [id, o.codigoServico, o.campo.id, nome, 'application/octet-stream', '']);
    try {
      await armazenamento.gravar(id, verificado());
      const sha256 = hash.digest('hex');
      const t = tipo as TipoDetectado | null;
      // Stored and downloaded under the extension of what it is (poly.html that is a PDF: poly.pdf).
      const comExtensao = nomeComExtensao(nome, t!.extensao);
      await db.query('update anexo set nome = $2, mime = $3, tamanho = $4, sha256 = $5 where id = $1', [id, comExtensao, t!.mime, tamanho, sha256]);
      return { id, nome: comExtensao, mime: t!.mime, tamanho, sha256 };
    } catch (e) {
      await armazenamento.apagar([id]).catch(() => undefined);
      await db.query('delete from anexo where id = $1', [id]);
      throw e;
    }
  }

  /** An attachment's record (not one being let go), or undefined. */
  async function obter(id: string): Promise<AnexoGuardado | undefined> {
    if (!ID_ANEXO.test(id)) return undefined;
    const [a] = await db.query<LinhaAnexo>(`${SELECT_ANEXO} where id = $1 and descartado_em is null`, [id]);
    return a && anexoDaLinha(a);
  }

  /**
   * Lets go of up to `lote` attachments: uploads no form references that are older than `antesDe`, and
   * those marked descartado (the retention job's). Each is first marked (a submission can no longer claim
   * it, and one that claimed it first keeps it), then its bytes leave the storage, then its row: stopped
   * half way, the next sweep finishes it. Resolves how many went.
   */
  async function removerOrfaos(antesDe: Date, lote = 500): Promise<number> {
    const ids = (
      await db.query<{ id: string }>(
        `update anexo set descartado_em = coalesce(descartado_em, now())
          where id in (select id from anexo where formulario_id is null and (descartado_em is not null or (criado_em < $1 and rascunho_id is null)) order by criado_em limit $2 for update skip locked)
            and formulario_id is null and (descartado_em is not null or rascunho_id is null)
          returning id::text`,
        [antesDe, lote],
      )
    ).map((r) => r.id);
    if (!ids.length) return 0;
    await armazenamento.apagar(ids);
    await db.query('delete from anexo where id = any($1::uuid[])', [ids]);
    return ids.length;
  }

  /**
   * A submission's file answers `{ anexo: id }` checked against what was uploaded — to this model and
   * this field, and not used by another submission — and written out with the file's name, type, size
   * and SHA-256 for storage. `ids`: what the submission's statement marks as its own.
   */
  async function resolverRespostas(codigoServico: string, campos: readonly CampoDefinicao[], respostas: Record<string, unknown>): Promise<{ respostas: Record<string, unknown>; ids: string[]; erros: { field: string; message: string }[] }> {
    const pedidos = campos.filter((c) => c.tipo === 'arquivo' && typeof (respostas[c.id] as { anexo?: unknown } | undefined)?.anexo === 'string').map((c) => ({ campo: c.id, id: (respostas[c.id] as { anexo: string }).anexo.toLowerCase() }));
    if (!pedidos.length) return { respostas, ids: [], erros: [] };
    const linhas = await db.query<LinhaAnexo>(`${SELECT_ANEXO} where id = any($1::uuid[]) and descartado_em is null`, [pedidos.map((p) => p.id)]);
    const porId = new Map(linhas.map((l) => [l.id, anexoDaLinha(l)]));
    const saida = { ...respostas };
    const erros: { field: string; message: string }[] = [];
    for (const p of pedidos) {
      const a = porId.get(p.id);
      if (!a || a.codigoServico !== codigoServico || a.campo !== p.campo || a.formularioId !== null || pedidos.filter((x) => x.id === p.id).length > 1) {
        erros.push({ field: `respostas.${p.campo}`, message: 'Este arquivo não foi enviado para este campo, ou já foi usado em outro envio: envie o arquivo de novo.' });
        continue;
      }
      saida[p.campo] = { anexo: a.id, nome: a.nome, tipo: a.mime, tamanho: a.tamanho, sha256: a.sha256 };
    }
    return { respostas: saida, ids: pedidos.map((p) => p.id), erros };
  }

  return { receber, obter, ler: (id: string) => armazenamento.ler(id), removerOrfaos, resolverRespostas };
}

export type Anexos = ReturnType<typeof criarAnexos>;

/** What a download answers, in the contract (the staff route and the signed link). */
export const RESPOSTA_ANEXO = {
  descricao: 'O arquivo.',
  outros: Object.fromEntries(MIMES_ACEITOS.map((m) => [m, BINARIO])),
  cabecalhos: { 'Content-Disposition': ANEXO, 'Repr-Digest': Type.String({ description: 'sha-256=:…: (RFC 9530), o SHA-256 do arquivo.' }) },
};

/** Sends an attachment: its bytes streamed from the storage, its type (never sniffed), size, SHA-256 and name. */
export function servirAnexo(rep: FastifyReply, anexos: Pick<Anexos, 'ler'>, a: Anexo) {
  return rep
    .header('content-type', a.mime)
    .header('content-length', String(a.tamanho))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('repr-digest', `sha-256=:${Buffer.from(a.sha256, 'hex').toString('base64')}:`)
    .header('content-disposition', `attachment; filename="${a.nome.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(a.nome)}`)
    .send(Readable.from(ate(anexos.ler(a.id), a.tamanho)));
}

/**
 * The stream ends with its last byte: the storage would look for a part after the last one, and a response
 * still open then keeps its connection out of a shutdown's reach until the keep-alive timeout.
 */
async function* ate(partes: AsyncIterable<Uint8Array>, tamanho: number): AsyncIterable<Uint8Array> {
  let n = 0;
  if (tamanho === 0) return;
  for await (const p of partes) {
    yield p;
    n += p.byteLength;
    if (n >= tamanho) return;
  }
}
