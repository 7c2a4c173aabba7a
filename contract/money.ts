/**
 * Money: integer Chilean pesos end to end (issue 35). One formatter for every screen and export,
 * `$20.000` (thousands with a dot, no decimals, as a Chilean receipt shows them), and one reader
 * for amounts typed at the desk ("20.000", "$ 20000").
 */

/** The largest amount one entry may carry: a typo of three extra zeros is refused, a year of cuota is not. */
export const MAX_ENTRY_PESOS = 100_000_000;

/** `$20.000`, `-$5.000` (a negative balance reads "a favor" where it is shown). */
export function formatPesos(pesos: number): string {
  const sign = pesos < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(pesos)));
  return `${sign}$${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** What the desk typed, as whole pesos: "20.000", "$20000", " 5 000 " → 20000; anything else (decimals, letters) → null. */
export function parsePesos(typed: string): number | null {
  const cleaned = typed.replace(/[$\s]/g, '');
  if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(cleaned)) return null;
  const value = Number(cleaned.replace(/\./g, ''));
  return Number.isSafeInteger(value) ? value : null;
}
