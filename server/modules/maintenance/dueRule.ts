/**
 * When a maintenance plan is next due and what remains, from the service it counts from (the plan's
 * own "last done", or a later record of the same kind), the taxi's odometer and today's date in the
 * fleet's time zone. Pure: the sweep, the routes and the tests read the same answer.
 */
import { MAINTENANCE_DUE_DAYS, MAINTENANCE_DUE_KM, type MaintenancePlanStatus } from '../../../contract/maintenance';

export interface PlanTerms {
  id: number;
  kind: string;
  every_km: number | null;
  every_months: number | null;
  last_done_on: string;
  last_done_km: number | null;
}

export interface ServiceDone {
  id: number;
  kind: string;
  done_on: string;
  odometer_km: number;
}

export interface PlanDue {
  /** The service the plan counts from. */
  base: { on: string; km: number | null };
  next_due_km: number | null;
  next_due_on: string | null;
  remaining_km: number | null;
  remaining_days: number | null;
  status: MaintenancePlanStatus;
  /** Names this occurrence of the plan: a new service (or an edited "last done") starts another. */
  occurrence: string;
}

/** "Cambio de aceite" and "cambio de  ACEITE" are one kind; accents do not split them either. */
export const sameKind = (a: string, b: string): boolean => normalizeKind(a) === normalizeKind(b);
const normalizeKind = (kind: string) =>
  kind
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** A calendar month later, clamped to the month's last day (31 May + 6 months = 30 November). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The latest service of the plan's kind done on or after the plan's own "last done" (the plan's date when none). */
export function planBase(plan: PlanTerms, services: readonly ServiceDone[]): { on: string; km: number | null; key: string } {
  let base = { on: plan.last_done_on, km: plan.last_done_km, key: `${plan.last_done_on}:${plan.last_done_km ?? '-'}` };
  for (const service of services) {
    if (!sameKind(service.kind, plan.kind) || service.done_on < base.on) continue;
    base = { on: service.done_on, km: service.odometer_km, key: `r${service.id}` };
  }
  return base;
}

export function planDue(plan: PlanTerms, services: readonly ServiceDone[], currentKm: number | null, today: string): PlanDue {
  const base = planBase(plan, services);
  const next_due_km = plan.every_km !== null && base.km !== null ? base.km + plan.every_km : null;
  const next_due_on = plan.every_months !== null ? addMonths(base.on, plan.every_months) : null;
  const remaining_km = next_due_km !== null && currentKm !== null ? next_due_km - currentKm : null;
  const remaining_days = next_due_on !== null ? daysBetween(today, next_due_on) : null;
  let status: MaintenancePlanStatus = 'al_dia';
  if ((remaining_km !== null && remaining_km < 0) || (remaining_days !== null && remaining_days < 0)) status = 'vencida';
  else if ((remaining_km !== null && remaining_km <= MAINTENANCE_DUE_KM) || (remaining_days !== null && remaining_days <= MAINTENANCE_DUE_DAYS)) status = 'proxima';
  else if (plan.every_km !== null && remaining_km === null && plan.every_months === null) status = 'sin_odometro';
  return { base: { on: base.on, km: base.km }, next_due_km, next_due_on, remaining_km, remaining_days, status, occurrence: `${plan.id}:${base.key}` };
}
