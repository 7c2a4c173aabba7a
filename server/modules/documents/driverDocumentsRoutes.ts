/**
 * GET /api/driver/documents: on /conductor, the driver's own documents and their taxi's that expire
 * within 30 days or already expired, and, when the fleet blocks on them, why offers do not arrive.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DriverDocumentsResponse } from '../../../contract/documents';
import { signedInDriver } from '../identity';
import type { Database } from '../../platform/db/schema';
import type { DocumentRules } from './documentRules';
import { blockReasons, currentExpiries, windowEnd } from './expiries';
import { routeSpecs } from './routeSpecs';
import { shiftRows } from '../shifts';

/** The driver hears of a document this many days ahead. */
export const DRIVER_NOTICE_DAYS = 30;

interface Options {
  db: Kysely<Database>;
  authenticateDriver: preHandlerAsyncHookHandler;
  rules: DocumentRules;
}

export const driverDocumentsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, authenticateDriver, rules }) => {
  app.addHook('preValidation', authenticateDriver);

  app.get('/driver/documents', routeSpecs.driverDocuments, async (request): Promise<DriverDocumentsResponse> => {
    const driver = signedInDriver(request);
    const today = rules.today();
    const shift = await db
      .selectFrom(shiftRows(db).as('shifts'))
      .select('vehicle_id')
      .where('driver_id', '=', driver.id)
      .where('owner_id', '=', driver.ownerId)
      .where('end_time', 'is', null)
      .executeTakeFirst();
    const vehicleId = shift?.vehicle_id ?? driver.currentVehicleId;
    const until = windowEnd(today, DRIVER_NOTICE_DAYS);
    const all = await currentExpiries(db, driver.ownerId, today, until);
    const documents = all.filter((item) => item.driver_id === driver.id || (vehicleId !== null && item.vehicle_id === vehicleId));
    const blocks = await rules.blocks(driver.ownerId);
    return { documents, blocked_reasons: blocks.mode === 'bloquear' ? blockReasons(blocks, driver.id, vehicleId) : [] };
  });
};
