/** A shift's last stored position (the row keeps it as points arrive): where a phone without a fix last was. */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export async function lastPositionOfShift(db: Kysely<Database>, ownerId: number, shiftId: number): Promise<{ latitude: number | null; longitude: number | null } | null> {
  const row = await db.selectFrom('shifts').select(['latitude', 'longitude']).where('id', '=', shiftId).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ?? null;
}
