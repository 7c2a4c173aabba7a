/**
 * What expires: each vehicle's and driver's current documents (the newest of each kind; renewed ones
 * are history) expired or expiring within a window, judged on the fleet's calendar day. A driver
 * with no licence document still has the licence date typed on the driver (drivers.license_expiry),
 * which counts as the licence. The same reading tells dispatch which taxis to keep out.
 */
import { sql, type Kysely } from 'kysely';
import { expiredReason, requiredDocumentKinds, type DocumentKind, type Expiry } from '../../../contract/documents';
import type { Database } from '../../platform/db/schema';
import { addDays } from '../../platform/timeZone';
import { documentLabel } from './documentsRepo';
import { vehicleRows } from '../vehicles';
import { driverRows } from '../drivers';

/** Whole days from `today` to `date` (both YYYY-MM-DD): negative when past. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Current documents of live vehicles and drivers expiring on or before `until` (null: every one). */
export async function currentExpiries(db: Kysely<Database>, ownerId: number, today: string, until: string | null, filter: { driverId?: number } = {}): Promise<Expiry[]> {
  let ranked = db
    .selectFrom('documents as d')
    .leftJoin('document_files as f', 'f.document_id', 'd.id')
    .select([
      'd.id',
      'd.vehicle_id',
      'd.driver_id',
      'd.kind',
      'd.custom_label',
      'd.number',
      'd.expires_on',
      sql<boolean>`f.document_id is not null`.as('has_file'),
      sql<number>`row_number() over (partition by d.vehicle_id, d.driver_id, d.kind, lower(coalesce(d.custom_label, '')) order by d.expires_on desc, d.id desc)`.as('rank'),
    ])
    .where('d.owner_id', '=', ownerId);
  if (filter.driverId) ranked = ranked.where('d.driver_id', '=', filter.driverId);
  let documents = db
    .selectFrom(ranked.as('c'))
    .leftJoin(vehicleRows(db).as('v'), (join) => join.onRef('v.id', '=', 'c.vehicle_id').on('v.deleted_at', 'is', null))
    .leftJoin(driverRows(db).as('r'), (join) => join.onRef('r.id', '=', 'c.driver_id').on('r.deleted_at', 'is', null))
    .select(['c.id', 'c.vehicle_id', 'c.driver_id', 'c.kind', 'c.custom_label', 'c.number', 'c.expires_on', 'c.has_file', 'v.plate_number', 'r.first_name', 'r.last_name'])
    .where('c.rank', '=', 1)
    .where((eb) => eb.or([eb('v.id', 'is not', null), eb('r.id', 'is not', null)]));
  if (until) documents = documents.where('c.expires_on', '<=', until);
  const rows = await documents.execute();

  let licences = db
    .selectFrom(driverRows(db).as('r'))
    .select(['r.id', 'r.first_name', 'r.last_name', 'r.license_number', 'r.license_expiry'])
    .where('r.owner_id', '=', ownerId)
    .where('r.deleted_at', 'is', null)
    .where('r.license_expiry', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('documents as d').select('d.id').whereRef('d.driver_id', '=', 'r.id').where('d.kind', '=', 'licencia'))));
  if (filter.driverId) licences = licences.where('r.id', '=', filter.driverId);
  if (until) licences = licences.where('r.license_expiry', '<=', until);
  const typed = await licences.execute();

  const expiry = (item: Omit<Expiry, 'days_left' | 'status' | 'required'>): Expiry => {
    const daysLeft = daysBetween(today, item.expires_on);
    return { ...item, days_left: daysLeft, status: daysLeft < 0 ? 'vencido' : 'por_vencer', required: requiredDocumentKinds.includes(item.kind) };
  };
  const items = [
    ...rows.map((row) =>
      expiry({
        subject: row.vehicle_id !== null ? 'vehicle' : 'driver',
        vehicle_id: row.vehicle_id,
        driver_id: row.driver_id,
        name: row.vehicle_id !== null ? (row.plate_number ?? '') : `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
        kind: row.kind as DocumentKind,
        label: documentLabel(row.kind, row.custom_label),
        document_id: row.id,
        number: row.number,
        expires_on: row.expires_on,
        has_file: Boolean(row.has_file),
      }),
    ),
    ...typed.map((driver) =>
      expiry({
        subject: 'driver',
        vehicle_id: null,
        driver_id: driver.id,
        name: `${driver.first_name} ${driver.last_name}`.trim(),
        kind: 'licencia',
        label: documentLabel('licencia', null),
        document_id: null,
        number: driver.license_number,
        expires_on: driver.license_expiry as string,
        has_file: false,
      }),
    ),
  ];
  return items.sort((a, b) => a.expires_on.localeCompare(b.expires_on) || a.name.localeCompare(b.name, 'es') || a.label.localeCompare(b.label, 'es'));
}

export function windowEnd(today: string, days: number): string {
  return addDays(today, days);
}

/** Expired required documents, by driver and by vehicle: one Spanish line each ("Licencia profesional de Ana Pérez venció el 18/10/2026"). */
export interface DocumentBlocks {
  mode: 'bloquear' | 'advertir';
  drivers: ReadonlyMap<number, string[]>;
  vehicles: ReadonlyMap<number, string[]>;
}

export async function expiredRequired(db: Kysely<Database>, ownerId: number, today: string): Promise<Omit<DocumentBlocks, 'mode'>> {
  const expired = (await currentExpiries(db, ownerId, today, addDays(today, -1))).filter((item) => item.required);
  const drivers = new Map<number, string[]>();
  const vehicles = new Map<number, string[]>();
  for (const item of expired) {
    const map = item.vehicle_id !== null ? vehicles : drivers;
    const id = (item.vehicle_id ?? item.driver_id) as number;
    map.set(id, [...(map.get(id) ?? []), expiredReason(item.label, item.name, item.expires_on)]);
  }
  return { drivers, vehicles };
}

/** The reasons a driver on a vehicle is kept out (or warned about); empty when nothing expired. */
export function blockReasons(blocks: Omit<DocumentBlocks, 'mode'>, driverId: number, vehicleId: number | null): string[] {
  return [...(blocks.drivers.get(driverId) ?? []), ...(vehicleId !== null ? (blocks.vehicles.get(vehicleId) ?? []) : [])];
}
