/**
 * A past for the demo fleet's activity log, so a newcomer's Actividad screen shows what it is for:
 * four weeks ago the Dueña registered the taxis and the administrator the drivers, assigned their
 * vehicles, and since then they have renewed licences, changed phones, repainted a taxi, sent one
 * to the workshop and let two drivers go — consistent with the fleet as seeded (every "after" is
 * what the record holds now). Entries have the shape the routes record (recordActivity's
 * changedFields), come from the demo desk accounts and the office's address, and go in with one
 * multi-row INSERT. Deterministic given `now` and the seed.
 */
import type { Insertable, Kysely } from 'kysely';
import { changedFields } from '../../modules/desk/recordActivity';
import type { ActivityLogTable, Database } from '../../platform/db/schema';
import { COLORS } from './demoFleetData';
import { DEMO_OWNER_RUT, DEMO_SEED } from './demoFleet';
import { DEMO_DESK_USERS } from './demoDesk';
import { seededRandom } from './prng';
import { addDays, zonedDate, zonedTime } from '../../platform/timeZone';

/** How far back the log starts (days). */
export const DEMO_ACTIVITY_DAYS = 28;
const OFFICE_IP = '192.168.1.20';

interface Actor {
  actor_role: string;
  actor_id: number;
  actor_name: string;
}

type Entry = Omit<Insertable<ActivityLogTable>, 'owner_id' | 'changes' | 'created_at'> & {
  created_at: Date;
  changes: ReturnType<typeof changedFields>;
};

