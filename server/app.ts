/** buildServer: HTTP routes under /api, the SPA, and socket.io, without listening (testable). */
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE_PATH } from '../contract/api';
import { BODY_LIMITS } from '../contract/bodyLimits';
import { offsetClock, type Clock } from './platform/clock';
import { loadModuleSettings, type Config } from './platform/config';
import type { DatabaseKind } from './platform/db/client';
import type { Database } from './platform/db/schema';
import { createDomainEventBus } from './platform/domainEvents';
import { registerEdge } from './platform/edge';
import type { ThrottleLimits } from './platform/edge/loginThrottle';
import { hostBackgroundPasses, type PassSwitches } from './platform/backgroundPass';
import { advisoryLeadership, soleLeader, type Leadership } from './platform/leadership';
import { createTimedServer } from './platform/edge/timeouts';
import { flotaErrorHandler } from './platform/errorHandler';
import { refuseNulParameters } from './platform/params';
import { Messages } from './platform/errors';
import { OneLinePerRequest } from './platform/logging';
import { registerOpenApi } from './platform/openapi/plugin';
import { attachPostgresAdapter } from './platform/realtime/postgresAdapter';
import { attachRedisAdapter } from './platform/realtime/redisAdapter';
import { createPublisher } from './platform/realtime/publisher';
import { createSocketServer, type FlotaSocketServer, type SocketIdentity } from './platform/realtime/socketServer';
import { healthRoutes } from './platform/health';
import { createMetrics, registerMetricsRoute, timeIngest } from './platform/metrics';
import type { AccessRules } from './platform/routeSpec';
import { databasePoolStats } from './platform/db/client';
import { registerPmtilesArchive } from './platform/baseMapArchive';
import { isSpaRoute, registerSpa, sendIndexHtml } from './platform/spa';
import { modules as domainModules, type FlotaModule } from './modules';
import { composeModules, type Callers, type Composed, type SideListener } from './modules';

/** Every route's body limit but those contract/bodyLimits.ts raises for a route of their own. */
export const BODY_LIMIT = BODY_LIMITS.default;
/** Answers smaller than this go uncompressed: the headers would cost more than they save. */
export const COMPRESS_THRESHOLD = 1024;

export interface ServerDeps {
  db: Kysely<Database>;
  /** Defaults from config: postgres when DATABASE_URL is set. */
  dbKind?: DatabaseKind;
  logger?: FastifyServerOptions['logger'];
  /** Login throttle limits; the defaults otherwise (tests use small ones). */
  loginLimits?: ThrottleLimits;
  /** The domain modules to mount (modules/index.ts); tests add one to see the start refused. */
  modules?: readonly FlotaModule[];
  /**
   * The modules' background passes: false turns them all off; by name (`summaryBackfill`,
   * `trailPacking`, as each module declares it) a pass's pacing, or false for that one.
   */
  backgroundPasses?: PassSwitches;
  /** "Now" where the rules turn on it (platform/clock.ts); by default the system's, shifted by FLOTA_CLOCK_OFFSET. */
  clock?: Clock;
  /**
   * Who runs the background work (platform/leadership.ts): by default, with PostgreSQL, the process
   * holding the advisory lock; with the embedded database, this one. Tests give a faster retry.
   */
  leadership?: Leadership;
}

/** A route as Fastify registered it (tests derive their route matrix from this). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's own body limit (contract/bodyLimits.ts), when it has one; else the server's default. */
  bodyLimit?: number;
}

export interface FlotaServer {
  app: FastifyInstance;
  /** Every route registered, in order (onRoute): a new route shows up here without any list to edit. */
  routes: RegisteredRoute[];
  /** Who may call each /api route, as the routes declared it (the guard reads it; so do the tests). */
  access: AccessRules;
  io: FlotaSocketServer;
  /** Listeners the modules run on ports of their own (positions' OSMAND_PORT); the entry starts them, close() stops them. */
  sideListeners: SideListener[];
  close(): Promise<void>;
}

