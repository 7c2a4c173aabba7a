/** The fleet's tariff (issue 35, item 8): every desk role reads it, the Dueño and Administrador change it. */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { fareTariffSchema, type FareTariffResponse } from '../../../contract/fares';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { parseBody } from '../../platform/errors';
import { readTariff, writeTariff } from './fares';
import { routeSpecs } from './routeSpecs';

export const fareTariffRoutes: FastifyPluginAsync<{ db: Kysely<Database>; authenticate: preHandlerAsyncHookHandler }> = async (app, { db, authenticate }) => {
  app.addHook('preHandler', authenticate);

  app.get('/dispatch/fare-tariff', routeSpecs.fareTariff, async (request): Promise<FareTariffResponse> => ({ tariff: await readTariff(db, ownerId(request)) }));

  app.put('/dispatch/fare-tariff', routeSpecs.updateFareTariff, async (request): Promise<FareTariffResponse> => {
    const owner = ownerId(request);
    const body = parseBody(fareTariffSchema, request.body);
    const before = await readTariff(db, owner);
    await db.transaction().execute(async (trx) => {
      await writeTariff(trx, owner, body);
      await recordActivity(trx, request, { entity: 'fare_tariff', entityId: null, label: 'Tarifa', action: 'updated', before, after: body });
    });
    return { tariff: body };
  });
};
