/** Which webhook URLs the server refuses (SSRF), saved or resolved, with its Spanish reasons. */
import { checkWebhookUrl, isPublicAddress } from './ssrf';

const PRIVATE = 'La URL apunta a una dirección privada, local o reservada: usa una dirección pública';
const resolvesTo = (...addresses: string[]) => async () => addresses;

describe('checkWebhookUrl', () => {
  it.each([
    'http://127.0.0.1/x',
    'http://127.8.9.10:8080/x',
    'http://10.0.0.1/x',
    'http://10.255.255.255/x',
    'http://172.16.0.1/x',
    'http://172.31.255.254/x',
    'http://192.168.0.1/x',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/x',
    'http://100.64.0.1/x',
    'http://[::1]/x',
    'http://[fc00::1]/x',
    'http://[fdff:ffff::1]/x',
    'http://[fe80::1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://[::ffff:10.0.0.1]/x',
    'http://224.0.0.1/x',
  ])('refuses %s', async (url) => {
    expect(await checkWebhookUrl(url, false, resolvesTo('93.184.216.34'))).toBe(PRIVATE);
  });

  it.each(['http://172.15.255.255/x', 'http://172.32.0.1/x', 'https://93.184.216.34/x', 'https://[2001:4860:4860::8888]/x'])('accepts the public %s', async (url) => {
    expect(await checkWebhookUrl(url, false)).toBeNull();
  });

  it('refuses a name that resolves to 127.0.0.1, or to any private address among public ones', async () => {
    expect(await checkWebhookUrl('https://hooks.example.cl/x', false, resolvesTo('127.0.0.1'))).toBe(PRIVATE);
    expect(await checkWebhookUrl('https://hooks.example.cl/x', false, resolvesTo('93.184.216.34', '10.1.1.1'))).toBe(PRIVATE);
    expect(await checkWebhookUrl('https://hooks.example.cl/x', false, resolvesTo('93.184.216.34'))).toBeNull();
    // The system's resolver: localhost is loopback.
    expect(await checkWebhookUrl('http://localhost:8080/x', false)).toBe(PRIVATE);
  });

  it('says when a name does not resolve, and refuses other schemes', async () => {
    const fails = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkWebhookUrl('https://no-existe.invalid/x', false, fails)).toBe('No se pudo resolver el nombre de la URL');
    expect(await checkWebhookUrl('file:///etc/passwd', false)).toBe('La URL debe comenzar con http:// o https://');
    expect(await checkWebhookUrl('gopher://127.0.0.1/x', true)).toBe('La URL debe comenzar con http:// o https://');
  });

  it('lets private addresses through only with WEBHOOKS_ALLOW_PRIVATE', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:4350/x', true)).toBeNull();
    expect(await checkWebhookUrl('http://localhost:4350/x', true)).toBeNull();
  });

  /** The four IPv6 forms that carry an IPv4 address: mapped, compatible, NAT64 and 6to4. */
  const carrying = (ipv4: string) => {
    const [a, b, c, d] = ipv4.split('.').map(Number);
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    return { mapped: `::ffff:${ipv4}`, compatible: `::${ipv4}`, nat64: `64:ff9b::${ipv4}`, '6to4': `2002:${hex(a, b)}:${hex(c, d)}::1` };
  };

  it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '0.0.0.0'])('refuses every IPv6 form that carries %s, written in the URL or answered by DNS', async (ipv4) => {
    for (const [form, address] of Object.entries(carrying(ipv4))) {
      expect([form, address, await checkWebhookUrl(`http://[${address}]/x`, false)]).toEqual([form, address, PRIVATE]);
      expect([form, address, await checkWebhookUrl('https://hooks.example.cl/x', false, resolvesTo(address))]).toEqual([form, address, PRIVATE]);
      expect([form, address, isPublicAddress(address)]).toEqual([form, address, false]);
    }
  });

  it('judges those forms by the address they carry: a public one passes', async () => {
    for (const address of Object.values(carrying('93.184.216.34'))) expect([address, await checkWebhookUrl(`https://[${address}]/x`, false)]).toEqual([address, null]);
    // NAT64's local-use prefix places the IPv4 address where its network chose: never public.
    expect(isPublicAddress('64:ff9b:1::5db8:d822')).toBe(false);
  });

  it('judges addresses by range', () => {
    expect(['8.8.8.8', '1.1.1.1', '2606:4700::1111'].map(isPublicAddress)).toEqual([true, true, true]);
    expect(['127.0.0.1', '::', 'not an address', '192.168.10.1'].map(isPublicAddress)).toEqual([false, false, false, false]);
  });
});
