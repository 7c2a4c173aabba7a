/**
 * Fares (issue 35, item 8): the fleet's tariff, and each finished trip's fare. The driver may type
 * the taxímetro's amount at Finalizar; otherwise Flota runs the meter over the trip's trail (from
 * A bordo to Finalizado) and marks the fare as an estimate. A fleet with fares off records none.
 */
import { sql, type Kysely } from 'kysely';
import { meterFare, type MeterStretch } from '../../../contract/fareMeter';
import type { FareTariff } from '../../../contract/fares';
import type { Database } from '../../platform/db/schema';
import { DEFAULT_DETECTION, distanceMeters, impliedSpeedKmh, readTrail, type TrailPoint } from '../positions';

export const DEFAULT_TARIFF: Readonly<FareTariff> = Object.freeze({ enabled: false, flag_down: 0, step: 0 });

export async function readTariff(db: Kysely<Database>, ownerId: number): Promise<FareTariff> {
  const row = await db.selectFrom('fare_tariffs').select(['enabled', 'flag_down', 'step']).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ?? { ...DEFAULT_TARIFF };
}

export async function writeTariff(db: Kysely<Database>, ownerId: number, tariff: FareTariff): Promise<void> {
  await db
    .insertInto('fare_tariffs')
    .values({ owner_id: ownerId, ...tariff })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ ...tariff, updated_at: new Date() }))
    .execute();
}

/**
 * The trip's stretches as the meter sees them, measured the way reports measure a shift: a step
 * counts from the last counted point once it is at least minStepM (a phone at a red light adds no
 * metres, only time), and a jump no taxi could drive adds time but no metres.
 */
export function tripStretches(points: readonly TrailPoint[], boardedAt: number, finishedAt: number): MeterStretch[] {
  const inside = points.filter((point) => point.time >= boardedAt && point.time <= finishedAt && (point.accuracy ?? 0) <= DEFAULT_DETECTION.maxAccuracyM);
  if (inside.length === 0) return [{ meters: 0, ms: Math.max(0, finishedAt - boardedAt) }];
  const stretches: MeterStretch[] = [{ meters: 0, ms: inside[0].time - boardedAt }];
  let counted = inside[0];
  for (const point of inside.slice(1)) {
    const step = distanceMeters(counted, point);
    if (step < DEFAULT_DETECTION.minStepM) continue;
    const drivable = impliedSpeedKmh(counted, point) <= DEFAULT_DETECTION.maxSpeedKmh;
    stretches.push({ meters: drivable ? Math.round(step) : 0, ms: point.time - counted.time });
    counted = point;
  }
  stretches.push({ meters: 0, ms: finishedAt - counted.time });
  return stretches;
}

/** Flota's estimate of a finished trip: the meter over its trail, or null when it never went A bordo. */
export async function estimateTripFare(db: Kysely<Database>, tariff: FareTariff, bookingId: number, shiftId: number | null): Promise<number | null> {
  const events = await db
    .selectFrom('booking_events')
    .select(['status', 'at'])
    .where('booking_id', '=', bookingId)
    .where('status', 'in', ['a_bordo', 'finalizado'])
    .orderBy('id')
    .execute();
  const boarded = events.find((event) => event.status === 'a_bordo');
  const finished = events.findLast((event) => event.status === 'finalizado');
  if (!boarded || !finished) return null;
  const boardedAt = boarded.at.getTime();
  const finishedAt = finished.at.getTime();
  const points = shiftId === null ? [] : await readTrail(db, shiftId, { afterUs: boardedAt * 1000 - 1, untilUs: finishedAt * 1000 });
  return meterFare(tariff, tripStretches(points, boardedAt, finishedAt));
}

/** Records the fare of a trip just finished (typed, or estimated), in the step's transaction; none (null) when the fleet has fares off. */
export async function recordTripFare(
  db: Kysely<Database>,
  trip: { ownerId: number; bookingId: number; shiftId: number | null },
  typed: number | null,
): Promise<number | null> {
  const tariff = await readTariff(db, trip.ownerId);
  if (!tariff.enabled) return null;
  const pesos = typed ?? (await estimateTripFare(db, tariff, trip.bookingId, trip.shiftId));
  if (pesos === null) return null;
  await db
    .updateTable('bookings')
    .set({ fare_pesos: pesos, fare_estimated: typed === null })
    .where('id', '=', trip.bookingId)
    .where('owner_id', '=', trip.ownerId)
    .execute();
  return pesos;
}

/** The recorded fares of these shifts' finished trips, summed per shift (whole pesos), in one read: accounts' porcentaje cuotas. */
export async function faresByShift(db: Kysely<Database>, ownerId: number, shiftIds: readonly number[]): Promise<Map<number, number>> {
  if (!shiftIds.length) return new Map();
  const rows = await db
    .selectFrom('bookings')
    .select(['shift_id', sql<string>`sum(fare_pesos)`.as('fares')])
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'finalizado')
    .where('fare_pesos', 'is not', null)
    .where(sql<boolean>`shift_id = any(${[...shiftIds]}::int[])`)
    .groupBy('shift_id')
    .execute();
  return new Map(rows.map((row) => [row.shift_id as number, Number(row.fares)]));
}
