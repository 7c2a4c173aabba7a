/**
 * Health for load balancers and service managers, answered separately:
 * - GET /api/health/live (liveness): the process answers; restart it only when this fails.
 * - GET /api/health/ready (readiness), and /api/health as before: the database runs a query and the
 *   process is not shutting down; 503 takes it out of rotation while PostgreSQL is away, without
 *   restarting a process that will recover by itself once it returns.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { healthResponseSchema, livenessResponseSchema, type HealthResponse, type LivenessResponse } from '../../contract/api';
import type { DatabaseKind } from './db/client';
import type { Database } from './db/schema';
import { Tags } from './openapi/routeDocs';
import { PUBLIC, routeSpec } from './routeSpec';

const readySpec = (summary: string) =>
  routeSpec(PUBLIC, {
    summary,
    tags: [Tags.health],
    response: { 200: healthResponseSchema, 503: healthResponseSchema },
  });

const liveSpec = routeSpec(PUBLIC, {
  summary: 'El proceso responde (vivacidad), sin consultar la base de datos',
  tags: [Tags.health],
  response: { 200: livenessResponseSchema },
});

export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database>; dbKind: DatabaseKind }> = async (app, { db, dbKind }) => {
  let closing = false;
  // From the first moment of a shutdown: the balancer stops sending here while open requests end.
  app.addHook('preClose', async () => {
    closing = true;
  });

  const ready = async (_request: unknown, reply: { code(status: number): unknown }): Promise<HealthResponse> => {
    if (closing) {
      reply.code(503);
      return { ok: false, db: dbKind };
    }
    try {
      await sql`select 1`.execute(db);
      return { ok: true, db: dbKind };
    } catch (error) {
      app.log.error(error, 'health check: database unreachable');
      reply.code(503);
      return { ok: false, db: dbKind };
    }
  };
  app.get('/health', readySpec('Estado del servidor y de la base de datos (igual que /health/ready)'), ready);
  app.get('/health/ready', readySpec('Listo para recibir tráfico (preparación): la base de datos responde y el proceso no se está deteniendo'), ready);
  app.get('/health/live', liveSpec, async (): Promise<LivenessResponse> => ({ ok: true }));
};
