/**
 * What the passenger's request page ("Pedir un taxi", the tracking module) reads of despacho's
 * tables, offered through this module's door so that tracking names none of them: the fleet's saved
 * places by name and their middle, a known number's customer name, and a number's web requests.
 * Every query names the fleet: nothing reaches another's.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

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
