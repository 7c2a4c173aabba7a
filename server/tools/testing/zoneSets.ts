/**
 * A fleet's zones as GeoJSON at the edge of what the limits allow (contract/alerts.ts): `count` zones
 * (up to MAX_ZONES_PER_FLEET) of `vertices` vertices each (up to MAX_ZONE_VERTICES), each a regular
 * polygon (never crossing itself) on a grid starting at `centre` (La Ligua unless said: a test
 * whose taxis must not meet the zones puts them elsewhere), its coordinates at 1e-7° with every
 * digit used, names of 80 characters, every optional property set. What Exportar GeoJSON saves of
 * such a fleet is the largest body POST /zones/import must take.
 */
import { MAX_ZONE_VERTICES, type ZoneCollection } from '../../../contract/alerts';

const LA_LIGUA = { lng: -71.2534567, lat: -32.4512345 };
/** The Atacama desert: no taxi of any test goes there. */
export const FAR_FROM_EVERY_TAXI = { lng: -69.1234567, lat: -24.1234567 };
/** Zones 300 m across, 400 m apart: none overlaps, all within a few kilometres. */
const RADIUS_DEG = 0.0013;
const SPACING_DEG = 0.0037;

const seventh = (value: number) => Math.round(value * 1e7) / 1e7;

export function zoneSet(count: number, vertices = MAX_ZONE_VERTICES, centre = LA_LIGUA): ZoneCollection {
  const perRow = Math.ceil(Math.sqrt(count));
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: count }, (_, i) => {
      const lng = centre.lng + (i % perRow) * SPACING_DEG + 1.23e-5;
      const lat = centre.lat + Math.floor(i / perRow) * SPACING_DEG + 4.56e-5;
      const ring: [number, number][] = Array.from({ length: vertices }, (_, v) => {
        const angle = (2 * Math.PI * v) / vertices;
        return [seventh(lng + RADIUS_DEG * Math.cos(angle)), seventh(lat + RADIUS_DEG * Math.sin(angle))];
      });
      return {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
        properties: {
          // 80 characters, none of them a blank at the end (the name is stored trimmed).
          name: `Zona ${String(i + 1).padStart(4, '0')} ${'Paradero de la población Ñuñoa Sur '.repeat(3)}`.slice(0, 79).trimEnd().padEnd(80, 'x'),
          kind: 'paradero',
          color: '#2563eb',
          speed_limit_kmh: 300,
          dwell_minutes: 1440,
          active_hours: { from: '06:00', to: '23:30' },
        },
      };
    }),
  };
}
