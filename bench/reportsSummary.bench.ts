/**
 * A 12-hour shift at 1 Hz (43,200 points: drives and stands around La Ligua, a few GPS jumps):
 * the time to summarize it — detection alone, and summarizeShift as the shift end runs it (read
 * the trail from shift_locations on PGlite, detect, keep the row). Prints figures; never fails.
 * The fuller reports bench (a month of 200 drivers, replay frames) builds on this file.
 */
import { performance } from 'node:perf_hooks';
import { openPglite } from '../server/platform/db/client';
import { migrateToLatest } from '../server/platform/db/migrate';
import { readTrail } from '../server/modules/positions/readTrail';
import { summarizeShift, summarizeTrail } from '../server/modules/reports';
import { seededRandom } from '../server/tools/seed/prng';
import { createFleet, insertShifts } from '../server/tools/testing/fleetFixtures';
import { SyntheticTrack } from '../server/tools/testing/syntheticTrack';
import { againstReference, cpuReference, loadAverage } from './stats';

const HOURS = 12;
const RUNS = 5;

/** Drives of 2–10 minutes at 15–60 km/h, stands of 1–15 minutes, one wild fix every ~hour. */
function twelveHourShift(start: Date) {
  const random = seededRandom(21);
  const track = new SyntheticTrack(start);
  const end = start.getTime() + HOURS * 3_600_000;
  while (track.now < end - 1000) {
    const left = (end - track.now) / 1000;
    const seconds = Math.min(left, random.int(120, 600));
    const metres = (seconds * random.int(15, 60)) / 3.6;
    const angle = random.next() * 2 * Math.PI;
    track.drive(metres * Math.cos(angle), metres * Math.sin(angle), seconds);
    if (random.chance(0.1)) track.jump(3000);
    const stand = Math.min((end - track.now) / 1000, random.int(60, 900));
    if (stand >= 1) track.stand(Math.floor(stand), 6);
  }
  return track.points;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function run(): Promise<void> {
  const start = new Date('2026-11-02T10:00:00Z');
  const points = twelveHourShift(start);
  console.log(`Turno de ${HOURS} h a 1 Hz: ${points.length.toLocaleString('es-CL')} puntos · carga ${loadAverage()}`);

  const pure: number[] = [];
  let totals = summarizeTrail(points).totals;
  for (let i = 0; i < RUNS; i += 1) {
    const began = performance.now();
    totals = summarizeTrail(points).totals;
    pure.push(performance.now() - began);
  }
  const reference = cpuReference();
  console.log(`  detección (sin base de datos): mediana ${median(pure).toFixed(1)} ms de ${RUNS} = ${againstReference(median(pure), reference)}`);
  console.log(`  → ${totals.distance_km} km, ${totals.trips_count} viajes, ${totals.stops_count} paradas, ${totals.ignored_points} puntos descartados, máx ${totals.max_speed_kmh} km/h`);

  const database = await openPglite(null);
  try {
    const { db } = database;
    await migrateToLatest(db);
    const fleet = await createFleet(db, { rutBody: 34_000_000, company: 'Taxis Banco', passwordHash: 'x', driverNames: ['Eva'] });
    const [shiftId] = await insertShifts(db, [{ owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, start_time: start, end_time: new Date(start.getTime() + HOURS * 3_600_000) }]);
    const rows = points.map((p) => ({ shift_id: shiftId, latitude: p.latitude, longitude: p.longitude, recorded_at: new Date(p.time) }));
    for (let i = 0; i < rows.length; i += 2000) await db.insertInto('shift_locations').values(rows.slice(i, i + 2000)).execute();

    const reads: number[] = [];
    const whole: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      let began = performance.now();
      await readTrail(db, shiftId);
      reads.push(performance.now() - began);
      began = performance.now();
      await summarizeShift(db, shiftId);
      whole.push(performance.now() - began);
    }
    console.log(`  readTrail en PGlite: mediana ${median(reads).toFixed(1)} ms`);
    console.log(`  summarizeShift en PGlite (leer + detectar + guardar): mediana ${median(whole).toFixed(1)} ms de ${RUNS} = ${againstReference(median(whole), cpuReference())} · carga ${loadAverage()}`);
  } finally {
    await database.close();
  }
}
