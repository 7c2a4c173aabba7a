/** /api/drivers over HTTP against a real server and a seeded PGlite: writes, rules, assignment, soft delete. */
import { z } from 'zod';
import { shiftSchema } from '../../../contract/entities';
import { formatRut } from '../../../contract/rut';
import { verifyPassword } from '../identity';
import { DEMO_COUNTS } from '../../tools/seed/demoFleet';
import { driverAnswer, fetchList, startSignedInServer, vehicleAnswer, type SignedInServer } from '../../tools/testing/fleetApi';
import { driverBody, validRut } from '../../tools/testing/fleetFixtures';
import { SECOND_OWNER, type TestServer } from '../../tools/testing/testServer';
import { shiftsQuery, toShift } from '../shifts';

let server: TestServer;
let token: string;
let other: SignedInServer['other'];
let call: SignedInServer['call'];
let nextBody = 30_000_001;
let nextPlate = 1001;

/** A RUT no seeded or earlier-created driver has. */
const freshRut = () => validRut(nextBody++);

beforeAll(async () => {
  ({ server, token, other, call } = await startSignedInServer());
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const listDrivers = (as = token) => fetchList(call, as, 'drivers');
const listVehicles = () => fetchList(call, token, 'vehicles');

async function createVehicle() {
  const { status, body } = await call('/api/vehicles', { method: 'POST', token, json: { plate_number: `AB${nextPlate++}`, model: 'Toyota Yaris', color: 'Blanco', year: 2021 } });
  expect(status).toBe(201);
  return vehicleAnswer.parse(body).vehicle;
}

async function createDriver(overrides: Record<string, unknown> = {}) {
  const { status, body } = await call('/api/drivers', { method: 'POST', token, json: driverBody(freshRut(), overrides) });
  expect({ status, body }).toMatchObject({ status: 201 });
  return driverAnswer.parse(body).driver;
}

const passwordHashOf = async (id: number) =>
  (await server.db.selectFrom('drivers').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

describe('POST /api/drivers', () => {
  it('creates a driver with a RUT typed with dots and dash, stores it plain and lists it', async () => {
    const vehicle = await createVehicle();
    const rut = freshRut();
    const { status, body } = await call('/api/drivers', {
      method: 'POST',
      token,
      json: driverBody(formatRut(rut), { first_name: ' Pedro ', email: '', current_vehicle_id: vehicle.id }),
    });
    expect(status).toBe(201);
    const { driver } = driverAnswer.parse(body);
    expect(driver).toEqual({
      id: expect.any(Number),
      rut,
      first_name: 'Pedro',
      last_name: 'Rojas',
      email: null,
      phone: '+56 9 1234 5678',
      license_number: 'A2-123',
      license_expiry: '2027-05-31',
      current_vehicle_id: vehicle.id,
      is_active: true,
      plate_number: vehicle.plate_number,
    });
    expect(JSON.stringify(body)).not.toMatch(/password/);
    expect((await listDrivers()).find((d) => d.id === driver.id)).toEqual(driver);
    expect(await verifyPassword('clave-segura-1', await passwordHashOf(driver.id))).toBe(true);
  });

  it('takes only the required fields: optional ones become null', async () => {
    const rut = freshRut();
    const { status, body } = await call('/api/drivers', { method: 'POST', token, json: { rut, password: '12345678', first_name: 'Ana', last_name: 'Vera' } });
    expect(status).toBe(201);
    expect(driverAnswer.parse(body).driver).toMatchObject({ rut, email: null, phone: null, license_number: null, license_expiry: null, current_vehicle_id: null, plate_number: null });
  });

  it.each([
    ['a missing RUT', { rut: undefined }, 'rut', 'El RUT es obligatorio'],
    ['a RUT with a wrong check digit', { rut: '12.345.678-6' }, 'rut', 'RUT inválido: revisa el dígito verificador'],
    ['a missing first name', { first_name: undefined }, 'first_name', 'El nombre es obligatorio'],
    ['a blank last name', { last_name: '  ' }, 'last_name', 'El apellido es obligatorio'],
    ['a missing password', { password: undefined }, 'password', 'La contraseña es obligatoria'],
    ['a short password', { password: '1234567' }, 'password', 'La contraseña debe tener al menos 8 caracteres'],
    ['a bad email', { email: 'pedro@' }, 'email', 'Correo electrónico inválido'],
    ['a bad phone', { phone: 'llámame' }, 'phone', 'Teléfono inválido: usa solo números, por ejemplo +56 9 1234 5678'],
    ['a licence expiry that is no date', { license_expiry: '2027-02-30' }, 'license_expiry', 'Fecha de vencimiento inválida'],
    ['an unknown vehicle', { current_vehicle_id: 999_999 }, 'current_vehicle_id', 'Vehículo no encontrado'],
  ])('refuses %s with 400 and the Spanish text, creating nothing', async (_case, overrides, field, text) => {
    const before = (await listDrivers()).length;
    const { status, body } = await call('/api/drivers', { method: 'POST', token, json: driverBody(freshRut(), overrides) });
    expect(status).toBe(400);
    expect(body.error).toBe(text);
    expect(body.fields[field]).toBe(text);
    expect(await listDrivers()).toHaveLength(before);
  });

  it("refuses another owner's vehicle as if it did not exist", async () => {
    const { status, body } = await call('/api/drivers', { method: 'POST', token, json: driverBody(freshRut(), { current_vehicle_id: other.vehicleId }) });
    expect({ status, body }).toEqual({ status: 400, body: { error: 'Vehículo no encontrado', fields: { current_vehicle_id: 'Vehículo no encontrado' } } });
    const [theirs] = await listDrivers(await server.login(SECOND_OWNER.rut, SECOND_OWNER.password));
    expect(theirs.plate_number).toBe(SECOND_OWNER.plate);
  });

  it('answers 409 for a RUT the owner already has, however it is typed', async () => {
    const driver = await createDriver();
    for (const rut of [driver.rut, formatRut(driver.rut), formatRut(driver.rut).replace(/\./g, '')]) {
      const answer = await call('/api/drivers', { method: 'POST', token, json: driverBody(rut) });
      expect(answer).toEqual({ status: 409, body: { error: 'Ya existe un conductor con ese RUT' } });
    }
  });

  it("accepts a RUT that only another owner's driver has", async () => {
    const { status, body } = await call('/api/drivers', { method: 'POST', token, json: driverBody(SECOND_OWNER.driverRut) });
    expect(status).toBe(201);
    expect(body.driver.rut).toBe(SECOND_OWNER.driverRut);
  });
});

describe('PUT /api/drivers/:id', () => {
  it('updates the fields, keeps the password when none is sent, and accepts the unchanged RUT', async () => {
    const driver = await createDriver();
    const hash = await passwordHashOf(driver.id);
    const changes = driverBody(formatRut(driver.rut), { password: undefined, phone: '+56 9 8765 4321', email: 'nuevo@example.cl', license_number: '' });
    const { status, body } = await call(`/api/drivers/${driver.id}`, { method: 'PUT', token, json: changes });
    expect(status).toBe(200);
    expect(driverAnswer.parse(body).driver).toEqual({ ...driver, phone: '+56 9 8765 4321', email: 'nuevo@example.cl', license_number: null });
    expect(JSON.stringify(body)).not.toMatch(/password/);
    expect(await passwordHashOf(driver.id)).toBe(hash);

    // What the SPA sends: the stored RUT back and a blank password.
    const again = await call(`/api/drivers/${driver.id}`, { method: 'PUT', token, json: { ...changes, rut: driver.rut, password: '' } });
    expect(again.status).toBe(200);
    expect(await passwordHashOf(driver.id)).toBe(hash);
    // No RUT at all is fine too.
    expect((await call(`/api/drivers/${driver.id}`, { method: 'PUT', token, json: { ...changes, rut: undefined } })).status).toBe(200);
  });

  it('changes the password when one is sent', async () => {
    const driver = await createDriver();
    const hash = await passwordHashOf(driver.id);
    const { status } = await call(`/api/drivers/${driver.id}`, { method: 'PUT', token, json: driverBody(driver.rut, { password: 'otra-clave-99' }) });
    expect(status).toBe(200);
    const newHash = await passwordHashOf(driver.id);
    expect(newHash).not.toBe(hash);
    expect(await verifyPassword('otra-clave-99', newHash)).toBe(true);
    expect(await verifyPassword('clave-segura-1', newHash)).toBe(false);
  });

  it('refuses a different RUT, a short password and bad fields with 400', async () => {
    const driver = await createDriver();
    const path = `/api/drivers/${driver.id}`;
    expect(await call(path, { method: 'PUT', token, json: driverBody(freshRut()) })).toEqual({
      status: 400,
      body: { error: 'El RUT no se puede modificar', fields: { rut: 'El RUT no se puede modificar' } },
    });
    const short = await call(path, { method: 'PUT', token, json: driverBody(driver.rut, { password: 'corta' }) });
    expect(short).toMatchObject({ status: 400, body: { fields: { password: 'La contraseña debe tener al menos 8 caracteres' } } });
    const blank = await call(path, { method: 'PUT', token, json: driverBody(driver.rut, { first_name: '' }) });
    expect(blank).toMatchObject({ status: 400, body: { error: 'El nombre es obligatorio' } });
    const theirs = await call(path, { method: 'PUT', token, json: driverBody(driver.rut, { current_vehicle_id: other.vehicleId }) });
    expect(theirs).toMatchObject({ status: 400, body: { fields: { current_vehicle_id: 'Vehículo no encontrado' } } });
    expect((await listDrivers()).find((d) => d.id === driver.id)).toEqual(driver);
  });

  it("answers 404 for another owner's driver and for unknown ids, changing nothing", async () => {
    for (const id of [other.driverId, 999_999, 'abc', '0', '99999999999']) {
      const answer = await call(`/api/drivers/${id}`, { method: 'PUT', token, json: driverBody(SECOND_OWNER.driverRut, { first_name: 'Hackeado' }) });
      expect(answer).toEqual({ status: 404, body: { error: 'Conductor no encontrado' } });
    }
    const [theirs] = await listDrivers(await server.login(SECOND_OWNER.rut, SECOND_OWNER.password));
    expect(theirs.first_name).toBe(SECOND_OWNER.driverFirstName);
  });
});

describe('vehicle assignment', () => {
  it("moves a vehicle to the driver who takes it: the previous driver is left without one", async () => {
    const vehicle = await createVehicle();
    const a = await createDriver({ first_name: 'Alicia', last_name: 'Primera', current_vehicle_id: vehicle.id });
    const b = await createDriver({ first_name: 'Bruno', last_name: 'Segundo' });

    const { status, body } = await call(`/api/drivers/${b.id}`, { method: 'PUT', token, json: driverBody(b.rut, { first_name: 'Bruno', last_name: 'Segundo', current_vehicle_id: vehicle.id }) });
    expect(status).toBe(200);
    expect(body.driver).toMatchObject({ current_vehicle_id: vehicle.id, plate_number: vehicle.plate_number });

    const drivers = await listDrivers();
    expect(drivers.find((d) => d.id === a.id)).toMatchObject({ current_vehicle_id: null, plate_number: null });
    expect(drivers.filter((d) => d.current_vehicle_id === vehicle.id).map((d) => d.id)).toEqual([b.id]);
    expect((await listVehicles()).find((v) => v.id === vehicle.id)).toMatchObject({ driver_id: b.id, driver_first_name: 'Bruno', driver_last_name: 'Segundo' });

    // A new driver created with it takes it too.
    const c = await createDriver({ first_name: 'Carla', current_vehicle_id: vehicle.id });
    expect((await listDrivers()).find((d) => d.id === b.id)?.plate_number).toBeNull();
    expect((await listVehicles()).find((v) => v.id === vehicle.id)).toMatchObject({ driver_id: c.id, driver_first_name: 'Carla' });

    // Null lets it go.
    await call(`/api/drivers/${c.id}`, { method: 'PUT', token, json: driverBody(c.rut, { current_vehicle_id: null }) });
    expect((await listVehicles()).find((v) => v.id === vehicle.id)).toMatchObject({ driver_id: null, driver_first_name: null, driver_last_name: null });
  });
});

describe('DELETE /api/drivers/:id', () => {
  it('removes the driver from the list, frees its vehicle, and lets its RUT be used again', async () => {
    const vehicle = await createVehicle();
    const driver = await createDriver({ current_vehicle_id: vehicle.id });
    const before = (await listDrivers()).length;

    expect(await call(`/api/drivers/${driver.id}`, { method: 'DELETE', token })).toEqual({ status: 200, body: { ok: true } });
    const drivers = await listDrivers();
    expect(drivers).toHaveLength(before - 1);
    expect(drivers.some((d) => d.id === driver.id)).toBe(false);
    expect((await listVehicles()).find((v) => v.id === vehicle.id)).toMatchObject({ driver_id: null, driver_first_name: null });

    expect(await call(`/api/drivers/${driver.id}`, { method: 'DELETE', token })).toEqual({ status: 404, body: { error: 'Conductor no encontrado' } });
    expect(await call(`/api/drivers/${driver.id}`, { method: 'PUT', token, json: driverBody(driver.rut) })).toMatchObject({ status: 404 });

    const again = await call('/api/drivers', { method: 'POST', token, json: driverBody(driver.rut, { current_vehicle_id: vehicle.id }) });
    expect(again.status).toBe(201);
    expect(again.body.driver).toMatchObject({ rut: driver.rut, plate_number: vehicle.plate_number });
    expect(again.body.driver.id).not.toBe(driver.id);
  });

  it('refuses to delete a driver in an active shift', async () => {
    const { body } = await call('/api/shifts/active', { token });
    const [shift] = z.array(shiftSchema).parse(body.shifts);
    const answer = await call(`/api/drivers/${shift.driver_id}`, { method: 'DELETE', token });
    expect(answer).toEqual({ status: 409, body: { error: 'No se puede eliminar un conductor con un turno activo' } });
    expect((await listDrivers()).some((d) => d.id === shift.driver_id)).toBe(true);
  });

  it("answers 404 for another owner's driver and leaves it alone", async () => {
    expect(await call(`/api/drivers/${other.driverId}`, { method: 'DELETE', token })).toEqual({ status: 404, body: { error: 'Conductor no encontrado' } });
    expect(await listDrivers(await server.login(SECOND_OWNER.rut, SECOND_OWNER.password))).toHaveLength(1);
  });

  it('keeps the history: a past shift still shows the deleted driver and vehicle', async () => {
    const vehicle = await createVehicle();
    const driver = await createDriver({ first_name: 'Histórico', last_name: 'Borrado', current_vehicle_id: vehicle.id });
    const start = new Date(Date.now() - 3 * 3600_000);
    const shift = await server.db
      .insertInto('shifts')
      .values({ owner_id: server.seed.ownerId, driver_id: driver.id, vehicle_id: vehicle.id, start_time: start, end_time: new Date(start.getTime() + 3600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect((await call(`/api/drivers/${driver.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await call(`/api/vehicles/${vehicle.id}`, { method: 'DELETE', token })).status).toBe(200);

    const row = await shiftsQuery(server.db, server.seed.ownerId).where('s.id', '=', shift.id).executeTakeFirstOrThrow();
    expect(shiftSchema.strict().parse(toShift(row))).toMatchObject({
      first_name: 'Histórico',
      last_name: 'Borrado',
      rut: driver.rut,
      plate_number: vehicle.plate_number,
      duration_seconds: 3600,
    });
  });
});

describe('owner scoping', () => {
  it("never lists another owner's drivers, and theirs never shows ours", async () => {
    const ours = await listDrivers();
    expect(ours.length).toBeGreaterThan(DEMO_COUNTS.drivers);
    expect(ours.some((d) => d.first_name === SECOND_OWNER.driverFirstName)).toBe(false);
    const theirs = await listDrivers(await server.login(SECOND_OWNER.rut, SECOND_OWNER.password));
    expect(theirs.map((d) => d.id)).toEqual([other.driverId]);
  });
});
