/** @jest-environment node */
/**
 * The .xlsx is written and read back: its cells are typed (figures are numbers, the period's
 * dates are dates, names are text), Spanish headers, a totals row, and a driver named like a
 * formula is a text cell guarded like the CSV's, never a formula.
 */
import { strFromU8, unzipSync } from 'fflate';
import type { ReportResponse } from '../../../contract/reports';
import { reportCsv } from './reportExport';
import { readBack } from '../../testing/xlsxReadBack';
import { reportXlsxBlob } from './reportXlsx';

const metrics = (shifts: number, km: number, fares = 0) => ({
  ...{ shifts, open_shifts: 0, summarized_shifts: shifts, shift_seconds: shifts * 9000, moving_seconds: shifts * 3600, stopped_seconds: 0, distance_km: km, stops: shifts * 3, trips: shifts * 4, max_speed_kmh: 77.4 },
  ...{ fares_pesos: fares, estimated_fares_pesos: 0 },
});
const report: ReportResponse = {
  from: '2026-11-16',
  to: '2026-11-22',
  group: 'driver',
  time_zone: 'America/Santiago',
  rows: [
    { id: 1, name: '=HYPERLINK("http://x","y")', ...metrics(2, 120.44) },
    { id: 2, name: 'Ana Pérez', ...metrics(3, 80.06) },
  ],
  totals: metrics(5, 200.5),
  generated_at: '2026-11-23T12:00:00.000Z',
};

it('writes a real .xlsx: Spanish headers, typed numbers and dates, a guarded text name, a totals row', async () => {
  const blob = await reportXlsxBlob(report);
  const { cells, value, styles } = await readBack(blob);
  expect(cells.some((cell) => cell.formula)).toBe(false);
  expect(['A3', 'B3', 'C3', 'D3', 'E3', 'F3', 'G3', 'H3'].map((ref) => value(ref)?.value)).toEqual([
    'Conductor', 'Turnos', 'Horas de turno', 'Horas en movimiento', 'Kilómetros', 'Paradas', 'Viajes', 'Velocidad máxima (km/h)',
  ]);
  // The formula-looking name is a text cell, with the same apostrophe as the CSV.
  expect(value('A4')).toEqual({ kind: 'text', value: '\'=HYPERLINK("http://x","y")' });
  expect(cells.find((cell) => cell.ref === 'A4')?.type).toMatch(/^(s|inlineStr)$/);
  expect([value('B4'), value('E4'), value('H4')]).toEqual([
    { kind: 'number', value: 2 },
    { kind: 'number', value: 120.4 },
    { kind: 'number', value: 77 },
  ]);
  // Five hours of shift: a duration (a fraction of a day) a spreadsheet shows as 5:00 and adds up.
  expect(value('C4')?.kind).toBe('number');
  expect(Number(value('C4')?.value) * 24).toBeCloseTo(5, 9);
  expect(styles).toContain('[h]:mm');
  expect(value('A5')).toEqual({ kind: 'text', value: 'Ana Pérez' });
  expect([value('A6'), value('B6'), value('E6')]).toEqual([
    { kind: 'text', value: 'Total' },
    { kind: 'number', value: 5 },
    { kind: 'number', value: 200.5 },
  ]);
  // The period's dates are date serials (days since 1899-12-30) with a date format.
  expect(value('B1')).toEqual({ kind: 'number', value: 46342 });
  const dateStyle = cells.find((cell) => cell.ref === 'B1')?.style;
  expect(dateStyle).not.toBeNull();
  expect(styles).toContain('dd/mm/yyyy');
});

it('adds the income columns, as pesos, when the period has fares (issue 35)', async () => {
  const withFares: ReportResponse = { ...report, rows: [{ ...report.rows[0], ...metrics(2, 120.44, 184_500) }, report.rows[1]], totals: metrics(5, 200.5, 184_500) };
  const { value, styles } = await readBack(await reportXlsxBlob(withFares));
  expect([value('I3')?.value, value('J3')?.value]).toEqual(['Ingresos', 'Ingresos estimados']);
  expect([value('I4'), value('I5'), value('I6')]).toEqual([
    { kind: 'number', value: 184500 },
    { kind: 'number', value: 0 },
    { kind: 'number', value: 184500 },
  ]);
  expect(styles).toContain('&quot;$&quot;#,##0');
  const lines = reportCsv(withFares).replace('\uFEFF', '').trim().split('\r\n');
  expect(lines[0]).toMatch(/;Ingresos;Ingresos estimados$/);
  expect(lines[3]).toBe('Total;5;12,5;5;200,5;15;20;77;184500;0');
});

