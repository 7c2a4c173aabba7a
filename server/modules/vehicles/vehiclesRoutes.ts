/** /api/vehicles: list, create, update, soft delete; every query scoped to the signed-in owner. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { VehicleResponse, VehiclesResponse } from '../../../contract/api';
import { normalizePlate } from '../../../contract/plate';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import type { Database } from '../../platform/db/schema';
import { HttpError, Messages } from '../../platform/errors';
import { unassignVehicle } from '../drivers';
import { inActiveShift } from '../shifts';
import { findVehicle, insertVehicle, listVehicles, lockVehicle, softDeleteVehicle, updateVehicleColumns } from './vehiclesRepo';
import { idParam } from '../../platform/params';
import { routeSpecs } from './routeSpecs';

/** Desk routes: the access guard has signed the caller in and checked the role before any of these. */
export const vehiclesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  async function vehicleResponse(owner: number, id: number): Promise<VehicleResponse> {
    const vehicle = await findVehicle(db, owner, id);
    if (!vehicle) throw new HttpError(404, Messages.vehicleNotFound);
    return { vehicle };
  }

  app.get('/vehicles', routeSpecs.listVehicles, async (request): Promise<VehiclesResponse> => {
    const vehicles = await listVehicles(db, ownerId(request));
    return { vehicles, count: vehicles.length };
  });

  app.post('/vehicles', routeSpecs.createVehicle, async (request, reply): Promise<VehicleResponse> => {
    const owner = ownerId(request);
    const vehicle = request.body;
    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
        const newId = await insertVehicle(trx, owner, vehicle);
        const after = await findVehicle(trx, owner, newId);
        await recordActivity(trx, request, { entity: 'vehicle', entityId: newId, label: vehicle.plate_number, action: 'created', after });
        return newId;
      });
    } catch (error) {
      // The unique index over live plates decides, so two simultaneous creates cannot both win.
      if (isUniqueViolation(error, 'vehicles_owner_plate_live_uq')) throw new HttpError(409, Messages.vehiclePlateTaken);
      throw error;
    }
    reply.code(201);
    return vehicleResponse(owner, id);
  });

  app.put('/vehicles/:id', routeSpecs.updateVehicle, async (request): Promise<VehicleResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, Messages.vehicleNotFound);
    const stored = await findVehicle(db, owner, id);
    if (!stored) throw new HttpError(404, Messages.vehicleNotFound);
    const { plate_number, ...columns } = request.body;
    // The plate may be sent (the form sends it back) but not changed.
    if (plate_number != null && normalizePlate(plate_number) !== stored.plate_number) {
      throw new HttpError(400, Messages.plateLocked, { plate_number: Messages.plateLocked });
    }
    await db.transaction().execute(async (trx) => {
      await updateVehicleColumns(trx, owner, id, columns);
      const after = await findVehicle(trx, owner, id);
      await recordActivity(trx, request, { entity: 'vehicle', entityId: id, label: stored.plate_number, action: 'updated', before: stored, after });
    });
    return vehicleResponse(owner, id);
  });

  app.delete('/vehicles/:id', routeSpecs.deleteVehicle, async (request): Promise<{ ok: true }> => {
    const owner = ownerId(request);
    const id = idParam(request.params, Messages.vehicleNotFound);
    await db.transaction().execute(async (trx) => {
      if (!(await lockVehicle(trx, owner, id))) throw new HttpError(404, Messages.vehicleNotFound);
      if (await inActiveShift(trx, owner, { vehicleId: id })) throw new HttpError(409, Messages.vehicleOnShift);
      const before = await findVehicle(trx, owner, id);
      await unassignVehicle(trx, owner, id);
      await softDeleteVehicle(trx, owner, id);
      await recordActivity(trx, request, { entity: 'vehicle', entityId: id, label: before?.plate_number ?? `#${id}`, action: 'deleted', before });
    });
    return { ok: true };
  });
};
