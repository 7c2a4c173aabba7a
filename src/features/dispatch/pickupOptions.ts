/** The pickup choices a dispatcher can reach with the keyboard: the caller's recent pickups first, then the fleet's places, then the geocoder's. */
import { MAP_POINT_PREFIX, type Customer, type PlacePoint, type SavedPlace } from '../../../contract/api';

export { MAP_POINT_PREFIX };

export type PickupPoint = PlacePoint;

export function pickupOptions(customer: Customer | null | undefined, places: readonly SavedPlace[] | undefined, found: readonly PlacePoint[] = []): PickupPoint[] {
  const seen = new Set<string>();
  const options: PickupPoint[] = [];
  const candidates: PickupPoint[] = [
    ...(customer?.recent_pickups ?? []),
    ...(places ?? []).map((place) => ({ label: place.name, latitude: place.latitude, longitude: place.longitude })),
    ...found,
  ];
  for (const point of candidates) {
    const key = point.label.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    options.push(point);
  }
  return options;
}

/** The option the typed text names (case and spaces aside), if any. */
export function matchPickup(options: readonly PickupPoint[], text: string): PickupPoint | null {
  const key = text.trim().toLowerCase();
  return (key && options.find((option) => option.label.trim().toLowerCase() === key)) || null;
}

export const mapPointLabel = (latitude: number, longitude: number) => `${MAP_POINT_PREFIX} (${latitude.toFixed(5)}, ${longitude.toFixed(5)})`;
