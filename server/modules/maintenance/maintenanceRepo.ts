/** Mantención's tables (migration 0027): odometer readings, plans and service records, every query scoped to the owner. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { MaintenanceRecord } from '../../../contract/maintenance';
import type { Database, MaintenancePlansTable, MaintenanceRecordsTable, VehicleOdometersTable } from '../../platform/db/schema';
import { vehicleRows } from '../vehicles';

export type OdometerRow = Selectable<VehicleOdometersTable>;
export type PlanRow = Selectable<MaintenancePlansTable>;
export type RecordRow = Selectable<MaintenanceRecordsTable>;

export interface PlanColumns {
  kind: string;
  every_km: number | null;
  every_months: number | null;
  last_done_on: string;
  last_done_km: number | null;
}

export interface RecordColumns {
  done_on: string;
  odometer_km: number;
  kind: string;
  workshop: string | null;
  cost_pesos: number;
  notes: string | null;
}

export async function listOdometers(db: Kysely<Database>, ownerId: number, vehicleId?: number): Promise<OdometerRow[]> {
  let query = db.selectFrom('vehicle_odometers').selectAll().where('owner_id', '=', ownerId);
  if (vehicleId !== undefined) query = query.where('vehicle_id', '=', vehicleId);
  return query.execute();
}

export async function saveOdometer(db: Kysely<Database>, ownerId: number, vehicleId: number, reading: { reading_km: number; read_on: string }): Promise<void> {
  await db
    .insertInto('vehicle_odometers')
    .values({ vehicle_id: vehicleId, owner_id: ownerId, ...reading })
    .onConflict((c) => c.column('vehicle_id').doUpdateSet({ ...reading, updated_at: sql<Date>`now()` }))
    .execute();
}

export async function listPlans(db: Kysely<Database>, ownerId: number, vehicleId?: number): Promise<PlanRow[]> {
  let query = db.selectFrom('maintenance_plans').selectAll().where('owner_id', '=', ownerId);
  if (vehicleId !== undefined) query = query.where('vehicle_id', '=', vehicleId);
  return query.orderBy('vehicle_id').orderBy('id').execute();
}

export async function findPlan(db: Kysely<Database>, ownerId: number, id: number): Promise<PlanRow | undefined> {
  return db.selectFrom('maintenance_plans').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
}

export async function insertPlan(db: Kysely<Database>, ownerId: number, vehicleId: number, plan: PlanColumns): Promise<PlanRow> {
  return db.insertInto('maintenance_plans').values({ owner_id: ownerId, vehicle_id: vehicleId, ...plan }).returningAll().executeTakeFirstOrThrow();
}

export async function updatePlan(db: Kysely<Database>, ownerId: number, id: number, plan: PlanColumns): Promise<PlanRow | undefined> {
  return db.updateTable('maintenance_plans').set(plan).where('owner_id', '=', ownerId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deletePlan(db: Kysely<Database>, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('maintenance_plans').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Newest first. */
export async function listRecords(db: Kysely<Database>, ownerId: number, vehicleId?: number): Promise<RecordRow[]> {
  let query = db.selectFrom('maintenance_records').selectAll().where('owner_id', '=', ownerId);
  if (vehicleId !== undefined) query = query.where('vehicle_id', '=', vehicleId);
  return query.orderBy('done_on', 'desc').orderBy('id', 'desc').execute();
}

export async function findRecord(db: Kysely<Database>, ownerId: number, id: number): Promise<RecordRow | undefined> {
  return db.selectFrom('maintenance_records').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
}

export async function insertRecord(db: Kysely<Database>, ownerId: number, vehicleId: number, record: RecordColumns): Promise<RecordRow> {
  return db.insertInto('maintenance_records').values({ owner_id: ownerId, vehicle_id: vehicleId, ...record }).returningAll().executeTakeFirstOrThrow();
}

export async function deleteRecord(db: Kysely<Database>, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('maintenance_records').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const toRecord = (row: RecordRow): MaintenanceRecord => ({
  id: row.id,
  vehicle_id: row.vehicle_id,
  done_on: row.done_on,
  odometer_km: row.odometer_km,
  kind: row.kind,
  workshop: row.workshop,
  cost_pesos: row.cost_pesos,
  notes: row.notes,
  created_at: row.created_at.toISOString(),
});

/** Service cost per taxi and month (the service's own date, a calendar date of the fleet), deleted taxis included: their money was spent. */
export async function costsByVehicleMonth(db: Kysely<Database>, ownerId: number, fromDate: string, toDateExclusive: string) {
  const { rows } = await sql<{ vehicle_id: number; plate_number: string; month: string; cost_pesos: number; services: number }>`
    select r.vehicle_id, v.plate_number, to_char(r.done_on, 'YYYY-MM') as month, sum(r.cost_pesos)::bigint as cost_pesos, count(*)::int as services
    from maintenance_records r join ${vehicleRows(db)} v on v.id = r.vehicle_id
    where r.owner_id = ${ownerId} and r.done_on >= ${fromDate}::date and r.done_on < ${toDateExclusive}::date
    group by r.vehicle_id, v.plate_number, month
    order by v.plate_number, month`.execute(db);
  return rows.map((row) => ({ ...row, cost_pesos: Number(row.cost_pesos), services: Number(row.services) }));
}

/** The fleets that have at least one plan: the sweep's work list. */
export async function ownersWithPlans(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('maintenance_plans').select('owner_id').distinct().execute();
  return rows.map((row) => row.owner_id);
}
