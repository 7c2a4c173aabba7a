/**
 * POST /api/shifts/:id/end — the desk ends a shift by hand (a phone that died mid-shift keeps its
 * taxi "en turno" otherwise). Owner and administrators only; recorded in the activity log; the live
 * maps hear shift_ended as when the driver ends it: through the shift service, like the driver's
 * own end, so the caches and the announcement stay right.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ShiftResponse } from '../../../contract/api';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import type { ShiftService } from './shiftService';
import { findShift } from './driverShiftsRepo';
import { idParam } from '../../platform/params';
import { routeSpecs } from './routeSpecs';

export const ShiftEndMessages = {
  notFound: 'Turno no encontrado',
  alreadyEnded: 'El turno ya terminó',
} as const;

export const shiftEndRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; shifts: Pick<ShiftService, 'end'> }> = async (app, { db, shifts }) => {
  app.post('/shifts/:id/end', routeSpecs.endShiftByHand, async (request): Promise<ShiftResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, ShiftEndMessages.notFound);
    // Scoped read first: endShift itself matches by id only.
    const before = await findShift(db, owner, id);
    if (!before) throw new HttpError(404, ShiftEndMessages.notFound);
    if (before.end_time) throw new HttpError(409, ShiftEndMessages.alreadyEnded);
    const shift = await shifts.end(owner, id, new Date());
    if (!shift) throw new HttpError(409, ShiftEndMessages.alreadyEnded);
    const label = `${shift.first_name} ${shift.last_name}${shift.plate_number ? ` · ${shift.plate_number}` : ''}`;
    const fields = (s: typeof shift) => ({ end_time: s.end_time, is_active: s.is_active });
    await recordActivity(db, request, { entity: 'shift', entityId: id, label, action: 'ended', before: fields(before), after: fields(shift) });
    return { shift };
  });
};
