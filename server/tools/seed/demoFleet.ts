/**
 * The demo fleet seeded on first start: one owner, 25 vehicles, 25 drivers, 30 days of shifts and
 * 6 active shifts around La Ligua. Deterministic (seeded PRNG) given `now`; inserted in bulk.
 */
import { seedDemoPlaces } from './demoPlaces';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { computeCheckDigit } from '../../../contract/rut';
import { hashPassword } from '../../modules/identity/passwords';
import type { Database, ShiftsTable } from '../../platform/db/schema';
import { insertOwner } from '../../modules/identity/ownersRepo';
import { COLORS, FIRST_NAMES, LAST_NAMES, LA_LIGUA, MODELS, PLATE_LETTERS } from './demoFleetData';
import { seededRandom, type Random } from './prng';
import { addDays, zonedDate, zonedTime } from '../../platform/timeZone';

export const DEMO_OWNER_RUT = '123456785';
export const DEMO_OWNER_RUT_DISPLAY = '12.345.678-5';
export const DEMO_PASSWORD = 'flota-demo';
export const DEMO_COMPANY = 'Taxis La Ligua';
/**
 * The demo fleet's code, fixed so the simulator can target any server seeded with it. Public like
 * the demo password; it holds characters generated codes never use (I, L, 1), so no real fleet
 * can get it.
 */
export const DEMO_FLEET_CODE = 'LIGUA1';
export const DEMO_SEED = 20240917;

export const DEMO_COUNTS = {
  vehicles: 25,
  drivers: 25,
  assignedDrivers: 22,
  inactiveDrivers: 2,
  activeShifts: 6,
  activeShiftsWithPosition: 5,
  historyDays: 30,
} as const;

export interface SeedOptions {
  now?: Date;
  timeZone?: string;
  seed?: number;
}

export interface SeedResult {
  ownerId: number;
  vehicles: number;
  drivers: number;
  shifts: number;
  locations: number;
}

const CHUNK = 500;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

function plates(random: Random, count: number): string[] {
  const seen = new Set<string>();
  while (seen.size < count) {
    const letters = Array.from({ length: 4 }, () => random.pick([...PLATE_LETTERS])).join('');
    seen.add(`${letters}${String(random.int(10, 99))}`);
  }
  return [...seen];
}

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** A point within about `km` of La Ligua. */
function nearLaLigua(random: Random, km: number) {
  const kmPerDegLat = 111;
  const kmPerDegLng = 111 * Math.cos((LA_LIGUA.latitude * Math.PI) / 180);
  const r = km * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  return {
    latitude: LA_LIGUA.latitude + (r * Math.sin(angle)) / kmPerDegLat,
    longitude: LA_LIGUA.longitude + (r * Math.cos(angle)) / kmPerDegLng,
  };
}

/** A short drive: `points` positions ending at the shift's last position. */
function track(random: Random, start: Date, end: Date, points: number) {
  let here = nearLaLigua(random, 3);
  const step = (end.getTime() - start.getTime()) / points;
  return Array.from({ length: points }, (_, i) => {
    if (i > 0) {
      const next = nearLaLigua(random, 3);
      here = { latitude: (here.latitude + next.latitude) / 2, longitude: (here.longitude + next.longitude) / 2 };
    }
    return { ...here, recorded_at: new Date(start.getTime() + step * (i + 1)) };
  });
}

/**
 * The demo vehicles and drivers before they have ids, drawn from `random` first thing (so the seed
 * and demoDriverRuts agree). `today` only sets the licence expiry dates.
 */
