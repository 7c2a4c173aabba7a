/**
 * The sweep's round (sweep.ts runs it every sweepMs, in the leading process): offers past their time
 * pass on to the next candidate, and scheduled bookings coming due are told again (the board moves
 * them to Por asignar DISPATCH_SCHEDULED_LEAD_MINUTES before their time).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { BookingNews } from './bookingNews';
import { bookingsComingDue } from './bookingsRepo';
import { SYSTEM } from './outcomes';
import type { Offers } from './offers';
import { expiredOffers } from './offersRepo';
import { OfferEndNotes } from '../../../contract/offerTally';
import type { DispatchConfig } from './settings';

const SWEEP_BATCH = 100;

export function createSchedulingSweep({ db, config, offers, news }: { db: Kysely<Database>; config: DispatchConfig; offers: Offers; news: BookingNews }) {
  const lead = config.scheduledLeadMinutes;
  let lastScheduleCheck = Date.now();

  /** One round; the offers passed on. */
  return async function sweep(): Promise<number> {
    let passed = 0;
    for (const row of await expiredOffers(db, SWEEP_BATCH)) {
      if (row.offer_driver_id !== null && (await offers.passOn(row.owner_id, row.id, row.offer_driver_id, SYSTEM, OfferEndNotes.expired))) passed += 1;
    }
    const now = Date.now();
    const from = new Date(lastScheduleCheck + lead * 60_000);
    const to = new Date(now + lead * 60_000);
    lastScheduleCheck = now;
    for (const row of await bookingsComingDue(db, from, to)) await news.booking(row.owner_id, row.id);
    return passed;
  };
}
