/**
 * What "Pedir un taxi" reads and writes besides the booking itself: the fleet behind a public code
 * (only while its page is on), its saved places by name, a number's recent and open web requests,
 * and the desk's list of refused numbers. Every query names the fleet: nothing reaches another's.
 */
import type { Kysely } from 'kysely';
import type { BlockedPhone } from '../../../contract/taxiRequests';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

export interface RequestFleet {
  ownerId: number;
  name: string;
  phone: string | null;
}

/** The fleet of a (normalized) code whose request page is on; null for an unknown code and a page that is off alike. */
export async function findRequestFleet(db: Db, fleetCode: string): Promise<RequestFleet | null> {
  const row = await db
    .selectFrom('owners as o')
    .innerJoin('tracking_settings as t', 't.owner_id', 'o.id')
    .select(['o.id', 'o.company_name', 't.phone'])
    .where('o.fleet_code', '=', fleetCode)
    .where('t.requests_enabled', '=', true)
    .executeTakeFirst();
  return row ? { ownerId: row.id, name: row.company_name, phone: row.phone } : null;
}

/** The names of the fleet's saved places, once each (the page lists nothing else of them). */
export async function placeNames(db: Db, ownerId: number): Promise<string[]> {
  const rows = await db.selectFrom('dispatch_places').select('name').distinct().where('owner_id', '=', ownerId).orderBy('name').limit(500).execute();
  return rows.map((row) => row.name);
}

/** Where the page's map starts: the middle of the fleet's saved places, rounded to about a kilometre (null without places). */
export async function placesCenter(db: Db, ownerId: number): Promise<{ latitude: number; longitude: number } | null> {
  const row = await db
    .selectFrom('dispatch_places')
    .select((eb) => [eb.fn.avg<number | string | null>('latitude').as('latitude'), eb.fn.avg<number | string | null>('longitude').as('longitude')])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row || row.latitude === null || row.longitude === null) return null;
  const round = (value: number | string) => Math.round(Number(value) * 100) / 100;
  return { latitude: round(row.latitude), longitude: round(row.longitude) };
}

export async function placeByName(db: Db, ownerId: number, name: string): Promise<{ latitude: number; longitude: number; name: string } | null> {
  const row = await db.selectFrom('dispatch_places').select(['name', 'latitude', 'longitude']).where('owner_id', '=', ownerId).where('name', '=', name).orderBy('id').executeTakeFirst();
  return row ?? null;
}

/** The number's web requests since `since`, and those of them still open. */
export async function webRequestsOf(db: Db, ownerId: number, phone: string, since: Date): Promise<{ recent: number; open: number }> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => [
      eb.fn.count<string | number>('id').filterWhere('created_at', '>=', since).as('recent'),
      eb.fn.count<string | number>('id').filterWhere('closed_at', 'is', null).as('open'),
    ])
    .where('owner_id', '=', ownerId)
    .where('customer_phone', '=', phone)
    .where('origin', '=', 'web')
    .executeTakeFirstOrThrow();
  return { recent: Number(row.recent), open: Number(row.open) };
}

/** The customer's stored name, when the fleet knows the number. */
export async function customerName(db: Db, ownerId: number, phone: string): Promise<string | null> {
  const row = await db.selectFrom('customers').select('name').where('owner_id', '=', ownerId).where('phone', '=', phone).executeTakeFirst();
  return row?.name ?? null;
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
