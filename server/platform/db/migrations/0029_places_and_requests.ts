/**
 * Pickup from the keyboard (issue 38, item 1): a saved place gains its street address and the other
 * names callers use for it ("el terminal", "la posta"); typed text is searched accent- and
 * typo-tolerantly with pg_trgm and unaccent (both trusted contrib extensions: PostgreSQL 13+ lets the
 * database's owner create them; PGlite loads them in pgliteWorker.cjs).
 *
 * `flota_fold(text)` is the one fold every search compares: lower case, no accents. unaccent() is
 * only STABLE (its dictionary could change), so it cannot index; this wrapper names its dictionary
 * and is declared IMMUTABLE, the documented way to index it.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`
    create or replace function flota_fold(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$
  `.execute(db);

  await db.schema.alterTable('dispatch_places').addColumn('address', 'text', (c) => c.notNull().defaultTo('')).execute();
  // One alias per line: a short list read and written whole, with no array type to parse in two drivers.
  await db.schema.alterTable('dispatch_places').addColumn('aliases', 'text', (c) => c.notNull().defaultTo('')).execute();

  // Every address the fleet has used: the pickups and destinations typed on bookings, folded.
  await sql`create index bookings_pickup_fold on bookings using gin (flota_fold(pickup_label) gin_trgm_ops)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists bookings_pickup_fold`.execute(db);
  await db.schema.alterTable('dispatch_places').dropColumn('aliases').execute();
  await db.schema.alterTable('dispatch_places').dropColumn('address').execute();
  await sql`drop function if exists flota_fold(text)`.execute(db);
}
