import { parseAttributes, parseMountOptions } from './embedOptions';

const attributes = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('Flota.mount options', () => {
  it('keeps every option it knows, routing in the hash unless told otherwise', () => {
    expect(parseMountOptions(undefined)).toEqual({ options: { router: 'hash' }, problems: [] });
    const given = {
      apiBaseUrl: 'https://flota.example.cl/api',
      socketUrl: 'https://flota.example.cl',
      socketPath: '/rt/socket.io',
      tileUrl: 'https://tiles.example.cl/{z}/{x}/{y}.png',
      tileAttribution: '© Tiles',
      basePath: '/intranet/flota',
      router: 'memory',
      storagePrefix: 'intranet-flota',
      devTools: true,
      staleAfterSeconds: 60,
    } as const;
    expect(parseMountOptions(given)).toEqual({ options: given, problems: [] });
  });

  it('drops values of the wrong kind, and says why', () => {
    const { options, problems } = parseMountOptions({ router: 'pushstate', apiBaseUrl: 42, devTools: 'yes', staleAfterSeconds: -1, tileUrl: '/tiles/{z}/{x}/{y}.png', colour: 'red' });
    expect(options).toEqual({ router: 'hash', tileUrl: '/tiles/{z}/{x}/{y}.png' });
    expect(problems).toEqual([
      'apiBaseUrl must be a string',
      'router must be one of browser, hash, memory (using hash)',
      'devTools must be true or false',
      'staleAfterSeconds must be a positive number',
      'unknown option: colour',
    ]);
  });

  it('refuses options that are not an object', () => {
    expect(parseMountOptions('hash')).toEqual({ options: { router: 'hash' }, problems: ['options must be an object'] });
  });
});

describe('<flota-app> attributes', () => {
  it('map to the same options', () => {
    const { options, problems } = parseAttributes(
      attributes({
        'api-base-url': '/api',
        'socket-url': 'https://rt.example.cl',
        'socket-path': '/socket.io',
        'tile-url': '/tiles/{z}/{x}/{y}.png',
        'tile-attribution': '© OSM',
        'base-path': '/intranet/flota',
        router: 'browser',
        'storage-prefix': 'x',
        devtools: 'on',
        'stale-after-seconds': '90',
      }),
    );
    expect(problems).toEqual([]);
    expect(options).toEqual({
      apiBaseUrl: '/api',
      socketUrl: 'https://rt.example.cl',
      socketPath: '/socket.io',
      tileUrl: '/tiles/{z}/{x}/{y}.png',
      tileAttribution: '© OSM',
      basePath: '/intranet/flota',
      router: 'browser',
      storagePrefix: 'x',
      devTools: true,
      staleAfterSeconds: 90,
    });
  });

  it.each([
    ['on', true],
    ['', true],
    ['OFF', false],
    ['false', false],
  ])('devtools="%s" turns DevTools %s', (value, expected) => {
    expect(parseAttributes(attributes({ devtools: value })).options.devTools).toBe(expected);
  });

  it('document-title="on" lets the app name the tab; the host keeps it by default', () => {
    expect(parseAttributes(attributes({ 'document-title': 'on' })).options.documentTitle).toBe(true);
    expect(parseAttributes(attributes({})).options.documentTitle).toBeUndefined();
    expect(parseMountOptions({ documentTitle: 'yes' }).problems).toEqual(['documentTitle must be true or false']);
    expect(parseAttributes(attributes({ 'document-title': 'maybe' })).problems).toEqual(['document-title must be on or off']);
  });

  it('drops values it cannot read, and says why', () => {
    const { options, problems } = parseAttributes(attributes({ devtools: 'maybe', router: 'hashed', 'stale-after-seconds': 'soon' }));
    expect(options).toEqual({ router: 'hash' });
    expect(problems).toEqual(['devtools must be on or off', 'router must be one of browser, hash, memory (using hash)', 'staleAfterSeconds must be a positive number']);
  });
});
