/**
 * Despacho's one service: bookings, assignment, offers and their expiry, the trip's steps, taxi
 * availability, and the events each change sends (booking_changed and availability_changed to the
 * fleet's room; offer and trip_changed to the driver concerned). Every decision is one database
 * transaction whose conditional UPDATEs and unique indexes settle races. Candidates come from memory
 * alone (the taxi grid and each shift's dispatch state, taxiStates.ts), kept current by this
 * process's decisions and the other processes' events (taxiSync.ts). Offer expiry is read from stored times (offer_expires_at
 * against the database clock), so an offer open across a restart still expires and passes on.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DocumentBlock } from '../../../contract/documents';
import type { Actor, Availability, Booking, BookingCreate, BookingStatus, Candidate } from '../../../contract/dispatch';
import type { Database } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import type { DispatchConfig } from './settings';
import { HttpError } from '../../platform/errors';
import type { Publish } from '../../platform/realtime/publisher';
import type { FlotaSocketServer } from '../../platform/realtime/socketServer';
import { activeShiftOf, setAvailability } from './availabilityRepo';
import { BookingMessages, bookingFromRow, findStored, insertBooking, insertEvent, loadBooking, readOfferTally, transition, unansweredDrivers, type BookingRow, type StoredBooking, type TransitionInput } from './bookingsRepo';
import { OfferEndNotes, offerTallyText } from '../../../contract/offerTally';
import { blockReasons, type DocumentBlocks, type DocumentRules } from '../documents';
import { findCandidates, findExcluded } from './candidates';
import { driverDispatchState, noShowInSeconds, toDriverOffer, toDriverTrip } from './driverView';
import { createDispatchEvents } from './events';
import { createTaxiIndex, distanceMeters } from './taxiIndex';
import { createTaxiStates } from './taxiStates';
import { recordTripFare } from './fares';
import { createTaxiSync } from './taxiSync';

export const DispatchMessages = {
  driverNotFound: 'Conductor no encontrado',
  driverOffShift: 'El conductor no está en turno',
  driverOutOfService: 'El taxi está Fuera de servicio',
  taxiBusy: 'Ese taxi ya tiene un viaje en curso',
  alreadyOffering: 'La reserva ya se está ofreciendo',
  notOffering: 'La reserva no se está ofreciendo: ya la tomó un taxi o volvió al tablero',
  offerGone: 'La oferta ya no está disponible: expiró o fue asignada a otro taxi',
  tripNotYours: 'Ese viaje no es tuyo',
  noShift: 'No tienes un turno activo',
  onTrip: 'Tienes un viaje en curso: la disponibilidad vuelve a Libre al finalizarlo',
  pastSchedule: 'La hora programada ya pasó',
  farSchedule: 'Se puede programar hasta 30 días antes',
  expiredDocuments: (reasons: readonly string[]) => `Documentos vencidos: ${reasons.join('; ')}. Confirma para asignar de todos modos`,
  noShowTooSoon: (seconds: number, waitSeconds: number) =>
    `Aún no: podrás marcar No se presentó en ${waitText(seconds)} (se espera ${waitText(waitSeconds)} desde tu llegada)`,
} as const;

/** "4 min 05 s", "45 s", "5 min". */
function waitText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (!minutes) return `${rest} s`;
  return rest ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${minutes} min`;
}

const SYSTEM: Actor = { kind: 'system', id: null, name: 'Flota' };
const TRIP_INDEX = 'bookings_one_trip_per_driver';
const OFFER_INDEX = 'bookings_one_offer_per_driver';
const MAX_SCHEDULE_DAYS = 30;
const SWEEP_BATCH = 100;
/** Every active shift's state is read again this often (repairs an event missed between processes). */
const STATES_RELOAD_MS = 60_000;

/** A booking's state as Actividad records it: its status, and its offers that came to nothing ("2 sin respuesta, 1 rechazo") when any. */
export interface AuditedState {
  status: BookingStatus;
  offers?: string;
}
/** Runs inside the deciding transaction (the desk's Actividad entry). */
export type Audit = (trx: Transaction<Database>, before: AuditedState | null, after: AuditedState & { id: number }) => Promise<void>;

export interface DispatchServiceOptions {
  db: Kysely<Database>;
  /** Only for taxi states between processes (taxiSync.ts); events go out through `publish`. */
  io: FlotaSocketServer;
  publish: Publish;
  config: DispatchConfig;
  log: FastifyBaseLogger;
  /** Other server processes share the database (PostgreSQL): taxi states travel between them. */
  clustered?: boolean;
  /** Told of each booking that returns to the board unaccepted (alerts raise "Reserva sin aceptar"). */
  hooks?: DispatchHooks;
  /** Vencimientos: which taxis an expired required document keeps out (none when absent). */
  documents?: DocumentRules;
}

/** Runs inside the assignment's transaction when the desk assigned despite expired documents (Actividad). */
export type OverrideAudit = (trx: Transaction<Database>, reasons: readonly string[]) => Promise<void>;

/** A module above dispatch hearing a booking after a change (tracking's links). */
export type BookingListener = (ownerId: number, booking: Booking) => void;

/** A booking nobody accepted: every offer declined or expired, or no free taxi to offer it to. */
export interface UnacceptedBooking {
  ownerId: number;
  bookingId: number;
  reason: 'sin_aceptar' | 'sin_candidatos';
  pickupLabel: string;
  at: Date;
}

/**
 * services.dispatch: made by the app before any module registers, so a module above dispatch (tracking,
 * alerts) can listen whatever the order of registration; the dispatch service tells them.
 */
export function createDispatchHooks() {
  const unacceptedListeners: Array<(booking: UnacceptedBooking) => void> = [];
  const changedListeners: BookingListener[] = [];
  return {
    onUnaccepted(listener: (booking: UnacceptedBooking) => void): void {
      unacceptedListeners.push(listener);
    },
    unaccepted(booking: UnacceptedBooking): void {
      for (const listener of unacceptedListeners) listener(booking);
    },
    onBookingChanged(listener: BookingListener): void {
      changedListeners.push(listener);
    },
    bookingChanged(ownerId: number, booking: Booking): void {
      for (const listener of changedListeners) listener(ownerId, booking);
    },
  };
}
export type DispatchHooks = ReturnType<typeof createDispatchHooks>;

export interface AcceptedPoint {
  ownerId: number;
  shiftId: number;
  driverId: number;
  latitude: number;
  longitude: number;
  time: Date;
}

const fail = (status: number, error: string): never => {
  throw new HttpError(status, error);
};

export function createDispatchService({ db, io, publish: publishEvent, config, log, clustered = false, hooks, documents }: DispatchServiceOptions) {
  /** The fleet's expired required documents, read as each search starts (undefined: nothing to respect). */
  const documentBlocks = async (ownerId: number): Promise<DocumentBlocks | undefined> => (documents ? documents.blocks(ownerId) : undefined);
  const events = createDispatchEvents(publishEvent);
  const index = createTaxiIndex();
  const states = createTaxiStates();
  // Another process's points may bring a taxi this process is waiting for to the pickup.
  const sync = createTaxiSync({ db, io, clustered, index, states, log, onPeerPoint: (shiftId, latitude, longitude) => arrivedNear(shiftId, states.get(shiftId)?.driverId, latitude, longitude) });
  let lastStatesReload = Date.now();
  const lead = config.scheduledLeadMinutes;
  /** Trips waiting for their taxi to arrive, by shift: a position within arrivalMeters marks En el lugar. */
  const approaching = new Map<number, { bookingId: number; ownerId: number; latitude: number; longitude: number }>();
  let lastScheduleCheck = Date.now();

  /** A taxi within arrivalMeters of the pickup it is going to: En el lugar by itself. */
  function arrivedNear(shiftId: number, driverId: number | undefined, latitude: number, longitude: number): void {
    const trip = approaching.get(shiftId);
    if (!trip || driverId === undefined || distanceMeters(latitude, longitude, trip.latitude, trip.longitude) > config.arrivalMeters) return;
    approaching.delete(shiftId);
    advanceTrip(trip.ownerId, trip.bookingId, 'en_el_lugar', SYSTEM, { driverId }).catch((error: unknown) => {
      if (!(error instanceof HttpError)) log.warn({ err: error, bookingId: trip.bookingId }, 'despacho: no se pudo marcar la llegada');
    });
  }

  async function driverActor(driverId: number): Promise<Actor> {
    const row = await db.selectFrom('drivers').select(['first_name', 'last_name']).where('id', '=', driverId).executeTakeFirst();
    return { kind: 'driver', id: driverId, name: row ? `${row.first_name} ${row.last_name}` : 'Conductor' };
  }

  /** Tells the fleet's desks the booking, and each driver concerned its offer and trip (`told`: a driver already sent this offer). */
  async function publish(ownerId: number, bookingId: number, drivers: (number | null | undefined)[] = [], told: number | null = null): Promise<Booking | null> {
    const booking = await loadBooking(db, ownerId, bookingId, lead);
    if (!booking) return null;
    const concerned = new Set(drivers.filter((d): d is number => typeof d === 'number'));
    // The driver just offered this booking hears it first, built from the booking (no further read).
    const offeredTo = booking.status === 'ofrecido' && booking.offer && concerned.has(booking.offer.driver_id) ? booking.offer.driver_id : null;
    if (offeredTo !== null && offeredTo !== told) events.offer(offeredTo, toDriverOffer(booking));
    events.bookingChanged(ownerId, booking);
    hooks?.bookingChanged(ownerId, booking);
    if (booking.vehicle_id !== null || booking.driver_id !== null) {
      const stored = await findStored(db, ownerId, bookingId);
      if (stored?.shift_id && (booking.status === 'asignado' || booking.status === 'en_camino')) {
        approaching.set(stored.shift_id, { bookingId, ownerId, latitude: booking.pickup.latitude, longitude: booking.pickup.longitude });
      } else if (stored?.shift_id && approaching.get(stored.shift_id)?.bookingId === bookingId) {
        approaching.delete(stored.shift_id);
      }
    }
    for (const driverId of concerned) {
      if (driverId === offeredTo) continue;
      const state = await driverDispatchState(db, ownerId, driverId, lead, config.noShowWaitSeconds);
      events.offer(driverId, state.offer);
      if (booking.driver_id === driverId) events.tripChanged(driverId, toDriverTrip(booking, true, config.noShowWaitSeconds), state.availability);
    }
    if (booking.driver_id !== null) concerned.add(booking.driver_id);
    await sync.refresh({ driverIds: [...concerned] });
    return booking;
  }

  async function publishAvailability(ownerId: number, shiftId: number): Promise<void> {
    await sync.refresh({ shiftIds: [shiftId] });
    const row = await db
      .selectFrom('shifts as s')
      .leftJoin('shift_availability as a', 'a.shift_id', 's.id')
      .select(['s.id', 's.driver_id', 's.vehicle_id', 'a.availability'])
      .where('s.id', '=', shiftId)
      .executeTakeFirst();
    if (!row) return;
    events.availabilityChanged(ownerId, {
      shift_id: row.id,
      driver_id: row.driver_id,
      vehicle_id: row.vehicle_id,
      availability: (row.availability ?? 'libre') as Availability,
    });
  }

  /** One transaction; a unique-index loss becomes the Spanish 409 it means. */
  async function decide<T>(work: (trx: Transaction<Database>) => Promise<T>, uniqueMessages: Record<string, string> = {}): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      for (const [constraint, message] of Object.entries(uniqueMessages)) if (isUniqueViolation(error, constraint)) fail(409, message);
      throw error;
    }
  }

  async function step(trx: Transaction<Database>, input: TransitionInput) {
    const result = await transition(trx, input);
    if (!result.ok) fail(result.status, result.error);
    return (result as Extract<typeof result, { ok: true }>).row;
  }

  /** Drivers who declined or let the offer expire since the offering last started. */
  async function refusedDrivers(bookingId: number): Promise<Set<number>> {
    const start = await db
      .selectFrom('booking_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('booking_id', '=', bookingId)
      .where('note', '=', 'inicio')
      .executeTakeFirst();
    const rows = await db
      .selectFrom('booking_events')
      .select('driver_id')
      .where('booking_id', '=', bookingId)
      .where('note', 'in', Object.values(OfferEndNotes))
      .where('id', '>', start?.id ?? 0)
      .execute();
    return new Set(rows.map((r) => r.driver_id).filter((d): d is number => d !== null));
  }

  /**
   * Offers the booking to one candidate inside `trx`: its row, null when it changed meanwhile (a unique
   * violation: the driver holds another offer). `restart`: the offering starts over in the same
   * UPDATE (refusals back to 0, its "inicio" event first), whatever the refusals were.
   */
  async function offerTo(
    trx: Transaction<Database>,
    ownerId: number,
    bookingId: number,
    refusals: number,
    candidate: Candidate,
    restart?: { actor: Actor },
  ): Promise<BookingRow | null> {
    const result = await transition(trx, {
      ownerId,
      bookingId,
      to: 'ofrecido',
      actor: SYSTEM,
      where: (eb) => (restart ? eb.and([eb('status', '=', 'pendiente')]) : eb.and([eb('status', '=', 'pendiente'), eb('refusals', '=', refusals)])),
      eventBefore: restart && { status: 'pendiente', actor: restart.actor, note: 'inicio' },
      set: {
        ...(restart ? { refusals: 0 } : {}),
        offer_driver_id: candidate.driver_id,
        offer_vehicle_id: candidate.vehicle_id,
        offer_shift_id: candidate.shift_id,
        offer_expires_at: sql<Date>`now() + make_interval(secs => ${config.offerSeconds})`,
        offer_distance_m: candidate.distance_m,
        offer_eta_s: candidate.eta_s,
        needs_attention: false,
      },
      eventDriverId: candidate.driver_id,
    });
    return result.ok ? result.row : null;
  }

  /**
   * After the offer's commit: the taxi is no candidate here nor elsewhere, and the driver hears it
   * first, built from the row the offer's UPDATE returned: the desks' read (names, events) comes
   * after, and under the position stream each read waits its turn.
   */
  async function offerMade(ownerId: number, bookingId: number, candidate: Candidate, row: BookingRow): Promise<Booking | null> {
    states.mark(candidate.shift_id, { offered: true });
    sync.announce(candidate.shift_id);
    events.offer(candidate.driver_id, toDriverOffer(bookingFromRow(row)));
    return publish(ownerId, bookingId, [candidate.driver_id], candidate.driver_id);
  }

  async function offerNext(ownerId: number, bookingId: number, known?: StoredBooking): Promise<void> {
    // `known`: offering just (re)started from this stored row (refusals 0): nobody has refused yet.
    const firstOffer = known !== undefined;
    const stored = known ?? (await findStored(db, ownerId, bookingId));
    if (!stored || stored.status !== 'pendiente') return;
    if (stored.refusals < config.maxRefusals) {
      const refused = firstOffer ? new Set<number>() : await refusedDrivers(bookingId);
      if (sync.busy()) await sync.settled();
      const blocks = await documentBlocks(ownerId);
      const candidates = await findCandidates(index, states, config, {
        ownerId,
        latitude: stored.pickup_latitude,
        longitude: stored.pickup_longitude,
        excludeDrivers: refused,
        limit: 5,
        documents: blocks,
      });
      for (const candidate of candidates) {
        try {
          const row = await db.transaction().execute((trx) => offerTo(trx, ownerId, bookingId, stored.refusals, candidate));
          if (row) await offerMade(ownerId, bookingId, candidate, row);
          return;
        } catch (error) {
          // The driver got another booking's offer meanwhile: the next candidate.
          if (!isUniqueViolation(error, OFFER_INDEX)) throw error;
        }
      }
    }
    const flagged = await db
      .updateTable('bookings')
      .set({ needs_attention: true, updated_at: sql<Date>`now()` })
      .where('id', '=', bookingId)
      .where('status', '=', 'pendiente')
      .where('needs_attention', '=', false)
      .returning('id')
      .executeTakeFirst();
    if (flagged) {
      const reason = stored.refusals >= config.maxRefusals ? 'sin_aceptar' : 'sin_candidatos';
      await insertEvent(db, bookingId, 'pendiente', SYSTEM, null, reason);
      const booking = await publish(ownerId, bookingId);
      hooks?.unaccepted({ ownerId, bookingId, reason, pickupLabel: booking?.pickup.label ?? '', at: new Date() });
    }
  }

  /**
   * An offer declined, expired or passed on by the desk ('pasada'): back to pendiente (refusals + 1),
   * then to the next candidate. `audit`: the desk's Actividad entry, with the offers' tally before and after.
   */
  async function passOn(ownerId: number, bookingId: number, driverId: number, actor: Actor, reason: (typeof OfferEndNotes)[keyof typeof OfferEndNotes], audit?: Audit): Promise<boolean> {
    const tallyBefore = audit ? offerTallyText(await readOfferTally(db, bookingId)) : '';
    const passed = await db.transaction().execute(async (trx) => {
      const moved = await transition(trx, {
        ownerId,
        bookingId,
        to: 'pendiente',
        actor,
        where: (eb) =>
          eb.and([
            eb('status', '=', 'ofrecido'),
            eb('offer_driver_id', '=', driverId),
            ...(reason === 'expirada' ? [eb('offer_expires_at', '<=', sql<Date>`now()`)] : []),
          ]),
        set: { refusals: sql<number>`refusals + 1`, offer_driver_id: null, offer_vehicle_id: null, offer_shift_id: null, offer_expires_at: null, offer_distance_m: null, offer_eta_s: null },
        eventDriverId: driverId,
        note: reason,
      });
      if (moved.ok && audit) await audit(trx, { status: 'ofrecido', offers: tallyBefore }, { id: bookingId, status: 'pendiente', offers: offerTallyText(await readOfferTally(trx, bookingId)) });
      return moved;
    });
    if (!passed.ok) return false;
    await publish(ownerId, bookingId, [driverId]);
    await offerNext(ownerId, bookingId);
    return true;
  }

  /** Taxis that let this booking's offer go unanswered come last, marked: the desk tries the others first. */
  async function unansweredLast(bookingId: number, candidates: Candidate[]): Promise<Candidate[]> {
    const silent = await unansweredDrivers(db, bookingId);
    if (!silent.size) return candidates;
    const marked = candidates.map((c) => (silent.has(c.driver_id) ? { ...c, offer_unanswered: true } : c));
    return [...marked.filter((c) => !c.offer_unanswered), ...marked.filter((c) => c.offer_unanswered)];
  }

  /** The offers' tally of a booking before a desk change, for Actividad ('' when none came to nothing: no read). */
  async function offersBefore(stored: StoredBooking | null | undefined): Promise<string> {
    return stored && stored.refusals > 0 ? offerTallyText(await readOfferTally(db, stored.id)) : '';
  }

  async function freeTaxi(trx: Transaction<Database>, ownerId: number, shiftId: number | null): Promise<void> {
    if (shiftId !== null) await setAvailability(trx, ownerId, shiftId, 'libre');
  }

  /** A trip's step (desk by hand, or the driver): finishing ones free the taxi. */
  async function advanceTrip(ownerId: number, bookingId: number, to: BookingStatus, actor: Actor, options: { driverId?: number; audit?: Audit; typedFare?: number | null } = {}) {
    const before = await findStored(db, ownerId, bookingId);
    const row = await decide(async (trx) => {
      const moved = await step(trx, {
        ownerId,
        bookingId,
        to,
        actor,
        where: options.driverId === undefined ? undefined : (eb) => eb.and([eb('driver_id', '=', options.driverId as number)]),
        eventDriverId: before?.driver_id ?? null,
      });
      if (to === 'finalizado' || to === 'no_se_presento') await freeTaxi(trx, ownerId, moved.shift_id);
      if (options.audit) await options.audit(trx, before && { status: before.status }, { id: bookingId, status: to });
      return moved;
    });
    // After the step is stored, so the meter's estimate reads the Finalizado event's own time.
    if (to === 'finalizado') await recordTripFare(db, { ownerId, bookingId, shiftId: row.shift_id }, options.typedFare ?? null);
    await publish(ownerId, bookingId, [row.driver_id]);
    if ((to === 'finalizado' || to === 'no_se_presento') && row.shift_id) await publishAvailability(ownerId, row.shift_id);
    return row;
  }

  return {
    index,
    states,

    /** Positions and dispatch states of active shifts as stored (a restart, or another process's points) seed the index. */
    async loadIndex(): Promise<void> {
      await sync.reload();
      const rows = await db
        .selectFrom('shifts')
        .select(['id', 'owner_id', 'latitude', 'longitude', 'last_location_time'])
        .where('end_time', 'is', null)
        .where('latitude', 'is not', null)
        .execute();
      for (const row of rows) {
        if (row.latitude === null || row.longitude === null || !row.last_location_time) continue;
        index.put({ shiftId: row.id, ownerId: row.owner_id, latitude: row.latitude, longitude: row.longitude, time: row.last_location_time.getTime() });
      }
      const live = await db
        .selectFrom('bookings')
        .select(['id', 'owner_id', 'shift_id', 'pickup_latitude', 'pickup_longitude'])
        .where('status', 'in', ['asignado', 'en_camino'])
        .where('shift_id', 'is not', null)
        .execute();
      for (const row of live) approaching.set(row.shift_id as number, { bookingId: row.id, ownerId: row.owner_id, latitude: row.pickup_latitude, longitude: row.pickup_longitude });
    },

    /** The position pipeline's accepted points: the index, and En el lugar within arrivalMeters of the pickup. */
    onPosition(point: AcceptedPoint): void {
      sync.position(point.shiftId, point.ownerId, point.latitude, point.longitude, point.time.getTime());
      arrivedNear(point.shiftId, point.driverId, point.latitude, point.longitude);
    },

    onShiftEnded(shiftId: number): void {
      sync.ended(shiftId);
      approaching.delete(shiftId);
    },

    /** The candidates and the search's own time (ms): without a routing engine it runs synchronously, so no other work is counted in it. */
    async candidates(ownerId: number, latitude: number, longitude: number, bookingId?: number): Promise<{ candidates: Candidate[]; excluded: DocumentBlock[]; searchMs: number }> {
      const blocks = await documentBlocks(ownerId);
      if (sync.busy()) await sync.settled();
      const started = performance.now();
      const search = findCandidates(index, states, config, { ownerId, latitude, longitude, documents: blocks });
      const searched = performance.now() - started;
      const found = await search;
      const searchMs = config.routingUrl ? performance.now() - started : searched;
      const excluded = findExcluded(index, states, config, { ownerId, latitude, longitude, documents: blocks });
      // Only the caller's own booking reorders (another fleet's id finds no events of its taxis anyway).
      const candidates = bookingId !== undefined && (await findStored(db, ownerId, bookingId)) ? await unansweredLast(bookingId, found) : found;
      return { candidates, excluded, searchMs };
    },

    /** The new booking as the desks were told it (null only if it vanished meanwhile). */
    async create(ownerId: number, actor: Actor, input: BookingCreate, audit?: Audit): Promise<{ id: number; booking: Booking | null }> {
      let scheduledFor: Date | null = null;
      if (input.scheduled_for) {
        scheduledFor = new Date(input.scheduled_for);
        if (scheduledFor.getTime() < Date.now() - 60_000) fail(400, DispatchMessages.pastSchedule);
        if (scheduledFor.getTime() > Date.now() + MAX_SCHEDULE_DAYS * 86_400_000) fail(400, DispatchMessages.farSchedule);
      }
      const id = await decide(async (trx) => {
        const created = await insertBooking(trx, ownerId, input, scheduledFor, actor);
        if (audit) await audit(trx, null, { id: created, status: 'pendiente' });
        return created;
      });
      return { id, booking: await publish(ownerId, id) };
    },

    /** The desk puts a taxi on the booking: one transaction, the unique index refuses a second live trip for the driver. */
    /**
     * The desk puts a taxi on the booking. An expired required document (Vencimientos) needs the desk's
     * explicit confirmation (`confirmExpired`), written to Actividad by `override` in the same transaction.
     */
    async assign(
      ownerId: number,
      bookingId: number,
      driverId: number,
      actor: Actor,
      audit?: Audit,
      documentCheck?: { confirmExpired: boolean; override?: OverrideAudit },
    ): Promise<void> {
      const before = await findStored(db, ownerId, bookingId);
      if (!before) fail(404, BookingMessages.notFound);
      const driver = await db.selectFrom('drivers').select('id').where('id', '=', driverId).where('owner_id', '=', ownerId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!driver) fail(404, DispatchMessages.driverNotFound);
      const offers = await offersBefore(before);
      const blocks = await documentBlocks(ownerId);
      const result = await decide(
        async (trx) => {
          const shift = await activeShiftOf(trx, ownerId, driverId);
          if (!shift) fail(409, DispatchMessages.driverOffShift);
          const { shiftId, vehicleId, availability } = shift as NonNullable<typeof shift>;
          if (availability === 'fuera_de_servicio') fail(409, DispatchMessages.driverOutOfService);
          const reasons = blocks ? blockReasons(blocks, driverId, vehicleId) : [];
          if (reasons.length) {
            if (!documentCheck?.confirmExpired) throw new HttpError(409, DispatchMessages.expiredDocuments(reasons), { confirm_expired_documents: reasons.join('; ') });
            await documentCheck.override?.(trx, reasons);
          }
          const row = await step(trx, {
            ownerId,
            bookingId,
            to: 'asignado',
            actor,
            set: {
              driver_id: driverId,
              vehicle_id: vehicleId,
              shift_id: shiftId,
              offer_driver_id: null,
              offer_vehicle_id: null,
              offer_shift_id: null,
              offer_expires_at: null,
              offer_distance_m: null,
              offer_eta_s: null,
              needs_attention: false,
            },
            eventDriverId: driverId,
          });
          await setAvailability(trx, ownerId, shiftId, 'ocupado');
          // An offer this driver held for another booking passes on at once (the sweep below).
          const released = await trx
            .updateTable('bookings')
            .set({ offer_expires_at: sql<Date>`now()` })
            .where('status', '=', 'ofrecido')
            .where('offer_driver_id', '=', driverId)
            .where('id', '!=', bookingId)
            .returning('id')
            .execute();
          if (audit) await audit(trx, { status: (before as NonNullable<typeof before>).status, offers }, { id: bookingId, status: 'asignado' });
          return { row, shiftId, released: released.length };
        },
        { [TRIP_INDEX]: DispatchMessages.taxiBusy },
      );
      await publish(ownerId, bookingId, [driverId, before?.offer_driver_id]);
      await publishAvailability(ownerId, result.shiftId);
      if (result.released) await this.sweep();
    },

    /** "Ofrecer": automatic offering from the best candidate. The booking as the desks were told it when the best candidate took the offer, else null. */
    async startOffering(ownerId: number, bookingId: number, actor: Actor, audit?: Audit, known?: StoredBooking): Promise<Booking | null> {
      const before = known ?? (await findStored(db, ownerId, bookingId));
      if (!before) fail(404, BookingMessages.notFound);
      const stored = before as NonNullable<typeof before>;
      if (stored.status === 'ofrecido') fail(409, DispatchMessages.alreadyOffering);
      if (stored.status !== 'pendiente') fail(409, refusal409(stored.status));
      // Offering starts over: Actividad keeps what the last round came to ("2 sin respuesta, 1 rechazo").
      const offers = await offersBefore(stored);
      const restart = async (trx: Transaction<Database>) => {
        const reset = await trx
          .updateTable('bookings')
          .set({ refusals: 0, needs_attention: false, updated_at: sql<Date>`now()` })
          .where('id', '=', bookingId)
          .where('status', '=', 'pendiente')
          .returning('id')
          .executeTakeFirst();
        if (!reset) fail(409, BookingMessages.changed);
        await insertEvent(trx, bookingId, 'pendiente', actor, null, 'inicio');
        if (audit) await audit(trx, { status: 'pendiente', offers }, { id: bookingId, status: 'ofrecido' });
      };
      // Usually one UPDATE restarts the offering and offers the best candidate, its two events in one
      // INSERT (each round trip counts on a busy server); when that driver took another offer
      // meanwhile, the loop of offerNext.
      if (sync.busy()) await sync.settled();
      const [best] = await unansweredLast(
        bookingId,
        await findCandidates(index, states, config, {
          ownerId,
          latitude: stored.pickup_latitude,
          longitude: stored.pickup_longitude,
          limit: 5,
          documents: await documentBlocks(ownerId),
        }),
      );
      if (best) {
        try {
          const row = await decide(async (trx) => {
            const offered = await offerTo(trx, ownerId, bookingId, 0, best, { actor });
            if (!offered) return fail(409, BookingMessages.changed);
            if (audit) await audit(trx, { status: 'pendiente', offers }, { id: bookingId, status: 'ofrecido' });
            return offered;
          });
          return await offerMade(ownerId, bookingId, best, row);
        } catch (error) {
          if (!isUniqueViolation(error, OFFER_INDEX)) throw error;
        }
      }
      await decide(restart);
      await offerNext(ownerId, bookingId, { ...stored, refusals: 0 });
      return null;
    },

    async cancel(ownerId: number, bookingId: number, reason: string, actor: Actor, audit?: Audit): Promise<void> {
      const before = await findStored(db, ownerId, bookingId);
      const offers = await offersBefore(before);
      const row = await decide(async (trx) => {
        const moved = await step(trx, {
          ownerId,
          bookingId,
          to: 'cancelado',
          actor,
          set: { cancel_reason: reason, offer_driver_id: null, offer_vehicle_id: null, offer_shift_id: null, offer_expires_at: null, offer_distance_m: null, offer_eta_s: null },
          eventDriverId: before?.driver_id ?? before?.offer_driver_id ?? null,
          note: reason,
        });
        await freeTaxi(trx, ownerId, moved.shift_id);
        if (audit) await audit(trx, before && { status: before.status, offers }, { id: bookingId, status: 'cancelado' });
        return moved;
      });
      await publish(ownerId, bookingId, [row.driver_id, before?.offer_driver_id]);
      if (row.shift_id) await publishAvailability(ownerId, row.shift_id);
    },

    advance: (ownerId: number, bookingId: number, to: BookingStatus, actor: Actor, audit?: Audit) => advanceTrip(ownerId, bookingId, to, actor, { audit }),

    /** The driver's own step on the trip (404 for another driver's trip). */
    async driverStep(driver: { id: number; ownerId: number }, bookingId: number, to: BookingStatus, typedFare: number | null = null): Promise<void> {
      const stored = await findStored(db, driver.ownerId, bookingId);
      if (!stored || stored.driver_id !== driver.id) fail(404, BookingMessages.notFound);
      if (to === 'no_se_presento') {
        // The passenger gets their wait: the phone shows the countdown, the server holds the line.
        const booking = await loadBooking(db, driver.ownerId, bookingId, lead);
        const left = booking ? noShowInSeconds(booking, config.noShowWaitSeconds, new Date()) : null;
        if (left) fail(409, DispatchMessages.noShowTooSoon(left, config.noShowWaitSeconds));
      }
      await advanceTrip(driver.ownerId, bookingId, to, await driverActor(driver.id), { driverId: driver.id, typedFare });
    },

    async accept(driver: { id: number; ownerId: number }, bookingId: number): Promise<void> {
      const stored = await findStored(db, driver.ownerId, bookingId);
      if (!stored || (stored.offer_driver_id !== driver.id && stored.driver_id !== driver.id)) fail(404, BookingMessages.notFound);
      const actor = await driverActor(driver.id);
      const shiftId = await decide(
        async (trx) => {
          const shift = await activeShiftOf(trx, driver.ownerId, driver.id);
          if (!shift) fail(409, DispatchMessages.noShift);
          const { shiftId: sid, vehicleId } = shift as NonNullable<typeof shift>;
          const taken = await transition(trx, {
            ownerId: driver.ownerId,
            bookingId,
            to: 'asignado',
            actor,
            where: (eb) => eb.and([eb('status', '=', 'ofrecido'), eb('offer_driver_id', '=', driver.id), eb('offer_expires_at', '>', sql<Date>`now()`)]),
            set: { driver_id: driver.id, vehicle_id: vehicleId, shift_id: sid, offer_driver_id: null, offer_vehicle_id: null, offer_shift_id: null, offer_expires_at: null, needs_attention: false },
            eventDriverId: driver.id,
          });
          if (!taken.ok) fail(taken.status === 404 ? 404 : 409, taken.error === BookingMessages.changed ? DispatchMessages.offerGone : taken.error);
          await step(trx, { ownerId: driver.ownerId, bookingId, to: 'en_camino', actor, eventDriverId: driver.id });
          await setAvailability(trx, driver.ownerId, sid, 'ocupado');
          return sid;
        },
        { [TRIP_INDEX]: DispatchMessages.taxiBusy },
      );
      await publish(driver.ownerId, bookingId, [driver.id]);
      await publishAvailability(driver.ownerId, shiftId);
    },

    async decline(driver: { id: number; ownerId: number }, bookingId: number): Promise<void> {
      const stored = await findStored(db, driver.ownerId, bookingId);
      if (!stored || stored.offer_driver_id !== driver.id) fail(404, BookingMessages.notFound);
      if (!(await passOn(driver.ownerId, bookingId, driver.id, await driverActor(driver.id), 'rechazada'))) fail(409, DispatchMessages.offerGone);
    },

    /** "Pasar al siguiente": the desk stops waiting on the taxi holding the offer; it counts as unanswered and the next candidate gets it. */
    async passToNext(ownerId: number, bookingId: number, actor: Actor, audit?: Audit): Promise<void> {
      const stored = await findStored(db, ownerId, bookingId);
      if (!stored) fail(404, BookingMessages.notFound);
      const driverId = stored?.offer_driver_id;
      if (stored?.status !== 'ofrecido' || driverId == null) return fail(409, DispatchMessages.notOffering);
      if (!(await passOn(ownerId, bookingId, driverId, actor, OfferEndNotes.passed, audit))) fail(409, DispatchMessages.notOffering);
    },

    async setAvailability(driver: { id: number; ownerId: number }, availability: Availability): Promise<void> {
      const shift = await activeShiftOf(db, driver.ownerId, driver.id);
      if (!shift) fail(409, DispatchMessages.noShift);
      const state = await driverDispatchState(db, driver.ownerId, driver.id, lead, config.noShowWaitSeconds);
      if (state.trip) fail(409, DispatchMessages.onTrip);
      const { shiftId } = shift as NonNullable<typeof shift>;
      await setAvailability(db, driver.ownerId, shiftId, availability);
      await publishAvailability(driver.ownerId, shiftId);
      // Going out of service gives back an open offer at once.
      if (availability !== 'libre' && state.offer) await passOn(driver.ownerId, state.offer.booking.id, driver.id, await driverActor(driver.id), 'rechazada');
    },

    driverState: (driver: { id: number; ownerId: number }) => driverDispatchState(db, driver.ownerId, driver.id, lead, config.noShowWaitSeconds),

    /** Expired offers pass on; scheduled bookings coming due are announced (the board moves them to Por asignar). */
    async sweep(): Promise<number> {
      const expired = await db
        .selectFrom('bookings')
        .select(['id', 'owner_id', 'offer_driver_id'])
        .where('status', '=', 'ofrecido')
        .where('offer_expires_at', '<=', sql<Date>`now()`)
        .orderBy('offer_expires_at')
        .limit(SWEEP_BATCH)
        .execute();
      let passed = 0;
      for (const row of expired) if (row.offer_driver_id !== null && (await passOn(row.owner_id, row.id, row.offer_driver_id, SYSTEM, 'expirada'))) passed += 1;
      const now = Date.now();
      const from = new Date(lastScheduleCheck + lead * 60_000);
      const to = new Date(now + lead * 60_000);
      lastScheduleCheck = now;
      const due = await db
        .selectFrom('bookings')
        .select(['id', 'owner_id'])
        .where('status', '=', 'pendiente')
        .where('scheduled_for', '>', from)
        .where('scheduled_for', '<=', to)
        .execute();
      for (const row of due) await publish(row.owner_id, row.id);
      return passed;
    },

    /** This process's taxi states read again from the database now and then (a missed NOTIFY heals). */
    async refreshStates(): Promise<void> {
      const now = Date.now();
      if (now - lastStatesReload < STATES_RELOAD_MS) return;
      lastStatesReload = now;
      await sync.reload();
    },
  };
}

function refusal409(status: BookingStatus): string {
  return status === 'cancelado' || status === 'finalizado' || status === 'no_se_presento' ? 'La reserva ya está cerrada' : 'La reserva ya tiene un taxi asignado';
}

export type DispatchService = ReturnType<typeof createDispatchService>;
