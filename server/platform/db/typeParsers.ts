/**
 * One reading of PostgreSQL values for both PGlite and pg, so the API answers the same on either:
 * DATE stays 'YYYY-MM-DD' (no local-midnight Date), int8 and numeric (count(*), bigserial,
 * extract(epoch)) become JS numbers. timestamptz stays a Date in both (their default).
 * Kept as plain data so the PGlite worker (plain JS) can build the same parsers.
 */
export const PG_OID = { INT8: 20, DATE: 1082, NUMERIC: 1700 } as const;

export const typeParserSpec = {
  asNumber: [PG_OID.INT8, PG_OID.NUMERIC],
  asText: [PG_OID.DATE],
} as const;

export type TypeParserSpec = typeof typeParserSpec;

export const typeParsers: Record<number, (value: string) => unknown> = Object.fromEntries([
  ...typeParserSpec.asNumber.map((oid) => [oid, (value: string) => Number(value)]),
  ...typeParserSpec.asText.map((oid) => [oid, (value: string) => value]),
]);
