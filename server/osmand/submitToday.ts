/**
 * submitPoints over today's code path, until the ingest pipeline (issue 9, `ingest.submit`)
 * replaces it at merge: the driver's active shift, recordLocations, one location_update for the
 * newest point. Points before the shift started, or more than 2 minutes in the future (a wrong
 * clock), are ignored rather than refused: a tracker would otherwise resend them forever.
 * Speed, heading, accuracy and battery reach the owner's live map in location_update; storing them
 * per point needs the ingest migration's columns (joined at merge).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RealtimePublisher } from '../realtime/publisher';
import { findActiveShiftOfDriver } from '../repos/driverShiftsRepo';
import { recordLocations } from '../repos/shiftLocationsRepo';
import { FUTURE_TOLERANCE_MS } from '../routes/driverLocations';
import type { IngestPoint, SubmitPoints } from './ingestPoint';

export function makeSubmitToday({ db, publisher }: { db: Kysely<Database>; publisher: RealtimePublisher }): SubmitPoints {
  return async (driver, points) => {
    const shift = await findActiveShiftOfDriver(db, driver.id);
    if (!shift) return { accepted: 0, ignored: points.length };
    const latest = Date.now() + FUTURE_TOLERANCE_MS;
    const kept = points.filter((point) => {
      const time = Date.parse(point.timestamp);
      return time >= shift.startTime.getTime() && time <= latest;
    });
    const timed = kept.map((point) => ({ latitude: point.latitude, longitude: point.longitude, time: new Date(point.timestamp) }));
    if (await recordLocations(db, shift.id, timed)) {
      const newest = kept.reduce((a, b) => (Date.parse(b.timestamp) > Date.parse(a.timestamp) ? b : a));
      publisher.publishLocation(driver.ownerId, { shift_id: shift.id, ...pointPayload(newest) });
    }
    return { accepted: kept.length, ignored: points.length - kept.length };
  };
}

/** The spec's four fields, plus the extras the client sent (absent stays absent). */
function pointPayload({ latitude, longitude, timestamp, speed, heading, accuracy, battery }: IngestPoint) {
  const extras = Object.entries({ speed, heading, accuracy, battery }).filter(([, value]) => value !== undefined && value !== null);
  return { latitude, longitude, timestamp, ...Object.fromEntries(extras) };
}
