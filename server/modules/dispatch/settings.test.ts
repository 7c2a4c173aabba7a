/**
 * Despacho's settings are its own section (settings.ts), composed by the platform's loadConfig with
 * the platform's messages: the same variables, defaults and Spanish errors as when config.ts read them.
 */
import { ConfigError, loadConfig } from '../../platform/config';
import { DISPATCH_DEFAULTS, dispatchSettings } from './settings';

const base = { JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef', DATA_DIR: '/nonexistent-flota-test' };

it('reads its variables into config.dispatch, and leaves the rest at their defaults', () => {
  const config = loadConfig({ ...base, DISPATCH_OFFER_SECONDS: '45', DISPATCH_DETOUR_FACTOR: '1.3', ROUTING_URL: 'http://osrm.local:5000/' }, [dispatchSettings]);
  expect(config.dispatch).toEqual({ ...DISPATCH_DEFAULTS, offerSeconds: 45, detourFactor: 1.3, routingUrl: 'http://osrm.local:5000' });
  expect(loadConfig(base, [dispatchSettings]).dispatch).toEqual(DISPATCH_DEFAULTS);
});

it('refuses a bad value at start with the Spanish message', () => {
  expect(() => loadConfig({ ...base, DISPATCH_DETOUR_FACTOR: '9' }, [dispatchSettings])).toThrow(new ConfigError('DISPATCH_DETOUR_FACTOR debe ser un número entre 1 y 5 (se recibió "9")'));
  expect(() => loadConfig({ ...base, GEOCODER_URL: 'photon.local' }, [dispatchSettings])).toThrow('GEOCODER_URL debe ser una URL http(s) (se recibió "photon.local")');
});
