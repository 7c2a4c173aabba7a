/**
 * What a domain module is to the app: a name, its OpenAPI tags, its settings, the services it needs
 * from the modules below and provides to those above, the events it emits and the handlers with
 * which it hears others', and a register function that mounts its routes. The app (the one
 * composition root) builds every service in the written order (order.cjs) from these declarations,
 * subscribes the handlers, then registers the modules; it names no module.
 *
 * This file imports no module (every module imports it). What one module gives the others travels in
 * `services`, whose fields each providing module adds to ModuleServices by declaration merging
 * (`declare module '../flotaModule'` beside its code): the type stays checked, and no line here grows
 * per domain. Events, background passes and settings follow the same rule (platform/domainEvents.ts,
 * platform/backgroundPass.ts, platform/config.ts).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { PassHost } from '../platform/backgroundPass';
import type { Clock } from '../platform/clock';
import type { Config, SettingsSection } from '../platform/config';
import type { DatabaseKind } from '../platform/db/client';
import type { Database } from '../platform/db/schema';
import type { AfterHandler, DomainEventBus, DomainEventName, InsideHandler } from '../platform/domainEvents';
import type { Edge } from '../platform/edge';
import type { OpenApiTag } from '../platform/openapi/routeDocs';
import type { Publish, PublishLocations } from '../platform/realtime/publisher';
import type { FlotaSocketServer, SocketIdentity } from '../platform/realtime/socketServer';
import type { AccessRules } from '../platform/routeSpec';

/** Who is calling, as the app itself needs it: provided by the module that signs people in. */
export interface Callers {
  /** Desk token → request.user (401 otherwise); the access guard runs it before desk routes. */
  authenticate: preHandlerAsyncHookHandler;
  /** Driver token → request.driver (401 otherwise). */
  authenticateDriver: preHandlerAsyncHookHandler;
  /** Who a socket handshake is (the platform's socket server asks). */
  socketIdentity: SocketIdentity;
  /** Puts the access guard on the app before any route; the table it fills as the routes register. */
  guard(app: FastifyInstance): AccessRules;
}

/**
 * The services modules give each other. A module that provides one declares it beside its builder,
 * e.g. positions: `declare module '../flotaModule' { interface ModuleServices { positions: PositionService } }`.
 * `callers` is the one the app itself reads, so it is written here.
 */
export interface ModuleServices {
  callers: Callers;
}
export type ServiceName = keyof ModuleServices;

/** A side listener a module runs on a port of its own (positions' OSMAND_PORT): started and stopped with the server. */
export interface SideListener {
  name: string;
  app: FastifyInstance;
  port: number;
  /** The line the entry prints once it listens. */
  banner: string;
}

/** What every module is handed: the platform's things, and the services it declared it needs. */
export interface PlatformContext {
  /** '/api': where the HTTP API answers. */
  prefix: string;
  config: Config;
  /** "Now" for the rules that turn on time (platform/clock.ts). */
  clock: Clock;
  db: Kysely<Database>;
  /** Which engine: the embedded one is one process, the database's one writer. */
  dbKind: DatabaseKind;
  io: FlotaSocketServer;
  log: FastifyBaseLogger;
  /** How the server logs, for a Fastify of a module's own (a side listener). */
  logger: FastifyServerOptions['logger'];
  /** The one way to tell sockets something (platform/realtime/publish.ts); each module calls it from its events.ts. */
  publish: Publish;
  /** The position stream (platform/realtime/locationStream.ts): delivery, not domain; the positions module's only. */
  publishLocations: PublishLocations;
  /** The domain events between modules (platform/domainEvents.ts). */
  events: DomainEventBus;
  /** The login throttles. */
  edge: Edge;
  /** Where a module adds its background passes: started once the server listens, stopped as it closes. */
  backgroundPasses: PassHost;
  /** The process's Prometheus registry (platform/metrics.ts): a module adds its own gauges (the outbox's depth). */
  metrics: Registry;
  /**
   * Work for the server's close, after socket.io and the HTTP server closed (no request in flight):
   * run in the reverse order of the services' building (positions writes its queued points before the database goes).
   */
  whenClosing(work: () => Promise<void>): void;
  /** A listener on a port of its own, started by the entry beside the main one. */
  sideListener(listener: SideListener): void;
}

/** What a service builder is handed: the platform's things and the services below it. */
export interface BuildContext extends PlatformContext {
  services: ModuleServices;
}

export interface ModuleContext extends BuildContext {
  /**
   * services.callers.authenticateDriver, at hand: driver routes add it as a preValidation hook. Desk
   * routes need nothing: the access guard signs the caller in before any input is judged.
   */
  authenticateDriver: preHandlerAsyncHookHandler;
}

/**
 * A named handler of another module's (or its own) event, declared in module.ts's `handlers`:
 * `inside` runs in the producer's transaction (what it writes commits with the fact), `after` once the
 * producer committed. `make` builds the function once, with the module's context and what its
 * `register` returned (its parts: an engine, a background pass).
 */
export type EventHandler<Parts = unknown> = {
  [E in DomainEventName]:
    | { event: E; when: 'after'; make: (context: ModuleContext, parts: Parts) => AfterHandler<E> }
    | { event: E; when: 'inside'; make: (context: ModuleContext, parts: Parts) => InsideHandler<E> };
}[DomainEventName];

/** A handler file's one export: `export const onShiftEnded = handler('shiftEnded', 'after', (context) => (shift) => …)`. */
export function handler<E extends DomainEventName, Parts = unknown>(event: E, when: 'after', make: (context: ModuleContext, parts: Parts) => AfterHandler<E>): EventHandler<Parts>;
export function handler<E extends DomainEventName, Parts = unknown>(event: E, when: 'inside', make: (context: ModuleContext, parts: Parts) => InsideHandler<E>): EventHandler<Parts>;
export function handler(event: DomainEventName, when: 'after' | 'inside', make: (context: ModuleContext, parts: never) => unknown): unknown {
  return { event, when, make };
}

export interface FlotaModule<Parts = unknown> {
  name: string;
  /** The OpenAPI tags its routes use, with their descriptions (the reference page's sections). */
  openApiTags?: readonly OpenApiTag[];
  /** Its section of the settings, read from the environment at start (config[settings.key]). */
  settings?: SettingsSection;
  /** The services of the modules below it that it uses (the architecture test checks them against the order). */
  needs?: readonly ServiceName[];
  /** The services it builds, in this order, for itself and the modules above. */
  provides?: { [K in ServiceName]?: (context: BuildContext) => ModuleServices[K] | Promise<ModuleServices[K]> };
  /** The events it emits (declared in its events.ts). */
  emits?: readonly DomainEventName[];
  /** Its handlers of events (its own or a lower module's), each in a file of its own under handlers/. */
  handlers?: readonly EventHandler<Parts>[];
  /** Mounts its routes and starts its own work; what it answers is handed to its handlers. */
  register(app: FastifyInstance, context: ModuleContext): Promise<Parts>;
}
