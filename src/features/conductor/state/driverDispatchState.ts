/**
 * The driver's dispatch state as the phone shows it: the offer's deadline and when "No se presentó"
 * opens, on this phone's clock, from when the state was received (a phone whose clock is off still
 * counts the right seconds). Pure: the receipt time is in the cached data.
 */
import type { DriverOffer, DriverTrip } from '../../../../contract/api';
import type { DriverDispatchData } from './driverApi';

export interface TimedOffer extends DriverOffer {
  deadline: number;
}

/** The trip with when No se presentó opens on this phone's clock (null: not in this state). */
export interface TimedTrip extends DriverTrip {
  noShowAt: number | null;
}

export interface TimedDispatch extends Omit<DriverDispatchData, 'offer' | 'trip'> {
  offer: TimedOffer | null;
  trip: TimedTrip | null;
}

export function timedDispatch(data: DriverDispatchData): TimedDispatch {
  const { offer, trip, received_at } = data;
  return {
    ...data,
    offer: offer ? { ...offer, deadline: received_at + Date.parse(offer.expires_at) - Date.parse(offer.server_time) } : null,
    trip: trip ? { ...trip, noShowAt: trip.no_show_in_s === null ? null : received_at + trip.no_show_in_s * 1000 } : null,
  };
}
