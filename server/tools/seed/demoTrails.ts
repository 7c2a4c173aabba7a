/**
 * A taxi's working day around La Ligua, as its phone would have reported it: it waits at a stand
 * or where it left its last passenger (a point every 3 minutes, the fix wandering a few metres),
 * then drives the next passenger (a point every 30 s, bends on the way, town speeds in town and
 * road speeds to Cabildo, Papudo, Zapallar...). Deterministic given the random source. Reports
 * then find real trips and stops in it.
 */
import type { Random } from './prng';
import { LA_LIGUA } from './demoFleetData';

export interface DemoPoint {
  latitude: number;
  longitude: number;
  recorded_at: Date;
}

interface Place {
  latitude: number;
  longitude: number;
}

/** Towns a La Ligua taxi drives to now and then. */
const TOWNS: Place[] = [
  { latitude: -32.4262, longitude: -71.0656 }, // Cabildo
  { latitude: -32.5078, longitude: -71.4467 }, // Papudo
  { latitude: -32.5531, longitude: -71.4589 }, // Zapallar
  { latitude: -32.4598, longitude: -71.1667 }, // Placilla
  { latitude: -32.3895, longitude: -71.3818 }, // Longotoma
  { latitude: -32.4396, longitude: -71.2035 }, // Valle Hermoso
];

const M_PER_DEG_LAT = 111_195;
const mPerDegLng = (latitude: number) => M_PER_DEG_LAT * Math.cos((latitude * Math.PI) / 180);

function metresBetween(a: Place, b: Place): number {
  const north = (b.latitude - a.latitude) * M_PER_DEG_LAT;
  const east = (b.longitude - a.longitude) * mPerDegLng(a.latitude);
  return Math.hypot(north, east);
}

function offset(place: Place, north: number, east: number): Place {
  return { latitude: place.latitude + north / M_PER_DEG_LAT, longitude: place.longitude + east / mPerDegLng(place.latitude) };
}

/** A place in town, within `metres` of the plaza. */
function inTown(random: Random, metres: number): Place {
  const r = metres * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  return offset(LA_LIGUA, r * Math.sin(angle), r * Math.cos(angle));
}

/** A shift's trail from start to end (both included, as the last fix). */
export function demoShiftTrail(random: Random, start: Date, end: Date): DemoPoint[] {
  const points: DemoPoint[] = [];
  const endMs = end.getTime();
  let time = start.getTime();
  let here = inTown(random, 600);
  const record = (place: Place) => points.push({ latitude: place.latitude, longitude: place.longitude, recorded_at: new Date(time) });
  record(here);

  while (time < endMs - 60_000) {
    // Waiting: 5 to 35 minutes (a fix every 3 minutes, wandering up to ~8 m).
    const waitUntil = Math.min(endMs, time + random.int(5, 35) * 60_000);
    while (time + 180_000 < waitUntil) {
      time += 180_000;
      record(offset(here, random.int(-8, 8), random.int(-8, 8)));
    }
    time = waitUntil;
    record(here);
    if (time >= endMs - 60_000) break;

    // A passenger: mostly in town, one in five to a nearby town.
    const to = random.chance(0.2) ? offset(random.pick(TOWNS), random.int(-300, 300), random.int(-300, 300)) : inTown(random, 3000);
    const direct = metresBetween(here, to);
    if (direct < 300) continue;
    // One bend halfway: the road is not a straight line.
    const bend = offset(
      { latitude: (here.latitude + to.latitude) / 2, longitude: (here.longitude + to.longitude) / 2 },
      (random.next() - 0.5) * direct * 0.3,
      (random.next() - 0.5) * direct * 0.3,
    );
    const speedMs = (direct > 6000 ? random.int(55, 80) : random.int(22, 38)) / 3.6;
    for (const [from, target] of [
      [here, bend],
      [bend, to],
    ] as const) {
      const legSeconds = metresBetween(from, target) / speedMs;
      const steps = Math.max(1, Math.round(legSeconds / 30));
      // The shift ends mid-drive: the trail stops at the last fix before its end.
      for (let i = 1; i <= steps && time + (legSeconds / steps) * 1000 <= endMs; i += 1) {
        time += (legSeconds / steps) * 1000;
        const share = i / steps;
        record({ latitude: from.latitude + (target.latitude - from.latitude) * share, longitude: from.longitude + (target.longitude - from.longitude) * share });
      }
      here = points[points.length - 1];
    }
  }
  if (points[points.length - 1].recorded_at.getTime() < endMs) {
    time = endMs;
    record(here);
  }
  return points;
}
