/**
 * The headline figures of `npm run bench -- quick`, each taken over HTTP and sockets from a running
 * server process (this tree's or the reference's: bench/ingestArm.ts), so the same probe measures
 * both: booking → offer on the phone's socket, position → alert on a desk's socket, and the reads a
 * desk waits for (the open shift's summary, the fleet's balances, a month's report). Times are
 * loopback round trips measured here, the same way for both trees.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { insertZones } from '../server/modules/alerts/zones/zonesRepo';
import { hashPassword } from '../server/modules/identity';
import type { Database } from '../server/platform/db/schema';
import type { OnShiftFleet } from '../server/tools/testing/bulkFleet';
import { createFleet, insertShifts } from '../server/tools/testing/fleetFixtures';
import { apiCall } from '../server/tools/testing/http';
import { openOwnerSocket } from '../server/tools/testing/ownerSocket';
import { makeZones } from './alerts.bench';
import { storePoints, twelveHourShift } from './openShift.bench';
import { fillFleet, REPORT_DAYS, REPORT_FIRST_DAY } from './reportsPeriod.bench';
import { yearOfLedger } from './settlement.bench';
import { addDays } from '../server/platform/timeZone';

export const QUICK_PASSWORD = 'rapida-bench-123';
/** The zone the position → alert probe steps in and out of (a circle of 300 m), away from the other 1,000. */
const TERMINAL = { lng: -71.6, lat: -32.9 };

/** What was written for the probes; null where the tree's schema has no such thing (an older reference). */
export interface QuickData {
  zones: boolean;
  reports: { ownerRut: string };
  ledger: { ownerRut: string } | null;
  openShift: { ownerRut: string; shiftId: number };
}

