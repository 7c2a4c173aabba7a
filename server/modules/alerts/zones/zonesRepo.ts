/** A fleet's zones in the database, as the API answers them and as the events engine indexes them. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Zone, ZoneGeometry, ZoneInput, ZoneKind } from '../../../../contract/alerts';
import type { Database, ZonesTable } from '../../../platform/db/schema';
import type { ZoneRecord } from './zoneIndex';

type ZoneRow = Selectable<ZonesTable>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function toZone(row: ZoneRow): Zone {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ZoneKind,
    color: row.color,
    geometry: row.geometry as ZoneGeometry,
    radius_m: row.radius_m,
    speed_limit_kmh: row.speed_limit_kmh,
    dwell_minutes: row.dwell_minutes,
    active_hours: row.active_from && row.active_to ? { from: row.active_from, to: row.active_to } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toRecord(zone: Zone): ZoneRecord {
  return {
    id: zone.id,
    name: zone.name,
    geometry: zone.geometry,
    radiusM: zone.radius_m,
    speedLimitKmh: zone.speed_limit_kmh,
    dwellMinutes: zone.dwell_minutes,
    activeMinutes: zone.active_hours ? { from: minutes(zone.active_hours.from), to: minutes(zone.active_hours.to) } : null,
  };
}

const values = (zone: ZoneInput) => ({
  name: zone.name,
  kind: zone.kind,
  color: zone.color,
  geometry: JSON.stringify(zone.geometry),
  radius_m: zone.geometry.type === 'Point' ? zone.radius_m : null,
  speed_limit_kmh: zone.speed_limit_kmh,
  dwell_minutes: zone.dwell_minutes,
  active_from: zone.active_hours?.from ?? null,
  active_to: zone.active_hours?.to ?? null,
});

export async function listZones(db: Kysely<Database>, ownerId: number): Promise<Zone[]> {
  const rows = await db.selectFrom('zones').selectAll().where('owner_id', '=', ownerId).orderBy('name').orderBy('id').execute();
  return rows.map(toZone);
}

export async function findZone(db: Kysely<Database>, ownerId: number, id: number): Promise<Zone | undefined> {
  const row = await db.selectFrom('zones').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return row && toZone(row);
}

export async function countZones(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db.selectFrom('zones').select(sql<number>`count(*)::int`.as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertZones(db: Kysely<Database>, ownerId: number, zones: readonly ZoneInput[]): Promise<Zone[]> {
  if (!zones.length) return [];
  const rows = await db
    .insertInto('zones')
    .values(zones.map((zone) => ({ owner_id: ownerId, ...values(zone) })))
    .returningAll()
    .execute();
  return rows.map(toZone);
}

export async function updateZone(db: Kysely<Database>, ownerId: number, id: number, zone: ZoneInput): Promise<Zone | undefined> {
  const row = await db
    .updateTable('zones')
    .set({ ...values(zone), updated_at: sql<Date>`now()` })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toZone(row);
}

export async function deleteZone(db: Kysely<Database>, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('zones').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
