import { BlockList, isIP } from 'node:net';

/**
 * The destination guard (issue 14): an integration reaches only public https addresses, unless the
 * operator allowlists a named internal destination (INTEGRACAO_DESTINOS_PERMITIDOS, by origin). Checked
 * when a model is saved (the address as written: scheme, credentials, literal addresses in any spelling,
 * internal-only names) and again at every send after DNS resolution, so a name that later resolves to a
 * private address is never contacted: the sender connects to the very address that was checked.
 */

const V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'da rede "este host" (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'de rede privada (10.0.0.0/8)'],
  ['100.64.0.0', 10, 'de rede compartilhada de operadora, CGNAT (100.64.0.0/10)'],
  ['127.0.0.0', 8, 'de loopback (127.0.0.0/8)'],
  ['169.254.0.0', 16, 'link-local, onde ficam os metadados de nuvem (169.254.0.0/16)'],
  ['172.16.0.0', 12, 'de rede privada (172.16.0.0/12)'],
  ['192.0.0.0', 24, 'reservado pela IETF (192.0.0.0/24)'],
  ['192.0.2.0', 24, 'de documentação (192.0.2.0/24)'],
  ['192.88.99.0', 24, 'de relay 6to4 (192.88.99.0/24)'],
  ['192.168.0.0', 16, 'de rede privada (192.168.0.0/16)'],
  ['198.18.0.0', 15, 'de testes de desempenho (198.18.0.0/15)'],
  ['198.51.100.0', 24, 'de documentação (198.51.100.0/24)'],
  ['203.0.113.0', 24, 'de documentação (203.0.113.0/24)'],
  ['224.0.0.0', 4, 'de multicast (224.0.0.0/4)'],
  ['240.0.0.0', 4, 'reservado ou de broadcast (240.0.0.0/4)'],
];
const V6: [string, number, string][] = [
  ['::', 128, 'não especificado (::)'],
  ['::1', 128, 'de loopback (::1)'],
  ['fc00::', 7, 'de rede privada IPv6, onde ficam metadados de nuvem (fc00::/7)'],
  ['fe80::', 10, 'link-local IPv6 (fe80::/10)'],
  ['fec0::', 10, 'site-local IPv6 (fec0::/10)'],
  ['ff00::', 8, 'de multicast IPv6 (ff00::/8)'],
  ['100::', 64, 'de descarte IPv6 (100::/64)'],
  ['2001::', 32, 'de túnel Teredo (2001::/32)'],
  ['2001::', 23, 'de protocolos da IETF (2001::/23)'],
  ['2001:db8::', 32, 'de documentação (2001:db8::/32)'],
  ['3fff::', 20, 'de documentação (3fff::/20)'],
  ['5f00::', 16, 'de SRv6 (5f00::/16)'],
];

const faixas = (lista: [string, number, string][], tipo: 'ipv4' | 'ipv6') =>
  lista.map(([rede, prefixo, motivo]) => {
    const b = new BlockList();
    b.addSubnet(rede, prefixo, tipo);
    return { b, motivo };
  });
const FAIXAS_V4 = faixas(V4, 'ipv4');
const FAIXAS_V6 = faixas(V6, 'ipv6');

/** An IPv6 address as its eight 16-bit groups (with a dotted IPv4 tail, as in ::ffff:127.0.0.1). */
function grupos(ip: string): number[] {
  let s = ip.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    s = s.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [esq, dir] = s.includes('::') ? s.split('::') : [s, null];
  const e = esq ? esq.split(':') : [];
  const d = dir ? dir.split(':') : [];
  const meio = dir === null ? [] : Array(8 - e.length - d.length).fill('0');
  return [...e, ...meio, ...d].map((x) => parseInt(x || '0', 16));
}

const ipv4De = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), or null. */
function ipv4Embutido(ip: string): string | null {
  const g = grupos(ip);
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(5) && g[5] === 0xffff) return ipv4De(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return ipv4De(g[6], g[7]); // ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765)
  if (zeros(6) && (g[6] || g[7] > 1)) return ipv4De(g[6], g[7]); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && (g.slice(2, 6).every((x) => x === 0) || g[2] === 1)) return ipv4De(g[6], g[7]); // 64:ff9b::/96, 64:ff9b:1::/48
  if (g[0] === 0x2002) return ipv4De(g[1], g[2]); // 6to4
  return null;
}

/** Why `ip` is not a public address (pt-BR: "de loopback (127.0.0.0/8)"), or null when it is public. */
export function motivoNaoPublico(ip: string): string | null {
  const tipo = isIP(ip);
  if (tipo === 4) return FAIXAS_V4.find((f) => f.b.check(ip, 'ipv4'))?.motivo ?? null;
  if (tipo !== 6) return 'inválido';
  const embutido = ipv4Embutido(ip);
  if (embutido) {
    const m = motivoNaoPublico(embutido);
    return m && `${m}, escrito como IPv6`;
  }
  const faixa = FAIXAS_V6.find((f) => f.b.check(ip, 'ipv6'))?.motivo;
  if (faixa) return faixa;
  // Everything outside global unicast (2000::/3) is special-purpose or unassigned: no public destination lives there.
  return GLOBAL_V6.check(ip, 'ipv6') ? null : 'IPv6 fora do espaço público (2000::/3)';
}
const GLOBAL_V6 = new BlockList();
GLOBAL_V6.addSubnet('2000::', 3, 'ipv6');