/** Adds the demo fleet's past activity; a no-op without the demo fleet or when its log has entries. Returns how many were added. */
export async function seedDemoActivity(db: Kysely<Database>, options: { now?: Date; timeZone?: string; seed?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? 'America/Santiago';
  const random = seededRandom((options.seed ?? DEMO_SEED) + 24);
  const owner = await db.selectFrom('owners').select(['id', 'first_name', 'last_name']).where('rut', '=', DEMO_OWNER_RUT).executeTakeFirst();
  if (!owner) return 0;
  if (await db.selectFrom('activity_log').select('id').where('owner_id', '=', owner.id).limit(1).executeTakeFirst()) return 0;
  const admin = await db
    .selectFrom('desk_users')
    .select(['id', 'first_name', 'last_name'])
    .where('owner_id', '=', owner.id)
    .where('rut', '=', DEMO_DESK_USERS[0].rut)
    .executeTakeFirst();
  const vehicles = await db
    .selectFrom('vehicles')
    .select(['id', 'plate_number', 'model', 'color', 'year', 'is_active'])
    .where('owner_id', '=', owner.id)
    .orderBy('id')
    .execute();
  const drivers = await db
    .selectFrom('drivers as d')
    .leftJoin('vehicles as v', 'v.id', 'd.current_vehicle_id')
    .select(['d.id', 'd.rut', 'd.first_name', 'd.last_name', 'd.email', 'd.phone', 'd.license_number', 'd.license_expiry', 'd.is_active', 'd.current_vehicle_id', 'v.plate_number'])
    .where('d.owner_id', '=', owner.id)
    .orderBy('d.id')
    .execute();

  const dueña: Actor = { actor_role: 'dueño', actor_id: owner.id, actor_name: `${owner.first_name} ${owner.last_name}` };
  const office: Actor = admin ? { actor_role: 'administrador', actor_id: admin.id, actor_name: `${admin.first_name} ${admin.last_name}` } : dueña;
  const today = zonedDate(now, timeZone);
  /** A working-hours instant `daysAgo` days back, minutes after `fromHour`, never in the future. */
  const at = (daysAgo: number, fromHour: number, minutes: number) => {
    const when = zonedTime(addDays(today, -daysAgo), fromHour * 60 + minutes, timeZone);
    return when < now ? when : new Date(now.getTime() - 60_000);
  };
  const expiry = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : (value as string | null));
  const driverLabel = (d: (typeof drivers)[number]) => `${d.first_name} ${d.last_name}`;
  const entries: Entry[] = [];
  const add = (actor: Actor, created_at: Date, entity: 'driver' | 'vehicle', record: { id: number }, label: string, action: string, before: object | null, after: object | null) =>
    entries.push({ ...actor, created_at, entity, entity_id: record.id, entity_label: label, action, changes: changedFields(before, after), ip: OFFICE_IP });

  // Four weeks ago: the Dueña registers the taxis, the administrator the drivers, then assigns vehicles.
  vehicles.forEach((v, i) => {
    add(dueña, at(DEMO_ACTIVITY_DAYS, 9, i * 2), 'vehicle', v, v.plate_number, 'created', null, { plate_number: v.plate_number, model: v.model, color: v.color, year: v.year, is_active: true });
  });
  drivers.forEach((d, i) => {
    const created = { rut: d.rut, first_name: d.first_name, last_name: d.last_name, email: d.email, phone: d.phone, license_number: d.license_number, license_expiry: expiry(d.license_expiry), is_active: true, current_vehicle_id: null, plate_number: null };
    add(office, at(DEMO_ACTIVITY_DAYS - 1, 10, i * 3), 'driver', d, driverLabel(d), 'created', null, created);
    if (d.current_vehicle_id !== null) {
      add(office, at(DEMO_ACTIVITY_DAYS - 2, 9, i * 2), 'driver', d, driverLabel(d), 'updated', { current_vehicle_id: null, plate_number: null }, { current_vehicle_id: d.current_vehicle_id, plate_number: d.plate_number });
    }
  });

  // Since then: day-to-day edits, spread over the weeks.
  const daysAgo = () => random.int(1, DEMO_ACTIVITY_DAYS - 4);
  const active = drivers.filter((d) => d.is_active);
  for (const d of active.slice(4, 10)) {
    add(random.chance(0.5) ? office : dueña, at(daysAgo(), 9, random.int(0, 480)), 'driver', d, driverLabel(d), 'updated', { phone: `+56 9 ${random.int(2000, 9999)} ${random.int(1000, 9999)}` }, { phone: d.phone });
  }
  for (const d of active.slice(10, 14)) {
    const renewed = expiry(d.license_expiry) as string;
    add(office, at(daysAgo(), 9, random.int(0, 480)), 'driver', d, driverLabel(d), 'updated', { license_expiry: addDays(today, random.int(-20, 20)) }, { license_expiry: renewed });
  }
  for (const v of vehicles.slice(3, 6)) {
    const before = COLORS.find((color) => color !== v.color) ?? 'Blanco';
    add(office, at(daysAgo(), 9, random.int(0, 480)), 'vehicle', v, v.plate_number, 'updated', { color: before }, { color: v.color });
  }
  const workshop = vehicles.find((v) => !v.is_active);
  if (workshop) add(office, at(10, 8, 40), 'vehicle', workshop, workshop.plate_number, 'updated', { is_active: true }, { is_active: false });
  // The two who left the company stopped driving two weeks ago.
  drivers.filter((d) => !d.is_active).forEach((d, i) => add(dueña, at(14, 18, i * 7), 'driver', d, driverLabel(d), 'updated', { is_active: true }, { is_active: false }));
  const forgetful = active[15];
  if (forgetful) {
    const entry = { ...office, created_at: at(6, 11, 5), entity: 'driver', entity_id: forgetful.id, entity_label: driverLabel(forgetful), action: 'updated', ip: OFFICE_IP };
    entries.push({ ...entry, changes: { password_changed: { before: false, after: true } } });
  }

  entries.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  await db
    .insertInto('activity_log')
    .values(entries.map((entry) => ({ ...entry, owner_id: owner.id, changes: JSON.stringify(entry.changes) })))
    .execute();
  return entries.length;
}
