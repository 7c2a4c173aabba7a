/**
 * GET /api/activity?actor=&entity=&start_date=&end_date=&page=&page_size= — the fleet's activity
 * log, newest first (owner and administrators). There is no route that changes it.
 * Entries about desk accounts (entity `user`: RUT, email, role, state) are the Dueño's only, as
 * Usuarios is: an Administrador's log leaves them out, so it tells no more about accounts than the
 * names of who did what.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type ActivityResponse } from '../../../contract/api';
import { USER_MANAGERS } from '../../../contract/roles';
import { ownerId, signedInUser } from '../identity';
import type { Database } from '../../platform/db/schema';

import { listActivity, listActivityActors } from './activityRepo';
import { routeSpecs } from './routeSpecs';

export const activityRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; timeZone: string }> = async (app, { db, timeZone }) => {
  app.get('/activity', routeSpecs.activity, async (request): Promise<ActivityResponse> => {
    const owner = ownerId(request);
    const query = request.query;
    const [role, id] = query.actor ? query.actor.split(':') : [];
    const withoutUsers = !USER_MANAGERS.includes(signedInUser(request).role);
    const filter = {
      withoutUsers,
      actor: role ? { role, id: Number(id) } : undefined,
      entity: query.entity,
      startDate: query.start_date,
      endDate: query.end_date,
    };
    const [{ entries, total }, actors] = await Promise.all([
      listActivity(db, owner, filter, { page: query.page, pageSize: query.page_size }, timeZone),
      listActivityActors(db, owner, withoutUsers),
    ]);
    return { entries, total, page: query.page, page_size: query.page_size, actors };
  });
};
