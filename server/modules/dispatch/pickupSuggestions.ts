/**
 * The pickup field's one list: the fleet's saved places, then the addresses it has used, then the
 * geocoder's answers (only when GEOCODER_URL is set, and only from 3 characters), without repeats
 * (the same text, accents and case aside, comes once: from the first source that has it).
 */
import type { PickupSuggestion } from '../../../contract/dispatch';
import type { Db } from './bookingsRepo';
import { geocode } from './geocoder';
import { searchPlaces } from './placesRepo';
import { searchUsedAddresses } from './usedAddressesRepo';
import { foldText } from '../../../contract/foldText';

const PLACES = 5;
const USED = 6;
export const SUGGESTIONS_MAX = 12;
const GEOCODE_MIN_CHARS = 3;


const usesText = (uses: number) => (uses === 1 ? 'Usada 1 vez' : `Usada ${uses} veces`);

export async function pickupSuggestions(
  db: Db,
  ownerId: number,
  query: string,
  geocoder: { url: string | null; bias?: { latitude: number; longitude: number } },
): Promise<PickupSuggestion[]> {
  const text = query.trim();
  if (!text) return [];
  const [places, used, found] = await Promise.all([
    searchPlaces(db, ownerId, text, PLACES),
    searchUsedAddresses(db, ownerId, text, USED),
    geocoder.url && text.length >= GEOCODE_MIN_CHARS ? geocode(geocoder.url, text, geocoder.bias) : Promise.resolve([]),
  ]);
  const all: PickupSuggestion[] = [
    ...places.map((place) => ({ label: place.name, latitude: place.latitude, longitude: place.longitude, source: 'lugar' as const, detail: place.address || null })),
    ...used.map((address) => ({ label: address.label, latitude: address.latitude, longitude: address.longitude, source: 'usada' as const, detail: usesText(address.uses) })),
    ...found.map((point) => ({ label: point.label, latitude: point.latitude, longitude: point.longitude, source: 'geocoder' as const, detail: null })),
  ];
  const seen = new Set<string>();
  return all
    .filter((suggestion) => {
      const key = foldText(suggestion.label);
      if (!key || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, SUGGESTIONS_MAX);
}
