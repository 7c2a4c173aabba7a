/**
 * Chilean RUT: a body of up to 8 digits and a modulo-11 check digit (0-9 or K).
 * Accepted with or without dots and dash, `k` or `K`; stored as body + check digit ("123456785").
 */
export interface ParsedRut {
  body: string;
  checkDigit: string;
}

/** Removes dots and spaces, upper-cases K. Does not validate. */
export function cleanRut(input: string): string {
  return input.replace(/[.\s]/g, '').toUpperCase();
}

/** Splits a RUT into body and check digit (always its last character); null when it is not shaped like one. */
export function parseRut(input: string): ParsedRut | null {
  const match = cleanRut(input).match(/^0*(\d{1,8})-?([\dK])$/);
  return match ? { body: match[1], checkDigit: match[2] } : null;
}

/** Modulo-11 check digit of a RUT body. */
export function computeCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

/** True when the input is a RUT whose check digit is right. */
export function isValidRut(input: string): boolean {
  const parsed = parseRut(input);
  return parsed !== null && Number(parsed.body) > 0 && computeCheckDigit(parsed.body) === parsed.checkDigit;
}

/** Canonical stored form: body + check digit, no separators ("123456785"); null when invalid. */
export function normalizeRut(input: string): string | null {
  const parsed = parseRut(input);
  return parsed && isValidRut(input) ? `${parsed.body}${parsed.checkDigit}` : null;
}

/** Display form 12.345.678-5 of a stored or typed RUT; the input unchanged when it is not shaped like one. */
export function formatRut(input: string): string {
  const parsed = parseRut(input);
  if (!parsed) return input;
  return `${parsed.body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${parsed.checkDigit}`;
}

/**
 * What a login form's RUT can match: the full RUT when its check digit is right, otherwise (digits
 * only, as the placeholder 12345678 suggests) the body alone.
 */
export function loginRutKey(input: string): { rut: string } | { body: string } | null {
  const full = normalizeRut(input);
  if (full) return { rut: full };
  const digits = cleanRut(input).replace(/^0+/, '');
  return /^\d{1,8}$/.test(digits) ? { body: digits } : null;
}

/** The body of a stored RUT ("123456785" → "12345678"). */
export function storedRutBody(stored: string): string {
  return stored.slice(0, -1);
}

/**
 * Whether a login form's RUT was typed with its check digit (after a dash, or ending in K) and that
 * digit is wrong: "12.345.678-9" is a typo the form can say at once. A bare body ("12345678", as the
 * placeholder shows) has no check digit to judge and is matched on its body by the server.
 */
export function hasWrongCheckDigit(input: string): boolean {
  const cleaned = cleanRut(input);
  const typedWithCheckDigit = cleaned.includes('-') || cleaned.endsWith('K');
  return typedWithCheckDigit && !isValidRut(cleaned);
}
