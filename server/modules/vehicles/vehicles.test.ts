/** /api/vehicles over HTTP against a real server and a seeded PGlite: writes, rules, soft delete, scoping. */
import { z } from 'zod';
import { maxVehicleYear } from '../../../contract/api';
import { shiftSchema } from '../../../contract/entities';
import { DEMO_COUNTS } from '../../tools/seed/demoFleet';
import { fetchList, startSignedInServer, vehicleAnswer, type SignedInServer } from '../../tools/testing/fleetApi';
import { driverBody, validRut } from '../../tools/testing/fleetFixtures';
import { SECOND_OWNER, type TestServer } from '../../tools/testing/testServer';

let server: TestServer;
let token: string;
let other: SignedInServer['other'];
let call: SignedInServer['call'];
let nextPlate = 1001;
let nextBody = 40_000_001;

/** An old-format plate (AB1234) that no seeded vehicle has. */
const freshPlate = () => `CD${nextPlate++}`;

beforeAll(async () => {
  ({ server, token, other, call } = await startSignedInServer());
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const listVehicles = (as = token) => fetchList(call, as, 'vehicles');
const listDrivers = () => fetchList(call, token, 'drivers');

async function createVehicle(fields: Record<string, unknown> = {}) {
  const { status, body } = await call('/api/vehicles', { method: 'POST', token, json: { plate_number: freshPlate(), model: 'Kia Morning', color: 'Rojo', year: 2019, ...fields } });
  expect({ status, body }).toMatchObject({ status: 201 });
  return vehicleAnswer.parse(body).vehicle;
}

const newPlateBody = (fields: Record<string, unknown>) => ({ plate_number: freshPlate(), model: 'Kia Morning', color: 'Rojo', year: 2019, ...fields });

describe('POST /api/vehicles', () => {
  it('stores a plate typed with a space and lower case as upper case without separators, and lists it', async () => {
    const { status, body } = await call('/api/vehicles', { method: 'POST', token, json: { plate_number: 'kxwz 47', model: 'Toyota Yaris', color: 'Blanco', year: 2022 } });
    expect(status).toBe(201);
    const { vehicle } = vehicleAnswer.parse(body);
    expect(vehicle).toEqual({
      id: expect.any(Number),
      plate_number: 'KXWZ47',
      model: 'Toyota Yaris',
      color: 'Blanco',
      year: 2022,
      is_active: true,
      driver_id: null,
      driver_first_name: null,
      driver_last_name: null,
    });
    expect((await listVehicles()).find((v) => v.id === vehicle.id)).toEqual(vehicle);
  });

  it('takes model, colour and year as optional: blank or missing become null', async () => {
    const blank = await createVehicle({ model: ' ', color: '', year: '' });
    expect(blank).toMatchObject({ model: null, color: null, year: null });
    const { status, body } = await call('/api/vehicles', { method: 'POST', token, json: { plate_number: freshPlate() } });
    expect(status).toBe(201);
    expect(body.vehicle).toMatchObject({ model: null, color: null, year: null });
  });

  it('accepts the years 1900 and next year', async () => {
    expect((await createVehicle({ year: 1900 })).year).toBe(1900);
    expect((await createVehicle({ year: maxVehicleYear() })).year).toBe(maxVehicleYear());
  });

  it.each([
    ['a missing plate', { plate_number: undefined }, 'plate_number', 'La patente es obligatoria'],
    ['a blank plate', { plate_number: '  ' }, 'plate_number', 'La patente es obligatoria'],
    ['a plate in no Chilean format', { plate_number: 'ABC123' }, 'plate_number', 'Patente inválida: usa el formato AB1234 o BCDF12'],
    ['a year before 1900', { year: 1899 }, 'year', 'El año debe estar entre 1900 y el próximo año'],
    ['a year after next year', { year: maxVehicleYear() + 1 }, 'year', 'El año debe estar entre 1900 y el próximo año'],
    ['a year that is no integer', { year: 2010.5 }, 'year', 'El año debe ser un número entero'],
    ['a model too long', { model: 'M'.repeat(61) }, 'model', 'El modelo es demasiado largo'],
  ])('refuses %s with 400 and the Spanish text, creating nothing', async (_case, fields, field, text) => {
    const before = (await listVehicles()).length;
    const { status, body } = await call('/api/vehicles', { method: 'POST', token, json: newPlateBody(fields) });
    expect(status).toBe(400);
    expect(body.error).toBe(text);
    expect(body.fields[field]).toBe(text);
    expect(await listVehicles()).toHaveLength(before);
  });

  it('answers 409 for a plate the owner already has, however it is typed', async () => {
    const vehicle = await createVehicle();
    const typed = `${vehicle.plate_number.slice(0, 2).toLowerCase()}-${vehicle.plate_number.slice(2)}`;
    for (const plate of [vehicle.plate_number, typed]) {
      expect(await call('/api/vehicles', { method: 'POST', token, json: { plate_number: plate } })).toEqual({
        status: 409,
        body: { error: 'Ya existe un vehículo con esa patente' },
      });
    }
  });

  it("accepts a plate that only another owner's vehicle has", async () => {
    expect((await createVehicle({ plate_number: SECOND_OWNER.plate })).plate_number).toBe(SECOND_OWNER.plate);
  });
});

describe('PUT /api/vehicles/:id', () => {
  it('updates model, colour and year, accepting the unchanged plate however typed, or none', async () => {
    const vehicle = await createVehicle();
    const path = `/api/vehicles/${vehicle.id}`;
    const { status, body } = await call(path, { method: 'PUT', token, json: { plate_number: vehicle.plate_number, model: 'Kia Rio', color: '', year: null } });
    expect(status).toBe(200);
    expect(vehicleAnswer.parse(body).vehicle).toEqual({ ...vehicle, model: 'Kia Rio', color: null, year: null });
    const typed = `${vehicle.plate_number.slice(0, 2).toLowerCase()} ${vehicle.plate_number.slice(2)}`;
    expect((await call(path, { method: 'PUT', token, json: { plate_number: typed, model: 'Kia Soluto' } })).body.vehicle.model).toBe('Kia Soluto');
    expect((await call(path, { method: 'PUT', token, json: { model: 'Kia Rio 5', year: 2020 } })).body.vehicle).toMatchObject({ plate_number: vehicle.plate_number, model: 'Kia Rio 5', year: 2020 });
  });

  it('keeps its driver through an update', async () => {
    const vehicle = await createVehicle();
    await call('/api/drivers', { method: 'POST', token, json: driverBody(validRut(nextBody++), { first_name: 'Elena', last_name: 'Paz', current_vehicle_id: vehicle.id }) });
    const { body } = await call(`/api/vehicles/${vehicle.id}`, { method: 'PUT', token, json: { model: 'Otro' } });
    expect(body.vehicle).toMatchObject({ model: 'Otro', driver_first_name: 'Elena', driver_last_name: 'Paz' });
  });

  it('refuses a different plate and a bad year with 400, changing nothing', async () => {
    const vehicle = await createVehicle();
    const path = `/api/vehicles/${vehicle.id}`;
    expect(await call(path, { method: 'PUT', token, json: { plate_number: freshPlate(), model: 'X' } })).toEqual({
      status: 400,
      body: { error: 'La patente no se puede modificar', fields: { plate_number: 'La patente no se puede modificar' } },
    });
    expect(await call(path, { method: 'PUT', token, json: { year: 1800 } })).toMatchObject({ status: 400, body: { fields: { year: 'El año debe estar entre 1900 y el próximo año' } } });
    expect((await listVehicles()).find((v) => v.id === vehicle.id)).toEqual(vehicle);
  });

  it("answers 404 for another owner's vehicle and unknown ids, changing nothing", async () => {
    for (const id of [other.vehicleId, 999_999, 'x1', '-3']) {
      const answer = await call(`/api/vehicles/${id}`, { method: 'PUT', token, json: { plate_number: SECOND_OWNER.plate, model: 'Robado' } });
      expect(answer).toEqual({ status: 404, body: { error: 'Vehículo no encontrado' } });
    }
    const [theirs] = await listVehicles(await server.login(SECOND_OWNER.rut, SECOND_OWNER.password));
    expect(theirs.model).toBe('Kia Rio');
  });
});

describe('DELETE /api/vehicles/:id', () => {
  it('removes it from the list, unassigns it from its driver, and lets its plate be used again', async () => {
    const vehicle = await createVehicle();
    const created = await call('/api/drivers', { method: 'POST', token, json: driverBody(validRut(nextBody++), { current_vehicle_id: vehicle.id }) });
    const driverId = created.body.driver.id as number;
    const before = (await listVehicles()).length;

    expect(await call(`/api/vehicles/${vehicle.id}`, { method: 'DELETE', token })).toEqual({ status: 200, body: { ok: true } });
    const vehicles = await listVehicles();
    expect(vehicles).toHaveLength(before - 1);
    expect(vehicles.some((v) => v.id === vehicle.id)).toBe(false);
    expect((await listDrivers()).find((d) => d.id === driverId)).toMatchObject({ current_vehicle_id: null, plate_number: null });

    expect(await call(`/api/vehicles/${vehicle.id}`, { method: 'DELETE', token })).toEqual({ status: 404, body: { error: 'Vehículo no encontrado' } });
    expect((await call(`/api/vehicles/${vehicle.id}`, { method: 'PUT', token, json: { model: 'X' } })).status).toBe(404);
    // A deleted vehicle can no longer be assigned.
    const assign = await call(`/api/drivers/${driverId}`, { method: 'PUT', token, json: driverBody(created.body.driver.rut, { current_vehicle_id: vehicle.id }) });
    expect(assign).toMatchObject({ status: 400, body: { fields: { current_vehicle_id: 'Vehículo no encontrado' } } });

    const again = await createVehicle({ plate_number: vehicle.plate_number });
    expect(again.id).not.toBe(vehicle.id);
  });

  it('refuses to delete a vehicle in an active shift', async () => {
    const { body } = await call('/api/shifts/active', { token });
    const shift = z.array(shiftSchema).parse(body.shifts).find((s) => s.vehicle_id !== null);
    const vehicleId = shift?.vehicle_id as number;
    expect(await call(`/api/vehicles/${vehicleId}`, { method: 'DELETE', token })).toEqual({
      status: 409,
      body: { error: 'No se puede eliminar un vehículo en un turno activo' },
    });
    expect((await listVehicles()).some((v) => v.id === vehicleId)).toBe(true);
  });

  it("answers 404 for another owner's vehicle and leaves it alone", async () => {
    expect(await call(`/api/vehicles/${other.vehicleId}`, { method: 'DELETE', token })).toEqual({ status: 404, body: { error: 'Vehículo no encontrado' } });
    const [theirs] = await listVehicles(await server.login(SECOND_OWNER.rut, SECOND_OWNER.password));
    expect(theirs).toMatchObject({ id: other.vehicleId, driver_first_name: SECOND_OWNER.driverFirstName });
  });
});

describe('owner scoping', () => {
  it("never lists another owner's vehicles, even with the same plate, and theirs never shows ours", async () => {
    const ours = await listVehicles();
    expect(ours.length).toBeGreaterThan(DEMO_COUNTS.vehicles);
    expect(ours.some((v) => v.id === other.vehicleId)).toBe(false);
    const theirs = await listVehicles(await server.login(SECOND_OWNER.rut, SECOND_OWNER.password));
    expect(theirs.map((v) => v.id)).toEqual([other.vehicleId]);
  });
});
