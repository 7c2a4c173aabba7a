/**
 * A fleet's code: six letters and digits the owner hands to its drivers (setup link
 * `/conductor?flota=<code>`). A driver signs in within that fleet only, so a RUT never matches
 * another fleet's account. Typed with or without spaces and dashes, in any case.
 */
export const FLEET_CODE_LENGTH = 6;
/** Generated codes avoid characters people confuse (0/O, 1/I/L); typed codes may hold any. */
export const FLEET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The stored form ("K7MP2Q"), or null when the input is not shaped like a code. */
export function normalizeFleetCode(input: string): string | null {
  // Bounded before any work: a code is short.
  if (input.length > 32) return null;
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return new RegExp(`^[A-Z0-9]{${FLEET_CODE_LENGTH}}$`).test(code) ? code : null;
}
