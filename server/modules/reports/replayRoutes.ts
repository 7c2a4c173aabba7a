/**
 * GET /api/shifts/:id/replay: a shift's whole trail for the replay player, as compact columns.
 * GET /api/positions/at?time=&window_minutes=: every taxi of the fleet where it was at a time.
 * Every desk role may read both (as the shift's trail); another fleet's shift is the same 404 as
 * an unknown one, and never appears in /positions/at.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type PositionsAtResponse, type ShiftReplay } from '../../../contract/replay';
import { ownerId } from '../identity';
import { positionsAt } from '../positions';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { createReplayCache } from './replayCache';
import { routeSpecs } from './routeSpecs';
import { SHIFT_NOT_FOUND, type ShiftReadsOptions } from './summaryRoute';
import { vehicleRows } from '../vehicles';
import { driverRows } from '../drivers';
import { shiftRows } from '../shifts';

async function findReplayShift(db: Kysely<Database>, owner: number, shiftId: number) {
  return db
    .selectFrom(shiftRows(db).as('shifts'))
    .innerJoin(driverRows(db).as('drivers'), 'drivers.id', 'shifts.driver_id')
    .leftJoin(vehicleRows(db).as('vehicles'), 'vehicles.id', 'shifts.vehicle_id')
    .select(['shifts.id', 'shifts.start_time', 'shifts.end_time', 'drivers.first_name', 'drivers.last_name', 'vehicles.plate_number'])
    .where('shifts.id', '=', shiftId)
    .where('shifts.owner_id', '=', owner)
    .executeTakeFirst();
}

export const replayRoutes: FastifyPluginAsyncZod<ShiftReadsOptions> = async (app, { db, openTrails, heavyReads }) => {
  const replays = createReplayCache(db, openTrails);

  app.get<{ Params: { id: string } }>('/shifts/:id/replay', routeSpecs.shiftReplay, async (request): Promise<ShiftReplay> => {
    if (!/^\d{1,9}$/.test(request.params.id)) throw new HttpError(404, SHIFT_NOT_FOUND);
    const shiftId = Number(request.params.id);
    return heavyReads.run(request, async () => {
      const shift = await findReplayShift(db, ownerId(request), shiftId);
      if (!shift) throw new HttpError(404, SHIFT_NOT_FOUND);
      return {
        shift_id: shift.id,
        driver_name: `${shift.first_name} ${shift.last_name}`.trim(),
        plate_number: shift.plate_number,
        shift_start: new Date(shift.start_time).toISOString(),
        shift_end: shift.end_time === null ? null : new Date(shift.end_time).toISOString(),
        ...(await replays.columns(shift.id, shift.end_time !== null)),
      };
    });
  });

  app.get('/positions/at', routeSpecs.positionsAt, async (request): Promise<PositionsAtResponse> => {
    const query = request.query;
    const at = new Date(query.time);
    const found = await positionsAt(db, ownerId(request), at, query.window_minutes * 60_000);
    const positions = found.map((entry) => ({
      shift_id: entry.shiftId,
      driver_id: entry.driverId,
      driver_name: entry.driverName,
      plate_number: entry.plateNumber,
      latitude: entry.point.latitude,
      longitude: entry.point.longitude,
      recorded_at: new Date(entry.point.time).toISOString(),
      speed: entry.point.speed,
    }));
    return { time: at.toISOString(), window_minutes: query.window_minutes, positions, count: positions.length };
  });
};
