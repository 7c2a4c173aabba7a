/**
 * POST /api/driver/locations: a batch of GPS points from the driver's phone, answered 202.
 * Every point joins the shift's trail; the shift moves to the newest point (never back in time);
 * the owner's live map gets ONE location_update per batch, only when the taxi moved.
 *
 * Points timed before the shift started (a phone's buffer from before, or a wrong clock) are
 * ignored, not refused: the rest of the batch still counts, and `accepted` says how many were kept.
 * Points more than 2 minutes in the future refuse the whole batch: the phone's clock is wrong.
 */
import type { FastifyPluginAsync } from 'fastify';
import { locationBatchSchema } from '../../contract/api';
import { signedInDriver } from '../auth/authenticate';
import { HttpError, parseBody } from '../errors';
import { findActiveShiftOfDriver } from '../repos/driverShiftsRepo';
import { recordLocations, type TimedPoint } from '../repos/shiftLocationsRepo';
import { DriverShiftMessages, type DriverRoutesOptions } from './driverShifts';
import { routeDocs } from '../openapi/routeDocs';

export const FUTURE_TOLERANCE_MS = 2 * 60 * 1000;
export const FUTURE_LOCATION = 'La fecha de la ubicación está en el futuro';

export interface LocationsAccepted {
  accepted: number;
}

export const driverLocationsRoutes: FastifyPluginAsync<DriverRoutesOptions> = async (app, { db, authenticateDriver, publisher }) => {
  app.addHook('preHandler', authenticateDriver);

  app.post('/driver/locations', { schema: routeDocs.postLocations }, async (request, reply): Promise<LocationsAccepted> => {
    const driver = signedInDriver(request);
    const { locations } = parseBody(locationBatchSchema, request.body);
    const latest = Date.now() + FUTURE_TOLERANCE_MS;
    const points: TimedPoint[] = locations.map((point) => ({ latitude: point.latitude, longitude: point.longitude, time: new Date(point.timestamp) }));
    const future = points.findIndex((point) => point.time.getTime() > latest);
    if (future >= 0) throw new HttpError(400, FUTURE_LOCATION, { [`locations.${future}.timestamp`]: FUTURE_LOCATION });

    const shift = await findActiveShiftOfDriver(db, driver.id);
    if (!shift) throw new HttpError(409, DriverShiftMessages.noActiveShift);
    const kept = points.filter((point) => point.time >= shift.startTime);

    if (await recordLocations(db, shift.id, kept)) {
      const newest = kept.reduce((a, b) => (b.time > a.time ? b : a));
      publisher.publishLocation(driver.ownerId, {
        shift_id: shift.id,
        latitude: newest.latitude,
        longitude: newest.longitude,
        timestamp: newest.time.toISOString(),
      });
    }
    reply.code(202);
    return { accepted: kept.length };
  });
};
