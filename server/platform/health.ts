/** GET /api/health: the process answers and the database runs a query. */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { healthResponseSchema, type HealthResponse } from '../../contract/api';
import type { DatabaseKind } from './db/client';
import type { Database } from './db/schema';
import { Tags } from './openapi/routeDocs';
import { PUBLIC, routeSpec } from './routeSpec';

const healthSpec = routeSpec(PUBLIC, {
  summary: 'Estado del servidor y de la base de datos',
  tags: [Tags.health],
  response: { 200: healthResponseSchema, 503: healthResponseSchema },
});

export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database>; dbKind: DatabaseKind }> = async (app, { db, dbKind }) => {
  app.get('/health', healthSpec, async (_request, reply): Promise<HealthResponse> => {
    try {
      await sql`select 1`.execute(db);
      return { ok: true, db: dbKind };
    } catch (error) {
      app.log.error(error, 'health check: database unreachable');
      reply.code(503);
      return { ok: false, db: dbKind };
    }
  });
};
