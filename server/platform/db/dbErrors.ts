/** PostgreSQL errors by SQLSTATE (pg and the PGlite worker both keep `code` and `constraint`). */

/** True when the error is a unique violation (23505), optionally of the named index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}
