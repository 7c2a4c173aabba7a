/** A shift's row lock, for work that must not run twice at once on one shift (positions packs an ended shift's trail under it). */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Locks the shift's row until `trx` ends; true when the shift has ended, false when open or absent. */
export async function lockShiftIfEnded(trx: Transaction<Database>, shiftId: number): Promise<boolean> {
  const { rows } = await sql<{ ended: boolean }>`select end_time is not null as ended from shifts where id = ${shiftId} for update`.execute(trx);
  return rows[0]?.ended ?? false;
}
