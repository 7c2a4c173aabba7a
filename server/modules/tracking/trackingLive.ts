/**
 * The passenger pages' live streams (server-sent events), and the links' birth. It hears dispatch's
 * bookings (its onBookingChanged hook: dispatch never imports tracking) and the position service's
 * accepted points (positions' onAccepted), and pushes each open page its own trip's view, nothing
 * else: a stream is bound to one token when it opens and has no way to ask for anything.
 *
 * Every open stream also reads its trip again every refreshMs: changes made by another server
 * process (PostgreSQL) reach it that way, and a link that expired or was revoked closes. One read per
 * open page each 15 s is the whole cost of a page left open; no client polls.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Booking, BookingStatus } from '../../../contract/dispatch';
import type { TrackingView } from '../../../contract/tracking';
import type { Database } from '../../platform/db/schema';
import type { PositionAccepted } from '../positions';
import { ensureLink } from './linksRepo';
import { readTrackedTrip, trackingStateOf, withPosition, type TrackedTrip, type ViewOptions } from './trackingView';

/** Statuses in which the booking has a taxi: its link exists from the first of them on. */
export const LINKED_STATUSES: readonly BookingStatus[] = ['asignado', 'en_camino', 'en_el_lugar', 'a_bordo', 'finalizado'];

export interface TrackingStream {
  view(view: TrackingView): void;
  /** The link stopped answering (expired, revoked, cancelled): the page says "Este viaje terminó". */
  gone(): void;
  /** The server is stopping: the response ends without a word, so the page's EventSource reconnects to the next one. */
  end(): void;
}

interface Watcher {
  token: string;
  trip: TrackedTrip;
  stream: TrackingStream;
}

export function createTrackingLive({ db, options, refreshMs, log }: { db: Kysely<Database>; options: () => ViewOptions; refreshMs: number; log: FastifyBaseLogger }) {
  const watchers = new Set<Watcher>();
  let timer: NodeJS.Timeout | null = null;

  function close(watcher: Watcher): void {
    watchers.delete(watcher);
    watcher.stream.gone();
  }

  async function reread(watcher: Watcher): Promise<void> {
    const trip = await readTrackedTrip(db, watcher.token, options());
    if (!watchers.has(watcher)) return;
    if (!trip) return close(watcher);
    watcher.trip = trip;
    watcher.stream.view(trip.view);
  }

  function rereadAll(filter: (watcher: Watcher) => boolean): void {
    for (const watcher of [...watchers].filter(filter)) {
      reread(watcher).catch((error: unknown) => log.warn({ err: error }, 'seguimiento: no se pudo leer el viaje'));
    }
  }

  return {
    get open(): number {
      return watchers.size;
    },

    /** A page's stream, bound to its token and the trip it read: returns the function that ends it. */
    watch(token: string, trip: TrackedTrip, stream: TrackingStream): () => void {
      const watcher: Watcher = { token, trip, stream };
      watchers.add(watcher);
      timer ??= setInterval(() => rereadAll(() => true), refreshMs);
      return () => {
        watchers.delete(watcher);
        if (watchers.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },

    /** Dispatch's hook: a taxi got the booking (its link is made), and open pages of this booking hear the change. */
    onBookingChanged(ownerId: number, booking: Booking): void {
      const linked = LINKED_STATUSES.includes(booking.status) ? ensureLink(db, ownerId, booking.id) : Promise.resolve(false);
      linked
        .then(() => {
          const state = trackingStateOf(booking.status);
          for (const watcher of [...watchers]) {
            if (watcher.trip.bookingId !== booking.id || watcher.trip.ownerId !== ownerId) continue;
            // A cancelled trip's page says so once, then the link is gone.
            if (state === 'cancelado') {
              watcher.stream.view({ ...watcher.trip.view, state, position: null, eta_s: null });
              close(watcher);
            }
          }
          rereadAll((w) => w.trip.bookingId === booking.id && w.trip.ownerId === ownerId);
        })
        .catch((error: unknown) => log.warn({ err: error, bookingId: booking.id }, 'seguimiento: no se pudo crear el enlace'));
    },

    /** Open pages of this booking read it again now (a revoked link closes them). */
    refresh(ownerId: number, bookingId: number): void {
      rereadAll((w) => w.trip.bookingId === bookingId && w.trip.ownerId === ownerId);
    },

    /** Positions' hook: the taxi of a followed trip moved. */
    onPosition(position: PositionAccepted): void {
      if (watchers.size === 0) return;
      const eta = options().eta;
      for (const watcher of watchers) {
        if (watcher.trip.shiftId !== position.shiftId || watcher.trip.ownerId !== position.ownerId || !watcher.trip.showsPosition) continue;
        watcher.trip = { ...watcher.trip, view: withPosition(watcher.trip, position.latitude, position.longitude, position.time, eta) };
        watcher.stream.view(watcher.trip.view);
      }
    },

    /** The server is stopping: every open stream ends (a kept-open response would hold the HTTP server's close forever). */
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      for (const watcher of [...watchers]) {
        watchers.delete(watcher);
        watcher.stream.end();
      }
    },
  };
}

export type TrackingLive = ReturnType<typeof createTrackingLive>;
