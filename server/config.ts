/** Server configuration from environment variables (see README). Bad values fail fast with a clear message. */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in dataDir/pglite. */
  databaseUrl: string | null;
  jwtSecret: string;
  tileUrl: string;
  tileAttribution: string;
  corsOrigins: string[];
  simulator: boolean;
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
  /** OSMAND_PORT: also serve the OsmAnd endpoint at / on this port (null: only /osmand on PORT). */
  osmandPort: number | null;
  /** SHIFT_IDLE_END_MINUTES: a tracker's shift ends after this long without points. */
  shiftIdleEndMinutes: number;
  /** How often the idle-shift sweep runs (not from the environment; tests shorten it). */
  idleSweepMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} debe ser un número entero entre ${min} y ${max} (se recibió "${raw}")`);
  }
  return value;
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} debe ser "on" u "off" (se recibió "${env[name]}")`);
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

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(text(env, 'DATA_DIR', './data'));
  const tileUrl = text(env, 'TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  if (!/^(https?:\/\/|\/)/.test(tileUrl)) throw new ConfigError('TILE_URL debe ser una URL http(s) o una ruta que comience con /');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST', '0.0.0.0'),
    dataDir,
    databaseUrl: databaseUrl(env),
    jwtSecret: jwtSecret(env, dataDir),
    tileUrl,
    tileAttribution: text(env, 'TILE_ATTRIBUTION', '© OpenStreetMap contributors'),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    simulator: onOff(env, 'SIMULATOR', true),
    tzFleet: timeZone(env, 'TZ_FLEET', 'America/Santiago'),
    staleAfterSeconds: integer(env, 'STALE_AFTER_SECONDS', 120, 1, 86400),
    distDir: path.resolve(text(env, 'DIST_DIR', './dist')),
    logLevel: logLevel(env),
    devTools: env.DEVTOOLS?.trim() ? onOff(env, 'DEVTOOLS', false) : null,
    osmandPort: env.OSMAND_PORT?.trim() ? integer(env, 'OSMAND_PORT', 5055, 1, 65535) : null,
    shiftIdleEndMinutes: integer(env, 'SHIFT_IDLE_END_MINUTES', 30, 1, 1440),
    idleSweepMs: 60_000,
  };
}
