/**
 * Alerts in the database: inserted once per episode key (`on conflict do nothing`: whichever process
 * raises an episode first stores it, the others add nothing), listed newest first for the inbox,
 * acknowledged once for everyone.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ALERTS_PAGE_SIZE, type Alert, type AlertKind, type DriverSos } from '../../../contract/alerts';
import type { AlertsTable, Database } from '../../platform/db/schema';

export type AlertRow = Selectable<AlertsTable>;

export interface NewAlert {
  ownerId: number;
  kind: AlertKind;
  /** Names the episode: the same key from any process or any retry is the same alert. */
  key: string;
  occurredAt: Date;
  title: string;
  detail: string | null;
  shiftId: number | null;
  driver: { id: number; name: string; phone: string | null } | null;
  vehicle: { id: number; plate: string } | null;
  zone: { id: number; name: string } | null;
  /** `at`: when the fix was taken, when not at `occurredAt` (an SOS's last known position). */
  position: { lat: number; lng: number; speedKmh: number | null; at?: Date } | null;
  desk: boolean;
  emailTo: string[];
}

/** The new alerts actually stored (an episode already stored is left out). */
export async function insertAlerts(trx: Kysely<Database>, alerts: readonly NewAlert[]): Promise<AlertRow[]> {
  if (!alerts.length) return [];
  return trx
    .insertInto('alerts')
    .values(
      alerts.map((a) => ({
        owner_id: a.ownerId,
        kind: a.kind,
        episode_key: a.key,
        occurred_at: a.occurredAt,
        title: a.title,
        detail: a.detail,
        shift_id: a.shiftId,
        driver_id: a.driver?.id ?? null,
        driver_name: a.driver?.name ?? null,
        driver_phone: a.driver?.phone ?? null,
        vehicle_id: a.vehicle?.id ?? null,
        vehicle_plate: a.vehicle?.plate ?? null,
        zone_id: a.zone?.id ?? null,
        zone_name: a.zone?.name ?? null,
        latitude: a.position?.lat ?? null,
        longitude: a.position?.lng ?? null,
        speed_kmh: a.position?.speedKmh ?? null,
        position_at: a.position?.at ?? null,
        desk: a.desk,
        email_to: JSON.stringify(a.emailTo),
      })),
    )
    .onConflict((c) => c.constraint('alerts_episode').doNothing())
    .returningAll()
    .execute();
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    kind: row.kind as AlertKind,
    occurred_at: row.occurred_at.toISOString(),
    title: row.title,
    detail: row.detail,
    shift_id: row.shift_id,
    vehicle: row.vehicle_id !== null ? { id: row.vehicle_id, plate: row.vehicle_plate ?? '' } : null,
    driver: row.driver_id !== null ? { id: row.driver_id, name: row.driver_name ?? '', phone: row.driver_phone } : null,
    zone: row.zone_id !== null ? { id: row.zone_id, name: row.zone_name ?? '' } : null,
    position:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude, speed_kmh: row.speed_kmh === null ? null : round1(row.speed_kmh), at: (row.position_at ?? row.occurred_at).toISOString() }
        : null,
    acknowledged: row.acknowledged_at ? { at: row.acknowledged_at.toISOString(), by: row.acknowledged_by ?? '', note: row.acknowledged_note } : null,
    presses: row.presses,
  };
}

export interface AlertFilters {
  kind?: AlertKind;
  zone_id?: number;
  vehicle_id?: number;
  state?: 'open' | 'acknowledged';
  before?: number;
}

