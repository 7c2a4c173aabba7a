/**
 * What one route declares beside its handler: who may call it (`access`, read by the access guard,
 * which also refuses to start a server with an /api route that declares nobody) and its OpenAPI
 * description (`schema`). `app.get('/vehicles', routeSpecs.listVehicles, handler)`.
 */
import type { DeskRole } from '../../contract/entities';
import type { RouteDoc } from './openapi/routeDocs';

/** Who may call a route: desk roles, a driver's token, or anyone. */
export type Principal = DeskRole | 'driver' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: readonly Principal[];
  }
}

export const PUBLIC: readonly Principal[] = ['public'];
/** A driver's token (the phone API); these routes authenticate the driver themselves. */
export const DRIVER: readonly Principal[] = ['driver'];

export interface RouteSpec {
  schema: RouteDoc;
  config: { access: readonly Principal[] };
}

export function routeSpec(access: readonly Principal[], schema: RouteDoc): RouteSpec {
  return { schema, config: { access } };
}

/** Who may call each /api route, as the routes declared it (the access guard fills it as they register; tests walk it). */
export interface AccessRules {
  /** The rule of a route; HEAD follows its GET. */
  rule(method: string, url: string): readonly Principal[] | undefined;
  /** Every declared route's rule, in registration order. */
  entries(): [string, readonly Principal[]][];
}
