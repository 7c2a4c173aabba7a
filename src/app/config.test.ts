/** The SPA's runtime config: the contract's defaults, overridden only by values its schema accepts. */
import { runtimeConfigDefaults } from '../../contract/runtimeConfig';
import { resolveConfig } from './config';

describe('resolveConfig', () => {
  it('starts from the contract defaults the server also writes into config.json', () => {
    const config = resolveConfig();
    expect(config).toMatchObject({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
      staleAfterSeconds: 120,
      apiBaseUrl: '/api',
      socketPath: '/socket.io',
    });
    expect(config).toMatchObject(runtimeConfigDefaults);
  });

  it('takes the values config.json gives', () => {
    const config = resolveConfig({ tileUrl: '/tiles/{z}/{x}/{y}.png', staleAfterSeconds: 300, router: 'hash', devTools: false });
    expect(config).toMatchObject({ tileUrl: '/tiles/{z}/{x}/{y}.png', staleAfterSeconds: 300, router: 'hash', devTools: false });
  });

  it('keeps the default for a value of the wrong kind and ignores keys it does not know', () => {
    const given = { tileUrl: 42, staleAfterSeconds: '300', router: 'hyperspace', devTools: 'yes', unknownKey: 'x' } as unknown as Parameters<typeof resolveConfig>[0];
    const config = resolveConfig(given);
    expect(config).toMatchObject({ tileUrl: runtimeConfigDefaults.tileUrl, staleAfterSeconds: 120, router: 'browser' });
    expect(typeof config.devTools).toBe('boolean');
    expect(config).not.toHaveProperty('unknownKey');
  });
});
