import { attachmentFileName } from '../../lib/download';
import { historyCsvFileName } from './historyCsv';

describe('historyCsvFileName', () => {
  it('carries the local date of the export', () => {
    expect(historyCsvFileName(new Date(2026, 10, 21, 23, 30))).toBe('historial-turnos-2026-11-21.csv');
  });
});

describe('attachmentFileName', () => {
  it('reads the server’s file name, quoted or not, and null without one', () => {
    expect(attachmentFileName('attachment; filename="historial-turnos-2026-11-24.csv"')).toBe('historial-turnos-2026-11-24.csv');
    expect(attachmentFileName('attachment; filename=turnos.csv')).toBe('turnos.csv');
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName(null)).toBeNull();
  });
});
