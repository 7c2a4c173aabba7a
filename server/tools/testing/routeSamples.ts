/**
 * For each desk route of the access table, a request that succeeds for a role allowed to make it,
 * built fresh each time (a new driver to delete, an unused RUT to create...). The rule-table tests
 * fail for a route that has no sample here, so a new route cannot go untested.
 */
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../modules/identity/passwords';
import type { Database } from '../../platform/db/schema';
import { DEMO_PASSWORD } from '../seed/demoFleet';
import { validRut } from './fleetFixtures';

export interface SampleRequest {
  path: string;
  json?: unknown;
  /** A raw body instead of JSON (a scanned file). */
  raw?: { body: Uint8Array; contentType: string };
  /** Undoes what a successful call changed that later calls rely on. */
  cleanup?: () => Promise<void>;
}

export interface SampleContext {
  db: Kysely<Database>;
  /** The fleet the request is about (own fleet, or another's to prove it is invisible). */
  ownerId: number;
}

/** A report period that holds every seeded shift: the last year up to tomorrow. */
const lastYear = () => `from=${new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`;

let counter = 0;
const next = () => (counter += 1);

async function anyId(db: Kysely<Database>, table: 'drivers' | 'vehicles' | 'shifts', ownerId: number): Promise<number> {
  const row = await db.selectFrom(table).select('id').where('owner_id', '=', ownerId).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A mobile number no sample used before ("+56 9 5xxx xxxx"). */
const samplePhone = () => `+5695${String(next()).padStart(7, '0')}`;

async function freshBlockedPhone(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db.insertInto('blocked_phones').values({ owner_id: ownerId, phone: samplePhone() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function freshDriver(db: Kysely<Database>, ownerId: number): Promise<number> {
  const n = next();
  const body = 30_000_000 + n;
  const row = await db
    .insertInto('drivers')
    .values({ owner_id: ownerId, rut: validRut(body), rut_body: String(body), password_hash: 'x', first_name: 'Muestra', last_name: `N${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshVehicle(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .insertInto('vehicles')
    .values({ owner_id: ownerId, plate_number: `RS${String(1000 + next()).slice(-4)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshDeskUser(db: Kysely<Database>, ownerId: number): Promise<number> {
  const body = 40_000_000 + next();
  const row = await db
    .insertInto('desk_users')
    .values({ owner_id: ownerId, rut: validRut(body), rut_body: String(body), password_hash: 'x', first_name: 'Usuaria', last_name: 'Muestra', email: 'u@example.cl', role: 'operador' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshShift(db: Kysely<Database>, ownerId: number): Promise<number> {
  const driverId = await freshDriver(db, ownerId);
  const row = await db.insertInto('shifts').values({ owner_id: ownerId, driver_id: driverId, start_time: new Date() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A booking of the fleet, pendiente, or with a taxi on it when `assigned`. */
async function freshBooking(db: Kysely<Database>, ownerId: number, assigned = false): Promise<number> {
  const shiftId = assigned ? await freshShift(db, ownerId) : null;
  const shift = shiftId ? await db.selectFrom('shifts').select(['driver_id']).where('id', '=', shiftId).executeTakeFirstOrThrow() : null;
  const row = await db
    .insertInto('bookings')
    .values({
      owner_id: ownerId,
      status: assigned ? 'asignado' : 'pendiente',
      customer_phone: '+56911112222',
      pickup_latitude: -33.44,
      pickup_longitude: -70.65,
      driver_id: shift?.driver_id ?? null,
      shift_id: shiftId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A booking of the fleet offered to a fresh shift's driver (the offer still open). */
async function offeredBooking(db: Kysely<Database>, ownerId: number): Promise<number> {
  const shiftId = await freshShift(db, ownerId);
  const { driver_id } = await db.selectFrom('shifts').select('driver_id').where('id', '=', shiftId).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('bookings')
    .values({
      owner_id: ownerId,
      status: 'ofrecido',
      customer_phone: '+56911112222',
      pickup_latitude: -33.44,
      pickup_longitude: -70.65,
      offer_driver_id: driver_id,
      offer_shift_id: shiftId,
      offer_expires_at: new Date(Date.now() + 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshCustomer(db: Kysely<Database>, ownerId: number): Promise<{ id: number; phone: string }> {
  const phone = `+5691${String(1_000_000 + next()).slice(-7)}`;
  const row = await db.insertInto('customers').values({ owner_id: ownerId, phone, name: 'Cliente Muestra' }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, phone };
}

async function freshPlace(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db.insertInto('dispatch_places').values({ owner_id: ownerId, name: 'Terminal', latitude: -33.45, longitude: -70.68 }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function freshWebhook(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({ owner_id: ownerId, url: `https://hooks.example.com/${next()}`, events: JSON.stringify(['alert.sos']), secret: 'whsec_muestra' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A square of about 200 m around the demo fleet's town (La Ligua). */
const sampleSquare = (dx = 0) => ({
  type: 'Polygon',
  coordinates: [[[-71.276 + dx, -32.452], [-71.274 + dx, -32.452], [-71.274 + dx, -32.450], [-71.276 + dx, -32.450], [-71.276 + dx, -32.452]]],
});
const sampleZone = (name: string) => ({ name, kind: 'paradero', color: '#16a34a', geometry: sampleSquare(), speed_limit_kmh: 30, dwell_minutes: 10 });

async function freshZone(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .insertInto('zones')
    .values({ owner_id: ownerId, name: `Zona ${next()}`, kind: 'otra', color: '#2563eb', geometry: JSON.stringify(sampleSquare()) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A public address literal: the sample needs no DNS, and it passes the SSRF check without WEBHOOKS_ALLOW_PRIVATE. */
const sampleWebhook = { url: 'https://93.184.216.34/flota', events: ['alert.sos', 'alert.zone_enter'] };
/** A payment already in a driver's account, to reverse. */
async function freshEntry(db: Kysely<Database>, ownerId: number): Promise<number> {
  const driverId = await freshDriver(db, ownerId);
  const row = await db
    .insertInto('account_entries')
    .values({ owner_id: ownerId, driver_id: driverId, kind: 'efectivo', amount: -5000, entry_date: '2026-01-05', idempotency_key: `sample:${next()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Tomorrow, as a fleet-zone day (terms may not start in the past). */
const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
async function freshRule(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .insertInto('alert_rules')
    .values({ owner_id: ownerId, name: `Regla ${next()}`, kinds: JSON.stringify(['sos']), zone_ids: null, vehicle_ids: null, desk: true, email_to: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshAlert(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .insertInto('alerts')
    .values({ owner_id: ownerId, kind: 'no_signal', episode_key: `sample:${next()}:${Date.now()}`, occurred_at: new Date(), title: 'Muestra sin señal', detail: null, shift_id: null, driver_id: null, driver_name: null, driver_phone: null, vehicle_id: null, vehicle_plate: null, zone_id: null, zone_name: null, latitude: null, longitude: null, speed_kmh: null, desk: true, email_to: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A vehicle's document (a SOAP), with a scanned PDF when `withFile`. */
async function freshDocument(db: Kysely<Database>, ownerId: number, withFile = false): Promise<number> {
  const vehicleId = await freshVehicle(db, ownerId);
  const row = await db.insertInto('documents').values({ owner_id: ownerId, vehicle_id: vehicleId, kind: 'soap', number: `S-${next()}`, expires_on: '2027-03-31' }).returning('id').executeTakeFirstOrThrow();
  if (withFile) await db.insertInto('document_files').values({ document_id: row.id, owner_id: ownerId, content_type: 'application/pdf', size_bytes: SAMPLE_PDF.length, file_name: 'soap.pdf', data: SAMPLE_PDF }).execute();
  return row.id;
}
const SAMPLE_PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const sampleDocument = { kind: 'soap', number: 'SOAP-1', issued_on: '2026-04-01', expires_on: '2027-03-31' };

/** A maintenance plan (by kilometres and months) of a fresh taxi of the fleet. */
async function freshMaintenancePlan(db: Kysely<Database>, ownerId: number): Promise<number> {
  const vehicleId = await freshVehicle(db, ownerId);
  const row = await db
    .insertInto('maintenance_plans')
    .values({ owner_id: ownerId, vehicle_id: vehicleId, kind: 'Cambio de aceite', every_km: 10_000, every_months: 6, last_done_on: '2026-01-10', last_done_km: 50_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshMaintenanceRecord(db: Kysely<Database>, ownerId: number): Promise<number> {
  const vehicleId = await freshVehicle(db, ownerId);
  const row = await db
    .insertInto('maintenance_records')
    .values({ owner_id: ownerId, vehicle_id: vehicleId, done_on: '2026-01-10', odometer_km: 50_000, kind: 'Frenos', workshop: 'Taller Muestra', cost_pesos: 45_000, notes: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const samplePlan = { kind: 'Cambio de aceite', every_km: 10_000, every_months: 6, last_done_on: '2026-01-10', last_done_km: 50_000 };

const samplePickup = { latitude: -33.4372, longitude: -70.6506, label: 'Plaza de Armas' };

type SampleFactory = (context: SampleContext) => Promise<SampleRequest>;

export const routeSamples: Record<string, SampleFactory> = {
  'GET /api/auth/me': async () => ({ path: '/api/auth/me' }),
  'PUT /api/auth/password': async ({ db }) => ({
    path: '/api/auth/password',
    json: { current_password: DEMO_PASSWORD, new_password: 'una-clave-nueva' },
    // Every demo account shares the demo password: put it back for the next call.
    cleanup: async () => {
      const hash = await hashPassword(DEMO_PASSWORD);
      await db.updateTable('owners').set({ password_hash: hash }).execute();
      await db.updateTable('desk_users').set({ password_hash: hash }).execute();
    },
  }),
  'GET /api/drivers': async () => ({ path: '/api/drivers' }),
  'POST /api/drivers': async () => ({
    path: '/api/drivers',
    json: { rut: validRut(31_000_000 + next()), password: 'clave-segura', first_name: 'Nueva', last_name: 'Conductora' },
  }),
  'PUT /api/drivers/:id': async ({ db, ownerId }) => ({
    path: `/api/drivers/${await freshDriver(db, ownerId)}`,
    json: { first_name: 'Cambiada', last_name: 'Apellido', phone: '+56 9 1234 5678' },
  }),
  'DELETE /api/drivers/:id': async ({ db, ownerId }) => ({ path: `/api/drivers/${await freshDriver(db, ownerId)}` }),
  'GET /api/drivers/:id/device-id': async ({ db, ownerId }) => ({ path: `/api/drivers/${await freshDriver(db, ownerId)}/device-id` }),
  'POST /api/drivers/:id/device-id': async ({ db, ownerId }) => ({ path: `/api/drivers/${await freshDriver(db, ownerId)}/device-id`, json: {} }),
  'GET /api/vehicles': async () => ({ path: '/api/vehicles' }),
  'POST /api/vehicles': async () => ({ path: '/api/vehicles', json: { plate_number: `NV${String(1000 + next()).slice(-4)}`, model: 'Kia' } }),
  'PUT /api/vehicles/:id': async ({ db, ownerId }) => ({ path: `/api/vehicles/${await freshVehicle(db, ownerId)}`, json: { model: 'Toyota Yaris', color: 'Blanco' } }),
  'DELETE /api/vehicles/:id': async ({ db, ownerId }) => ({ path: `/api/vehicles/${await freshVehicle(db, ownerId)}` }),
  'GET /api/shifts/active': async () => ({ path: '/api/shifts/active' }),
  'GET /api/shifts/history': async () => ({ path: '/api/shifts/history' }),
  'GET /api/shifts/history.csv': async () => ({ path: '/api/shifts/history.csv' }),
  'GET /api/shifts/:id/locations': async ({ db, ownerId }) => ({ path: `/api/shifts/${await anyId(db, 'shifts', ownerId)}/locations` }),
  'GET /api/reports': async () => ({ path: `/api/reports?${lastYear()}&group=vehicle` }),
  'GET /api/reports/daily': async () => ({ path: `/api/reports/daily?${lastYear()}` }),
  'GET /api/reports/shifts': async () => ({ path: `/api/reports/shifts?${lastYear()}` }),
  'GET /api/shifts/:id/summary': async ({ db, ownerId }) => ({ path: `/api/shifts/${await anyId(db, 'shifts', ownerId)}/summary` }),
  'GET /api/shifts/:id/replay': async ({ db, ownerId }) => ({ path: `/api/shifts/${await anyId(db, 'shifts', ownerId)}/replay` }),
  'GET /api/positions/at': async () => ({ path: `/api/positions/at?time=${encodeURIComponent(new Date().toISOString())}&window_minutes=60` }),
  'POST /api/shifts/:id/end': async ({ db, ownerId }) => ({ path: `/api/shifts/${await freshShift(db, ownerId)}/end`, json: {} }),
  'GET /api/users': async () => ({ path: '/api/users' }),
  'POST /api/users': async () => ({
    path: '/api/users',
    json: { rut: validRut(41_000_000 + next()), password: 'clave-segura', first_name: 'Ana', last_name: 'Mesa', email: 'ana@example.cl', role: 'operador' },
  }),
  'PUT /api/users/:id': async ({ db, ownerId }) => ({
    path: `/api/users/${await freshDeskUser(db, ownerId)}`,
    json: { first_name: 'Ana', last_name: 'Cambiada', email: 'ana@example.cl', role: 'administrador' },
  }),
  'DELETE /api/users/:id': async ({ db, ownerId }) => ({ path: `/api/users/${await freshDeskUser(db, ownerId)}` }),
  'GET /api/activity': async () => ({ path: '/api/activity' }),
  'GET /api/dispatch/bookings': async () => ({ path: '/api/dispatch/bookings' }),
  'POST /api/dispatch/bookings': async () => ({ path: '/api/dispatch/bookings', json: { customer_phone: '+56 9 2222 3333', pickup: samplePickup } }),
  'POST /api/dispatch/bookings/create-and-offer': async () => ({ path: '/api/dispatch/bookings/create-and-offer', json: { customer_phone: '+56 9 2222 3334', pickup: samplePickup } }),
  'GET /api/dispatch/bookings/:id': async ({ db, ownerId }) => ({ path: `/api/dispatch/bookings/${await freshBooking(db, ownerId)}` }),
  'POST /api/dispatch/bookings/:id/assign': async ({ db, ownerId }) => {
    const shiftId = await freshShift(db, ownerId);
    const { driver_id } = await db.selectFrom('shifts').select('driver_id').where('id', '=', shiftId).executeTakeFirstOrThrow();
    return { path: `/api/dispatch/bookings/${await freshBooking(db, ownerId)}/assign`, json: { driver_id } };
  },
  'POST /api/dispatch/bookings/:id/offer': async ({ db, ownerId }) => ({ path: `/api/dispatch/bookings/${await freshBooking(db, ownerId)}/offer`, json: {} }),
  'POST /api/dispatch/bookings/:id/pass': async ({ db, ownerId }) => ({ path: `/api/dispatch/bookings/${await offeredBooking(db, ownerId)}/pass`, json: {} }),
  'POST /api/dispatch/bookings/:id/cancel': async ({ db, ownerId }) => ({ path: `/api/dispatch/bookings/${await freshBooking(db, ownerId)}/cancel`, json: { reason: 'Muestra' } }),
  'POST /api/dispatch/bookings/:id/advance': async ({ db, ownerId }) => ({
    path: `/api/dispatch/bookings/${await freshBooking(db, ownerId, true)}/advance`,
    json: { status: 'en_camino' },
  }),
  'GET /api/dispatch/candidates': async () => ({ path: `/api/dispatch/candidates?latitude=${samplePickup.latitude}&longitude=${samplePickup.longitude}` }),
  'GET /api/dispatch/availability': async () => ({ path: '/api/dispatch/availability' }),
  'GET /api/dispatch/geocode': async () => ({ path: '/api/dispatch/geocode?query=terminal' }),
  'GET /api/customers': async () => ({ path: '/api/customers?query=Muestra' }),
  'GET /api/customers/by-phone/:phone': async ({ db, ownerId }) => ({ path: `/api/customers/by-phone/${encodeURIComponent((await freshCustomer(db, ownerId)).phone)}` }),
  'DELETE /api/customers/:id': async ({ db, ownerId }) => ({ path: `/api/customers/${(await freshCustomer(db, ownerId)).id}` }),
  'GET /api/dispatch/places': async () => ({ path: '/api/dispatch/places' }),
  'POST /api/dispatch/places': async () => ({ path: '/api/dispatch/places', json: { name: 'Hospital', latitude: -33.44, longitude: -70.64 } }),
  'PUT /api/dispatch/places/:id': async ({ db, ownerId }) => ({ path: `/api/dispatch/places/${await freshPlace(db, ownerId)}`, json: { name: 'Terminal Sur', latitude: -33.45, longitude: -70.68 } }),
  'POST /api/dispatch/places/import': async () => ({
    path: '/api/dispatch/places/import',
    json: { places: [{ name: 'Posta', address: 'Ortiz de Rozas 550', aliases: ['el consultorio'], latitude: -33.44, longitude: -70.64 }] },
  }),
  'GET /api/dispatch/pickup-suggestions': async () => ({ path: '/api/dispatch/pickup-suggestions?query=terminal' }),
  'DELETE /api/dispatch/places/:id': async ({ db, ownerId }) => ({ path: `/api/dispatch/places/${await freshPlace(db, ownerId)}` }),
  'GET /api/notifications/status': async () => ({ path: '/api/notifications/status' }),
  'GET /api/webhooks': async () => ({ path: '/api/webhooks' }),
  'POST /api/webhooks': async ({ db, ownerId }) => ({
    path: '/api/webhooks',
    json: sampleWebhook,
    // A fleet holds at most 10: the matrix creates one per allowed role.
    cleanup: async () => {
      await db.deleteFrom('webhook_endpoints').where('owner_id', '=', ownerId).where('url', '=', sampleWebhook.url).execute();
    },
  }),
  'PUT /api/webhooks/:id': async ({ db, ownerId }) => ({ path: `/api/webhooks/${await freshWebhook(db, ownerId)}`, json: { ...sampleWebhook, enabled: false } }),
  'DELETE /api/webhooks/:id': async ({ db, ownerId }) => ({ path: `/api/webhooks/${await freshWebhook(db, ownerId)}` }),
  'GET /api/webhooks/:id/secret': async ({ db, ownerId }) => ({ path: `/api/webhooks/${await freshWebhook(db, ownerId)}/secret` }),
  'POST /api/webhooks/:id/test': async ({ db, ownerId }) => ({ path: `/api/webhooks/${await freshWebhook(db, ownerId)}/test`, json: {} }),
  'GET /api/webhooks/:id/deliveries': async ({ db, ownerId }) => ({ path: `/api/webhooks/${await freshWebhook(db, ownerId)}/deliveries` }),
  'GET /api/tracking/bookings/:id': async ({ db, ownerId }) => ({ path: `/api/tracking/bookings/${await freshBooking(db, ownerId, true)}` }),
  'POST /api/tracking/bookings/:id/revoke': async ({ db, ownerId }) => ({ path: `/api/tracking/bookings/${await freshBooking(db, ownerId, true)}/revoke`, json: {} }),
  'GET /api/tracking/settings': async () => ({ path: '/api/tracking/settings' }),
  'PUT /api/tracking/settings': async () => ({ path: '/api/tracking/settings', json: { phone: '+56 2 2345 6789', position_after_boarding: false, requests_enabled: false } }),
  'GET /api/tracking/blocked-phones': async () => ({ path: '/api/tracking/blocked-phones' }),
  'POST /api/tracking/blocked-phones': async () => ({ path: '/api/tracking/blocked-phones', json: { phone: samplePhone() } }),
  'DELETE /api/tracking/blocked-phones/:id': async ({ db, ownerId }) => ({ path: `/api/tracking/blocked-phones/${await freshBlockedPhone(db, ownerId)}` }),
  'GET /api/accounts/balances': async () => ({ path: '/api/accounts/balances' }),
  'GET /api/accounts/drivers/:id': async ({ db, ownerId }) => ({ path: `/api/accounts/drivers/${await anyId(db, 'drivers', ownerId)}` }),
  'POST /api/accounts/drivers/:id/terms': async ({ db, ownerId }) => ({
    path: `/api/accounts/drivers/${await freshDriver(db, ownerId)}/terms`,
    json: { kind: 'diaria', amount: 20_000, effective_from: tomorrow() },
  }),
  'POST /api/accounts/drivers/:id/entries': async ({ db, ownerId }) => ({
    path: `/api/accounts/drivers/${await freshDriver(db, ownerId)}/entries`,
    json: { kind: 'efectivo', amount: 20_000, idempotency_key: `muestra-${next()}` },
  }),
  'POST /api/accounts/entries/:id/reverse': async ({ db, ownerId }) => ({ path: `/api/accounts/entries/${await freshEntry(db, ownerId)}/reverse`, json: { reason: 'Error de digitación' } }),
  'GET /api/accounts/drivers/:id/statement': async ({ db, ownerId }) => ({ path: `/api/accounts/drivers/${await anyId(db, 'drivers', ownerId)}/statement?from=2026-01-01&to=2026-12-31` }),
  'GET /api/accounts/closing': async () => ({ path: '/api/accounts/closing' }),
  'GET /api/accounts/settings': async () => ({ path: '/api/accounts/settings' }),
  'PUT /api/accounts/settings': async () => ({ path: '/api/accounts/settings', json: { charge_days_without_shift: false, behind_days_alert: 3 } }),
  'GET /api/dispatch/fare-tariff': async () => ({ path: '/api/dispatch/fare-tariff' }),
  'PUT /api/dispatch/fare-tariff': async () => ({ path: '/api/dispatch/fare-tariff', json: { enabled: true, flag_down: 450, step: 190 } }),
  // Alertas (issue 33)
  'GET /api/zones': async () => ({ path: '/api/zones' }),
  'POST /api/zones': async () => ({ path: '/api/zones', json: sampleZone('Paradero Plaza') }),
  'PUT /api/zones/:id': async ({ db, ownerId }) => ({ path: `/api/zones/${await freshZone(db, ownerId)}`, json: sampleZone('Paradero Renombrado') }),
  'DELETE /api/zones/:id': async ({ db, ownerId }) => ({ path: `/api/zones/${await freshZone(db, ownerId)}` }),
  'GET /api/zones/export': async () => ({ path: '/api/zones/export' }),
  'POST /api/zones/import': async () => ({ path: '/api/zones/import', json: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: sampleSquare(0.01), properties: { name: 'Importada' } }] } }),
  'GET /api/zones/mutes': async () => ({ path: '/api/zones/mutes' }),
  'POST /api/zones/:id/mute': async ({ db, ownerId }) => ({ path: `/api/zones/${await freshZone(db, ownerId)}/mute` }),
  'DELETE /api/zones/:id/mute': async ({ db, ownerId }) => ({ path: `/api/zones/${await freshZone(db, ownerId)}/mute` }),
  'GET /api/alert-rules': async () => ({ path: '/api/alert-rules' }),
  'POST /api/alert-rules': async () => ({ path: '/api/alert-rules', json: { name: 'SOS por correo', kinds: ['sos'], desk: false, email_to: ['central@example.cl'] } }),
  'PUT /api/alert-rules/:id': async ({ db, ownerId }) => ({ path: `/api/alert-rules/${await freshRule(db, ownerId)}`, json: { name: 'Velocidad', kinds: ['speeding'], desk: true } }),
  'DELETE /api/alert-rules/:id': async ({ db, ownerId }) => ({ path: `/api/alert-rules/${await freshRule(db, ownerId)}` }),
  'GET /api/alerts': async () => ({ path: '/api/alerts?state=open' }),
  'GET /api/alerts/summary': async () => ({ path: '/api/alerts/summary' }),
  'POST /api/alerts/:id/acknowledge': async ({ db, ownerId }) => ({ path: `/api/alerts/${await freshAlert(db, ownerId)}/acknowledge`, json: { note: 'Llamé al conductor' } }),
  'POST /api/alerts/acknowledge': async ({ db, ownerId }) => ({ path: '/api/alerts/acknowledge', json: { ids: [await freshAlert(db, ownerId), await freshAlert(db, ownerId)], note: 'Revisadas juntas' } }),
  // Vencimientos (issue 34)
  'GET /api/documents': async ({ db, ownerId }) => ({ path: `/api/documents?vehicle_id=${await anyId(db, 'vehicles', ownerId)}` }),
  'POST /api/documents': async ({ db, ownerId }) => ({ path: '/api/documents', json: { vehicle_id: await freshVehicle(db, ownerId), ...sampleDocument } }),
  'PUT /api/documents/:id': async ({ db, ownerId }) => ({ path: `/api/documents/${await freshDocument(db, ownerId)}`, json: { ...sampleDocument, notes: 'Renovado' } }),
  'DELETE /api/documents/:id': async ({ db, ownerId }) => ({ path: `/api/documents/${await freshDocument(db, ownerId)}` }),
  'PUT /api/documents/:id/file': async ({ db, ownerId }) => ({ path: `/api/documents/${await freshDocument(db, ownerId)}/file`, raw: { body: SAMPLE_PDF, contentType: 'application/pdf' } }),
  'GET /api/documents/:id/file': async ({ db, ownerId }) => ({ path: `/api/documents/${await freshDocument(db, ownerId, true)}/file` }),
  'DELETE /api/documents/:id/file': async ({ db, ownerId }) => ({ path: `/api/documents/${await freshDocument(db, ownerId, true)}/file` }),
  'GET /api/expiries': async () => ({ path: '/api/expiries?days=90' }),
  'GET /api/documents/settings': async () => ({ path: '/api/documents/settings' }),
  'PUT /api/documents/settings': async () => ({ path: '/api/documents/settings', json: { dispatch_mode: 'bloquear', window_days: 45, max_vehicle_age_years: 12, reminder_days: [30, 7, 0], reminder_hour: 9 } }),

  'GET /api/maintenance': async () => ({ path: '/api/maintenance' }),
  'GET /api/maintenance/vehicles/:id': async ({ db, ownerId }) => ({ path: `/api/maintenance/vehicles/${await anyId(db, 'vehicles', ownerId)}` }),
  'PUT /api/maintenance/vehicles/:id/odometer': async ({ db, ownerId }) => ({ path: `/api/maintenance/vehicles/${await freshVehicle(db, ownerId)}/odometer`, json: { reading_km: 120_000, read_on: '2026-01-10' } }),
  'POST /api/maintenance/vehicles/:id/plans': async ({ db, ownerId }) => ({ path: `/api/maintenance/vehicles/${await freshVehicle(db, ownerId)}/plans`, json: samplePlan }),
  'PUT /api/maintenance/plans/:id': async ({ db, ownerId }) => ({ path: `/api/maintenance/plans/${await freshMaintenancePlan(db, ownerId)}`, json: { ...samplePlan, every_km: 12_000 } }),
  'DELETE /api/maintenance/plans/:id': async ({ db, ownerId }) => ({ path: `/api/maintenance/plans/${await freshMaintenancePlan(db, ownerId)}` }),
  'POST /api/maintenance/vehicles/:id/records': async ({ db, ownerId }) => ({
    path: `/api/maintenance/vehicles/${await freshVehicle(db, ownerId)}/records`,
    json: { done_on: '2026-01-10', odometer_km: 50_000, kind: 'Frenos', workshop: 'Taller Muestra', cost_pesos: 45_000, notes: 'Pastillas delanteras' },
  }),
  'DELETE /api/maintenance/records/:id': async ({ db, ownerId }) => ({ path: `/api/maintenance/records/${await freshMaintenanceRecord(db, ownerId)}` }),
  'GET /api/maintenance/costs': async () => ({ path: '/api/maintenance/costs?from=2026-01&to=2026-12' }),
};

/** A fingerprint of everything a desk route can change: equal before and after means nothing changed. */
export async function databaseFingerprint(db: Kysely<Database>): Promise<string> {
  const tables = ['owners', 'desk_users', 'drivers', 'vehicles', 'shifts', 'activity_log', 'bookings', 'customers', 'dispatch_places', 'webhook_endpoints', 'notification_outbox', 'tracking_links', 'tracking_settings', 'blocked_phones', 'account_terms', 'account_entries', 'account_settings', 'zones', 'alert_rules', 'alerts', 'documents', 'document_files', 'document_settings', 'vehicle_odometers', 'maintenance_plans', 'maintenance_records'] as const;
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ digest: string | null }>`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(db);
    parts.push(`${table}:${rows[0]?.digest}`);
  }
  return parts.join(' ');
}
