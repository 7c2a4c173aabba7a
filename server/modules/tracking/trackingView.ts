/**
 * The passenger's view of one trip, read by its token: built field by field from an allow-list
 * (contract/tracking.ts, trackingViewSchema), so nothing the query reads for a decision (the
 * driver's surname is never even selected, the destination neither) can leave by accident.
 *
 * A link answers while its trip runs and until TRACKING_EXPIRY_MINUTES after it ends; a cancelled
 * trip's (or a no-show's) and a revoked one stop at once. Gone and unknown are the same null.
 */
import type { Kysely } from 'kysely';
import type { BookingStatus } from '../../../contract/dispatch';
import type { TrackingState, TrackingView } from '../../../contract/tracking';
import type { Database } from '../../platform/db/schema';
import { bookingRows, distanceMeters, straightLineEta, type DispatchConfig } from '../dispatch';
import { fleetFace } from '../identity';
import { TOKEN_SHAPE } from './linksRepo';
import { vehicleRows } from '../vehicles';
import { driverRows } from '../drivers';
import { shiftRows } from '../shifts';

const STATE_OF: Record<BookingStatus, TrackingState> = {
  pendiente: 'buscando',
  ofrecido: 'buscando',
  asignado: 'en_camino',
  en_camino: 'en_camino',
  en_el_lugar: 'llego',
  a_bordo: 'a_bordo',
  finalizado: 'finalizado',
  cancelado: 'cancelado',
  no_se_presento: 'cancelado',
};

export const trackingStateOf = (status: BookingStatus): TrackingState => STATE_OF[status];

/** A trip as one token reaches it: its view, and what the live stream needs to follow it. */
export interface TrackedTrip {
  view: TrackingView;
  bookingId: number;
  ownerId: number;
  shiftId: number | null;
  /** The taxi's position belongs in the view in this state (before boarding; after it, when the fleet says so). */
  showsPosition: boolean;
  /** When the link stops answering (finished trips), null while the trip runs. */
  expiresAt: Date | null;
}

export interface ViewOptions {
  now: Date;
  expiryMinutes: number;
  eta: Pick<DispatchConfig, 'detourFactor' | 'citySpeedKmh'>;
}

/** The ETA in seconds from a position to the pickup (straight line × detour at the city's speed). */
export function etaFrom(position: { latitude: number; longitude: number }, pickup: { latitude: number; longitude: number }, eta: ViewOptions['eta']): number {
  return straightLineEta(distanceMeters(position.latitude, position.longitude, pickup.latitude, pickup.longitude), eta);
}

/** The view with a newer position of the taxi (the live stream's points), or unchanged when the position is not shown. */
export function withPosition(trip: TrackedTrip, latitude: number, longitude: number, at: Date, eta: ViewOptions['eta']): TrackingView {
  if (!trip.showsPosition) return trip.view;
  const position = { latitude, longitude, at: at.toISOString() };
  return { ...trip.view, position, eta_s: trip.view.state === 'en_camino' ? etaFrom(position, trip.view.pickup, eta) : null };
}

export async function readTrackedTrip(db: Kysely<Database>, token: string, options: ViewOptions): Promise<TrackedTrip | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .selectFrom('tracking_links as l')
    .innerJoin(bookingRows(db).as('b'), 'b.id', 'l.booking_id')
    .leftJoin('tracking_settings as t', 't.owner_id', 'l.owner_id')
    .leftJoin(vehicleRows(db).as('v'), (join) => join.onRef('v.id', '=', 'b.vehicle_id').onRef('v.owner_id', '=', 'b.owner_id'))
    .leftJoin(driverRows(db).as('d'), (join) => join.onRef('d.id', '=', 'b.driver_id').onRef('d.owner_id', '=', 'b.owner_id'))
    .leftJoin(shiftRows(db).as('s'), (join) => join.onRef('s.id', '=', 'b.shift_id').on('s.end_time', 'is', null))
    .select([
      'l.booking_id',
      'l.owner_id',
      'l.revoked_at',
      'b.status',
      'b.closed_at',
      'b.shift_id',
      'b.pickup_latitude',
      'b.pickup_longitude',
      'b.pickup_label',
      't.phone',
      't.position_after_boarding',
      'v.plate_number',
      'v.model',
      'v.color',
      'd.first_name',
      's.latitude',
      's.longitude',
      's.last_location_time',
    ])
    .where('l.token', '=', token)
    .where((eb) => eb('b.owner_id', '=', eb.ref('l.owner_id')))
    .executeTakeFirst();
  if (!row || row.revoked_at) return null;
  const state = trackingStateOf(row.status as BookingStatus);
  if (state === 'cancelado') return null;
  const expiresAt = row.closed_at ? new Date(row.closed_at.getTime() + options.expiryMinutes * 60_000) : null;
  if (expiresAt && options.now.getTime() >= expiresAt.getTime()) return null;
  // The fleet's name through identity's door (owners is its table), once the link is known to answer.
  const fleet = await fleetFace(db, row.owner_id);
  if (!fleet) return null;

  const assigned = state !== 'buscando';
  const showsPosition = state === 'en_camino' || state === 'llego' || (state === 'a_bordo' && row.position_after_boarding === true);
  const pickup = { latitude: row.pickup_latitude, longitude: row.pickup_longitude, label: row.pickup_label };
  const position =
    showsPosition && row.latitude !== null && row.longitude !== null && row.last_location_time
      ? { latitude: row.latitude, longitude: row.longitude, at: new Date(row.last_location_time).toISOString() }
      : null;
  const view: TrackingView = {
    fleet: { name: fleet.name, phone: row.phone ?? null },
    state,
    pickup,
    taxi: assigned && row.plate_number ? { plate: row.plate_number, model: row.model ?? null, color: row.color ?? null } : null,
    driver_first_name: assigned ? (row.first_name?.split(/\s+/)[0] ?? null) : null,
    position,
    eta_s: state === 'en_camino' && position ? etaFrom(position, pickup, options.eta) : null,
  };
  return { view, bookingId: row.booking_id, ownerId: row.owner_id, shiftId: row.shift_id, showsPosition, expiresAt };
}
