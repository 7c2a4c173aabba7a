/**
 * Server configuration from environment variables (see README). Bad values fail fast with a clear message.
 * The platform's own settings are read here; a module's section (config.dispatch, …) is declared by the
 * module (its settings.ts: a SettingsSection read with the readers below, its type added to
 * ModuleSettings by declaration merging) and composed here from the list the caller hands over, so this
 * file names no domain.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runtimeConfigDefaults } from '../../contract/runtimeConfig';
import { pmtilesProblem } from './baseMapArchive';

/** Each module's settings section by key: the module that owns one adds it by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleSettings {}

export interface Config extends ModuleSettings {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in dataDir/pglite. */
  databaseUrl: string | null;
  /**
   * REDIS_URL: socket.io's Redis Streams adapter carries events between processes instead of the
   * PostgreSQL adapter (docs/scaling.md says when it pays). Only with DATABASE_URL; null: PostgreSQL's.
   */
  redisUrl: string | null;
  jwtSecret: string;
  tileUrl: string;
  tileAttribution: string;
  /** TILES_PMTILES: a PMTiles archive served at /tiles/ and used as the base map instead of TILE_URL (null: TILE_URL). */
  tilesPmtiles: string | null;
  corsOrigins: string[];
  simulator: boolean;
  /** DEMO_HISTORY: the demo's past shifts get full trails and summaries in the background after the start (seed/demoHistory.ts). */
  demoHistory: boolean;
  /**
   * FLOTA_CLOCK_OFFSET (seconds, may be negative): the server's clock (platform/clock.ts) runs this
   * far from the system's. For browser tests that must not wait for real minutes; 0 in production.
   */
  clockOffsetMs: number;
  tzFleet: string;
  staleAfterSeconds: number;
  distDir: string;
  /** Fastify/pino level: request logs at 'info', quieter at 'warn'. */
  logLevel: string;
  /**
   * config.json's devTools: on lets a production build talk to Redux DevTools. Unset (null): the
   * bundle decides (on in development builds, off in production).
   */
  devTools: boolean | null;
  /** Fastify's trustProxy from TRUST_PROXY: which proxies' X-Forwarded-For names the client. */
  trustProxy: boolean | number | string[];
  /** Connection limits against stalled or idle clients (milliseconds, except maxRequestsPerSocket). */
  timeouts: {
    /** Headers must all arrive within this. */
    headersMs: number;
    /** The whole request, body included, must arrive within this: a stalled body is closed (408). */
    requestMs: number;
    /** An idle keep-alive connection is closed after this. */
    keepAliveMs: number;
    /** Requests served on one keep-alive connection before it is closed. */
    maxRequestsPerSocket: number;
  };
  /** CSP frame-ancestors: who may frame the app ('self' by default). */
  frameAncestors: string[];
  /** Per-shift cap on location points per minute (429 beyond it). */
  ingestPointsPerMinute: number;
  /** POINT_MAX_AGE_DAYS: location points older than this are dropped and counted, never stored (positions/positionService.ts). */
  pointMaxAgeDays: number;
  /** Requests to /osmand a minute from one address (429 with Retry-After beyond it): a fleet's trackers may share one NAT. */
  osmandRequestsPerMinute: number;
  /** INGEST_BENCH_CEILING=on: registers the benchmark's ceiling route. Never in a normal start. */
  ingestBenchCeiling: boolean;
  /** SERVE_SOURCE_MAPS=on serves the .map files in dist/ (off by default: they expose the source). */
  serveSourceMaps: boolean;
  /** LOG_FORMAT: 'pretty' (readable lines), 'json' (one JSON object a line), or null: pretty on a terminal. */
  logFormat: 'pretty' | 'json' | null;
  /** OSMAND_PORT: also serve the OsmAnd endpoint at / on this port (null: only /osmand on PORT). */
  osmandPort: number | null;
  /** METRICS_TOKEN: GET /metrics (Prometheus) answers with this bearer token; null: /metrics is off (platform/metrics.ts). */
  metricsToken: string | null;
  /** SHIFT_IDLE_END_MINUTES: a tracker's shift ends after this long without points. */
  shiftIdleEndMinutes: number;
  /** How often the idle-shift sweep runs (not from the environment; tests shorten it). */
  idleSweepMs: number;
  /** RETENTION_DAYS: a shift's trail is dropped this many days after it ended (null: kept forever). */
  retentionDays: number | null;
  /** ACTIVITY_RETENTION_DAYS: activity-log entries older than this are dropped (null: kept forever). */
  activityRetentionDays: number | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

/** A module's settings: its key in Config and how it reads them from the environment. */
export interface SettingsSection<Key extends keyof ModuleSettings = keyof ModuleSettings> {
  key: Key;
  load(env: Env): ModuleSettings[Key];
}

