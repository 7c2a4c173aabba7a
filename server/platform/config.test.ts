import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'flota-config-'));

  it('has the documented defaults and keeps a generated JWT secret (0600) across starts', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
      corsOrigins: [],
      simulator: true,
      demoHistory: true,
      clockOffsetMs: 0,
      tzFleet: 'America/Santiago',
      staleAfterSeconds: 120,
      logLevel: 'info',
      devTools: null,
      trustProxy: false,
      timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5000, maxRequestsPerSocket: 1000 },
      frameAncestors: ["'self'"],
      serveSourceMaps: false,
      logFormat: null,
      osmandPort: null,
      shiftIdleEndMinutes: 30,
    });
    const file = path.join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('keeps trails and activity forever unless RETENTION_DAYS / ACTIVITY_RETENTION_DAYS say otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ retentionDays: null, activityRetentionDays: null });
    expect(loadConfig({ DATA_DIR: dataDir(), RETENTION_DAYS: '365', ACTIVITY_RETENTION_DAYS: '3650' })).toMatchObject({ retentionDays: 365, activityRetentionDays: 3650 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), RETENTION_DAYS: '0' })).toThrow('RETENTION_DAYS debe ser un número entero entre 1 y 36500');
    expect(() => loadConfig({ DATA_DIR: dataDir(), ACTIVITY_RETENTION_DAYS: 'un año' })).toThrow(ConfigError);
  });

  it('turns the demo-history pass off with DEMO_HISTORY=off, and refuses a value it does not know', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_HISTORY: 'off' }).demoHistory).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_HISTORY: 'on' }).demoHistory).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_HISTORY: 'a veces' })).toThrow('DEMO_HISTORY debe ser "on" u "off"');
  });

  it('reads FLOTA_CLOCK_OFFSET as signed seconds, and refuses fractions, words and more than a year', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), FLOTA_CLOCK_OFFSET: '-600' }).clockOffsetMs).toBe(-600_000);
    expect(loadConfig({ DATA_DIR: dataDir(), FLOTA_CLOCK_OFFSET: '+90' }).clockOffsetMs).toBe(90_000);
    for (const raw of ['1.5', 'diez', '-31622401']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), FLOTA_CLOCK_OFFSET: raw })).toThrow('FLOTA_CLOCK_OFFSET debe ser un número entero de segundos entre -31622400 y 31622400');
    }
  });

  it('lets DEVTOOLS and LOG_LEVEL be set, and refuses values it does not know', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DEVTOOLS: 'on', LOG_LEVEL: 'WARN' })).toMatchObject({ devTools: true, logLevel: 'warn' });
    expect(loadConfig({ DATA_DIR: dataDir(), DEVTOOLS: 'off' }).devTools).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEVTOOLS: 'quizás' })).toThrow('DEVTOOLS debe ser "on" u "off"');
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'ruidoso' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY, FRAME_ANCESTORS and the timeouts, and refuses what it cannot use', () => {
    const env = (extra: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...extra });
    expect(env({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(env({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(env({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => env({ TRUST_PROXY: 'el proxy' })).toThrow('TRUST_PROXY debe ser on, off, un número de saltos');
    expect(env({ FRAME_ANCESTORS: 'https://intranet.example.cl' }).frameAncestors).toEqual(["'self'", 'https://intranet.example.cl']);
    expect(env({ FRAME_ANCESTORS: 'none' }).frameAncestors).toEqual(["'none'"]);
    expect(() => env({ FRAME_ANCESTORS: "https://a.cl; script-src 'unsafe-inline'" })).toThrow('FRAME_ANCESTORS debe ser none u orígenes');
    expect(env({ HEADERS_TIMEOUT_SECONDS: '5', REQUEST_TIMEOUT_SECONDS: '60', KEEP_ALIVE_TIMEOUT_SECONDS: '2', MAX_REQUESTS_PER_SOCKET: '50' }).timeouts).toEqual({
      headersMs: 5000,
      requestMs: 60_000,
      keepAliveMs: 2000,
      maxRequestsPerSocket: 50,
    });
    expect(() => env({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow('REQUEST_TIMEOUT_SECONDS debe ser un número entero entre 1 y 3600');
  });

  it('reads the delivery settings: LOG_FORMAT, SERVE_SOURCE_MAPS, TRUST_PROXY, HOST', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'JSON', SERVE_SOURCE_MAPS: 'on', TRUST_PROXY: 'on', HOST: '0.0.0.0' });
    expect(config).toMatchObject({ logFormat: 'json', serveSourceMaps: true, trustProxy: true, host: '0.0.0.0' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT debe ser "pretty" o "json"');
  });

  it('reads lists and switches', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: 'http://a.cl, http://b.cl', SIMULATOR: 'off', PORT: '9000' });
    expect(config.corsOrigins).toEqual(['http://a.cl', 'http://b.cl']);
    expect(config.simulator).toBe(false);
    expect(config.port).toBe(9000);
  });

  it('takes REDIS_URL beside DATABASE_URL (socket.io between processes through Redis); unset by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).redisUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://app@db/flota', REDIS_URL: ' redis://redis:6379/0 ' }).redisUrl).toBe('redis://redis:6379/0');
  });

  it('reads the phones settings: OSMAND_PORT and SHIFT_IDLE_END_MINUTES', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), OSMAND_PORT: '5055', SHIFT_IDLE_END_MINUTES: '45' })).toMatchObject({ osmandPort: 5055, shiftIdleEndMinutes: 45 });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ SIMULATOR: 'maybe' }, /SIMULATOR/],
    [{ TZ_FLEET: 'Mars/Olympus' }, /TZ_FLEET/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://app@db/flota', REDIS_URL: 'http://redis:6379' }, /^REDIS_URL debe comenzar con redis:\/\/ o rediss:\/\/$/],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, /^REDIS_URL solo sirve con DATABASE_URL: la base embebida corre en un solo proceso$/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ STALE_AFTER_SECONDS: '0' }, /STALE_AFTER_SECONDS/],
    [{ OSMAND_PORT: '0' }, /OSMAND_PORT/],
    [{ SHIFT_IDLE_END_MINUTES: 'media hora' }, /SHIFT_IDLE_END_MINUTES/],
  ])('rejects bad values %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
