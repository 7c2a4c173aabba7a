/**
 * Reportes' offers per driver (issue 38), counted in SQL from Despacho's booking events of the
 * fleet's own bookings (its tenancy: the booking's owner), each on the moment it happened in the
 * fleet's time zone. The words are the desk's (contract/offerTally.ts): a refusal is "rechazada",
 * silence is "expirada" or "pasada" (the desk passed it on before it expired); an acceptance is the
 * driver's own step to "asignado" (the desk assigning by hand is no answer to an offer).
 */
import { sql, type Kysely } from 'kysely';
import { OfferEndNotes } from '../../../contract/offerTally';
import type { ReportMetrics, ReportOffers } from '../../../contract/reports';
import type { Database } from '../../platform/db/schema';
import { addDays } from '../../platform/timeZone';
import type { ReportFilter } from './reportsRepo';
import { bookingEventRows, bookingRows } from '../dispatch';
import { driverRows } from '../drivers';

export interface DriverOffers {
  id: number;
  name: string;
  offers: ReportOffers;
}

interface OffersRow {
  id: number;
  name: string;
  received: string | number;
  accepted: string | number;
  declined: string | number;
  unanswered: string | number;
}

const dayStart = (date: string, timeZone: string) => sql`(cast(${date} as date)::timestamp at time zone cast(${timeZone} as text))`;

/** Every driver of the fleet with an offer event in the period, by name. */
export async function offersByDriver(db: Kysely<Database>, filter: Pick<ReportFilter, 'ownerId' | 'from' | 'to' | 'timeZone' | 'driverId'>): Promise<DriverOffers[]> {
  const { rows } = await sql<OffersRow>`select e.driver_id as id, d.first_name || ' ' || d.last_name as name,
      count(*) filter (where e.status = 'ofrecido') as received,
      count(*) filter (where e.status = 'asignado' and e.actor_kind = 'driver') as accepted,
      count(*) filter (where e.note = ${OfferEndNotes.declined}) as declined,
      count(*) filter (where e.note in (${OfferEndNotes.expired}, ${OfferEndNotes.passed})) as unanswered
    from ${bookingRows(db)} b
    join ${bookingEventRows(db)} e on e.booking_id = b.id
    join ${driverRows(db)} d on d.id = e.driver_id and d.owner_id = b.owner_id
    where b.owner_id = ${filter.ownerId}
      and e.at >= ${dayStart(filter.from, filter.timeZone)} and e.at < ${dayStart(addDays(filter.to, 1), filter.timeZone)}
      ${filter.driverId === undefined ? sql`` : sql`and e.driver_id = ${filter.driverId}`}
      and (e.status in ('ofrecido', 'asignado') or e.note in (${OfferEndNotes.declined}, ${OfferEndNotes.expired}, ${OfferEndNotes.passed}))
    group by e.driver_id, d.first_name, d.last_name
    order by 2, 1`.execute(db);
  return rows
    .map((row) => ({ id: Number(row.id), name: row.name, offers: { received: Number(row.received), accepted: Number(row.accepted), declined: Number(row.declined), unanswered: Number(row.unanswered) } }))
    .filter((row) => row.offers.received + row.offers.accepted + row.offers.declined + row.offers.unanswered > 0);
}

export const NO_OFFERS: ReportOffers = { received: 0, accepted: 0, declined: 0, unanswered: 0 };

export function sumOffers(list: readonly ReportOffers[]): ReportOffers {
  const total = { ...NO_OFFERS };
  for (const offers of list) for (const key of Object.keys(total) as (keyof ReportOffers)[]) total[key] += offers[key];
  return total;
}

/**
 * The report's driver rows with their offers: a driver with offers but no shift in the period
 * gets a row of zeros (the desk offered them a booking all the same), still alphabetical.
 */
export function withOffers<Row extends ReportMetrics & { id: number | null; name: string }>(rows: readonly Row[], offers: readonly DriverOffers[], zero: ReportMetrics): Array<Row & { offers: ReportOffers }> {
  const byDriver = new Map(offers.map((row) => [row.id, row]));
  const merged: Array<Row & { offers: ReportOffers }> = rows.map((row) => ({ ...row, offers: (row.id !== null && byDriver.get(row.id)?.offers) || NO_OFFERS }));
  const shown = new Set(rows.map((row) => row.id));
  for (const row of offers) {
    if (shown.has(row.id)) continue;
    // Placed among the database's order rather than re-sorting it (its collation may differ from JavaScript's).
    const at = merged.findIndex((other) => other.name.localeCompare(row.name, 'es') > 0);
    merged.splice(at === -1 ? merged.length : at, 0, { ...zero, id: row.id, name: row.name, offers: row.offers } as Row & { offers: ReportOffers });
  }
  return merged;
}