export function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} debe ser un número entero entre ${min} y ${max} (se recibió "${raw}")`);
  }
  return value;
}

/** A number, fractions allowed, within [min, max]. */
export function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} debe ser un número entre ${min} y ${max} (se recibió "${raw}")`);
  }
  return value;
}

/** An http(s) URL without its trailing slashes; unset: null. */
export function url(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (!/^https?:\/\/[^\s]+$/.test(raw)) throw new ConfigError(`${name} debe ser una URL http(s) (se recibió "${raw}")`);
  return raw.replace(/\/+$/, '');
}

/** Unset: null (keep forever). */
export function optionalDays(env: Env, name: string): number | null {
  return env[name]?.trim() ? integer(env, name, 0, 1, 36_500) : null;
}

export function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} debe ser "on" u "off" (se recibió "${env[name]}")`);
}

/** A signed whole number of seconds within ±max, as milliseconds (unset: 0). */
function signedSeconds(env: Env, name: string, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return 0;
  const value = Number(raw);
  if (!/^[-+]?\d+$/.test(raw) || Math.abs(value) > max) {
    throw new ConfigError(`${name} debe ser un número entero de segundos entre -${max} y ${max} (se recibió "${raw}")`);
  }
  return value * 1000;
}

function timeZone(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  try {
    new Intl.DateTimeFormat('es-CL', { timeZone: value });
  } catch {
    throw new ConfigError(`${name} no es una zona horaria válida: "${value}"`);
  }
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(env: Env): string {
  const value = text(env, 'LOG_LEVEL', 'info').toLowerCase();
  if (!LOG_LEVELS.includes(value)) throw new ConfigError(`LOG_LEVEL debe ser uno de: ${LOG_LEVELS.join(', ')} (se recibió "${env.LOG_LEVEL}")`);
  return value;
}

function logFormat(env: Env): Config['logFormat'] {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (!raw) return null;
  if (raw === 'pretty' || raw === 'json') return raw;
  throw new ConfigError(`LOG_FORMAT debe ser "pretty" o "json" (se recibió "${env.LOG_FORMAT}")`);
}

function redisUrl(env: Env): string | null {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return null;
  if (!/^rediss?:\/\/[^\s]+$/.test(raw)) throw new ConfigError('REDIS_URL debe comenzar con redis:// o rediss://');
  if (!env.DATABASE_URL?.trim()) throw new ConfigError('REDIS_URL solo sirve con DATABASE_URL: la base embebida corre en un solo proceso');
  return raw;
}

function databaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL debe comenzar con postgres:// o postgresql://');
  }
  return raw;
}

/** The secret from JWT_SECRET, or one generated once and kept in the data folder (mode 0600). */
function jwtSecret(env: Env, dataDir: string): string {
  const given = env.JWT_SECRET?.trim();
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET debe tener al menos 32 caracteres');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** METRICS_TOKEN: unset turns /metrics off; a short one is refused (it guards the server's internals). */
function metricsToken(env: Env): string | null {
  const given = env.METRICS_TOKEN?.trim();
  if (!given) return null;
  if (given.length < 16) throw new ConfigError('METRICS_TOKEN debe tener al menos 16 caracteres');
  return given;
}

/**
 * TRUST_PROXY: unset/off trusts nobody (request.ip is the TCP peer); on trusts every hop (only
 * behind a proxy that overwrites X-Forwarded-For); a number trusts that many hops; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges.
 */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return false;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 10);
  const lower = raw.toLowerCase();
  if (['on', 'off', 'true', 'false', 'yes', 'no'].includes(lower)) return onOff(env, 'TRUST_PROXY', false);
  const list = raw.split(',').map((item) => item.trim()).filter(Boolean);
  if (!list.every((item) => /^[\da-fA-F.:]+(\/\d{1,3})?$/.test(item) || ['loopback', 'linklocal', 'uniquelocal'].includes(item))) {
    throw new ConfigError(`TRUST_PROXY debe ser on, off, un número de saltos o direcciones IP/CIDR separadas por comas (se recibió "${raw}")`);
  }
  return list;
}

/** FRAME_ANCESTORS: origins allowed to frame the app, besides itself; `none` forbids framing at all. */
function frameAncestors(env: Env): string[] {
  const raw = env.FRAME_ANCESTORS?.trim();
  if (!raw) return ["'self'"];
  if (raw.toLowerCase() === 'none') return ["'none'"];
  const list = raw.split(/[\s,]+/).filter(Boolean);
  for (const origin of list) {
    if (!/^https?:\/\/[^\s/'";]+$/.test(origin)) {
      throw new ConfigError(`FRAME_ANCESTORS debe ser none u orígenes como https://intranet.example.cl (se recibió "${origin}")`);
    }
  }
  return ["'self'", ...list];
}

