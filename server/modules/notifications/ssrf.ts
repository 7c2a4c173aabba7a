/**
 * Where a webhook may point (SSRF): only http(s), and only addresses on the public internet.
 * Loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, fe80::/10), unique-local
 * (fc00::/7), carrier-grade NAT, unspecified, multicast and reserved ranges are refused, unless
 * WEBHOOKS_ALLOW_PRIVATE is on. ipaddr.js names the ranges (the same library Fastify's proxy-addr
 * uses), so no hand-kept table of prefixes here. An IPv6 address that carries an IPv4 one
 * (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4
 * 2002:aabb:ccdd::) is judged as the IPv4 address it carries: ipaddr.js calls ::7f00:1 plain unicast,
 * and a kernel or a NAT64 gateway may well route it to 127.0.0.1.
 *
 * A name is resolved when the endpoint is saved (a clear 400) and again at every delivery, and the
 * connection goes to the address that was checked (`guardedLookup`, handed to http.request): a DNS
 * answer that changes between the check and the connection (DNS rebinding) cannot slip through.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export const SsrfMessages = {
  protocol: 'La URL debe comenzar con http:// o https://',
  privateAddress: 'La URL apunta a una dirección privada, local o reservada: usa una dirección pública',
  unresolvable: 'No se pudo resolver el nombre de la URL',
} as const;

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  constructor(readonly address: string) {
    super(`${SsrfMessages.privateAddress} (${address})`);
  }
}

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 one carries, by the forms that embed one: IPv4-mapped (::ffff:0:0/96) and
 * IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64's well-known prefix
 * (64:ff9b::/96, RFC 6052) and 6to4 (2002::/16, the address in bits 16 to 48). Null for any other.
 */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && (p[5] === 0 || p[5] === 0xffff)) return ipv4Of(p[6], p[7]);
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return ipv4Of(p[6], p[7]);
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return ipv4Of(p[6], p[7]);
  if (p[0] === 0x2002) return ipv4Of(p[1], p[2]);
  return null;
}

/** True when the address is a public unicast one (an IPv6 address carrying an IPv4 one: that IPv4's verdict). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  const carried = embeddedIpv4(ipv6);
  if (carried) return carried.range() === 'unicast';
  // NAT64's local-use prefix (64:ff9b:1::/48, RFC 8215) puts the IPv4 address where its network chose: never public.
  const [first, second, third] = ipv6.parts;
  if (first === 0x64 && second === 0xff9b && third === 1) return false;
  return ipv6.range() === 'unicast';
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

type Lookup = (hostname: string) => Promise<string[]>;

const systemLookup: Lookup = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Null when the URL may be used, else the Spanish reason. Every address a name resolves to must be
 * public: a name with one public and one private answer is refused.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean, lookup: Lookup = systemLookup): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return SsrfMessages.protocol;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return SsrfMessages.protocol;
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (net.isIP(host)) return isPublicAddress(host) ? null : SsrfMessages.privateAddress;
  let addresses: string[];
  try {
    addresses = await lookup(host);
  } catch {
    return SsrfMessages.unresolvable;
  }
  if (!addresses.length) return SsrfMessages.unresolvable;
  return addresses.every(isPublicAddress) ? null : SsrfMessages.privateAddress;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves the name and refuses a private answer, so the socket
 * connects to exactly the address that was checked. IP literals never reach a lookup: the caller
 * checks them with isPublicAddress first.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as dns.LookupAddress[];
      const blocked = allowPrivate ? undefined : list.find((entry) => !isPublicAddress(entry.address));
      if (blocked) return callback(new BlockedAddressError(blocked.address), '');
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(SsrfMessages.unresolvable), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
