/**
 * Bookings as stored and as the API sends them. Every status change goes through `transition`: one
 * conditional UPDATE whose WHERE is the state machine's allowedFrom(to) plus the caller's own
 * conditions (the offer is this driver's and not expired, the trip is this driver's), and the
 * event row beside it, in the caller's transaction. A loser of any race updates 0 rows and gets the
 * refusal for the status it found.
 */
import { sql, type Kysely, type Selectable, type Transaction, type ExpressionBuilder } from 'kysely';
import type { Actor, Booking, BookingCreate, BookingEvent, BookingOrigin, BookingStatus, BoardColumn } from '../../../contract/dispatch';
import type { Database } from '../../platform/db/schema';
import { OFFERING_START_NOTE, OfferEndNotes, offerTally, type OfferTally } from '../../../contract/offerTally';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import { RefusedInside, refuse, type Outcome, type Refusal } from './outcomes';
import { CLOSED_STATUSES, LIVE_TRIP_STATUSES, allowedFrom, canMove } from './tripStates';
import { vehicleRows } from '../vehicles';
import { driverRows } from '../drivers';

export type Db = Kysely<Database> | Transaction<Database>;

export const BookingMessages = {
  notFound: 'Reserva no encontrada',
  changed: 'La reserva cambió mientras tanto: revisa el tablero e intenta nuevamente',
} as const;

/** The unique indexes that refuse a second live trip, or a second open offer, for one driver. */
export const TRIP_INDEX = 'bookings_one_trip_per_driver';
export const OFFER_INDEX = 'bookings_one_offer_per_driver';

/**
 * A decision: one transaction whose conditional UPDATEs and unique indexes settle races. A refusal
 * inside it (`refuse`) rolls it back and is its outcome; a unique-index loss becomes the refusal it
 * means (`uniques`: a taxi already on a trip).
 */
export async function decide<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>, uniques: Record<string, Refusal> = {}): Promise<Outcome<{ value: T }>> {
  try {
    return { ok: true, value: await db.transaction().execute(work) };
  } catch (error) {
    if (error instanceof RefusedInside) return error.refusal;
    for (const [constraint, refusal] of Object.entries(uniques)) if (isUniqueViolation(error, constraint)) return refusal;
    throw error;
  }
}

/** The step's row; its refusal rolls the decision back. */
export function stepped(result: TransitionResult): BookingRow {
  if (!result.ok) return refuse(result);
  return result.row;
}

/** A booking's own row (no joined names, no events), as a transition leaves it. */
export type BookingRow = StoredBooking & Omit<Selectable<Database['bookings']>, keyof StoredBooking>;

/** The step made (its row), or the domain's reason it was not: no such booking, a race lost, or no such step from where the booking is. */
export type TransitionResult =
  | { ok: true; row: BookingRow }
  | { ok: false; reason: 'booking_not_found' }
  | { ok: false; reason: 'booking_changed' }
  | { ok: false; reason: 'wrong_status'; from: BookingStatus; to: BookingStatus };

export interface StoredBooking {
  id: number;
  owner_id: number;
  status: BookingStatus;
  driver_id: number | null;
  vehicle_id: number | null;
  shift_id: number | null;
  offer_driver_id: number | null;
  offer_shift_id: number | null;
  offer_expires_at: Date | null;
  refusals: number;
  pickup_latitude: number;
  pickup_longitude: number;
  scheduled_for: Date | null;
}

const storedColumns = [
  'id',
  'owner_id',
  'status',
  'driver_id',
  'vehicle_id',
  'shift_id',
  'offer_driver_id',
  'offer_shift_id',
  'offer_expires_at',
  'refusals',
  'pickup_latitude',
  'pickup_longitude',
  'scheduled_for',
] as const;

export async function findStored(db: Db, ownerId: number, id: number): Promise<StoredBooking | null> {
  const row = await db.selectFrom('bookings').select(storedColumns).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return (row as StoredBooking | undefined) ?? null;
}

export interface TransitionInput {
  ownerId: number;
  bookingId: number;
  to: BookingStatus;
  actor: Actor;
  /** Columns set beside the status. */
  set?: Partial<Record<keyof Database['bookings'], unknown>>;
  /** Extra conditions (this driver's offer, not expired...). */
  where?: (eb: ExpressionBuilder<Database, 'bookings'>) => ReturnType<ExpressionBuilder<Database, 'bookings'>['and']>;
  /** The driver the event concerns. */
  eventDriverId?: number | null;
  note?: string | null;
  /** An event recorded just before this one, in the same INSERT (the offering's "inicio" before its first offer). */
  eventBefore?: { status: BookingStatus; actor: Actor; note: string | null };
}

