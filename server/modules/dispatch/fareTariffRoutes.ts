/** The fleet's tariff (issue 35, item 8): every desk role reads it, the Dueño and Administrador change it. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type FareTariffResponse } from '../../../contract/fares';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';

import { readTariff, writeTariff } from './fares';
import { routeSpecs } from './routeSpecs';

export const fareTariffRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/dispatch/fare-tariff', routeSpecs.fareTariff, async (request): Promise<FareTariffResponse> => ({ tariff: await readTariff(db, ownerId(request)) }));

  app.put('/dispatch/fare-tariff', routeSpecs.updateFareTariff, async (request): Promise<FareTariffResponse> => {
    const owner = ownerId(request);
    const body = request.body;
    const before = await readTariff(db, owner);
    await db.transaction().execute(async (trx) => {
      await writeTariff(trx, owner, body);
      await recordActivity(trx, request, { entity: 'fare_tariff', entityId: null, label: 'Tarifa', action: 'updated', before, after: body });
    });
    return { tariff: body };
  });
};
