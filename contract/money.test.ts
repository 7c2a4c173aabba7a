import { formatPesos, parsePesos } from './money';

it('shows pesos as a Chilean receipt does', () => {
  expect(formatPesos(20_000)).toBe('$20.000');
  expect(formatPesos(100_000)).toBe('$100.000');
  expect(formatPesos(1_234_567)).toBe('$1.234.567');
  expect(formatPesos(0)).toBe('$0');
  expect(formatPesos(999)).toBe('$999');
  expect(formatPesos(-5_000)).toBe('-$5.000');
});

it('reads what the desk types as whole pesos, and refuses anything else', () => {
  expect(parsePesos('20.000')).toBe(20_000);
  expect(parsePesos('$ 20000')).toBe(20_000);
  expect(parsePesos('1.234.567')).toBe(1_234_567);
  for (const bad of ['20,5', '20.5', '20.00', 'veinte', '', '-500', '1e5', '20.000,00']) expect(parsePesos(bad)).toBeNull();
});