/** The desk's alerts, newest first, one page (and whether more lie behind it). */
export async function listDeskAlerts(db: Kysely<Database>, ownerId: number, filters: AlertFilters): Promise<{ rows: AlertRow[]; hasMore: boolean }> {
  let query = db.selectFrom('alerts').selectAll().where('owner_id', '=', ownerId).where('desk', '=', true);
  if (filters.kind) query = query.where('kind', '=', filters.kind);
  if (filters.zone_id) query = query.where('zone_id', '=', filters.zone_id);
  if (filters.vehicle_id) query = query.where('vehicle_id', '=', filters.vehicle_id);
  if (filters.state === 'open') query = query.where('acknowledged_at', 'is', null);
  if (filters.state === 'acknowledged') query = query.where('acknowledged_at', 'is not', null);
  if (filters.before) query = query.where('id', '<', filters.before);
  const rows = await query.orderBy('id', 'desc').limit(ALERTS_PAGE_SIZE + 1).execute();
  return { rows: rows.slice(0, ALERTS_PAGE_SIZE), hasMore: rows.length > ALERTS_PAGE_SIZE };
}

/** The desk's open alerts, its open SOS, and the drivers those SOS belong to (once each: the banner counts people). */
export async function openCounts(db: Kysely<Database>, ownerId: number): Promise<{ open: number; sos: number; sosDrivers: number[] }> {
  const row = await db
    .selectFrom('alerts')
    .select([
      sql<number>`count(*)::int`.as('open'),
      sql<number>`(count(*) filter (where kind = 'sos'))::int`.as('sos'),
      sql<number[] | null>`array_agg(distinct driver_id order by driver_id) filter (where kind = 'sos' and driver_id is not null)`.as('sos_drivers'),
    ])
    .where('owner_id', '=', ownerId)
    .where('desk', '=', true)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), sos: Number(row.sos), sosDrivers: (row.sos_drivers ?? []).map(Number) };
}

export async function findAlert(db: Kysely<Database>, ownerId: number, id: number): Promise<AlertRow | undefined> {
  return db.selectFrom('alerts').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).where('desk', '=', true).executeTakeFirst();
}

/** Acknowledges an open alert; undefined when it was already acknowledged (or is not the fleet's). */
export async function acknowledgeAlert(trx: Transaction<Database>, ownerId: number, id: number, by: string, note: string | null, at: Date): Promise<AlertRow | undefined> {
  return trx
    .updateTable('alerts')
    .set({ acknowledged_at: at, acknowledged_by: by, acknowledged_note: note })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('desk', '=', true)
    .where('acknowledged_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The ids among `ids` that are this fleet's desk alerts (another owner's, or a mail-only alert, are not). */
export async function ownDeskAlertIds(db: Kysely<Database>, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db.selectFrom('alerts').select('id').where('owner_id', '=', ownerId).where('desk', '=', true).where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

/** Acknowledges the fleet's open desk alerts named by `ids`, or every open one of `kind`, in one statement; answers those it changed. */
export async function acknowledgeMany(trx: Transaction<Database>, ownerId: number, target: { ids: readonly number[] } | { kind: AlertKind }, by: string, note: string | null, at: Date): Promise<AlertRow[]> {
  let query = trx
    .updateTable('alerts')
    .set({ acknowledged_at: at, acknowledged_by: by, acknowledged_note: note })
    .where('owner_id', '=', ownerId)
    .where('desk', '=', true)
    .where('acknowledged_at', 'is', null);
  query = 'ids' in target ? query.where('id', 'in', target.ids) : query.where('kind', '=', target.kind);
  const rows = await query.returningAll().execute();
  return rows.sort((a, b) => b.id - a.id);
}

/** Retention: alerts older than `before` go (docs/api.md, "Alertas"), at most `limit` a call (oldest first); answers how many went. */
export async function deleteAlertsBefore(db: Kysely<Database>, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('alerts')
    .where('id', 'in', (eb) => eb.selectFrom('alerts').select('id').where('created_at', '<', before).orderBy('created_at').limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An SOS alert as the driver's phone sees it (its episode key ends with the press's client id). */
export const toDriverSos = (row: AlertRow): DriverSos => ({
  id: row.id,
  client_id: row.episode_key.slice(row.episode_key.lastIndexOf(':') + 1),
  received_at: row.created_at.toISOString(),
  acknowledged_at: row.acknowledged_at?.toISOString() ?? null,
});
