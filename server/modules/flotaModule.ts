/**
 * What a domain module is to the app: a name and a register function that mounts its routes. The
 * app builds one ModuleContext (the platform's services and the few that modules share) and hands
 * it to every module of the list in modules/index.ts.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import type { Edge } from '../platform/edge';
import type { Publish } from '../platform/realtime/publisher';
import type { FlotaSocketServer } from '../platform/realtime/socketServer';
import type { PackPassOptions, PositionService } from './positions';
import type { BackfillOptions } from './reports';

export interface ModuleContext {
  /** '/api': where the HTTP API answers. */
  prefix: string;
  config: Config;
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
  /** The one shift-and-position service (positions module); `positions.shifts` starts and ends shifts. */
  positions: PositionService;
  /** The shift-summary background pass's pacing; false turns it off (tests not about it). */
  summaryBackfill?: Partial<BackfillOptions> | false;
  /** The trail-packing pass's pacing (ended shifts' points packed, retention); false turns it off. */
  trailPacking?: Partial<PackPassOptions> | false;
}

export interface FlotaModule {
  name: string;
  register(app: FastifyInstance, context: ModuleContext): Promise<void>;
}