it("by driver, each one's offers as four number columns in the .xlsx and the CSV (issue 38)", async () => {
  const offers = (received: number, accepted: number, declined: number, unanswered: number) => ({ received, accepted, declined, unanswered });
  const withOffers: ReportResponse = {
    ...report,
    rows: [
      { ...report.rows[0], offers: offers(7, 4, 1, 2) },
      { ...report.rows[1], offers: offers(3, 3, 0, 0) },
    ],
    totals: { ...report.totals, offers: offers(10, 7, 1, 2) },
  };
  const { value } = await readBack(await reportXlsxBlob(withOffers));
  expect(['I3', 'J3', 'K3', 'L3'].map((ref) => value(ref)?.value)).toEqual(['Ofertas', 'Aceptadas', 'Rechazadas', 'Sin respuesta']);
  expect(['I4', 'J4', 'K4', 'L4'].map(value)).toEqual([7, 4, 1, 2].map((n) => ({ kind: 'number', value: n })));
  expect(['I6', 'J6', 'K6', 'L6'].map(value)).toEqual([10, 7, 1, 2].map((n) => ({ kind: 'number', value: n })));
  const lines = reportCsv(withOffers).replace('\uFEFF', '').trim().split('\r\n');
  expect(lines[0]).toMatch(/;Velocidad máxima \(km\/h\);Ofertas;Aceptadas;Rechazadas;Sin respuesta$/);
  expect(lines[2]).toBe('Ana Pérez;3;7,5;3;80,1;9;12;77;3;3;0;0');
  expect(lines[3]).toBe('Total;5;12,5;5;200,5;15;20;77;10;7;1;2');
});

it('the CSV has the same columns, the formula guard on names, and the totals row', () => {
  const lines = reportCsv(report).replace('\uFEFF', '').trim().split('\r\n');
  expect(lines[0]).toBe('Conductor;Turnos;Horas de turno;Horas en movimiento;Kilómetros;Paradas;Viajes;Velocidad máxima (km/h)');
  expect(lines[1]).toBe('"\'=HYPERLINK(""http://x"",""y"")";2;5;2;120,4;6;8;77');
  expect(lines[3]).toBe('Total;5;12,5;5;200,5;15;20;77');
});

it('adds a sheet per day and a sheet per shift, with date cells, durations and the fleet\'s wall-clock times', async () => {
  const day = (date: string, name: string, km: number) => ({ date, id: 2, name, ...metrics(1, km) });
  const daily = { from: report.from, to: report.to, group: 'driver' as const, time_zone: 'America/Santiago', days: [day('2026-11-17', 'Ana Pérez', 50.25), day('2026-11-16', 'Ana Pérez', 30)] };
  const shifts = {
    limited: false,
    shifts: [
      { id: 901, date: '2026-11-16', start_time: '2026-11-16T11:00:00.000Z', end_time: '2026-11-16T21:30:00.000Z', driver_id: 2, driver_name: 'Ana Pérez', vehicle_id: 5, plate_number: 'ABCD12', summarized: true, shift_seconds: 37_800, moving_seconds: 18_000, distance_km: 160.24, stops: 4, trips: 6, max_speed_kmh: 84.6, fares_pesos: 0, estimated_fares_pesos: 0 },
      { id: 902, date: '2026-11-17', start_time: '2026-11-17T12:00:00.000Z', end_time: null, driver_id: 2, driver_name: '=cmd', vehicle_id: null, plate_number: null, summarized: false, shift_seconds: 3600, moving_seconds: 0, distance_km: 0, stops: 0, trips: 0, max_speed_kmh: 0, fares_pesos: 0, estimated_fares_pesos: 0 },
    ],
  };
  const files = unzipSync(new Uint8Array(await (await reportXlsxBlob(report, daily, shifts)).arrayBuffer()));
  const workbook = strFromU8(files['xl/workbook.xml']);
  expect([...workbook.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1])).toEqual(['Reporte', 'Por día', 'Por turno']);
  const shared = [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<si><t[^>]*>([\s\S]*?)<\/t><\/si>/g)].map((m) => m[1].replace(/&apos;/g, "'"));
  const cellsOf = (sheet: string) =>
    Object.fromEntries([...strFromU8(files[sheet]).matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((m) => {
      const raw = m[3]?.match(/<v>([\s\S]*?)<\/v>/)?.[1] ?? '';
      return [m[1], / t="s"/.test(m[2]) ? shared[Number(raw)] : Number(raw)];
    }));
  const perDay = cellsOf('xl/worksheets/sheet2.xml');
  // Oldest day first, a date serial (2026-11-16 is 46342), the name, then the same figures as Reporte.
  expect([perDay.A1, perDay.B1, perDay.F1]).toEqual(['Día', 'Conductor', 'Kilómetros']);
  expect([perDay.A2, perDay.B2, perDay.F2, perDay.A3, perDay.F3]).toEqual([46342, 'Ana Pérez', 30, 46343, 50.3]);
  const perShift = cellsOf('xl/worksheets/sheet3.xml');
  expect([perShift.A1, perShift.B1, perShift.C1, perShift.F1]).toEqual(['Turno', 'Inicio', 'Fin', 'Horas de turno']);
  // 11:00 UTC is 08:00 in Santiago (UTC-3 in November): the serial's fraction is 8/24.
  expect(perShift.A2).toBe(901);
  expect(Number(perShift.B2)).toBeCloseTo(46342 + 8 / 24, 6);
  expect(Number(perShift.C2)).toBeCloseTo(46342 + 18.5 / 24, 6);
  expect(Number(perShift.F2) * 24).toBeCloseTo(10.5, 9);
  expect([perShift.H2, perShift.C3, perShift.D3, perShift.E3]).toEqual([160.2, 'En curso', "'=cmd", 'Sin vehículo']);
});
