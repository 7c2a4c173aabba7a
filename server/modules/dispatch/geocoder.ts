/**
 * Address search through a Photon server (GEOCODER_URL; Photon's documented /api?q= answer, a
 * GeoJSON FeatureCollection), biased to a point (the desk's map centre). Nothing is called when it
 * is not configured; a failing server answers an empty list.
 */
import { insideServiceArea, type PlacePoint } from '../../../contract/dispatch';

const TIMEOUT_MS = 2000;
const LIMIT = 6;

interface PhotonFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: Record<string, string | undefined>;
}

function label(p: Record<string, string | undefined>): string {
  const street = [p.street, p.housenumber].filter(Boolean).join(' ');
  return [p.name && p.name !== p.street ? p.name : null, street || null, p.city ?? p.county ?? null].filter(Boolean).join(', ');
}

export async function geocode(geocoderUrl: string, query: string, bias?: { latitude: number; longitude: number }): Promise<PlacePoint[]> {
  const params = new URLSearchParams({ q: query, limit: String(LIMIT), lang: 'es' });
  if (bias) {
    params.set('lat', String(bias.latitude));
    params.set('lon', String(bias.longitude));
  }
  try {
    const response = await fetch(`${geocoderUrl}/api?${params}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) return [];
    const body = (await response.json()) as { features?: PhotonFeature[] };
    return (body.features ?? [])
      .map((f) => ({ longitude: Number(f.geometry?.coordinates?.[0]), latitude: Number(f.geometry?.coordinates?.[1]), label: label(f.properties ?? {}) }))
      .filter((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && insideServiceArea(p.latitude, p.longitude));
  } catch {
    return [];
  }
}
