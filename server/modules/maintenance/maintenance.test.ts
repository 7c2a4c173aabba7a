/**
 * Mantención through the real server on PGlite: the odometer is the owner's reading plus the
 * kilometres of the taxi's summarized shifts since that day; a plan coming due raises one
 * "Mantención próxima" and, once passed, one "Mantención vencida" in the inbox, however many sweeps
 * and restarts run; a service of the plan's kind starts the next occurrence; costs add up per taxi and
 * month; bad input is a Spanish 400 that changes nothing. Time is the server's manual clock.
 */
import { sql, type Kysely } from 'kysely';
import type { Alert } from '../../../contract/alerts';
import type { MaintenanceCosts, VehicleMaintenance } from '../../../contract/maintenance';
import { buildServer, type FlotaServer } from '../../app';
import { manualClock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import type { OpenDatabase } from '../../platform/db/client';
import type { Database } from '../../platform/db/schema';
import { databaseSnapshot } from '../../tools/testing/dbSnapshot';
import { createFleet, insertShifts, type Fleet } from '../../tools/testing/fleetFixtures';
import { apiCall } from '../../tools/testing/http';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { SyntheticTrack } from '../../tools/testing/syntheticTrack';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';
import { hashPassword } from '../identity';
import { summarizeShift } from '../reports';

const PASSWORD = 'mantencion-2026';
// 12:00 in Santiago (UTC-3 in summer): the fleet's "today" is 2026-11-27.
const clock = manualClock(new Date('2026-11-27T15:00:00Z'));
const config = { ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }), simulator: false };

let database: OpenDatabase;
let db: Kysely<Database>;
let server: FlotaServer | null = null;
let url = '';
let token = '';
let fleet: Fleet;
let vehicleId = 0;
let otherVehicleId = 0;

