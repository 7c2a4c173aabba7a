/**
 * Seguimiento's settings section, composed by the platform's loadConfig: the "Pedir un taxi" limits
 * read from the environment, their defaults, and the Spanish refusal of a bad value at start.
 */
import { ConfigError, loadConfig } from '../../platform/config';
import { TRACKING_DEFAULTS, trackingSettings } from './settings';

const base = { JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef', DATA_DIR: '/nonexistent-flota-test' };

it('reads the Pedir un taxi limits into config.tracking, the documented defaults otherwise', () => {
  expect(loadConfig(base, [trackingSettings]).tracking).toEqual(TRACKING_DEFAULTS);
  expect(TRACKING_DEFAULTS).toMatchObject({ requestsPerAddressPerHour: 10, requestsPerPhonePerHour: 3, openRequestsPerPhone: 1 });
  const config = loadConfig({ ...base, TAXI_REQUESTS_PER_ADDRESS: '50', TAXI_REQUESTS_PER_PHONE: '5', TAXI_REQUESTS_OPEN_PER_PHONE: '2' }, [trackingSettings]);
  expect(config.tracking).toEqual({ ...TRACKING_DEFAULTS, requestsPerAddressPerHour: 50, requestsPerPhonePerHour: 5, openRequestsPerPhone: 2 });
});

it('refuses a bad limit at start with the Spanish message', () => {
  expect(() => loadConfig({ ...base, TAXI_REQUESTS_PER_PHONE: '0' }, [trackingSettings])).toThrow(new ConfigError('TAXI_REQUESTS_PER_PHONE debe ser un número entero entre 1 y 100 (se recibió "0")'));
  expect(() => loadConfig({ ...base, TAXI_REQUESTS_OPEN_PER_PHONE: 'muchos' }, [trackingSettings])).toThrow('TAXI_REQUESTS_OPEN_PER_PHONE debe ser un número entero entre 1 y 20 (se recibió "muchos")');
  expect(() => loadConfig({ ...base, TAXI_REQUESTS_PER_ADDRESS: '-3' }, [trackingSettings])).toThrow('TAXI_REQUESTS_PER_ADDRESS debe ser un número entero entre 1 y 10000 (se recibió "-3")');
});
