/**
 * What "Pedir un taxi" reads and writes of tracking's own tables besides the booking itself: the fleet
 * behind a public code (only while its page is on) and the desk's list of refused numbers. What it
 * reads of despacho's (saved places, customers, web requests) comes through dispatch's door
 * (dispatch/requestPageReads.ts). Every query names the fleet: nothing reaches another's.
 */
import type { Kysely } from 'kysely';
import type { BlockedPhone } from '../../../contract/taxiRequests';
import type { Database } from '../../platform/db/schema';
import { fleetByCode } from '../identity';

type Db = Kysely<Database>;

export interface RequestFleet {
  ownerId: number;
  name: string;
  phone: string | null;
  /** Offer each request to the nearest free taxi at once (the fleet's setting). */
  autoOffer: boolean;
}

/** The fleet of a (normalized) code whose request page is on; null for an unknown code and a page that is off alike. */
export async function findRequestFleet(db: Db, fleetCode: string): Promise<RequestFleet | null> {
  // The fleet behind the code through identity's door (owners is its table); whether its page is on is ours.
  const fleet = await fleetByCode(db, fleetCode);
  if (!fleet) return null;
  const settings = await db.selectFrom('tracking_settings').select(['phone', 'requests_auto_offer']).where('owner_id', '=', fleet.id).where('requests_enabled', '=', true).executeTakeFirst();
  return settings ? { ownerId: fleet.id, name: fleet.name, phone: settings.phone, autoOffer: settings.requests_auto_offer } : null;
}

export async function isBlocked(db: Db, ownerId: number, phone: string): Promise<boolean> {
  return (await db.selectFrom('blocked_phones').select('id').where('owner_id', '=', ownerId).where('phone', '=', phone).executeTakeFirst()) !== undefined;
}

const toBlocked = (row: { id: number; phone: string; created_at: Date }): BlockedPhone => ({ id: row.id, phone: row.phone, created_at: row.created_at.toISOString() });

export async function listBlocked(db: Db, ownerId: number): Promise<BlockedPhone[]> {
  const rows = await db.selectFrom('blocked_phones').select(['id', 'phone', 'created_at']).where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toBlocked);
}

/** Blocks the number (blocking it again keeps the first entry). */
export async function blockPhone(db: Db, ownerId: number, phone: string): Promise<BlockedPhone> {
  await db.insertInto('blocked_phones').values({ owner_id: ownerId, phone }).onConflict((oc) => oc.columns(['owner_id', 'phone']).doNothing()).execute();
  const row = await db.selectFrom('blocked_phones').select(['id', 'phone', 'created_at']).where('owner_id', '=', ownerId).where('phone', '=', phone).executeTakeFirstOrThrow();
  return toBlocked(row);
}

export async function unblockPhone(db: Db, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blocked_phones').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
