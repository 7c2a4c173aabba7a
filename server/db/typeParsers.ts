/**
 * One reading of PostgreSQL values for both PGlite and pg, so the API answers the same on either:
 * DATE stays 'YYYY-MM-DD' (no local-midnight Date), int8 and numeric (count(*), bigserial,
 * extract(epoch)) become JS numbers. timestamptz stays a Date in both (their default).
 */
export const PG_OID = { INT8: 20, DATE: 1082, NUMERIC: 1700 } as const;

export const typeParsers: Record<number, (value: string) => unknown> = {
  [PG_OID.INT8]: (value) => Number(value),
  [PG_OID.NUMERIC]: (value) => Number(value),
  [PG_OID.DATE]: (value) => value,
};
