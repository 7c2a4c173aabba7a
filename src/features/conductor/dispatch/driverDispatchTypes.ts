/** Provisional shapes of GET /driver/dispatch until contract/dispatch.ts lands. */
export type DriverAvailability = 'libre' | 'ocupado' | 'fuera_de_servicio';

export interface DriverOffer {
  id: number;
  booking_id: number;
  pickup_address: string;
  pickup_latitude: number;
  pickup_longitude: number;
  distance_meters: number | null;
  eta_seconds: number | null;
  notes: string | null;
  passengers: number;
  expires_at: string;
  timeout_seconds?: number;
}

export type TripStatus = 'asignado' | 'en_camino' | 'en_el_lugar' | 'a_bordo';
export type TripAction = 'arrived' | 'on_board' | 'finish' | 'no_show';

export interface DriverTrip {
  id: number;
  status: TripStatus;
  pickup_address: string;
  pickup_latitude: number;
  pickup_longitude: number;
  destination_address: string | null;
  destination_latitude: number | null;
  destination_longitude: number | null;
  customer_name: string | null;
  customer_phone: string | null;
  notes: string | null;
  passengers: number;
}

export interface DriverDispatchState {
  availability: DriverAvailability;
  offer: DriverOffer | null;
  trip: DriverTrip | null;
}

/** Socket events to this one driver: each means "read your dispatch state again". */
export const DRIVER_EVENTS = ['offer_created', 'offer_cancelled', 'trip_updated'] as const;
