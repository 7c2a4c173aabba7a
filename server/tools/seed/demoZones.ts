/**
 * The demo fleet's zones (issue 46, item 2): a fresh desk shows what zones do without filling its
 * inbox. Two places the desk's callers name, where the simulator's taxis (simulator/route.ts: a
 * street grid around the plaza) pass now and then rather than all the time, so the default rules
 * bring a handful of entries and exits in the first hour, not the dozens a zone on the plaza did.
 * demoZones.test.ts drives the demo simulator through that hour and counts them.
 */
import type { Kysely } from 'kysely';
import type { ZoneInput } from '../../../contract/alerts';
import { insertZones } from '../../modules/alerts/zones/zonesRepo';
import type { Database } from '../../platform/db/schema';
import { DEMO_OWNER_RUT } from './demoFleet';
import { DEMO_PLACES } from './demoPlaces';

function placePoint(name: string): [number, number] {
  const place = DEMO_PLACES.find((candidate) => candidate.name === name);
  if (!place) throw new Error(`Lugar de demostración desconocido: ${name}`);
  return [place.longitude, place.latitude];
}

const circle = (name: string, kind: ZoneInput['kind'], color: string, place: string, radius: number): ZoneInput => ({
  name,
  kind,
  color,
  geometry: { type: 'Point', coordinates: placePoint(place) },
  radius_m: radius,
  speed_limit_kmh: null,
  dwell_minutes: null,
  active_hours: null,
});

export const DEMO_ZONES: readonly ZoneInput[] = [
  circle('Terminal de Buses', 'terminal', '#7c3aed', 'Terminal de Buses La Ligua', 70),
  circle('Hospital San Agustín', 'paradero', '#0891b2', 'Hospital San Agustín', 90),
];

/** The demo fleet's zones, on its first start (server/index.ts); a no-op without the demo fleet. */
export async function seedDemoZones(db: Kysely<Database>): Promise<number> {
  const owner = await db.selectFrom('owners').select('id').where('rut', '=', DEMO_OWNER_RUT).executeTakeFirst();
  if (!owner) return 0;
  return (await insertZones(db, owner.id, DEMO_ZONES)).length;
}