async function start() {
  server = await buildServer(config, {
    db,
    dbKind: 'pglite',
    logger: false,
    clock,
    backgroundPasses: { maintenanceSweep: { startDelayMs: 0, recheckMs: 20, dutyCycle: 1 }, summaryBackfill: false, trailPacking: false, alertsSweep: false, notificationOutbox: false, accountCharges: false },
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  token = (await apiCall(url, '/api/auth/login', { json: { rut: fleet.ownerRut, password: PASSWORD } })).body.token;
}

/** A shift of the taxi driven 3 km north, a stop, 2 km east, then summarized as its end would. */
async function drivenShift(startTime: Date): Promise<number> {
  const [id] = await insertShifts(db, [{ owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, vehicle_id: vehicleId, start_time: startTime, end_time: new Date(startTime.getTime() + 3_600_000) }]);
  const points = new SyntheticTrack(startTime).drive(3000, 0, 360).stand(600, 5).drive(0, 2000, 360).points;
  await db
    .insertInto('shift_locations')
    .values(points.map((p) => ({ shift_id: id, latitude: p.latitude, longitude: p.longitude, recorded_at: new Date(p.time) })))
    .execute();
  await summarizeShift(db, id);
  return id;
}

const call = (path: string, init: { json?: unknown; method?: string } = {}) => apiCall(url, path, { token, ...init });
const maintenance = async () => (await call(`/api/maintenance/vehicles/${vehicleId}`)).body as VehicleMaintenance;
const maintenanceAlerts = async () => ((await call('/api/alerts')).body.alerts as Alert[]).filter((a) => a.kind.startsWith('maintenance_'));
/** Lets the sweep (every 20 ms) run many times over. */
const sweeps = () => new Promise((resolve) => setTimeout(resolve, 400));

beforeAll(async () => {
  database = await openTestPglite();
  db = database.db;
  fleet = await createFleet(db, { rutBody: 33_000_000, company: 'Taxis Taller', passwordHash: await hashPassword(PASSWORD), driverNames: ['Ana'], platePrefix: 'MANT' });
  vehicleId = fleet.drivers[0].vehicle_id!;
  const other = await createFleet(db, { rutBody: 34_000_000, company: 'Taxis Ajenos', passwordHash: await hashPassword(PASSWORD), driverNames: ['Ciro'], platePrefix: 'AJEN' });
  otherVehicleId = other.drivers[0].vehicle_id!;
  await start();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('Mantención', () => {
  let measuredShiftMetres = 0;

  it('adds to the reading the kilometres of the shifts summarized since its day, not those before', async () => {
    await drivenShift(new Date('2026-11-20T13:00:00Z'));
    const after = await drivenShift(new Date('2026-11-26T13:00:00Z'));
    const { rows } = await sql<{ distance_m: number }>`select distance_m from shift_summaries where shift_id = ${after}`.execute(db);
    measuredShiftMetres = Number(rows[0].distance_m);
    expect(measuredShiftMetres).toBeGreaterThan(4500);

    expect((await maintenance()).odometer).toBeNull();
    const saved = await call(`/api/maintenance/vehicles/${vehicleId}/odometer`, { method: 'PUT', json: { reading_km: 9000, read_on: '2026-11-25' } });
    expect(saved.status).toBe(200);
    const km = Math.round(measuredShiftMetres / 1000);
    expect(saved.body.odometer).toEqual({ reading_km: 9000, read_on: '2026-11-25', measured_km: km, current_km: 9000 + km });
    expect((await maintenance()).odometer?.current_km).toBe(9000 + km);
  });

  it('raises "Mantención próxima" once when a plan comes within 1.000 km, and "vencida" once when passed, across sweeps and a restart', async () => {
    const created = await call(`/api/maintenance/vehicles/${vehicleId}/plans`, { json: { kind: 'Cambio de aceite', every_km: 10_000, every_months: 6, last_done_on: '2026-09-01', last_done_km: 0 } });
    expect(created.status).toBe(201);
    const current = 9000 + Math.round(measuredShiftMetres / 1000);
    expect(created.body.plan).toMatchObject({ next_due_km: 10_000, remaining_km: 10_000 - current, next_due_on: '2027-03-01', remaining_days: 94, status: 'proxima' });
    await sweeps();
    let alerts = await maintenanceAlerts();
    expect(alerts.map((a) => [a.kind, a.title])).toEqual([['maintenance_due', 'Mantención próxima: Cambio de aceite (MANT10)']]);
    expect(alerts[0].detail).toBe(`Faltan ${(10_000 - current).toLocaleString('es-CL')} km (toca a los 10.000 km) · vence el 01/03/2027`);
    expect(alerts[0].vehicle).toEqual({ id: vehicleId, plate: 'MANT10' });

    // The taxi passes 10.000 km: the owner reads the dashboard anew.
    await call(`/api/maintenance/vehicles/${vehicleId}/odometer`, { method: 'PUT', json: { reading_km: 10_200, read_on: '2026-11-27' } });
    expect((await maintenance()).plans[0]).toMatchObject({ remaining_km: -200, status: 'vencida' });
    await sweeps();
    await server!.close();
    await start();
    await sweeps();
    alerts = await maintenanceAlerts();
    expect(alerts.map((a) => a.kind).sort()).toEqual(['maintenance_due', 'maintenance_overdue']);
    expect(alerts.find((a) => a.kind === 'maintenance_overdue')?.detail).toBe('Se pasó por 200 km (tocaba a los 10.000 km) · vence el 01/03/2027');
  });

  it('a service of the plan\'s kind starts the next occurrence, which comes due by the calendar and alerts once more', async () => {
    const record = await call(`/api/maintenance/vehicles/${vehicleId}/records`, {
      json: { done_on: '2026-11-27', odometer_km: 10_200, kind: 'cambio de  ACEITE', workshop: 'Lubricentro Ligua', cost_pesos: 38_990, notes: 'Aceite 5W-30' },
    });
    expect(record.status).toBe(201);
    const [plan] = (await maintenance()).plans;
    expect(plan).toMatchObject({ last_done_on: '2026-11-27', last_done_km: 10_200, next_due_km: 20_200, next_due_on: '2027-05-27', status: 'al_dia' });
    await sweeps();
    expect(await maintenanceAlerts()).toHaveLength(2);

    // Six months less ten days later the date is near; the kilometres are not.
    clock.advance(171 * 86_400_000);
    await sweeps();
    const alerts = await maintenanceAlerts();
    expect(alerts).toHaveLength(3);
    expect(alerts[0]).toMatchObject({ kind: 'maintenance_due', detail: 'Faltan 10.000 km (toca a los 20.200 km) · vence el 27/05/2027' });
    clock.advance(-171 * 86_400_000);
  });

  it('adds the cost of the services per taxi and month', async () => {
    await call(`/api/maintenance/vehicles/${vehicleId}/records`, { json: { done_on: '2026-10-03', odometer_km: 8000, kind: 'Frenos', workshop: null, cost_pesos: 45_000, notes: null } });
    await call(`/api/maintenance/vehicles/${vehicleId}/records`, { json: { done_on: '2026-11-02', odometer_km: 8500, kind: 'Neumáticos', workshop: null, cost_pesos: 120_000, notes: null } });
    const costs = (await call('/api/maintenance/costs?from=2026-10&to=2026-11')).body as MaintenanceCosts;
    expect(costs).toEqual({
      rows: [
        { vehicle_id: vehicleId, plate_number: 'MANT10', month: '2026-10', cost_pesos: 45_000, services: 1 },
        { vehicle_id: vehicleId, plate_number: 'MANT10', month: '2026-11', cost_pesos: 158_990, services: 2 },
      ],
      total_pesos: 203_990,
    });
  });

  it('refuses bad input with a Spanish 400 and changes nothing; another fleet\'s taxi is a 404', async () => {
    const before = await databaseSnapshot(db);
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/api/maintenance/vehicles/${vehicleId}/plans`, { kind: 'Revisión', last_done_on: '2026-11-01' }, 'Indica cada cuántos kilómetros, cada cuántos meses, o ambos'],
      ['POST', `/api/maintenance/vehicles/${vehicleId}/plans`, { kind: 'Correa', every_km: 60_000, last_done_on: '2026-11-01' }, 'Indica el kilometraje del último servicio'],
      ['POST', `/api/maintenance/vehicles/${vehicleId}/records`, { done_on: '2026-11-01', odometer_km: 9000, kind: 'Frenos', cost_pesos: 1500.5 }, 'Costo inválido: pesos enteros, sin decimales'],
      ['POST', `/api/maintenance/vehicles/${vehicleId}/records`, { done_on: '2026-12-01', odometer_km: 9000, kind: 'Frenos', cost_pesos: 1500 }, 'La fecha no puede ser futura'],
      ['PUT', `/api/maintenance/vehicles/${vehicleId}/odometer`, { reading_km: -5, read_on: '2026-11-01' }, 'Kilometraje inválido: un número entero de 0 a 2.000.000'],
      ['GET', '/api/maintenance/costs?from=2026-13&to=2026-12', undefined, 'Mes inválido: usa AAAA-MM'],
    ];
    for (const [method, path, json, message] of cases) {
      const answer = await call(path, { method, json });
      expect([path, answer.status, answer.body.error]).toEqual([path, 400, message]);
    }
    const foreign = await call(`/api/maintenance/vehicles/${otherVehicleId}/records`, { json: { done_on: '2026-11-01', odometer_km: 1, kind: 'Frenos', cost_pesos: 1 } });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'Vehículo no encontrado']);
    expect(await databaseSnapshot(db)).toEqual(before);
  });
});
