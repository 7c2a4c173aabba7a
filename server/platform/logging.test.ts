/** Which requests make an info line, the log format a terminal gets, and the ready banner. */
import { loggedUrl, loggerOptions, requestLogLevel, SIMULATOR_USER_AGENT } from './logging';
import { readyBanner } from '../index';

describe('request log level', () => {
  it('writes one info line for API requests that change data', () => {
    expect(requestLogLevel('POST', '/api/drivers')).toBe('info');
    expect(requestLogLevel('PUT', '/api/vehicles/:id')).toBe('info');
    expect(requestLogLevel('DELETE', '/api/drivers/:id')).toBe('info');
    expect(requestLogLevel('POST', '/api/auth/login')).toBe('info');
  });

  it('keeps routine traffic below info: reads, health, static files, drivers’ positions, unknown routes', () => {
    expect(requestLogLevel('GET', '/api/shifts/active')).toBe('debug');
    expect(requestLogLevel('GET', '/api/health')).toBe('debug');
    expect(requestLogLevel('GET', '/*')).toBe('debug');
    expect(requestLogLevel('POST', '/api/driver/locations')).toBe('debug');
    expect(requestLogLevel('POST', undefined)).toBe('debug');
  });

  it('keeps the built-in simulator’s logins and shifts below info (a first start stays short)', () => {
    expect(requestLogLevel('POST', '/api/driver/login', SIMULATOR_USER_AGENT)).toBe('debug');
    expect(requestLogLevel('POST', '/api/driver/shifts/start', SIMULATOR_USER_AGENT)).toBe('debug');
    expect(requestLogLevel('POST', '/api/driver/shifts/start', 'Mozilla/5.0')).toBe('info');
  });
});

describe('log format', () => {
  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(loggerOptions({ logLevel: 'info', logFormat: null }, true)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions({ logLevel: 'info', logFormat: null }, false)).toEqual({ level: 'info' });
    expect(loggerOptions({ logLevel: 'warn', logFormat: 'json' }, true)).toEqual({ level: 'warn' });
    expect(loggerOptions({ logLevel: 'info', logFormat: 'pretty' }, false)).toMatchObject({ transport: { target: 'pino-pretty' } });
  });
});

describe('ready banner', () => {
  it('shows the URL and the demo login, and how to open it to the network', () => {
    const banner = readyBanner({ host: '127.0.0.1', port: 8080, demoFleetCode: 'LIGUA1' });
    expect(banner).toContain('Flota lista en http://localhost:8080');
    expect(banner).toContain('Acceso de demostración: RUT 12.345.678-5 · contraseña flota-demo');
    expect(banner).toContain('HOST=0.0.0.0');
    expect(readyBanner({ host: '0.0.0.0', port: 9000, demoFleetCode: null })).not.toContain('Acceso de demostración');
    // A data folder from before fleet codes: the code the database holds, not LIGUA1.
    expect(readyBanner({ host: '127.0.0.1', port: 8080, demoFleetCode: 'K7QX2M' })).toContain('código de flota (conductores) K7QX2M');
  });

  it('names one demo driver for /conductor (despacho: a phone that answers offers)', () => {
    const banner = readyBanner({ host: '127.0.0.1', port: 8080, demoFleetCode: 'LIGUA1', demoPhoneDriverRut: '123456785' });
    expect(banner).toContain('Conductor (teléfono, /conductor): RUT 12.345.678-5 · contraseña flota-demo · código LIGUA1');
  });

  it('says when the simulator drives the demo taxis, and how to turn it off (issue 46)', () => {
    expect(readyBanner({ host: '127.0.0.1', port: 8080, demoFleetCode: 'LIGUA1', simulatedTaxis: 24 })).toContain('Taxis simulados: 24 de demostración circulan solos; SIMULATOR=off npm start los detiene.');
    expect(readyBanner({ host: '127.0.0.1', port: 8080, demoFleetCode: 'LIGUA1', simulatedTaxis: 0 })).not.toContain('Taxis simulados');
  });
});

describe('logged URL', () => {
  it("leaves OsmAnd's device id out: it is the tracker's credential", () => {
    expect(loggedUrl('/osmand?id=9f3c2a1b8e7d6c5b4a39281706f5e4d3&lat=-33.4&lon=-70.6')).toBe('/osmand?id=…&lat=-33.4&lon=-70.6');
    expect(loggedUrl('/?lat=1&deviceid=abc')).toBe('/?lat=1&deviceid=…');
    expect(loggedUrl('/api/drivers/12/device-id')).toBe('/api/drivers/12/device-id');
  });
});
