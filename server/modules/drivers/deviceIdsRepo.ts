/**
 * Device identifiers (migration 0005): the credential a phone's Traccar Client or a tracker sends to
 * /osmand. Unique across every fleet, so an identifier names one driver of one fleet and nothing else.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NEW_DEVICE_ID } from '../../platform/db/migrations/0005_device_ids';
import { driverChanged } from '../identity';

/** The identifier of the owner's live driver, or null when the driver is not theirs (read only by GET/POST /drivers/:id/device-id). */
export async function findDeviceId(db: Kysely<Database>, ownerId: number, driverId: number): Promise<string | null> {
  const row = await db
    .selectFrom('drivers')
    .select('device_id')
    .where('id', '=', driverId)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.device_id ?? null;
}

/** Gives the owner's live driver a new identifier (the old one stops matching at once); false when not theirs. */
export async function regenerateDeviceId(db: Kysely<Database>, ownerId: number, driverId: number): Promise<boolean> {
  const result = await db
    .updateTable('drivers')
    .set({ device_id: NEW_DEVICE_ID })
    .where('id', '=', driverId)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  // The position service's cache answers /osmand by device id: the old one must stop at once.
  await driverChanged(db, [driverId]);
  return true;
}
