/**
 * What a domain module is to the app: a name, its OpenAPI tags, its settings, and a register
 * function that mounts its routes. The app builds one ModuleContext and hands it to every module of
 * the list in modules/index.ts.
 *
 * This file imports no module (every module imports it). The context carries the platform's things;
 * what one module gives the others travels in `services`, whose fields each providing module adds
 * to ModuleServices by declaration merging (`declare module '../flotaModule'` beside its code): the
 * type stays checked, and no line here grows per domain. Background passes and settings follow the
 * same rule (platform/backgroundPass.ts, platform/config.ts).
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { PassHost } from '../platform/backgroundPass';
import type { Clock } from '../platform/clock';
import type { Config, SettingsSection } from '../platform/config';
import type { Database } from '../platform/db/schema';
import type { Edge } from '../platform/edge';
import type { OpenApiTag } from '../platform/openapi/routeDocs';
import type { Publish } from '../platform/realtime/publisher';
import type { FlotaSocketServer } from '../platform/realtime/socketServer';

/**
 * The services modules give each other, filled by the app before any module registers. A module that
 * provides one declares it where it is built, e.g. positions:
 * `declare module '../flotaModule' { interface ModuleServices { positions: PositionService } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleServices {}

export interface ModuleContext {
  /** '/api': where the HTTP API answers. */
  prefix: string;
  config: Config;
  /** "Now" for the rules that turn on time (platform/clock.ts): the same clock the position service reads. */
  clock: Clock;
  db: Kysely<Database>;
  io: FlotaSocketServer;
  /** The one way to tell sockets something (platform/realtime/publish.ts); each module calls it from its events.ts. */
  publish: Publish;
  /** The login throttles. */
  edge: Edge;
  /** Desk token → request.user (401 otherwise); the access guard runs it before desk routes. */
  authenticate: preHandlerAsyncHookHandler;
  /** Driver token → request.driver (401 otherwise), checked against the driver cache. */
  authenticateDriver: preHandlerAsyncHookHandler;
  /** Where a module adds its background passes: started once the server listens, stopped as it closes. */
  backgroundPasses: PassHost;
  /** The process's Prometheus registry (platform/metrics.ts): a module adds its own gauges (the outbox's depth). */
  metrics: Registry;
  services: ModuleServices;
}

export interface FlotaModule {
  name: string;
  /** The OpenAPI tags its routes use, with their descriptions (the reference page's sections). */
  openApiTags?: readonly OpenApiTag[];
  /** Its section of the settings, read from the environment at start (config[settings.key]). */
  settings?: SettingsSection;
  register(app: FastifyInstance, context: ModuleContext): Promise<void>;
}
