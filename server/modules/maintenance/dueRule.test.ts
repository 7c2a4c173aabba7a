/** The due rule on its own: calendar months clamp to the month's end, kinds match loosely, and the status turns at the documented edges. */
import { addMonths, planDue } from './dueRule';

const plan = { id: 7, kind: 'Cambio de aceite', every_km: 10_000, every_months: 6, last_done_on: '2026-05-31', last_done_km: 40_000 };

describe('planDue', () => {
  it('adds calendar months, clamped to the last day of a shorter month', () => {
    expect(addMonths('2026-05-31', 6)).toBe('2026-11-30');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-11-27', 3)).toBe('2027-02-27');
  });

  it('is "próxima" from 1.000 km or 15 days before, "vencida" once either is passed', () => {
    expect(planDue(plan, [], 48_999, '2026-10-01')).toMatchObject({ remaining_km: 1001, remaining_days: 60, status: 'al_dia' });
    expect(planDue(plan, [], 49_000, '2026-10-01')).toMatchObject({ remaining_km: 1000, status: 'proxima' });
    expect(planDue(plan, [], 45_000, '2026-11-15')).toMatchObject({ remaining_days: 15, status: 'proxima' });
    expect(planDue(plan, [], 50_001, '2026-10-01')).toMatchObject({ remaining_km: -1, status: 'vencida' });
    expect(planDue(plan, [], 45_000, '2026-12-01')).toMatchObject({ remaining_days: -1, status: 'vencida' });
  });

  it('counts from the latest service of the same kind (case, spaces and accents aside), which names a new occurrence', () => {
    const services = [
      { id: 3, kind: 'Frenos', done_on: '2026-09-01', odometer_km: 44_000 },
      { id: 4, kind: '  cambio de ACEITE ', done_on: '2026-08-15', odometer_km: 43_000 },
      { id: 5, kind: 'Cambio de aceite', done_on: '2026-04-01', odometer_km: 39_000 },
    ];
    const due = planDue(plan, services, 44_500, '2026-10-01');
    expect(due).toMatchObject({ base: { on: '2026-08-15', km: 43_000 }, next_due_km: 53_000, next_due_on: '2027-02-15', occurrence: '7:r4' });
    expect(planDue(plan, [], 44_500, '2026-10-01').occurrence).toBe('7:2026-05-31:40000');
  });

  it('a plan by kilometres alone needs the odometer', () => {
    expect(planDue({ ...plan, every_months: null }, [], null, '2026-10-01')).toMatchObject({ remaining_km: null, next_due_km: 50_000, status: 'sin_odometro' });
  });
});
