/**
 * Kilometres a fleet's taxis were measured to drive, from the per-shift summaries (after the GPS-jump
 * filter): what Mantención adds to each taxi's odometer reading. A shift counts for a taxi when it
 * started at or after the reading; a shift still open counts once it ends and is summarized.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { shiftRows } from '../shifts';

export interface DistanceSince {
  vehicleId: number;
  since: Date;
}

/** Metres per taxi (taxis with no summarized shift since are absent). */
export async function measuredMetresByVehicle(db: Kysely<Database>, ownerId: number, readings: readonly DistanceSince[]): Promise<Map<number, number>> {
  if (!readings.length) return new Map();
  const values = sql.join(readings.map((r) => sql`(${r.vehicleId}::int, ${r.since.toISOString()}::timestamptz)`));
  const { rows } = await sql<{ vehicle_id: number; metres: number }>`
    select s.vehicle_id, sum(ss.distance_m)::bigint as metres
    from ${shiftRows(db)} s
    join shift_summaries ss on ss.shift_id = s.id
    join (values ${values}) as r(vehicle_id, since) on r.vehicle_id = s.vehicle_id and s.start_time >= r.since
    where s.owner_id = ${ownerId}
    group by s.vehicle_id`.execute(db);
  return new Map(rows.map((row) => [row.vehicle_id, Number(row.metres)]));
}
