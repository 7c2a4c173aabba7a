/** The fleet's saved places (terminal, hospital, malls): a name, a street address, other names, a point. */
import { sql, type RawBuilder } from 'kysely';
import type { PlaceInput, SavedPlace } from '../../../contract/dispatch';
import type { Db } from './bookingsRepo';

const columns = ['id', 'name', 'address', 'aliases', 'latitude', 'longitude'] as const;

interface PlaceRow {
  id: number;
  name: string;
  address: string;
  aliases: string;
  latitude: number;
  longitude: number;
}

/** Aliases are stored one per line (migration 0029). */
const toPlace = (row: PlaceRow): SavedPlace => ({ ...row, aliases: row.aliases ? row.aliases.split('\n') : [] });
const toRow = (place: PlaceInput) => ({ name: place.name, address: place.address, aliases: place.aliases.join('\n'), latitude: place.latitude, longitude: place.longitude });

export async function listPlaces(db: Db, ownerId: number): Promise<SavedPlace[]> {
  const rows = await db.selectFrom('dispatch_places').select(columns).where('owner_id', '=', ownerId).orderBy('name').orderBy('id').execute();
  return rows.map(toPlace);
}

export async function insertPlace(db: Db, ownerId: number, place: PlaceInput): Promise<SavedPlace> {
  return toPlace(await db.insertInto('dispatch_places').values({ owner_id: ownerId, ...toRow(place) }).returning(columns).executeTakeFirstOrThrow());
}

export async function insertPlaces(db: Db, ownerId: number, places: readonly PlaceInput[]): Promise<SavedPlace[]> {
  if (!places.length) return [];
  const rows = await db
    .insertInto('dispatch_places')
    .values(places.map((place) => ({ owner_id: ownerId, ...toRow(place) })))
    .returning(columns)
    .execute();
  return rows.map(toPlace);
}

export async function findPlace(db: Db, ownerId: number, id: number): Promise<SavedPlace | null> {
  const row = await db.selectFrom('dispatch_places').select(columns).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ? toPlace(row) : null;
}

export async function updatePlace(db: Db, ownerId: number, id: number, place: PlaceInput): Promise<SavedPlace | null> {
  const row = await db.updateTable('dispatch_places').set(toRow(place)).where('id', '=', id).where('owner_id', '=', ownerId).returning(columns).executeTakeFirst();
  return row ? toPlace(row) : null;
}

export async function deletePlace(db: Db, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('dispatch_places').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * How close typed text must come to a word run of the searched text (pg_trgm's word_similarity, 0..1):
 * "ortis" reaches "Ortiz de Rozas 550" at 0.67, "Ortiz" at 1; an unrelated street stays below 0.3.
 */
export const WORD_SIMILARITY = 0.45;

/**
 * Whether folded text matches a query: as a whole (word_similarity), or word by word, each typed
 * word close to some word run or contained ("ortis 550" scores 0.4 whole against "ortiz de rozas
 * 550", but "ortis" 0.67 and "550" 1 apart: a typo in one word must not hide the address).
 */
export function matchesQuery(folded: RawBuilder<string>, query: string): RawBuilder<boolean> {
  const typed = sql<string>`flota_fold(${query})`;
  return sql<boolean>`(word_similarity(${typed}, ${folded}) >= ${WORD_SIMILARITY} or strpos(${folded}, ${typed}) > 0
    or coalesce((select bool_and(word_similarity(word, ${folded}) >= ${WORD_SIMILARITY} or strpos(${folded}, word) > 0)
                   from unnest(regexp_split_to_array(${typed}, '\s+')) as word where word <> ''), false))`;
}

/** Places whose name, address or another name comes close to the query, accents and case aside; best first. */
export async function searchPlaces(db: Db, ownerId: number, query: string, limit: number): Promise<SavedPlace[]> {
  const text = sql<string>`flota_fold(name || ' ' || address || ' ' || replace(aliases, E'\\n', ' '))`;
  const folded = sql<string>`flota_fold(${query})`;
  const score = sql<number>`word_similarity(${folded}, ${text})`;
  const rows = await db
    .selectFrom('dispatch_places')
    .select(columns)
    .where('owner_id', '=', ownerId)
    .where(matchesQuery(text, query))
    .orderBy(score, 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map(toPlace);
}
