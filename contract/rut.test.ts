import { computeCheckDigit, formatRut, hasWrongCheckDigit, isValidRut, loginRutKey, normalizeRut } from './rut';

describe('RUT', () => {
  it.each(['12.345.678-5', '12.345.670-K', '12.345.670-k', '76086428-5', '12531909-2', '123456785'])('accepts %s', (rut) => {
    expect(isValidRut(rut)).toBe(true);
  });

  it.each(['12531909-3', '12.345.678-6', '', 'abc', '12.34a.678-5', '0-0', '123456789012-3'])('rejects %s', (rut) => {
    expect(isValidRut(rut)).toBe(false);
  });

  it('computes the modulo-11 check digit, including 0 and K', () => {
    expect(computeCheckDigit('12345678')).toBe('5');
    expect(computeCheckDigit('12345670')).toBe('K');
    expect(computeCheckDigit('11111111')).toBe('1');
    expect(computeCheckDigit('6')).toBe('K');
    expect(computeCheckDigit('7')).toBe('8');
    expect(computeCheckDigit('28')).toBe('0');
  });

  it('stores body and check digit without separators, K upper case', () => {
    expect(normalizeRut('12.345.670-k')).toBe('12345670K');
    expect(normalizeRut(' 12.345.678-5 ')).toBe('123456785');
    expect(normalizeRut('12.345.678-6')).toBeNull();
  });

  it('formats as 12.345.678-5', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('76086428-5')).toBe('76.086.428-5');
    expect(formatRut('1234567-4')).toBe('1.234.567-4');
    expect(formatRut('no es rut')).toBe('no es rut');
  });

  it('matches a login typed without check digit on its body', () => {
    expect(loginRutKey('12345678')).toEqual({ body: '12345678' });
    expect(loginRutKey('12.345.678-5')).toEqual({ rut: '123456785' });
    expect(loginRutKey('hola')).toBeNull();
  });
});

describe('hasWrongCheckDigit (the login form)', () => {
  it.each(['12.345.678-9', '12345678-0', '5.555.555-K', '1-k'])('%s was typed with a wrong check digit', (rut) => {
    expect(hasWrongCheckDigit(rut)).toBe(true);
  });
  it.each(['12.345.678-5', '123456785', '12345678', '12.345.678', '5.555.555-9', '10.000.013-k'])('%s is left to the server', (rut) => {
    expect(hasWrongCheckDigit(rut)).toBe(false);
  });
});
