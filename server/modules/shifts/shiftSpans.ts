/** Shifts as other modules need them in bulk: when each started and whether it ended (a small view type of the shifts' door). */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export interface ShiftSpan {
  id: number;
  driver_id: number;
  start_time: Date;
  end_time: Date | null;
}

/** These drivers' shifts (open ones too) that started in [from, to), in one read. */
export async function shiftSpans(db: Kysely<Database>, ownerId: number, driverIds: readonly number[], from: Date, to: Date): Promise<ShiftSpan[]> {
  if (!driverIds.length) return [];
  return db
    .selectFrom('shifts')
    .select(['id', 'driver_id', 'start_time', 'end_time'])
    .where('owner_id', '=', ownerId)
    .where('driver_id', 'in', [...driverIds])
    .where('start_time', '>=', from)
    .where('start_time', '<', to)
    .execute();
}
