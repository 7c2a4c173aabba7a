/**
 * Chilean licence plates: the old format AB1234 (two letters, four digits) and the current BCDF12
 * (four consonants, no vowels nor M, N, Ñ, Q; two digits). Stored upper case without separators.
 */
const PLATE = /^([A-Z]{2}\d{4}|[B-DF-HJ-LPR-TV-Z]{4}\d{2})$/;

export function normalizePlate(input: string): string {
  return input.replace(/[\s.·-]/g, '').toUpperCase();
}

export function isValidPlate(input: string): boolean {
  return PLATE.test(normalizePlate(input));
}
