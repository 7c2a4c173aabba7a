import type { ActivityEntry } from '../../../contract/entities';
import { changeLines } from './activityDisplay';

const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  created_at: '2026-11-22T15:04:00.000Z',
  actor_id: 1,
  actor_role: 'dueño',
  actor_name: 'Carolina Muñoz',
  entity: 'driver',
  entity_id: 5,
  entity_label: 'Rosa Vera',
  action: 'updated',
  changes: {},
  ip: null,
  ...overrides,
});

describe('the activity log names what an id points at', () => {
  it("a driver's vehicle reads as its plate, not its id", () => {
    const assigned = entry({ changes: { current_vehicle_id: { before: null, after: 19 }, plate_number: { before: null, after: 'KXPT21' } } });
    expect(changeLines(assigned)).toEqual(['Vehículo asignado: — → KXPT21']);
    const moved = entry({ changes: { current_vehicle_id: { before: 19, after: 4 }, plate_number: { before: 'KXPT21', after: 'BCDF12' } } });
    expect(changeLines(moved)).toEqual(['Vehículo asignado: KXPT21 → BCDF12']);
    const created = entry({ action: 'created', changes: { first_name: { before: null, after: 'Rosa' }, current_vehicle_id: { before: null, after: 19 }, plate_number: { before: null, after: 'KXPT21' } } });
    expect(changeLines(created)).toEqual(['Nombre: Rosa', 'Vehículo asignado: KXPT21']);
  });

  it("a deleted vehicle's driver reads as a name", () => {
    const deleted = entry({
      entity: 'vehicle',
      entity_label: 'KXPT21',
      action: 'deleted',
      changes: { plate_number: { before: 'KXPT21', after: null }, driver_id: { before: 7, after: null }, driver_first_name: { before: 'Rosa', after: null }, driver_last_name: { before: 'Vera', after: null } },
    });
    expect(changeLines(deleted)).toEqual(['Patente: KXPT21', 'Conductor: Rosa Vera']);
  });

  it('an id alone (nothing names it) is still shown rather than hidden', () => {
    expect(changeLines(entry({ changes: { current_vehicle_id: { before: null, after: 19 } } }))).toEqual(['Vehículo asignado: — → 19']);
  });
});
