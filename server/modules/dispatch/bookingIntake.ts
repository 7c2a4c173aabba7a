/**
 * A new booking: created ("Crear reserva"), or created and offered to the best free taxi in the same
 * use case ("Crear y ofrecer": one request from the desk, no second read of the booking it just wrote).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor, Booking, BookingCreate } from '../../../contract/dispatch';
import type { Database } from '../../platform/db/schema';
import { auditBooking, type ActivityAuthor } from './audit';
import type { BookingNews } from './bookingNews';
import { decide, insertBooking, type StoredBooking } from './bookingsRepo';
import type { Offers } from './offers';
import type { Outcome, Refusal } from './outcomes';

const MAX_SCHEDULE_DAYS = 30;

export function createBookingIntake({ db, log, news, offers }: { db: Kysely<Database>; log: FastifyBaseLogger; news: BookingNews; offers: Offers }) {
  /** Stored, with its first event and (for the desk) its Actividad entry; not yet told to anyone. */
  async function insert(ownerId: number, actor: Actor, input: BookingCreate, author?: ActivityAuthor): Promise<Outcome<{ id: number; scheduledFor: Date | null }>> {
    let scheduledFor: Date | null = null;
    if (input.scheduled_for) {
      scheduledFor = new Date(input.scheduled_for);
      if (scheduledFor.getTime() < Date.now() - 60_000) return { ok: false, reason: 'past_schedule' };
      if (scheduledFor.getTime() > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000) return { ok: false, reason: 'far_schedule' };
    }
    const inserted = await decide(db, async (trx) => {
      const id = await insertBooking(trx, ownerId, input, scheduledFor, actor);
      await auditBooking(trx, author, null, { id, status: 'pendiente' }, input.pickup.label);
      return id;
    });
    return inserted.ok ? { ok: true, id: inserted.value, scheduledFor } : inserted;
  }

  return {
    /** The new booking as the desks were told it (null only if it vanished meanwhile). */
    async create(ownerId: number, actor: Actor, input: BookingCreate, author?: ActivityAuthor): Promise<Outcome<{ id: number; booking: Booking | null }>> {
      const inserted = await insert(ownerId, actor, input, author);
      if (!inserted.ok) return inserted;
      return { ok: true, id: inserted.id, booking: await news.booking(ownerId, inserted.id) };
    },

    /**
     * "Crear y ofrecer": the booking stored, then offered to the best candidate, in one use case. The
     * desks hear the booking once, as the offering left it. A booking for later is only created. When
     * the offering cannot start, the booking stays on the board and `offerRefused` says why.
     */
    async createAndOffer(ownerId: number, actor: Actor, input: BookingCreate, author?: ActivityAuthor): Promise<Outcome<{ id: number; booking: Booking | null; offerRefused: Refusal | null }>> {
      const inserted = await insert(ownerId, actor, input, author);
      if (!inserted.ok) return inserted;
      const { id, scheduledFor } = inserted;
      if (scheduledFor) return { ok: true, id, booking: await news.booking(ownerId, id), offerRefused: null };
      // What the insert just wrote: the offering needs no read of it.
      const fresh: StoredBooking = {
        id,
        owner_id: ownerId,
        status: 'pendiente',
        driver_id: null,
        vehicle_id: null,
        shift_id: null,
        offer_driver_id: null,
        offer_shift_id: null,
        offer_expires_at: null,
        refusals: 0,
        pickup_latitude: input.pickup.latitude,
        pickup_longitude: input.pickup.longitude,
        scheduled_for: null,
      };
      let offered: Awaited<ReturnType<Offers['start']>>;
      try {
        offered = await offers.start(ownerId, id, actor, author, fresh);
      } catch (error) {
        // The booking is stored: the desk must see it on the board, not believe it was never made.
        log.warn({ err: error, bookingId: id }, 'despacho: no se pudo ofrecer la reserva recién creada');
        offered = { ok: false, reason: 'offer_failed' };
      }
      if (!offered.ok) return { ok: true, id, booking: await news.booking(ownerId, id), offerRefused: offered };
      return { ok: true, id, booking: offered.booking, offerRefused: null };
    },
  };
}
