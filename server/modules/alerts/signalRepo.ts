/**
 * What the sin-señal sweep reads: which open shifts need a look (filtered by the database, a page at
 * a time, so a sweep never holds thousands of rows it read minutes ago), and, inside the batch's own
 * transaction, each one's newest stored point and who it is, as stored at the moment of deciding.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TaxiInfo } from './taxiInfo';
import { vehicleRows } from '../vehicles';
import { driverRows } from '../drivers';
import { shiftRows } from '../shifts';

/**
 * Open shifts after `afterId`, in id order, that may need an alert: not heard since before
 * `quietBefore` with no open sin-señal episode, or heard after their open episode began. "Heard":
 * the newest point's own time, else the shift's start.
 */
export async function signalCandidates(db: Kysely<Database>, quietBefore: Date, afterId: number, limit: number): Promise<Array<{ id: number; ownerId: number }>> {
  const { rows } = await sql<{ id: number; owner_id: number }>`
    select s.id, s.owner_id
    from ${shiftRows(db)} s
    left join alert_taxi_states st on st.shift_id = s.id
    where s.end_time is null
      and s.id > ${afterId}
      and case
        when st.state ->> 'silentSince' is null then coalesce(s.last_location_time, s.start_time) < ${quietBefore}
        else coalesce(s.last_location_time, s.start_time) > (st.state ->> 'silentSince')::timestamptz
      end
    order by s.id
    limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: row.id, ownerId: row.owner_id }));
}

export interface HeardShift {
  info: TaxiInfo;
  /** The newest point's time, else the shift's start. */
  heard: Date;
  /** Where it was last seen (null: no point yet). */
  position: { lat: number; lng: number } | null;
}

/** The shifts among `ids` still open, as stored now: read inside the transaction that decides. */
export async function heardShifts(db: Kysely<Database>, ids: readonly number[]): Promise<HeardShift[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom(shiftRows(db).as('s'))
    .innerJoin(driverRows(db).as('d'), 'd.id', 's.driver_id')
    .leftJoin(vehicleRows(db).as('v'), 'v.id', 's.vehicle_id')
    .select(['s.id', 's.owner_id', 's.start_time', 's.last_location_time', 's.latitude', 's.longitude', 'd.id as driver_id', 'd.first_name', 'd.last_name', 'd.phone', 'v.id as vehicle_id', 'v.plate_number'])
    .where('s.id', 'in', [...ids])
    .where('s.end_time', 'is', null)
    .execute();
  return rows.map((row) => ({
    info: {
      ownerId: row.owner_id,
      shiftId: row.id,
      driver: { id: row.driver_id, name: `${row.first_name} ${row.last_name}`.trim(), phone: row.phone },
      vehicle: row.vehicle_id !== null ? { id: row.vehicle_id, plate: row.plate_number ?? '' } : null,
    },
    heard: row.last_location_time ?? row.start_time,
    position: row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
  }));
}
