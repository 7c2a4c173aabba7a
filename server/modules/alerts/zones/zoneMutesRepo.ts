/**
 * Zones muted for a while (issue 46): alert_zone_mutes, one row per zone. An alert of a muted zone is
 * still stored (its episode is not raised again when the mute ends) but reaches neither the desk nor
 * the rules' e-mail.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ZoneMute } from '../../../../contract/alerts';
import type { AlertZoneMutesTable, Database } from '../../../platform/db/schema';

type MuteRow = Selectable<AlertZoneMutesTable> & { zone_name: string };

const toMute = (row: MuteRow): ZoneMute => ({ zone_id: row.zone_id, zone_name: row.zone_name, muted_until: row.muted_until.toISOString(), muted_by: row.muted_by });

/** The fleet's zones muted at `now`, soonest to end first. */
export async function activeMutes(db: Kysely<Database>, ownerId: number, now: Date): Promise<ZoneMute[]> {
  const rows = await db
    .selectFrom('alert_zone_mutes as m')
    .innerJoin('zones as z', 'z.id', 'm.zone_id')
    .select(['m.zone_id', 'm.owner_id', 'm.muted_until', 'm.muted_by', 'z.name as zone_name'])
    .where('m.owner_id', '=', ownerId)
    .where('m.muted_until', '>', now)
    .orderBy('m.muted_until')
    .orderBy('m.zone_id')
    .execute();
  return rows.map(toMute);
}

/** Of `zoneIds`, those muted at `now` (one read per batch of alerts raised, never per position). */
export async function mutedAmong(db: Kysely<Database>, zoneIds: readonly number[], now: Date): Promise<Set<number>> {
  if (!zoneIds.length) return new Set();
  const rows = await db.selectFrom('alert_zone_mutes').select('zone_id').where('zone_id', 'in', zoneIds).where('muted_until', '>', now).execute();
  return new Set(rows.map((row) => row.zone_id));
}

/** Mutes the fleet's zone until `until` (again: moves the time); the zone's name, or undefined when it is not the fleet's. */
export async function muteZone(db: Kysely<Database>, ownerId: number, zoneId: number, until: Date, by: string): Promise<ZoneMute | undefined> {
  const zone = await db.selectFrom('zones').select('name').where('owner_id', '=', ownerId).where('id', '=', zoneId).executeTakeFirst();
  if (!zone) return undefined;
  const row = await db
    .insertInto('alert_zone_mutes')
    .values({ zone_id: zoneId, owner_id: ownerId, muted_until: until, muted_by: by })
    .onConflict((c) => c.column('zone_id').doUpdateSet({ muted_until: until, muted_by: by }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMute({ ...row, zone_name: zone.name });
}

/** Ends the fleet's zone's mute; answers the zone's name, or undefined when the zone is not the fleet's. */
export async function unmuteZone(db: Kysely<Database>, ownerId: number, zoneId: number): Promise<string | undefined> {
  const zone = await db.selectFrom('zones').select('name').where('owner_id', '=', ownerId).where('id', '=', zoneId).executeTakeFirst();
  if (!zone) return undefined;
  await db.deleteFrom('alert_zone_mutes').where('owner_id', '=', ownerId).where('zone_id', '=', zoneId).execute();
  return zone.name;
}
