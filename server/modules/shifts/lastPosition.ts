/** A shift's last stored position and its fix's time (the row keeps them as points arrive): where a phone without a fix last was, and when. */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export async function lastPositionOfShift(db: Kysely<Database>, ownerId: number, shiftId: number): Promise<{ latitude: number | null; longitude: number | null; recordedAt: Date | null } | null> {
  const row = await db.selectFrom('shifts').select(['latitude', 'longitude', 'last_location_time']).where('id', '=', shiftId).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ? { latitude: row.latitude, longitude: row.longitude, recordedAt: row.last_location_time } : null;
}
