/**
 * The one table of who may use what: every HTTP route (method + Fastify's route url) and every
 * socket event the server listens to. The global guard (accessGuard.ts) reads it on each request;
 * buildServer refuses to start with a route under /api that is missing here; the tests walk it.
 *
 * - public: no token (login, health).
 * - driver: a driver's token (the phone API); the driver routes authenticate themselves.
 * - dueño / administrador / operador: the desk. The fleet's owner is its only Dueño.
 */
import type { DeskRole } from '../../contract/entities';
import { EVERY_DESK_ROLE, FLEET_MANAGERS, USER_MANAGERS } from '../../contract/roles';

export { EVERY_DESK_ROLE };
export type Principal = DeskRole | 'driver' | 'public';

/** Everything but user management. */
const MANAGERS = FLEET_MANAGERS;
const OWNER_ONLY = USER_MANAGERS;
const PUBLIC: readonly Principal[] = ['public'];
const DRIVER: readonly Principal[] = ['driver'];

/** `METHOD /api/path` (Fastify's url, with :params) → who may call it. */
export const routeRules: Record<string, readonly Principal[]> = {
  'GET /api/health': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'GET /api/auth/me': EVERY_DESK_ROLE,
  'PUT /api/auth/password': EVERY_DESK_ROLE,

  'GET /api/drivers': EVERY_DESK_ROLE,
  'POST /api/drivers': MANAGERS,
  'PUT /api/drivers/:id': MANAGERS,
  'DELETE /api/drivers/:id': MANAGERS,
  // The /osmand credential: never for an Operador, who only reads the fleet.
  'GET /api/drivers/:id/device-id': MANAGERS,
  'POST /api/drivers/:id/device-id': MANAGERS,

  'GET /api/vehicles': EVERY_DESK_ROLE,
  'POST /api/vehicles': MANAGERS,
  'PUT /api/vehicles/:id': MANAGERS,
  'DELETE /api/vehicles/:id': MANAGERS,

  'GET /api/shifts/active': EVERY_DESK_ROLE,
  'GET /api/shifts/history': EVERY_DESK_ROLE,
  'GET /api/shifts/:id/locations': EVERY_DESK_ROLE,
  'POST /api/shifts/:id/end': MANAGERS,

  'GET /api/users': OWNER_ONLY,
  'POST /api/users': OWNER_ONLY,
  'PUT /api/users/:id': OWNER_ONLY,
  'DELETE /api/users/:id': OWNER_ONLY,

  'GET /api/activity': MANAGERS,

  'POST /api/driver/login': PUBLIC,
  'POST /api/driver/shifts/start': DRIVER,
  'POST /api/driver/shifts/end': DRIVER,
  'POST /api/driver/locations': DRIVER,
  'GET /api/driver/me': DRIVER,
  // Only with INGEST_BENCH_CEILING=on (the ingest benchmark's reference route).
  'POST /api/driver/bench-ceiling': DRIVER,
};

/** The API reference page (/api/docs): swagger-ui registers its own static routes below it. */
const DOCS_PATH = '/api/docs';

/** Socket events a client may emit → who may emit them (the handshake already admits desk roles only). */
export const socketEventRules: Record<string, readonly DeskRole[]> = {
  join_owner_room: EVERY_DESK_ROLE,
};

export const ruleKey = (method: string, url: string): string => `${method.toUpperCase()} ${url}`;

/** Routes outside /api (the SPA, config.json, static files) are public content, not part of the table. */
export const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/** The rule of a route; HEAD follows its GET. */
export function routeRule(method: string, url: string): readonly Principal[] | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method;
  if (verb === 'GET' && (url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`))) return PUBLIC;
  return routeRules[ruleKey(verb, url)];
}

export const ACCESS_DENIED = 'No tienes permiso para realizar esta acción';
