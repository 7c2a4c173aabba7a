/** How a plan reads at the desk: its interval, when it is next due and what remains ("venció" once past, never "vence"). */
import { formatDay } from '../../../contract/dateFormat';
import type { MaintenancePlan, MaintenancePlanStatus } from '../../../contract/maintenance';
import type { BadgeTone } from '../../components/Badge';

export const km = (value: number) => `${value.toLocaleString('es-CL')} km`;
export const dayText = formatDay;

/** "Cada 10.000 km o 6 meses". */
export function intervalText(plan: Pick<MaintenancePlan, 'every_km' | 'every_months'>): string {
  const parts = [plan.every_km !== null ? km(plan.every_km) : null, plan.every_months !== null ? (plan.every_months === 1 ? '1 mes' : `${plan.every_months} meses`) : null].filter(Boolean);
  return `Cada ${parts.join(' o ')}`;
}

/** "A los 20.200 km (faltan 995 km)", "El 27/05/2027 (en 12 días)", "Venció el 01/03/2027 (hace 3 días)". */
export function dueLines(plan: MaintenancePlan): string[] {
  const lines: string[] = [];
  if (plan.next_due_km !== null) {
    if (plan.remaining_km === null) lines.push(`A los ${km(plan.next_due_km)} (falta la lectura del odómetro)`);
    else if (plan.remaining_km < 0) lines.push(`Tocaba a los ${km(plan.next_due_km)}: se pasó por ${km(-plan.remaining_km)}`);
    else lines.push(`A los ${km(plan.next_due_km)} (faltan ${km(plan.remaining_km)})`);
  }
  if (plan.next_due_on !== null && plan.remaining_days !== null) {
    const days = Math.abs(plan.remaining_days);
    const count = days === 1 ? '1 día' : `${days} días`;
    if (plan.remaining_days < 0) lines.push(`Venció el ${dayText(plan.next_due_on)} (hace ${count})`);
    else if (plan.remaining_days === 0) lines.push(`Vence hoy, ${dayText(plan.next_due_on)}`);
    else lines.push(`Vence el ${dayText(plan.next_due_on)} (en ${count})`);
  }
  return lines;
}

export const statusTone: Record<MaintenancePlanStatus, BadgeTone> = { al_dia: 'success', proxima: 'warning', vencida: 'danger', sin_odometro: 'neutral' };

/** The worst status among plans (for a taxi's badge): vencida, then próxima. */
export function worstStatus(plans: readonly MaintenancePlan[]): MaintenancePlanStatus | null {
  if (plans.some((p) => p.status === 'vencida')) return 'vencida';
  if (plans.some((p) => p.status === 'proxima')) return 'proxima';
  return plans.length ? 'al_dia' : null;
}