function tilesPmtiles(env: Env): string | null {
  const raw = env.TILES_PMTILES?.trim();
  if (!raw) return null;
  const archive = path.resolve(raw);
  const problem = pmtilesProblem(archive);
  if (problem) throw new ConfigError(`TILES_PMTILES: ${problem}`);
  return archive;
}

const seconds = (env: Env, name: string, fallback: number, max: number) => integer(env, name, fallback, 1, max) * 1000;

/**
 * The modules' sections from `env`. A section the caller leaves out (tests and benches build a Config
 * from a few variables) is read by buildServer from no variables at all: its defaults.
 */
export function loadModuleSettings(env: Env, sections: readonly SettingsSection[]): Partial<ModuleSettings> {
  return Object.fromEntries(sections.map((section) => [section.key, section.load(env)]));
}

/** `sections`: the mounted modules' settings (the entry passes them: modules/index.ts's settingsSections). */
export function loadConfig(env: Env = process.env, sections: readonly SettingsSection[] = []): Config {
  const dataDir = path.resolve(text(env, 'DATA_DIR', './data'));
  const tileUrl = text(env, 'TILE_URL', runtimeConfigDefaults.tileUrl);
  if (!/^(pmtiles:\/\/)?(https?:\/\/|\/)/.test(tileUrl)) throw new ConfigError('TILE_URL debe ser una URL http(s), una ruta que comience con / o pmtiles:// seguido de una de ellas');
  const platform: Omit<Config, keyof ModuleSettings> = {
    port: integer(env, 'PORT', 8080, 0, 65535),
    // Loopback by default: the demo prints its password. HOST=0.0.0.0 listens on every interface.
    host: text(env, 'HOST', '127.0.0.1'),
    dataDir,
    databaseUrl: databaseUrl(env),
    redisUrl: redisUrl(env),
    jwtSecret: jwtSecret(env, dataDir),
    tileUrl,
    tileAttribution: text(env, 'TILE_ATTRIBUTION', runtimeConfigDefaults.tileAttribution),
    tilesPmtiles: tilesPmtiles(env),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    simulator: onOff(env, 'SIMULATOR', true),
    demoHistory: onOff(env, 'DEMO_HISTORY', true),
    clockOffsetMs: signedSeconds(env, 'FLOTA_CLOCK_OFFSET', 366 * 86_400),
    tzFleet: timeZone(env, 'TZ_FLEET', 'America/Santiago'),
    staleAfterSeconds: integer(env, 'STALE_AFTER_SECONDS', runtimeConfigDefaults.staleAfterSeconds, 1, 86400),
    distDir: path.resolve(text(env, 'DIST_DIR', './dist')),
    logLevel: logLevel(env),
    devTools: env.DEVTOOLS?.trim() ? onOff(env, 'DEVTOOLS', false) : null,
    trustProxy: trustProxy(env),
    timeouts: {
      headersMs: seconds(env, 'HEADERS_TIMEOUT_SECONDS', 10, 600),
      requestMs: seconds(env, 'REQUEST_TIMEOUT_SECONDS', 30, 3600),
      keepAliveMs: seconds(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 5, 600),
      maxRequestsPerSocket: integer(env, 'MAX_REQUESTS_PER_SOCKET', 1000, 1, 1_000_000),
    },
    frameAncestors: frameAncestors(env),
    ingestPointsPerMinute: integer(env, 'INGEST_POINTS_PER_MINUTE', 600, 60, 100000),
    pointMaxAgeDays: integer(env, 'POINT_MAX_AGE_DAYS', 3, 1, 30),
    osmandRequestsPerMinute: integer(env, 'OSMAND_REQUESTS_PER_MINUTE', 6000, 60, 1000000),
    ingestBenchCeiling: onOff(env, 'INGEST_BENCH_CEILING', false),
    serveSourceMaps: onOff(env, 'SERVE_SOURCE_MAPS', false),
    logFormat: logFormat(env),
    osmandPort: env.OSMAND_PORT?.trim() ? integer(env, 'OSMAND_PORT', 5055, 1, 65535) : null,
    metricsToken: metricsToken(env),
    shiftIdleEndMinutes: integer(env, 'SHIFT_IDLE_END_MINUTES', 30, 1, 1440),
    idleSweepMs: 60_000,
    retentionDays: optionalDays(env, 'RETENTION_DAYS'),
    activityRetentionDays: optionalDays(env, 'ACTIVITY_RETENTION_DAYS'),
  };
  // Sections left out are filled with their defaults by buildServer, for the modules it mounts.
  return { ...platform, ...loadModuleSettings(env, sections) } as Config;
}
