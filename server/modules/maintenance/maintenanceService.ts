/**
 * Mantención's reading of a fleet: each live taxi's odometer (the owner's reading plus the kilometres
 * its summarized shifts measured since that day), its plans with when they are next due, and the
 * alerts those plans owe: one "próxima" and one "vencida" per occurrence, keyed so `alerts_episode`
 * stores each once across passes, restarts and processes.
 */
import type { Kysely } from 'kysely';
import type { MaintenancePlan, Odometer } from '../../../contract/maintenance';
import type { PassControl } from '../../platform/backgroundPass';
import type { Database } from '../../platform/db/schema';
import { zonedDate, zonedTime } from '../../platform/timeZone';
import type { AlertRaising, AlertToRaise } from '../alerts';
import { measuredMetresByVehicle } from '../reports';
import { listVehicles } from '../vehicles';
import { planDue } from './dueRule';
import { listOdometers, listPlans, listRecords, ownersWithPlans, type OdometerRow, type PlanRow, type RecordRow } from './maintenanceRepo';

/** A plan as the API shows it, plus the key of its current occurrence (the sweep's, never answered). */
export type PlanState = MaintenancePlan & { occurrence: string };

export interface VehicleState {
  vehicle_id: number;
  plate_number: string;
  odometer: Odometer | null;
  plans: PlanState[];
}

export interface ReadContext {
  db: Kysely<Database>;
  timeZone: string;
  now: Date;
}

async function odometersOf(ctx: ReadContext, ownerId: number, rows: readonly OdometerRow[]): Promise<Map<number, Odometer>> {
  const metres = await measuredMetresByVehicle(
    ctx.db,
    ownerId,
    rows.map((row) => ({ vehicleId: row.vehicle_id, since: zonedTime(row.read_on, 0, ctx.timeZone) })),
  );
  return new Map(
    rows.map((row) => {
      const measured_km = Math.round((metres.get(row.vehicle_id) ?? 0) / 1000);
      return [row.vehicle_id, { reading_km: row.reading_km, read_on: row.read_on, measured_km, current_km: row.reading_km + measured_km }];
    }),
  );
}

function planState(plan: PlanRow, records: readonly RecordRow[], odometer: Odometer | null, today: string): PlanState {
  const due = planDue(plan, records.filter((r) => r.vehicle_id === plan.vehicle_id), odometer?.current_km ?? null, today);
  return {
    id: plan.id,
    vehicle_id: plan.vehicle_id,
    kind: plan.kind,
    every_km: plan.every_km,
    every_months: plan.every_months,
    last_done_on: due.base.on,
    last_done_km: due.base.km,
    next_due_km: due.next_due_km,
    next_due_on: due.next_due_on,
    remaining_km: due.remaining_km,
    remaining_days: due.remaining_days,
    status: due.status,
    occurrence: due.occurrence,
  };
}

/** Every live taxi of the fleet (or the one asked for) with its odometer and plans. */
export async function fleetMaintenance(ctx: ReadContext, ownerId: number, vehicleId?: number): Promise<VehicleState[]> {
  const vehicles = (await listVehicles(ctx.db, ownerId)).filter((v) => vehicleId === undefined || v.id === vehicleId);
  const [odometerRows, plans, records] = await Promise.all([listOdometers(ctx.db, ownerId, vehicleId), listPlans(ctx.db, ownerId, vehicleId), listRecords(ctx.db, ownerId, vehicleId)]);
  const odometers = await odometersOf(ctx, ownerId, odometerRows);
  const today = zonedDate(ctx.now, ctx.timeZone);
  return vehicles.map((vehicle) => {
    const odometer = odometers.get(vehicle.id) ?? null;
    return {
      vehicle_id: vehicle.id,
      plate_number: vehicle.plate_number,
      odometer,
      plans: plans.filter((p) => p.vehicle_id === vehicle.id).map((p) => planState(p, records, odometer, today)),
    };
  });
}

/** Strips the sweep's occurrence key from what the API answers. */
export const publicPlan = ({ occurrence: _occurrence, ...plan }: PlanState): MaintenancePlan => plan;

const km = (value: number) => `${Math.abs(value).toLocaleString('es-CL')} km`;
const day = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The alert a plan owes now, if any ("vencida" once passed, "próxima" inside the window). */
export function alertFor(ownerId: number, state: VehicleState, plan: PlanState, now: Date): AlertToRaise | null {
  if (plan.status !== 'proxima' && plan.status !== 'vencida') return null;
  const overdue = plan.status === 'vencida';
  const parts: string[] = [];
  if (plan.remaining_km !== null && plan.next_due_km !== null) {
    parts.push(overdue && plan.remaining_km < 0 ? `se pasó por ${km(plan.remaining_km)} (tocaba a los ${km(plan.next_due_km)})` : `faltan ${km(plan.remaining_km)} (toca a los ${km(plan.next_due_km)})`);
  }
  if (plan.remaining_days !== null && plan.next_due_on !== null) {
    parts.push(plan.remaining_days < 0 ? `venció el ${day(plan.next_due_on)}` : `vence el ${day(plan.next_due_on)}`);
  }
  const detail = parts.join(' · ');
  return {
    ownerId,
    kind: overdue ? 'maintenance_overdue' : 'maintenance_due',
    key: `${overdue ? 'maintenance_overdue' : 'maintenance_due'}:${plan.occurrence}`,
    occurredAt: now,
    title: `${overdue ? 'Mantención vencida' : 'Mantención próxima'}: ${plan.kind} (${state.plate_number})`,
    detail: detail ? detail.charAt(0).toUpperCase() + detail.slice(1) : null,
    shiftId: null,
    driver: null,
    vehicle: { id: state.vehicle_id, plate: state.plate_number },
    zone: null,
    position: null,
  };
}

/** Raises what the fleet's plans owe (or one taxi's); answers how many alerts were new. */
export async function raiseDue(ctx: ReadContext, raising: AlertRaising, ownerId: number, vehicleId?: number): Promise<number> {
  const states = await fleetMaintenance(ctx, ownerId, vehicleId);
  const alerts = states.flatMap((state) => state.plans.flatMap((plan) => alertFor(ownerId, state, plan, ctx.now) ?? []));
  return alerts.length ? raising.raise(alerts) : 0;
}

/** The sweep: every fleet with plans. */
export async function raiseDueForAll(ctx: ReadContext, raising: AlertRaising, control?: PassControl): Promise<number> {
  let raised = 0;
  // One fleet a turn of the background pass (platform/backgroundPass.ts): it rests between fleets.
  for (const ownerId of await ownersWithPlans(ctx.db)) {
    if (control?.stopped()) break;
    raised += await raiseDue(ctx, raising, ownerId);
    await control?.breathe();
  }
  return raised;
}
