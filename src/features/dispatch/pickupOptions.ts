/**
 * The pickup choices a dispatcher reaches with the keyboard, in one list: the caller's recent pickups
 * first, then the fleet's saved places that match what is typed, then the server's suggestions
 * (places, every address the fleet used, the geocoder's), each once, accents and case aside.
 */
import { MAP_POINT_PREFIX, type Customer, type PickupSuggestion, type PlacePoint, type SavedPlace, type SuggestionSource } from '../../../contract/api';
import { foldText } from '../../../contract/foldText';

export { MAP_POINT_PREFIX };

export type PickupPoint = PlacePoint;

export interface PickupOption extends PickupPoint {
  source: SuggestionSource | 'cliente';
  detail: string | null;
}


const placeMatches = (place: SavedPlace, typed: string) => !typed || [place.name, place.address, ...place.aliases].some((text) => foldText(text).includes(typed));

export function pickupOptions(
  customer: Customer | null | undefined,
  places: readonly SavedPlace[] | undefined,
  suggestions: readonly PickupSuggestion[] = [],
  typed = '',
): PickupOption[] {
  const folded = foldText(typed);
  const seen = new Set<string>();
  const options: PickupOption[] = [];
  const candidates: PickupOption[] = [
    ...(customer?.recent_pickups ?? []).filter((point) => !folded || foldText(point.label).includes(folded)).map((point) => ({ ...point, source: 'cliente' as const, detail: null })),
    ...(places ?? []).filter((place) => placeMatches(place, folded)).map((place) => ({ label: place.name, latitude: place.latitude, longitude: place.longitude, source: 'lugar' as const, detail: place.address || null })),
    ...suggestions,
  ];
  for (const option of candidates) {
    const key = foldText(option.label);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    options.push(option);
  }
  return options;
}

/** The option the typed text names (accents, case and spaces aside), as a point, if any. */
export function matchPickup(options: readonly PickupOption[], text: string): PickupPoint | null {
  const key = foldText(text);
  const found = key ? options.find((option) => foldText(option.label) === key) : undefined;
  return found ? { label: found.label, latitude: found.latitude, longitude: found.longitude } : null;
}

export const mapPointLabel = (latitude: number, longitude: number) => `${MAP_POINT_PREFIX} (${latitude.toFixed(5)}, ${longitude.toFixed(5)})`;
