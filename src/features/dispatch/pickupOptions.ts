/** The pickup choices a dispatcher can reach with the keyboard: the caller's recent addresses first, then the fleet's places. */
import type { Customer, Place } from './dispatchTypes';

export interface PickupPoint {
  address: string;
  latitude: number;
  longitude: number;
}

export function pickupOptions(customer: Customer | null | undefined, places: readonly Place[] | undefined): PickupPoint[] {
  const seen = new Set<string>();
  const options: PickupPoint[] = [];
  for (const place of [...(customer?.recent_addresses ?? []), ...(places ?? [])]) {
    const key = place.address.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    options.push({ address: place.address, latitude: place.latitude, longitude: place.longitude });
  }
  return options;
}

/** The option the typed text names (case and spaces aside), if any. */
export function matchPickup(options: readonly PickupPoint[], text: string): PickupPoint | null {
  const key = text.trim().toLowerCase();
  return options.find((option) => option.address.trim().toLowerCase() === key) ?? null;
}

export const mapPointLabel = (latitude: number, longitude: number) => `Punto en el mapa (${latitude.toFixed(5)}, ${longitude.toFixed(5)})`;
