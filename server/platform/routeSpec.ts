/**
 * What one route declares beside its handler: who may call it (`access`, read by the access guard,
 * which also refuses to start a server with an /api route that declares nobody) and its OpenAPI
 * description (`schema`), whose body and query schemas also check the input (requestValidation.ts).
 * `app.get('/vehicles', routeSpecs.listVehicles, handler)` in a plugin typed FastifyPluginAsyncZod.
 */
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DeskRole } from '../../contract/entities';
import type { RouteDoc } from './openapi/routeDocs';

/**
 * The instance a route plugin (FastifyPluginAsyncZod) registers on, its routes typed by their zod
 * schemas: what a long plugin hands the functions that register each group of its routes.
 */
export type RouteApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

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

/** `S` keeps the route's own schemas' types, so the zod type provider types `request.body` and `request.query`. */
export interface RouteSpec<S extends RouteDoc = RouteDoc> {
  schema: S;
  config: { access: readonly Principal[] };
}

export function routeSpec<S extends RouteDoc>(access: readonly Principal[], schema: S): RouteSpec<S> {
  return { schema, config: { access } };
}

/** Who may call each /api route, as the routes declared it (the access guard fills it as they register; tests walk it). */
export interface AccessRules {
  /** The rule of a route; HEAD follows its GET. */
  rule(method: string, url: string): readonly Principal[] | undefined;
  /** Every declared route's rule, in registration order. */
  entries(): [string, readonly Principal[]][];
}
