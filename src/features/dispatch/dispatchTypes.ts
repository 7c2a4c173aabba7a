/** Provisional shapes until contract/dispatch.ts lands. */
export type BookingStatus = 'pendiente' | 'programado' | 'ofrecido' | 'asignado' | 'en_camino' | 'en_el_lugar' | 'a_bordo' | 'finalizado' | 'cancelado' | 'no_se_presento';

export interface Booking {
  id: number;
  status: BookingStatus;
  customer_phone: string;
  customer_name: string | null;
  pickup_address: string;
  pickup_latitude: number;
  pickup_longitude: number;
  destination_address: string | null;
  passengers: number;
  notes: string | null;
  scheduled_at: string | null;
  created_at: string;
  updated_at: string;
  driver_id: number | null;
  driver_name: string | null;
  plate_number: string | null;
  offer_expires_at: string | null;
  needs_attention: boolean;
  cancel_reason: string | null;
}

export interface Candidate {
  shift_id: number;
  driver_id: number;
  driver_name: string;
  plate_number: string | null;
  latitude: number;
  longitude: number;
  distance_meters: number;
  eta_seconds: number;
}

export interface Place {
  address: string;
  latitude: number;
  longitude: number;
  label?: string;
}

export interface Customer {
  id: number;
  phone: string;
  name: string | null;
  notes: string | null;
  recent_addresses: Place[];
}

export interface BookingInput {
  customer_phone: string;
  customer_name?: string;
  pickup_address: string;
  pickup_latitude: number;
  pickup_longitude: number;
  destination_address?: string;
  passengers: number;
  notes?: string;
  scheduled_at?: string;
  offer?: boolean;
}
