/**
 * Where a webhook may point (SSRF): only http(s), and only addresses on the public internet.
 * Loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, fe80::/10), unique-local
 * (fc00::/7), carrier-grade NAT, unspecified, multicast and reserved ranges are refused, unless
 * WEBHOOKS_ALLOW_PRIVATE is on. ipaddr.js names the ranges (the same library Fastify's proxy-addr
 * uses), so no hand-kept table of prefixes here.
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

/** True when the address is a public unicast one. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
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
