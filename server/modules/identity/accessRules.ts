/**
 * Who may use what. Every HTTP route declares its rule beside its handler (`config.access`, from
 * its module's routeSpecs.ts); the access guard collects them as the server registers routes into
 * one table (AccessTable), which the guard reads on each request and the tests walk; a route under
 * /api that declares nobody stops the server from starting. Socket events are listed here.
 *
 * - public: no token (login, health).
 * - driver: a driver's token (the phone API); the driver routes authenticate themselves.
 * - dueño / administrador / operador: the desk. The fleet's owner is its only Dueño.
 */
import type { DeskRole } from '../../../contract/entities';
import { EVERY_DESK_ROLE } from '../../../contract/roles';
import { PUBLIC, type Principal } from '../../platform/routeSpec';

export { EVERY_DESK_ROLE };
export type { Principal };

/** The OpenAPI document and the API reference page (/api/docs, with swagger-ui's own routes below it). */
const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';

/** Socket events a client may emit → who may emit them (the handshake already admits desk roles only). */
export const socketEventRules: Record<string, readonly DeskRole[]> = {
  join_owner_room: EVERY_DESK_ROLE,
};

export const ruleKey = (method: string, url: string): string => `${method.toUpperCase()} ${url}`;

/** Routes outside /api (the SPA, config.json, static files) are public content, not part of the table. */
export const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/** The platform's own pages about the API are public; they declare nothing themselves. */
function platformRule(verb: string, url: string): readonly Principal[] | undefined {
  if (verb !== 'GET') return undefined;
  return url === OPENAPI_PATH || url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`) ? PUBLIC : undefined;
}

/** `METHOD /api/path` (Fastify's url, with :params) → who may call it, as the routes declared it. */
export class AccessTable {
  private readonly rules = new Map<string, readonly Principal[]>();

  /** Records a route's declared rule; false when it declared none (the guard then refuses to start). */
  declare(method: string, url: string, access: readonly Principal[] | undefined): boolean {
    const verb = method.toUpperCase();
    const rule = access ?? platformRule(verb === 'HEAD' ? 'GET' : verb, url);
    if (!rule?.length) return false;
    // Fastify adds a HEAD beside each GET: it follows its GET's rule and is no row of its own.
    if (verb !== 'HEAD') this.rules.set(ruleKey(verb, url), rule);
    return true;
  }

  /** The rule of a route; HEAD follows its GET. */
  rule(method: string, url: string): readonly Principal[] | undefined {
    const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return this.rules.get(ruleKey(verb, url)) ?? platformRule(verb, url);
  }

  /** Every declared route's rule, in registration order. */
  entries(): [string, readonly Principal[]][] {
    return [...this.rules];
  }
}

export const ACCESS_DENIED = 'No tienes permiso para realizar esta acción';