function demoRoster(random: Random, today: string) {
  const vehicles = plates(random, DEMO_COUNTS.vehicles).map((plate_number, i) => ({
    plate_number,
    model: i === DEMO_COUNTS.vehicles - 1 ? null : random.pick(MODELS),
    color: random.pick(COLORS),
    year: random.int(2015, 2025),
    // The last one is in the workshop.
    is_active: i !== DEMO_COUNTS.vehicles - 1,
  }));

  const usedBodies = new Set<string>([DEMO_OWNER_RUT.slice(0, -1)]);
  const drivers = Array.from({ length: DEMO_COUNTS.drivers }, (_, i) => {
    let body = '';
    while (!body || usedBodies.has(body)) body = String(random.int(7_000_000, 21_999_999));
    usedBodies.add(body);
    const first_name = FIRST_NAMES[i];
    const last_name = `${LAST_NAMES[(i * 7) % LAST_NAMES.length]} ${random.pick(LAST_NAMES)}`;
    // Two expired, two expiring within 30 days, the rest valid for 1 to 5 years.
    const expiryOffsets = [-40, -3, 9, 24];
    const expiry = addDays(today, expiryOffsets[i] ?? random.int(365, 5 * 365));
    const assigned = i < DEMO_COUNTS.assignedDrivers;
    return {
      rut: `${body}${computeCheckDigit(body)}`,
      rut_body: body,
      first_name,
      last_name,
      email: `${ascii(first_name)}.${ascii(last_name.split(' ')[0])}${random.int(1, 99)}@gmail.com`,
      phone: `+56 9 ${random.int(2000, 9999)} ${random.int(1000, 9999)}`,
      license_number: `A2-${String(random.int(1_000_000, 9_999_999))}`,
      license_expiry: expiry,
      vehiclePlate: assigned ? vehicles[i].plate_number : null,
      // The last two left the company; their history stays.
      is_active: i < DEMO_COUNTS.drivers - DEMO_COUNTS.inactiveDrivers,
    };
  });
  return { vehicles, drivers };
}

/**
 * RUTs (stored form) of the demo drivers who can drive: active, with a vehicle. They sign in with
 * DEMO_PASSWORD; the simulator moves them. Computed, not read from a database, so the simulator can
 * target any server seeded with the demo fleet.
 */
export function demoDriverRuts(seed: number = DEMO_SEED): string[] {
  return demoRoster(seededRandom(seed), '2000-01-01')
    .drivers.filter((driver) => driver.is_active && driver.vehiclePlate)
    .map((driver) => driver.rut);
}

type Staff = { id: number; current_vehicle_id: number | null; is_active: boolean }[];
type DemoTrack = { key: string; points: ReturnType<typeof track> };

/**
 * The demo's shifts and their trails, drawn from `random` in a fixed order (the six active ones, then
 * each past day): the same seed and `now` give the same fleet.
 */
function demoShifts(random: Random, staff: Staff, ownerId: number, now: Date, today: string, timeZone: string) {
  // Active shifts: the first six drivers, started 1 to 5 hours ago.
  const activeStart = new Map<number, Date>();
  const shiftRows: Insertable<ShiftsTable>[] = [];
  const tracks: DemoTrack[] = [];
  const shiftOf = (driver: Staff[number], start: Date, end: Date | null, points: DemoTrack['points']) => {
    const last = points[points.length - 1];
    shiftRows.push({
      owner_id: ownerId,
      driver_id: driver.id,
      vehicle_id: driver.current_vehicle_id,
      start_time: start,
      end_time: end,
      latitude: last?.latitude ?? null,
      longitude: last?.longitude ?? null,
      last_location_time: last?.recorded_at ?? null,
    });
    tracks.push({ key: `${driver.id}|${start.toISOString()}`, points });
  };
  staff.slice(0, DEMO_COUNTS.activeShifts).forEach((driver, i) => {
    const start = new Date(now.getTime() - random.int(60, 300) * 60_000);
    activeStart.set(driver.id, start);
    const located = i < DEMO_COUNTS.activeShiftsWithPosition;
    const lastTime = new Date(now.getTime() - random.int(5, 40) * 1000);
    shiftOf(driver, start, null, located ? track(random, start, lastTime, 12) : []);
  });

  // Finished shifts: one per driver on most days, 6 to 10 hours, starting between 06:00 and 16:00.
  for (let day = DEMO_COUNTS.historyDays; day >= 1; day -= 1) {
    const date = addDays(today, -day);
    staff.forEach((driver) => {
      // The inactive drivers stopped working two weeks ago.
      if (!driver.is_active && day < 15) return;
      if (!random.chance(0.8)) return;
      const start = zonedTime(date, random.int(6 * 60, 16 * 60), timeZone);
      const end = new Date(start.getTime() + random.int(6 * 60, 10 * 60) * 60_000);
      const limit = activeStart.get(driver.id) ?? now;
      if (end >= limit) return;
      shiftOf(driver, start, end, track(random, start, end, 8));
    });
  }
  return { shiftRows, tracks };
}

