import { makeAlert } from '../../testing/fakeAlerts';
import { localIso } from '../../testing/fixtures';
import { groupAlerts } from './alertGroups';

const at = (minute: number) => localIso(2026, 11, 27, 9, minute);
const enter = (id: number, minute: number, overrides = {}) => makeAlert({ id, occurred_at: at(minute), ...overrides });
const ids = (alerts: Parameters<typeof groupAlerts>[0]) => groupAlerts(alerts).map((group) => group.alerts.map((alert) => alert.id));

describe('grouping the inbox', () => {
  it('joins one taxi’s alerts of one kind and zone within an episode, newest first, in the newest one’s place', () => {
    const other = { vehicle: { id: 2, plate: 'GHJK34' }, title: 'GHJK34 entró a Plaza de Armas' };
    expect(ids([enter(5, 50), enter(4, 45, other), enter(3, 30), enter(2, 10)])).toEqual([[5, 3, 2], [4]]);
  });

  it('starts a new episode after 30 minutes without one', () => {
    expect(ids([enter(3, 59), enter(2, 40), enter(1, 9)])).toEqual([[3, 2], [1]]);
  });

  it('keeps apart other kinds, other zones, acknowledged alerts, SOS and alerts of no taxi', () => {
    const list = [
      enter(7, 50),
      enter(6, 49, { kind: 'zone_exit' }),
      enter(5, 48, { zone: { id: 9, name: 'Terminal' } }),
      enter(4, 47, { acknowledged: { at: at(55), by: 'Ana', note: null } }),
      enter(3, 46, { kind: 'sos' }),
      enter(2, 45, { kind: 'sos' }),
      enter(1, 44, { vehicle: null, shift_id: null }),
      enter(0, 43, { vehicle: null, shift_id: null }),
    ];
    expect(ids(list)).toEqual([[7], [6], [5], [4], [3], [2], [1], [0]]);
  });
});
