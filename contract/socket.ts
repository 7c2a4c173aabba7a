/**
 * socket.io events between the server and an owner's map (path /socket.io, auth: {token}), with a
 * zod schema for every payload: the server's types are inferred from them and the SPA parses what
 * arrives with them (socketPayloadSchemas), dropping what does not match.
 * A client that sends `auth: {token, batch: true}` receives `location_batch` (every update of one
 * server flush in one event) instead of single `location_update`s; others keep the spec's event.
 */
import { z } from 'zod';
import './zodConfig';
import { bookingSchema, driverOfferSchema, driverTripSchema, availabilitySchema, shiftAvailabilitySchema } from './dispatch';
import { isoTime } from './fields';
import { locationUpdateSchema } from './positions';
import { shiftSchema } from './shifts';
import { alertChangedPayloadSchema, alertRaisedPayloadSchema, sosChangedPayloadSchema } from './alerts';
import { myAccountResponseSchema } from './accounts';

export { SOCKET_PATH } from './paths';
export { SocketEvent } from './socketEvents';

/** location_update: one taxi moved (the one position shape, with its shift id: positions.ts). */
export { locationUpdateSchema };
export type LocationUpdatePayload = z.infer<typeof locationUpdateSchema>;

/** Every taxi that moved in one flush of the ingest (same shapes as location_update). */
export const locationBatchPayloadSchema = z.object({ updates: z.array(locationUpdateSchema) });
export type LocationBatchPayload = z.infer<typeof locationBatchPayloadSchema>;

/** shift_started: the shift as GET /shifts/active lists it. */
export const shiftStartedPayloadSchema = z.object({ shift: shiftSchema });
export type ShiftStartedPayload = z.infer<typeof shiftStartedPayloadSchema>;

export const shiftEndedPayloadSchema = z.object({ shift_id: z.number().int(), end_time: isoTime, duration_seconds: z.number().int() });
export type ShiftEndedPayload = z.infer<typeof shiftEndedPayloadSchema>;

/** booking_changed (fleet room): a booking as GET /dispatch/bookings/:id answers it, after any change. */
export const bookingChangedPayloadSchema = z.object({ booking: bookingSchema });
export type BookingChangedPayload = z.infer<typeof bookingChangedPayloadSchema>;
/** availability_changed (fleet room): one taxi on shift became Libre, Ocupado or Fuera de servicio. */
export const availabilityChangedPayloadSchema = shiftAvailabilitySchema;
export type AvailabilityChangedPayload = z.infer<typeof availabilityChangedPayloadSchema>;
/** offer (one driver's sockets): a new offer, or null when the current one is gone (expired, taken, cancelled). */
export const offerPayloadSchema = z.object({ offer: driverOfferSchema.nullable() });
export type OfferPayload = z.infer<typeof offerPayloadSchema>;
/** trip_changed (one driver's sockets): the driver's trip after any change (cancelado included), and the driver's availability. */
export const tripChangedPayloadSchema = z.object({ trip: driverTripSchema, availability: availabilitySchema.nullable() });
export type TripChangedPayload = z.infer<typeof tripChangedPayloadSchema>;

/**
 * resync (every socket): events may have been lost (the database was away, so the processes' shared
 * channel dropped some); reload what the screen shows, as after a reconnect.
 */
export const resyncPayloadSchema = z.object({});
export type ResyncPayload = z.infer<typeof resyncPayloadSchema>;

/**
 * The handshake's auth: `batch: true` opts into location_batch. A driver's token (from POST
 * /driver/login) is accepted too: that socket receives only its own driver's offer and trip_changed.
 */
export const socketAuthSchema = z.object({ token: z.string(), batch: z.boolean().optional() });
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** join_owner_room's argument (the owner's id) and its acknowledgement. */
export const joinOwnerRoomPayloadSchema = z.number().int();
export const joinOwnerRoomAckSchema = z.object({ ok: z.boolean(), error: z.string().optional() });
export type JoinOwnerRoomAck = z.infer<typeof joinOwnerRoomAckSchema>;

/** The schema of every server → map event's payload, by event name. */
export const socketPayloadSchemas = {
  location_update: locationUpdateSchema,
  location_batch: locationBatchPayloadSchema,
  shift_started: shiftStartedPayloadSchema,
  shift_ended: shiftEndedPayloadSchema,
  booking_changed: bookingChangedPayloadSchema,
  availability_changed: availabilityChangedPayloadSchema,
  offer: offerPayloadSchema,
  trip_changed: tripChangedPayloadSchema,
  resync: resyncPayloadSchema,
  /** Alertas (issue 33): a new alert and a changed one (fleet room); the driver's SOS received or acknowledged (driver room). */
  alert_raised: alertRaisedPayloadSchema,
  alert_changed: alertChangedPayloadSchema,
  sos_changed: sosChangedPayloadSchema,
  /** Cuentas (issue 44): the driver's own account after a charge, payment or reversal (driver room), as GET /driver/account answers it. */
  account_changed: myAccountResponseSchema,
} as const;

type PayloadOf<E extends keyof typeof socketPayloadSchemas> = z.infer<(typeof socketPayloadSchemas)[E]>;

export interface ServerToClientEvents {
  location_update: (update: PayloadOf<'location_update'>) => void;
  location_batch: (payload: PayloadOf<'location_batch'>) => void;
  shift_started: (payload: PayloadOf<'shift_started'>) => void;
  shift_ended: (payload: PayloadOf<'shift_ended'>) => void;
  booking_changed: (payload: PayloadOf<'booking_changed'>) => void;
  availability_changed: (payload: PayloadOf<'availability_changed'>) => void;
  offer: (payload: PayloadOf<'offer'>) => void;
  trip_changed: (payload: PayloadOf<'trip_changed'>) => void;
  resync: (payload: PayloadOf<'resync'>) => void;
  alert_raised: (payload: PayloadOf<'alert_raised'>) => void;
  alert_changed: (payload: PayloadOf<'alert_changed'>) => void;
  sos_changed: (payload: PayloadOf<'sos_changed'>) => void;
  account_changed: (payload: PayloadOf<'account_changed'>) => void;
}

export interface ClientToServerEvents {
  /** Joins room owner:<id>; the server accepts only the token's own owner id. The ack says whether it joined. */
  join_owner_room: (ownerId: number, ack?: (result: JoinOwnerRoomAck) => void) => void;
}

/** One fleet's desk sockets (their owner's id). Typed as its pattern, so a publish names a real room. */
export const ownerRoom = (ownerId: number): `owner:${number}` => `owner:${ownerId}`;
/** The owner's sockets that opted into location_batch (they are in ownerRoom too). */
export const ownerBatchRoom = (ownerId: number): `owner:${number}:batch` => `owner:${ownerId}:batch`;
/** One driver's sockets (a handshake with that driver's token joins it by itself). */
export const driverRoom = (driverId: number): `driver:${number}` => `driver:${driverId}`;
/** The rooms the server publishes events to (the batch room is the location stream's own, platform/realtime). */
export type SocketRoom = ReturnType<typeof ownerRoom> | ReturnType<typeof driverRoom>;
