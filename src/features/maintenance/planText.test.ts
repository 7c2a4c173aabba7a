/** How a plan reads: remaining km and days, "Venció" for a past date (never "vence"), and the interval in words. */
import type { MaintenancePlan } from '../../../contract/maintenance';
import { dueLines, intervalText, worstStatus } from './planText';

const plan: MaintenancePlan = {
  id: 1,
  vehicle_id: 2,
  kind: 'Cambio de aceite',
  every_km: 10_000,
  every_months: 6,
  last_done_on: '2026-06-01',
  last_done_km: 40_000,
  next_due_km: 50_000,
  next_due_on: '2026-12-01',
  remaining_km: 600,
  remaining_days: 4,
  status: 'proxima',
};

it('says what remains, in kilometres and days', () => {
  expect(intervalText(plan)).toBe('Cada 10.000 km o 6 meses');
  expect(dueLines(plan)).toEqual(['A los 50.000 km (faltan 600 km)', 'Vence el 01/12/2026 (en 4 días)']);
});

it('says "venció" and "se pasó" once the plan is past, and asks for the odometer when it has none', () => {
  expect(dueLines({ ...plan, remaining_km: -250, remaining_days: -1, status: 'vencida' })).toEqual(['Tocaba a los 50.000 km: se pasó por 250 km', 'Venció el 01/12/2026 (hace 1 día)']);
  expect(dueLines({ ...plan, every_months: null, next_due_on: null, remaining_days: null, remaining_km: null })).toEqual(['A los 50.000 km (falta la lectura del odómetro)']);
  expect(intervalText({ every_km: null, every_months: 1 })).toBe('Cada 1 mes');
});

it('a taxi reads as its worst plan', () => {
  expect(worstStatus([plan, { ...plan, status: 'vencida' }])).toBe('vencida');
  expect(worstStatus([{ ...plan, status: 'al_dia' }])).toBe('al_dia');
  expect(worstStatus([])).toBeNull();
});
