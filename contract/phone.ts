/**
 * Chilean phone numbers: since 2016 every number is +56 and 9 digits (mobiles start with 9,
 * Santiago's landlines with 2, the regions' with their two-digit area code). People type them in
 * many ways: "+56 9 1234 5678", "56912345678", "9 1234 5678", "(2) 2123 4567", "0056…", or the old
 * trunk prefix "09…". One stored form: +56XXXXXXXXX.
 */
export function normalizeChileanPhone(input: string): string | null {
  let digits = input.trim();
  if (!/^[+\d\s().-]+$/.test(digits)) return null;
  digits = digits.replace(/[^\d]/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('56')) digits = digits.slice(2);
  else if (digits.length === 10 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length !== 9 || !/^[2-9]/.test(digits)) return null;
  return `+56${digits}`;
}

/** "+56 9 1234 5678" for a mobile, "+56 2 2123 4567" for Santiago, "+56 32 212 3456" for a region. */
export function formatChileanPhone(normalized: string): string {
  const match = /^\+56(\d{9})$/.exec(normalized);
  if (!match) return normalized;
  const n = match[1];
  if (n.startsWith('9') || n.startsWith('2')) return `+56 ${n[0]} ${n.slice(1, 5)} ${n.slice(5)}`;
  return `+56 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`;
}