export async function transition(trx: Db, input: TransitionInput): Promise<TransitionResult> {
  const closing = CLOSED_STATUSES.includes(input.to);
  const update = trx
    .updateTable('bookings')
    .set({
      ...(input.set as object),
      status: input.to,
      updated_at: sql<Date>`now()`,
      ...(closing ? { closed_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', input.bookingId)
    .where('owner_id', '=', input.ownerId)
    .where('status', 'in', allowedFrom(input.to))
    .$if(Boolean(input.where), (q) => q.where((eb) => (input.where as NonNullable<TransitionInput['where']>)(eb)))
    .returningAll();
  const before = input.eventBefore;
  const events = [
    ...(before ? [{ status: before.status, actor: before.actor, driverId: null, note: before.note }] : []),
    { status: input.to, actor: input.actor, driverId: input.eventDriverId ?? null, note: input.note ?? null },
  ];
  // The UPDATE and its events in ONE statement (each round trip waits its turn under the position
  // stream); no row updated, no event. The events' ids keep the order given.
  const { rows } = await sql<BookingRow>`with moved as (${update}), logged as (
      insert into booking_events (booking_id, status, actor_kind, actor_id, actor_name, driver_id, note)
      select moved.id, e.status, e.actor_kind, e.actor_id, e.actor_name, e.driver_id, e.note
      from moved cross join (values ${sql.join(
        events.map((e, i) => sql`(${i}::integer, ${e.status}::text, ${e.actor.kind}::text, ${e.actor.id}::integer, ${e.actor.name}::text, ${e.driverId}::integer, ${e.note}::text)`),
      )}) as e(ord, status, actor_kind, actor_id, actor_name, driver_id, note)
      order by e.ord
    )
    select * from moved`.execute(trx);
  const updated = rows[0];
  if (!updated) {
    const current = await findStored(trx, input.ownerId, input.bookingId);
    if (!current) return { ok: false, reason: 'booking_not_found' };
    return canMove(current.status, input.to) ? { ok: false, reason: 'booking_changed' } : { ok: false, reason: 'wrong_status', from: current.status, to: input.to };
  }
  return { ok: true, row: updated };
}

/**
 * A new booking in ONE statement: its customer (created, or named when a name is given: the
 * booking carries the customer's name either way), the booking, and its first event. Creating is
 * half of booking → offer, and under the position stream each round trip waits its turn.
 */
/**
 * What insertBooking stores: the desk's booking, or one a passenger asked for on the web (`origin`,
 * never read from a request body: bookingCreateSchema has no such field and drops it).
 */
export type BookingInsert = BookingCreate & { origin?: BookingOrigin };

export async function insertBooking(trx: Db, ownerId: number, input: BookingInsert, scheduledFor: Date | null, actor: Actor): Promise<number> {
  const { pickup, destination } = input;
  const { rows } = await sql<{ id: number }>`
    with customer as (
      insert into customers (owner_id, phone, name) values (${ownerId}, ${input.customer_phone}, ${input.customer_name})
      on conflict (owner_id, phone) do update set name = coalesce(excluded.name, customers.name), updated_at = now()
      returning id, name
    ), booking as (
      insert into bookings (owner_id, customer_id, customer_phone, customer_name, pickup_latitude, pickup_longitude, pickup_label,
        destination_latitude, destination_longitude, destination_label, passengers, notes, scheduled_for, origin)
      select ${ownerId}::integer, customer.id, ${input.customer_phone}::text, customer.name,
        ${pickup.latitude}::double precision, ${pickup.longitude}::double precision, ${pickup.label}::text,
        ${destination?.latitude ?? null}::double precision, ${destination?.longitude ?? null}::double precision, ${destination?.label ?? null}::text,
        ${input.passengers}::integer, ${input.notes}::text, ${scheduledFor}::timestamptz, ${input.origin ?? 'desk'}::text
      from customer
      returning id
    ), first_event as (
      insert into booking_events (booking_id, status, actor_kind, actor_id, actor_name, driver_id, note)
      select booking.id, 'pendiente', ${actor.kind}::text, ${actor.id}::integer, ${actor.name}::text, null, null from booking
    )
    select id from booking`.execute(trx);
  return rows[0].id;
}

export async function insertEvent(trx: Db, bookingId: number, status: BookingStatus, actor: Actor, driverId: number | null, note: string | null): Promise<void> {
  await insertEvents(trx, bookingId, [{ status, actor, driverId, note }]);
}

/** Events in one INSERT, their ids (the history's order) in the order given. */
async function insertEvents(trx: Db, bookingId: number, events: { status: BookingStatus; actor: Actor; driverId: number | null; note: string | null }[]): Promise<void> {
  await trx
    .insertInto('booking_events')
    .values(events.map((e) => ({ booking_id: bookingId, status: e.status, actor_kind: e.actor.kind, actor_id: e.actor.id, actor_name: e.actor.name, driver_id: e.driverId, note: e.note })))
    .execute();
}

/** The board's column for a booking now. */
export function boardColumn(status: BookingStatus, scheduledFor: Date | null, now: Date, leadMinutes: number): BoardColumn {
  if (CLOSED_STATUSES.includes(status)) return 'finalizados';
  if (LIVE_TRIP_STATUSES.includes(status)) return 'en_curso';
  if (scheduledFor && scheduledFor.getTime() - leadMinutes * 60_000 > now.getTime()) return 'programados';
  return 'por_asignar';
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function bookingsQuery(db: Db) {
  return db
    .selectFrom('bookings as b')
    .leftJoin(driverRows(db).as('d'), 'd.id', 'b.driver_id')
    .leftJoin(vehicleRows(db).as('v'), 'v.id', 'b.vehicle_id')
    // Who holds the offer, by name: the desk says "Ofrecida a Pedro Rojas", not a number.
    .leftJoin(driverRows(db).as('od'), 'od.id', 'b.offer_driver_id')
    .leftJoin(vehicleRows(db).as('ov'), 'ov.id', 'b.offer_vehicle_id')
    .selectAll('b')
    .select([
      sql<string | null>`d.first_name || ' ' || d.last_name`.as('driver_name'),
      'v.plate_number',
      sql<string | null>`od.first_name || ' ' || od.last_name`.as('offer_driver_name'),
      'ov.plate_number as offer_plate_number',
    ]);
}
type JoinedRow = Awaited<ReturnType<ReturnType<typeof bookingsQuery>['executeTakeFirstOrThrow']>>;

async function eventsOf(db: Db, ids: number[]): Promise<Map<number, BookingEvent[]>> {
  const byBooking = new Map<number, BookingEvent[]>();
  if (!ids.length) return byBooking;
  // One array parameter, not one per id: a board of any size stays one statement.
  const rows = await db.selectFrom('booking_events').selectAll().where(sql<boolean>`booking_id = any(${ids}::int[])`).orderBy('booking_id').orderBy('id').execute();
  for (const row of rows) {
    const list = byBooking.get(row.booking_id) ?? [];
    list.push({
      status: row.status as BookingStatus,
      at: row.at.toISOString(),
      by: { kind: row.actor_kind as Actor['kind'], id: row.actor_id, name: row.actor_name },
      driver_id: row.driver_id,
      note: row.note,
    });
    byBooking.set(row.booking_id, list);
  }
  return byBooking;
}

/**
 * A booking from its own row as a transition returned it: no names of the joined driver and taxi,
 * no events. Enough for the driver's offer card, sent before the desk's full read.
 */
export function bookingFromRow(row: BookingRow): Booking {
  return toBooking({ ...row, driver_name: null, plate_number: null, offer_driver_name: null, offer_plate_number: null }, [], new Date(), 0);
}

function toBooking(row: JoinedRow, events: BookingEvent[], now: Date, leadMinutes: number): Booking {
  const status = row.status as BookingStatus;
  return {
    id: row.id,
    status,
    origin: row.origin === 'web' ? 'web' : 'desk',
    board: boardColumn(status, row.scheduled_for, now, leadMinutes),
    needs_attention: row.needs_attention,
    customer_id: row.customer_id,
    customer_phone: row.customer_phone,
    customer_name: row.customer_name,
    pickup: { latitude: row.pickup_latitude, longitude: row.pickup_longitude, label: row.pickup_label },
    destination:
      row.destination_latitude === null || row.destination_longitude === null
        ? null
        : { latitude: row.destination_latitude, longitude: row.destination_longitude, label: row.destination_label ?? '' },
    passengers: row.passengers,
    notes: row.notes,
    scheduled_for: iso(row.scheduled_for),
    driver_id: row.driver_id,
    driver_name: row.driver_name,
    vehicle_id: row.vehicle_id,
    plate_number: row.plate_number,
    offer:
      status === 'ofrecido' && row.offer_driver_id !== null && row.offer_expires_at
        ? {
            driver_id: row.offer_driver_id,
            driver_name: row.offer_driver_name ?? '',
            vehicle_id: row.offer_vehicle_id,
            plate_number: row.offer_plate_number,
            expires_at: row.offer_expires_at.toISOString(),
            distance_m: Math.round(row.offer_distance_m ?? 0),
            eta_s: Math.round(row.offer_eta_s ?? 0),
          }
        : null,
    refusals: row.refusals,
    ...offerTally(events),
    cancel_reason: row.cancel_reason,
    fare: row.fare_pesos === null ? null : { pesos: row.fare_pesos, estimated: row.fare_estimated ?? true },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    events,
  };
}

interface EventJson {
  status: BookingStatus;
  at: string;
  actor_kind: Actor['kind'];
  actor_id: number | null;
  actor_name: string;
  driver_id: number | null;
  note: string | null;
}

/** One booking with its history in ONE round trip (every change publishes it: the offer path reads it under load). */
export async function loadBooking(db: Db, ownerId: number, id: number, leadMinutes: number, now = new Date()): Promise<Booking | null> {
  const row = await bookingsQuery(db)
    .select(
      sql<EventJson[] | string>`coalesce((select json_agg(json_build_object('status', e.status, 'at', e.at, 'actor_kind', e.actor_kind, 'actor_id', e.actor_id,
        'actor_name', e.actor_name, 'driver_id', e.driver_id, 'note', e.note) order by e.id) from booking_events e where e.booking_id = b.id), '[]'::json)`.as('events_json'),
    )
    .where('b.id', '=', id)
    .where('b.owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return null;
  const { events_json: json, ...booking } = row;
  const events = (typeof json === 'string' ? (JSON.parse(json) as EventJson[]) : json).map(
    (e): BookingEvent => ({ status: e.status, at: new Date(e.at).toISOString(), by: { kind: e.actor_kind, id: e.actor_id, name: e.actor_name }, driver_id: e.driver_id, note: e.note }),
  );
  return toBooking(booking, events, now, leadMinutes);
}

/** Closed bookings the board lists at most (the newest); the others of the day are only counted. */
export const BOARD_CLOSED_SHOWN = 100;

export interface BoardBookings {
  /** Every open booking, whatever the day's volume, and the newest closed ones; newest first. */
  bookings: Booking[];
  /** Closed since `closedSince` and left off the list ("y 1.240 más finalizados hoy"). */
  closedNotShown: number;
}

/**
 * The board: EVERY open booking (a desk must never miss one: there is no limit on them), and of
 * those closed since `closedSince` (the fleet's midnight) the newest `closedShown`, with a count of
 * the rest. A booking closing between the reads can come back twice: kept once, as closed.
 */
export async function listBoard(db: Db, ownerId: number, closedSince: Date, leadMinutes: number, now = new Date(), closedShown = BOARD_CLOSED_SHOWN): Promise<BoardBookings> {
  const open = await bookingsQuery(db).where('b.owner_id', '=', ownerId).where('b.closed_at', 'is', null).execute();
  const closed = await bookingsQuery(db)
    .where('b.owner_id', '=', ownerId)
    .where('b.closed_at', '>=', closedSince)
    .orderBy('b.closed_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(closedShown)
    .execute();
  const { total } = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('owner_id', '=', ownerId)
    .where('closed_at', '>=', closedSince)
    .executeTakeFirstOrThrow();
  // The closed copy is the newer one: it wins.
  const rows = [...new Map([...open, ...closed].map((row) => [row.id, row])).values()].sort((a, b) => b.id - a.id);
  const events = await eventsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    bookings: rows.map((row) => toBooking(row, events.get(row.id) ?? [], now, leadMinutes)),
    closedNotShown: Math.max(0, Number(total) - closed.length),
  };
}


/** A booking's offers that came to nothing since its offering last started (Actividad's "2 sin respuesta, 1 rechazo"). */
export async function readOfferTally(db: Db, bookingId: number): Promise<OfferTally> {
  const rows = await db.selectFrom('booking_events').select('note').where('booking_id', '=', bookingId).where('note', 'in', [OFFERING_START_NOTE, ...Object.values(OfferEndNotes)]).orderBy('id').execute();
  return offerTally(rows);
}

/** Drivers who ever let this booking's offer go unanswered (expired, or passed on by the desk): last in its candidates. */
export async function unansweredDrivers(db: Db, bookingId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('booking_events')
    .select('driver_id')
    .where('booking_id', '=', bookingId)
    .where('note', 'in', [OfferEndNotes.expired, OfferEndNotes.passed])
    .execute();
  return new Set(rows.map((r) => r.driver_id).filter((d): d is number => d !== null));
}

/** Scheduled bookings whose lead time began in (from, to]: the board moves them to Por asignar. */
export async function bookingsComingDue(db: Db, from: Date, to: Date): Promise<{ id: number; owner_id: number }[]> {
  return db.selectFrom('bookings').select(['id', 'owner_id']).where('status', '=', 'pendiente').where('scheduled_for', '>', from).where('scheduled_for', '<=', to).execute();
}