/** A hop count becomes "trust the nearest N hops" (Fastify's types take no number). */
function fastifyTrustProxy(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildServer(given: Config, deps: ServerDeps): Promise<FlotaServer> {
  const { db } = deps;
  const mounted = deps.modules ?? domainModules;
  // A module's settings the caller left out of its Config (tests, benches): that module's defaults.
  const config: Config = { ...loadModuleSettings({}, mounted.flatMap((module) => (module.settings ? [module.settings] : []))), ...given };
  const dbKind = deps.dbKind ?? (config.databaseUrl ? 'postgres' : 'pglite');
  const app = Fastify({
    logger: deps.logger ?? true,
    bodyLimit: BODY_LIMIT,
    // Fastify's default (10 s) for a route plugin to register: a start on a busy 2-core machine
    // (hundreds of routes and their schemas) met it in tests, and would in production.
    pluginTimeout: 120_000,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    serverFactory: (handler) => createTimedServer(config, handler),
    // One line per request, at info only for writes (platform/logging.ts).
    logController: new OneLinePerRequest(),
  });

  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, bodyLimit: route.bodyLimit });
  });
  // First: a route keeps the error handler of the moment it is registered, so one set after the
  // OpenAPI page's routes left them answering bad input in Fastify's English shape.
  app.setErrorHandler(flotaErrorHandler);
  // Before the static files (they come precompressed; this covers API answers and the rest).
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  await registerOpenApi(app, mounted.flatMap((module) => module.openApiTags ?? []));

  const edge = await registerEdge(app, config, db, deps.loginLimits);

  // socket.io first: the driver routes publish to the owners' rooms. Who a handshake is comes from
  // the module that provides `callers`, built below (nothing connects before the server listens).
  let callers: Callers | null = null;
  const socketIdentity: SocketIdentity = {
    authenticate: (token) => (callers ? callers.socketIdentity.authenticate(token) : Promise.resolve(null)),
    rolesFor: (event) => callers?.socketIdentity.rolesFor(event) ?? [],
  };
  const io = createSocketServer(app.server, { identity: socketIdentity, corsOrigins: config.corsOrigins, log: app.log });
  // PGlite is one process: the default in-memory adapter. PostgreSQL may serve several processes.
  // Between processes: Redis Streams when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY; one process: in memory.
  const closeAdapter = config.redisUrl
    ? await attachRedisAdapter(io, config.redisUrl, app.log)
    : config.databaseUrl
      ? await attachPostgresAdapter(io, config.databaseUrl, app.log)
      : async () => undefined;
  const publisher = createPublisher(io, config.databaseUrl !== null);
  // One process among several runs the background work; the embedded database is one process.
  const leadership = deps.leadership ?? (config.databaseUrl ? advisoryLeadership({ databaseUrl: config.databaseUrl, log: app.log }) : soleLeader());
  const clock = deps.clock ?? offsetClock(config.clockOffsetMs);
  const prefix = API_BASE_PATH;
  // Made whether or not /metrics is on (METRICS_TOKEN): cheap until scraped.
  const metrics = createMetrics({ leader: leadership, sockets: () => io.engine.clientsCount, pool: () => databasePoolStats(db) });
  timeIngest(app, metrics);
  const backgroundPasses = hostBackgroundPasses(app, deps.backgroundPasses, leadership, metrics.passRound);
  const platform = { prefix, config, clock, db, dbKind, io, log: app.log, logger: deps.logger ?? true, publish: publisher.publish, publishLocations: publisher.publishLocations, events: createDomainEventBus(app.log), edge, backgroundPasses, metrics: metrics.registry };
  const stopSockets = async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  };

  let composed: Composed;
  try {
    // Every module's services, in the written order (modules/compose.ts).
    composed = await composeModules(mounted, platform);
  } catch (error) {
    await stopSockets();
    await closeAdapter();
    await app.close().catch(() => undefined);
    throw error;
  }
  callers = composed.callers;
  // Before any route: every /api route must declare its access rule, and each request is checked
  // against it before its input is (preValidation: a caller without a session learns nothing of it).
  const access = callers.guard(app);
  // Every route's path and query parameters, after who calls and before the route's own checks (platform/params.ts).
  app.addHook('preValidation', refuseNulParameters);
  await app.register(healthRoutes, { prefix, db, dbKind });
  if (config.metricsToken) registerMetricsRoute(app, metrics, config.metricsToken);
  try {
    await composed.register(app);
  } catch (error) {
    // A module that cannot mount (a route without an access rule, say) stops the start cleanly.
    await stopSockets();
    await composed.close();
    await closeAdapter();
    await app.close().catch(() => undefined);
    await Promise.all(composed.sideListeners.map((listener) => listener.app.close()));
    throw error;
  }

  await registerPmtilesArchive(app, config.tilesPmtiles);
  const spa = await registerSpa(app, config);
  app.setNotFoundHandler(async (request, reply) => {
    if (spa && isSpaRoute(request)) return sendIndexHtml(reply);
    return reply.code(404).send({ error: Messages.notFound });
  });

  // Fastify runs the preClose hooks before it closes the HTTP server; io.close() closes it too and
  // waits for every open response, so the modules' long-lived ones (tracking's live streams, whose
  // preClose hooks were added above and run first) must end before this one. Then the services' own
  // close work, newest first (positions writes the points already queued before the database goes).
  app.addHook('preClose', async () => {
    await stopSockets();
    await composed.close();
    await closeAdapter();
  });
  await app.ready();

  let closing: Promise<void> | null = null;
  return {
    app,
    routes,
    access,
    io,
    sideListeners: composed.sideListeners,
    close() {
      // app.close(): the preClose hooks (the modules' open streams, then socket.io and the services'
      // close work, above), the HTTP server, then the onClose hooks (background passes...).
      closing ??= (async () => {
        for (const listener of composed.sideListeners) await listener.app.close();
        await app.close();
      })();
      return closing;
    },
  };
}
