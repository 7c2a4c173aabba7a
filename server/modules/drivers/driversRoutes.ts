/**
 * /api/drivers: list, create, update, soft delete; every query scoped to the signed-in owner. A
 * driver holds at most one vehicle and a vehicle at most one driver: assigning takes it from the
 * previous driver in the same transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type DriverResponse, type DriversResponse } from '../../../contract/api';
import { normalizeRut } from '../../../contract/rut';
import type { Driver } from '../../../contract/entities';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import { hashPassword } from '../identity';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import type { Database } from '../../platform/db/schema';
import { HttpError, Messages } from '../../platform/errors';
import { assignVehicle, findDriver, insertDriver, listDrivers, lockDriver, softDeleteDriver, updateDriverColumns } from './driversRepo';
import { inActiveShift } from '../shifts';
import { lockVehicle } from '../vehicles';
import { idParam } from '../../platform/params';
import { routeSpecs } from './routeSpecs';

/** 400 on current_vehicle_id unless it is null or one of the owner's live vehicles. */
async function checkVehicle(db: Kysely<Database>, owner: number, vehicleId: number | null): Promise<void> {
  if (vehicleId === null || (await lockVehicle(db, owner, vehicleId))) return;
  throw new HttpError(400, Messages.vehicleNotFound, { current_vehicle_id: Messages.vehicleNotFound });
}

const driverLabel = (driver: Pick<Driver, 'first_name' | 'last_name'>) => `${driver.first_name} ${driver.last_name}`;

/** Runs a write, turning unique-index races into the 409 a client can act on. */
async function conflictsAs409<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'drivers_owner_rut_live_uq')) throw new HttpError(409, Messages.driverRutTaken);
    if (isUniqueViolation(error, 'drivers_current_vehicle_live_uq')) throw new HttpError(409, Messages.vehicleJustAssigned);
    throw error;
  }
}

export const driversRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (
  app,
  { db },
) => {
  async function driverResponse(owner: number, id: number): Promise<DriverResponse> {
    const driver = await findDriver(db, owner, id);
    if (!driver) throw new HttpError(404, Messages.driverNotFound);
    return { driver };
  }

  app.get('/drivers', routeSpecs.listDrivers, async (request): Promise<DriversResponse> => {
    const drivers = await listDrivers(db, ownerId(request));
    return { drivers, count: drivers.length };
  });

  app.post('/drivers', routeSpecs.createDriver, async (request, reply): Promise<DriverResponse> => {
    const owner = ownerId(request);
    const { password, current_vehicle_id, ...driver } = request.body;
    // Hashing is slow: done before the transaction takes a connection.
    const passwordHash = await hashPassword(password);
    const id = await conflictsAs409(() =>
      db.transaction().execute(async (trx) => {
        await checkVehicle(trx, owner, current_vehicle_id);
        const newId = await insertDriver(trx, owner, { ...driver, passwordHash });
        await assignVehicle(trx, owner, newId, current_vehicle_id);
        const after = await findDriver(trx, owner, newId);
        await recordActivity(trx, request, { entity: 'driver', entityId: newId, label: driverLabel(driver), action: 'created', after });
        return newId;
      }),
    );
    reply.code(201);
    return driverResponse(owner, id);
  });

  app.put('/drivers/:id', routeSpecs.updateDriver, async (request): Promise<DriverResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, Messages.driverNotFound);
    const stored = await findDriver(db, owner, id);
    if (!stored) throw new HttpError(404, Messages.driverNotFound);
    const { rut, password, current_vehicle_id, ...columns } = request.body;
    // The RUT may be sent (the form sends it back) but not changed; it never changes, so the read above holds.
    if (rut != null && (normalizeRut(rut) ?? rut) !== stored.rut) {
      throw new HttpError(400, Messages.rutLocked, { rut: Messages.rutLocked });
    }
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    await conflictsAs409(() =>
      db.transaction().execute(async (trx) => {
        // Vehicle row before driver rows, as DELETE /vehicles does, so the two cannot deadlock.
        await checkVehicle(trx, owner, current_vehicle_id);
        if (!(await lockDriver(trx, owner, id))) throw new HttpError(404, Messages.driverNotFound);
        await updateDriverColumns(trx, owner, id, { ...columns, passwordHash });
        await assignVehicle(trx, owner, id, current_vehicle_id);
        const after = await findDriver(trx, owner, id);
        const passwordChanged = passwordHash !== undefined;
        await recordActivity(trx, request, { entity: 'driver', entityId: id, label: driverLabel(stored), action: 'updated', before: stored, after, passwordChanged });
      }),
    );
    return driverResponse(owner, id);
  });

  app.delete('/drivers/:id', routeSpecs.deleteDriver, async (request): Promise<{ ok: true }> => {
    const owner = ownerId(request);
    const id = idParam(request.params, Messages.driverNotFound);
    await db.transaction().execute(async (trx) => {
      if (!(await lockDriver(trx, owner, id))) throw new HttpError(404, Messages.driverNotFound);
      if (await inActiveShift(trx, owner, { driverId: id })) throw new HttpError(409, Messages.driverOnShift);
      const before = await findDriver(trx, owner, id);
      await softDeleteDriver(trx, owner, id);
      await recordActivity(trx, request, { entity: 'driver', entityId: id, label: before ? driverLabel(before) : `#${id}`, action: 'deleted', before });
    });
    return { ok: true };
  });
};