/** The shifts and their points, in chunks; the ended ones marked as the seeder's. */
async function insertDemoShifts(trx: Transaction<Database>, shiftRows: Insertable<ShiftsTable>[], tracks: DemoTrack[]): Promise<number> {
  const shiftIds = new Map<string, number>();
  await insertChunks(shiftRows, async (chunk) => {
    const inserted = await trx.insertInto('shifts').values(chunk).returning(['id', 'driver_id', 'start_time', 'end_time']).execute();
    for (const s of inserted) shiftIds.set(`${s.driver_id}|${new Date(s.start_time).toISOString()}`, s.id);
    // The ended ones marked as the seeder's (migration 0018): the demo-history pass replaces only
    // their trails. The active ones take real points (the simulator, a phone) and stay unmarked.
    const ended = inserted.filter((s) => s.end_time !== null);
    if (ended.length) await trx.insertInto('seeded_shifts').values(ended.map((s) => ({ shift_id: s.id }))).execute();
  });

  const locationRows = tracks.flatMap(({ key, points }) => points.map((p) => ({ shift_id: shiftIds.get(key) as number, ...p })));
  await insertChunks(locationRows, (chunk) => trx.insertInto('shift_locations').values(chunk).execute());
  return locationRows.length;
}

/**
 * Vencimientos (issue 34) on a new fleet's first day: the first driver's taxi (its licence already
 * expired, so dispatch leaves it out anyway) has an expired SOAP; the eighth driver's taxi (off shift,
 * valid licence: no journey counts on it) a revisión técnica due in 12 days and a permiso valid
 * until May. No random draws here: the rest of the seed stays as it was.
 */
async function insertDemoDocuments(trx: Transaction<Database>, ownerId: number, staff: Staff, today: string): Promise<void> {
  const vehicleOf = (index: number) => staff[index]?.current_vehicle_id ?? null;
  const demoDocuments = [
    { vehicle_id: vehicleOf(0), kind: 'soap', number: 'SOAP-2025-0143', issued_on: addDays(today, -370), expires_on: addDays(today, -5) },
    { vehicle_id: vehicleOf(7), kind: 'revision_tecnica', number: 'RT-B-88412', issued_on: addDays(today, -170), expires_on: addDays(today, 12) },
    { vehicle_id: vehicleOf(7), kind: 'permiso_circulacion', number: 'PC-2026-5521', issued_on: `${today.slice(0, 4)}-05-31`, expires_on: `${Number(today.slice(0, 4)) + 1}-05-31` },
  ].filter((document): document is typeof document & { vehicle_id: number } => document.vehicle_id !== null);
  if (demoDocuments.length) await trx.insertInto('documents').values(demoDocuments.map((document) => ({ owner_id: ownerId, ...document }))).execute();
}

export async function seedDemoFleet(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? 'America/Santiago';
  const random = seededRandom(options.seed ?? DEMO_SEED);
  // scrypt is slow on purpose: one hash shared by every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = zonedDate(now, timeZone);

  return db.transaction().execute(async (trx) => {
    const owner = await insertOwner(trx, {
      rut: DEMO_OWNER_RUT,
      passwordHash,
      first_name: 'Carolina',
      last_name: 'Muñoz',
      email: 'carolina.munoz@taxislaligua.cl',
      company_name: DEMO_COMPANY,
      fleet_code: DEMO_FLEET_CODE,
    });

    const roster = demoRoster(random, today);
    const vehicleRows = roster.vehicles.map((vehicle) => ({ owner_id: owner.id, ...vehicle }));
    const vehicles = await trx.insertInto('vehicles').values(vehicleRows).returning(['id', 'plate_number']).execute();
    const vehicleIdByPlate = new Map(vehicles.map((v) => [v.plate_number, v.id]));
    const driverRows = roster.drivers.map(({ vehiclePlate, ...driver }) => ({
      owner_id: owner.id,
      password_hash: passwordHash,
      ...driver,
      current_vehicle_id: vehiclePlate ? (vehicleIdByPlate.get(vehiclePlate) ?? null) : null,
    }));
    const drivers = await trx.insertInto('drivers').values(driverRows).returning(['id', 'rut']).execute();
    const driverIdByRut = new Map(drivers.map((d) => [d.rut, d.id]));
    const staff = driverRows.map((row) => ({ ...row, id: driverIdByRut.get(row.rut) as number }));

    const { shiftRows, tracks } = demoShifts(random, staff, owner.id, now, today, timeZone);
    const locations = await insertDemoShifts(trx, shiftRows, tracks);
    await seedDemoPlaces(trx, owner.id);
    await insertDemoDocuments(trx, owner.id, staff, today);
    return { ownerId: owner.id, vehicles: vehicles.length, drivers: drivers.length, shifts: shiftRows.length, locations };
  });
}

/** Whether the demo owner exists (so the startup banner can show its login). */
export async function demoFleetExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('owners').select('id').where('rut', '=', DEMO_OWNER_RUT).executeTakeFirst();
  return row !== undefined;
}
