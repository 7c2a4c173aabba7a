/** GET /api/health: the process answers and the database runs a query. */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { HealthResponse } from '../../contract/api';
import type { DatabaseKind } from './db/client';
import type { Database } from './db/schema';
import { routeDocs } from './openapi/routeDocs';

export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database>; dbKind: DatabaseKind }> = async (app, { db, dbKind }) => {
  app.get('/health', { schema: routeDocs.health }, async (_request, reply): Promise<HealthResponse> => {
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
