/**
 * GeoJSON import and export of a fleet's zones: a FeatureCollection whose features carry the zone's
 * fields in `properties` (name, kind, color, speed_limit_kmh, dwell_minutes, active_hours); a circle
 * is a Point with `radius_m` (GeoJSON has no circle). Features from other tools may bring only a
 * geometry: the name and kind then default ("Zona 3", Otra).
 */
import { zoneRequestSchema, type Zone, type ZoneCollection, type ZoneInput } from '../../../../contract/alerts';
import { fieldErrors } from '../../../../contract/api';
import { HttpError } from '../../../platform/errors';
import { normalizeGeometry, shapeProblem } from './zoneShape';

export const DEFAULT_ZONE_COLOR = '#2563eb';

export function toFeatureCollection(zones: readonly Zone[]): ZoneCollection {
  return {
    type: 'FeatureCollection',
    features: zones.map((zone) => ({
      type: 'Feature',
      // Zones stored before coordinates were kept at 1e-7° export the same way.
      geometry: normalizeGeometry(zone.geometry),
      properties: {
        name: zone.name,
        kind: zone.kind,
        color: zone.color,
        ...(zone.radius_m !== null ? { radius_m: zone.radius_m } : {}),
        speed_limit_kmh: zone.speed_limit_kmh,
        dwell_minutes: zone.dwell_minutes,
        active_hours: zone.active_hours,
      },
    })),
  };
}

/** Every feature as a zone, checked as POST /zones checks one; the first bad one refuses all, naming its number. */
export function zonesFromCollection(collection: ZoneCollection): ZoneInput[] {
  return collection.features.map((feature, i) => {
    const properties = feature.properties ?? {};
    const candidate = {
      name: `Zona ${i + 1}`,
      kind: 'otra',
      color: DEFAULT_ZONE_COLOR,
      ...properties,
      geometry: feature.geometry,
    };
    const parsed = zoneRequestSchema.safeParse(candidate);
    if (!parsed.success) {
      const message = Object.values(fieldErrors(parsed.error))[0] ?? 'datos inválidos';
      throw new HttpError(400, `Zona ${i + 1}: ${message}`);
    }
    const zone = { ...parsed.data, geometry: normalizeGeometry(parsed.data.geometry) };
    const problem = shapeProblem(zone.geometry);
    if (problem) throw new HttpError(400, `Zona ${i + 1}: ${problem.message}`);
    return zone;
  });
}
