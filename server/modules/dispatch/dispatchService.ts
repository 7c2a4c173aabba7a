/**
 * Despacho's service, composed like the position service: one file per job, each answering domain
 * outcomes (outcomes.ts) that the routes map to HTTP (dispatchAnswers.ts), their SQL in the
 * repositories, Actividad written from inside the deciding transaction (audit.ts).
 *
 *  - taxiFleet.ts: the taxis in memory (grid, states, sync between processes, trips on the way), and candidates;
 *  - bookingNews.ts: what each committed change tells the desks, the drivers and the modules above;
 *  - bookingIntake.ts: a new booking, and "Crear y ofrecer";
 *  - offers.ts: offering, the driver's answer, passing on, back on the board;
 *  - trips.ts: assignment, the trip's steps, cancellation, the driver's availability;
 *  - schedulingSweep.ts: expired offers and scheduled bookings coming due (sweep.ts times it).
 *
 * Every decision is one database transaction whose conditional UPDATEs and unique indexes settle races
 * (decisions.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Booking, Candidate } from '../../../contract/dispatch';
import type { DocumentBlock } from '../../../contract/documents';
import type { Database } from '../../platform/db/schema';
import type { DomainEventBus } from '../../platform/domainEvents';
import type { Publish } from '../../platform/realtime/publisher';
import type { FlotaSocketServer } from '../../platform/realtime/socketServer';
import type { DocumentRules } from '../documents';
import type { PositionAccepted } from '../positions';
import { createBookingIntake } from './bookingIntake';
import { createBookingNews } from './bookingNews';
import { findStored, loadBooking } from './bookingsRepo';
import { createDispatchEvents } from './events';
import { createOffers } from './offers';
import { createSchedulingSweep } from './schedulingSweep';
import type { DispatchConfig } from './settings';
import { createTaxiFleet } from './taxiFleet';
import { createTrips, type Trips } from './trips';

export type { ActivityAuthor, AuditedState } from './audit';

export interface DispatchServiceOptions {
  db: Kysely<Database>;
  /** Only for taxi states between processes (taxiSync.ts); events go out through `publish`. */
  io: FlotaSocketServer;
  publish: Publish;
  config: DispatchConfig;
  log: FastifyBaseLogger;
  /** Other server processes share the database (PostgreSQL): taxi states travel between them. */
  clustered?: boolean;
  /** The modules above: each booking after a change, each that returns to the board unaccepted, each trip finished (inside its transaction). */
  events?: Pick<DomainEventBus, 'tell' | 'within'>;
  /** Vencimientos: which taxis an expired required document keeps out (none when absent). */
  documents?: DocumentRules;
}

export function createDispatchService({ db, io, publish, config, log, clustered = false, events: domain, documents }: DispatchServiceOptions) {
  // The taxis' arrival moves a trip on: bound once trips exist (they publish through the news, which reads the taxis).
  let trips: Trips | null = null;
  const taxis = createTaxiFleet({ db, io, clustered, config, log, documents, onArrived: (trip, driverId) => trips?.arrived(trip, driverId) });
  const events = createDispatchEvents(publish, domain);
  const news = createBookingNews({ db, config, events, taxis });
  const offers = createOffers({ db, config, taxis, news, events });
  const sweep = createSchedulingSweep({ db, config, offers, news });
  trips = createTrips({ db, config, log, taxis, news, offers, events, sweepNow: sweep });
  const intake = createBookingIntake({ db, log, news, offers });

  return {
    index: taxis.index,
    states: taxis.states,
    loadIndex: taxis.load,
    refreshStates: taxis.refreshStates,
    /** The position pipeline's accepted points: the index, and En el lugar within arrivalMeters of the pickup. */
    onPosition: (point: PositionAccepted) => taxis.position(point.shiftId, point.ownerId, point.driverId, point.latitude, point.longitude, point.time.getTime()),
    onShiftEnded: (shiftId: number) => taxis.shiftEnded(shiftId),

    /** The candidates and the search's own time (ms). With `bookingId` (the caller's own): taxis that let its offer go unanswered come last. */
    async candidates(ownerId: number, latitude: number, longitude: number, bookingId?: number): Promise<{ candidates: Candidate[]; excluded: DocumentBlock[]; searchMs: number }> {
      const { found, excluded, searchMs } = await taxis.candidates(ownerId, latitude, longitude);
      const candidates = bookingId !== undefined && (await findStored(db, ownerId, bookingId)) ? await offers.unansweredLast(bookingId, found) : found;
      return { candidates, excluded, searchMs };
    },

    /** A booking as GET /dispatch/bookings/:id answers it (null: not the fleet's). */
    booking: (ownerId: number, bookingId: number): Promise<Booking | null> => loadBooking(db, ownerId, bookingId, config.scheduledLeadMinutes),

    create: intake.create,
    createAndOffer: intake.createAndOffer,
    startOffering: offers.start,
    passToNext: offers.passToNext,
    accept: offers.accept,
    decline: offers.decline,
    assign: trips.assign,
    cancel: trips.cancel,
    advance: trips.advance,
    driverStep: trips.driverStep,
    setAvailability: trips.setAvailability,
    driverState: trips.driverState,
    /** Expired offers pass on; scheduled bookings coming due are announced (the board moves them to Por asignar). */
    sweep,
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