/** Names that only ever mean something inside a network, or nowhere (RFC 2606, 6761, 6762, 8375, cloud metadata). */
const NOME_INTERNO = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|lan|intranet|invalid|test|example)$/i;

const origemDe = (url: URL) => url.origin.toLowerCase();
/** The host without IPv6 brackets or the final dots of a fully qualified name ("localhost." and "localhost.." are localhost). */
const hostDe = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');

export interface Permitidos {
  /** Origins (scheme, host and port) the operator allows although internal, and over http. */
  readonly origens: readonly string[];
  /**
   * Narrower than an origin: one path and what is under it (the demo's own receiver,
   * `http://localhost:8080/demo/receptor`), so the server's other routes on that origin stay refused.
   */
  readonly caminhos?: readonly string[];
}

/** Whether `url` is under the allowed address `base` (same origin; the same path or below it, after URL normalisation of dot segments). */
function sob(url: URL, base: string): boolean {
  let b: URL;
  try {
    b = new URL(base);
  } catch {
    return false;
  }
  const raiz = b.pathname.replace(/\/+$/, '');
  return origemDe(b) === origemDe(url) && (url.pathname === raiz || url.pathname.startsWith(`${raiz}/`));
}

export const permitido = (url: URL, p: Permitidos) => p.origens.some((o) => o.toLowerCase().replace(/\/+$/, '') === origemDe(url)) || (p.caminhos ?? []).some((c) => sob(url, c));

/**
 * The address as written (at save time and before any resolution): a pt-BR reason to refuse it, or
 * null. WHATWG URL parsing already turns decimal, octal and hexadecimal IPv4 spellings into dotted ones.
 */
export function recusaDoEndereco(texto: string, p: Permitidos): string | null {
  let url: URL;
  try {
    url = new URL(texto);
  } catch {
    return 'O valor não é um endereço de URL válido.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use um endereço https.';
  if (url.username || url.password) return 'O endereço não pode trazer usuário e senha; mande a credencial num cabeçalho.';
  if (permitido(url, p)) return null;
  if (url.protocol !== 'https:') return 'Use https: http só é aceito para destinos internos que o operador liberou.';
  const host = hostDe(url);
  if (isIP(host)) {
    const m = motivoNaoPublico(host);
    return m ? `O destino ${host} é um endereço ${m}: integrações só alcançam endereços públicos, a não ser os que o operador liberou.` : null;
  }
  if (NOME_INTERNO.test(host) || !host.includes('.')) return `O nome ${host} só existe dentro de uma rede interna: integrações só alcançam endereços públicos, a não ser os que o operador liberou.`;
  return null;
}

/** Resolves a name to its addresses (injected: the system resolver in production, a table in tests). */
export type Resolvedor = (host: string) => Promise<{ address: string; family: number }[]>;

/**
 * A resolver that asks no server: `localhost` and `*.localhost` are loopback, anything else is not found.
 * Tests and QA runs use it (INTEGRACAO_DNS=local) so that no lookup leaves the machine.
 */
export const resolvedorLocal: Resolvedor = async (host) => {
  if (/(^|\.)localhost$/i.test(host)) return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`${host} não resolvido (INTEGRACAO_DNS=local)`), { code: 'ENOTFOUND' });
};

/** The address a send connects to, checked after resolution; or why it must not happen. */
export async function destinoVerificado(texto: string, p: Permitidos, resolver: Resolvedor): Promise<{ url: URL; ip: string; familia: 4 | 6 } | { recusa: string; semDns?: true }> {
  const recusa = recusaDoEndereco(texto, p);
  if (recusa) return { recusa };
  const url = new URL(texto);
  const host = hostDe(url);
  if (isIP(host)) return { url, ip: host, familia: isIP(host) as 4 | 6 };
  let enderecos: { address: string; family: number }[];
  try {
    enderecos = await resolver(host);
  } catch {
    return { recusa: `O nome ${host} não foi encontrado (DNS).`, semDns: true };
  }
  if (!enderecos.length) return { recusa: `O nome ${host} não foi encontrado (DNS).`, semDns: true };
  if (!permitido(url, p)) {
    for (const e of enderecos) {
      const m = motivoNaoPublico(e.address);
      if (m) return { recusa: `O nome ${host} aponta para ${e.address}, um endereço ${m}; a entrega não foi feita.` };
    }
  }
  return { url, ip: enderecos[0].address, familia: enderecos[0].family === 6 ? 6 : 4 };
}
