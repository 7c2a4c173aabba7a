import { formatChileanPhone, normalizeChileanPhone } from './phone';

describe('normalizeChileanPhone', () => {
  it.each([
    ['+56 9 1234 5678', '+56912345678'],
    ['+56912345678', '+56912345678'],
    ['56912345678', '+56912345678'],
    ['0056 9 1234 5678', '+56912345678'],
    ['9 1234 5678', '+56912345678'],
    ['912345678', '+56912345678'],
    ['09-1234-5678', '+56912345678'],
    ['(2) 2123 4567', '+56221234567'],
    ['+56 32 212 3456', '+56322123456'],
    ['  +56 (9) 8765.4321 ', '+56987654321'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeChileanPhone(input)).toBe(expected);
  });

  it.each(['', '12345678', '1234567890', '+54 9 11 1234 5678', '+56 1 2345 6789', '912345678x', 'llamar al 912345678', '+56 9 1234 56789'])(
    'refuses %j',
    (input) => {
      expect(normalizeChileanPhone(input)).toBeNull();
    },
  );
});

describe('formatChileanPhone', () => {
  it('groups mobiles, Santiago and regional numbers as people write them', () => {
    expect(formatChileanPhone('+56912345678')).toBe('+56 9 1234 5678');
    expect(formatChileanPhone('+56221234567')).toBe('+56 2 2123 4567');
    expect(formatChileanPhone('+56322123456')).toBe('+56 32 212 3456');
  });
});