const hasTable = async (db: Kysely<Database>, table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = ${table}`.execute(db)).rows[0].n > 0;

/** What the probes read, written while the tree's server is stopped (this tree's fixtures; both trees share the schema). */
export async function seedQuickData(db: Kysely<Database>, bulkOwnerId: number): Promise<QuickData> {
  const passwordHash = await hashPassword(QUICK_PASSWORD);
  const zones = await hasTable(db, 'zones');
  // 1,000 zones for the bulk fleet (as the alerts bench), and the probe's terminal.
  if (zones) await insertZones(
    db,
    bulkOwnerId,
    [
      ...makeZones(1000).map((zone) => ({ name: zone.name, kind: 'otra', color: '#2563eb', geometry: zone.geometry, radius_m: zone.radiusM, speed_limit_kmh: null, dwell_minutes: null, active_hours: null })),
      { name: 'Terminal rápida', kind: 'terminal', color: '#dc2626', geometry: { type: 'Point', coordinates: [TERMINAL.lng, TERMINAL.lat] }, radius_m: 300, speed_limit_kmh: null, dwell_minutes: null, active_hours: null },
    ] as Parameters<typeof insertZones>[2],
  );
  const reports = await fillFleet(db, 35_000_000, 41, passwordHash);
  const ledger = (await hasTable(db, 'account_entries')) ? await yearOfLedger(db, passwordHash) : null;
  const open = await createFleet(db, { rutBody: 38_100_000, company: 'Taxis Abiertos', passwordHash, driverNames: ['Eva'], platePrefix: 'OPN' });
  const start = new Date(Date.now() - 12 * 3_600_000);
  const [shiftId] = await insertShifts(db, [{ owner_id: open.ownerId, driver_id: open.drivers[0].id, start_time: start, end_time: null }]);
  await storePoints(db, shiftId, twelveHourShift(start, 21));
  return { zones, reports: { ownerRut: reports.ownerRut }, ledger: ledger && { ownerRut: ledger.ownerRut }, openShift: { ownerRut: open.ownerRut, shiftId } };
}

const nearestRank = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
export const p95 = (values: number[]) => nearestRank(values, 95);

async function ownerToken(url: string, rut: string, password: string): Promise<string> {
  const login = await apiCall(url, '/api/auth/login', { json: { rut, password } });
  if (login.status !== 200) throw new Error(`login ${rut}: ${login.status}`);
  return login.body.token as string;
}

/** A place for taxi i of the probe, each kilometres from the others and from the ingest's points. */
const probeSpot = (i: number) => ({ latitude: -33.0 - i * 0.02, longitude: -71.55 });

/** "Crear y ofrecer" → the offer on the chosen phone's socket, `count` times (ms each). */
export async function bookingToOffer(url: string, fleet: OnShiftFleet, count: number, round: number): Promise<number[]> {
  const desk = await ownerToken(url, fleet.ownerRut, fleet.password);
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const driver = fleet.drivers[(round * count + i) % fleet.drivers.length];
    const at = probeSpot(round * count + i);
    // The taxi's own point at the pickup: it is the nearest free taxi by kilometres.
    await apiCall(url, '/api/driver/locations', { token: driver.token, json: { locations: [{ ...at, timestamp: new Date().toISOString() }] } });
    const phone = await openOwnerSocket(url, { token: driver.token });
    try {
      const t0 = performance.now();
      const [event, created] = await Promise.all([
        phone.waitFor((e) => e.event === 'offer' && (e.payload as { offer: unknown }).offer !== null, 15_000).then(() => performance.now()),
        apiCall(url, '/api/dispatch/bookings/create-and-offer', { token: desk, json: { customer_phone: '+56 9 1111 2222', pickup: { ...at, label: 'Banco' } } }),
      ]);
      samples.push(event - t0);
      await apiCall(url, `/api/dispatch/bookings/${created.body.booking.id}/cancel`, { token: desk, json: { reason: 'bench' } });
    } finally {
      phone.close();
    }
  }
  return samples;
}

/** A phone's point stepping in and out of the terminal → alert_raised on the desk's socket (ms each). */
export async function positionToAlert(url: string, fleet: OnShiftFleet, count: number): Promise<number[]> {
  const desk = await openOwnerSocket(url, { token: await ownerToken(url, fleet.ownerRut, fleet.password) });
  await desk.join(fleet.ownerId);
  const driver = fleet.drivers[fleet.drivers.length - 1];
  const samples: number[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const seen = desk.events.length;
      const inside = i % 2 === 0;
      const t0 = performance.now();
      await apiCall(url, '/api/driver/locations', {
        token: driver.token,
        json: { locations: [{ latitude: inside ? TERMINAL.lat : TERMINAL.lat + 0.02, longitude: TERMINAL.lng, timestamp: new Date().toISOString() }] },
      });
      await desk.waitFor((event) => event.event === 'alert_raised' && desk.events.indexOf(event) >= seen, 10_000);
      samples.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 5)); // the next point's timestamp is later
    }
  } finally {
    desk.close();
  }
  return samples;
}

async function timedGets(url: string, token: string, path: string, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** The desk's reads: the open 12-hour shift's summary, the fleet's balances, a month's report by driver. */
export async function deskReads(url: string, data: QuickData, count: number): Promise<{ openShift: number[]; balances: number[]; reportsMonth: number[] }> {
  const open = await ownerToken(url, data.openShift.ownerRut, QUICK_PASSWORD);
  const reports = await ownerToken(url, data.reports.ownerRut, QUICK_PASSWORD);
  const month = `from=${REPORT_FIRST_DAY}&to=${addDays(REPORT_FIRST_DAY, REPORT_DAYS - 1)}&group=driver`;
  return {
    openShift: await timedGets(url, open, `/api/shifts/${data.openShift.shiftId}/summary`, count),
    balances: data.ledger ? await timedGets(url, await ownerToken(url, data.ledger.ownerRut, QUICK_PASSWORD), '/api/accounts/balances', count) : [],
    reportsMonth: await timedGets(url, reports, `/api/reports?${month}`, count),
  };
}
