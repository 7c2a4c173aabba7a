/**
 * An in-memory fleet behind the MSW handlers for /drivers and /vehicles, behaving like the real
 * server: validation with the contract schemas (400 with fields), 409 on a duplicate RUT or plate,
 * 404 for unknown ids, and assignment moving a vehicle from its previous driver. It also records
 * the requests it answers, so tests can check what was sent and how often lists were fetched.
 * setupTests.ts calls resetFleet() after each test.
 */
import { http, HttpResponse, type DefaultBodyType, type PathParams, type StrictRequest } from 'msw';
import { driverCreateSchema, driverUpdateSchema, fieldErrors, vehicleCreateSchema, vehicleUpdateSchema } from '../../contract/api';
import type { Driver, Vehicle } from '../../contract/entities';
import { normalizePlate } from '../../contract/plate';
import { normalizeRut } from '../../contract/rut';
import { API, authorized, unauthorized } from './apiEdge';
import { makeDriver, makeVehicle } from './fixtures';

/** A driver as stored: the plate is joined in when read. */
export type StoredDriver = Omit<Driver, 'plate_number'>;
/** A vehicle as stored: the driver is joined in when read. */
export type StoredVehicle = Omit<Vehicle, 'driver_id' | 'driver_first_name' | 'driver_last_name'>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

function defaultDrivers(): StoredDriver[] {
  const { plate_number: _juanPlate, ...juan } = makeDriver();
  const { plate_number: _anaPlate, ...ana } = makeDriver({
    id: 2,
    rut: '760864285',
    first_name: 'Ana',
    last_name: 'Soto',
    email: 'ana.soto@example.cl',
    phone: '+56 9 8765 4321',
    license_number: null,
    license_expiry: null,
    current_vehicle_id: 3,
  });
  return [juan, ana];
}

function defaultVehicles(): StoredVehicle[] {
  const strip = ({ driver_id: _id, driver_first_name: _first, driver_last_name: _last, ...vehicle }: Vehicle): StoredVehicle => vehicle;
  return [
    strip(makeVehicle()),
    strip(makeVehicle({ id: 2, plate_number: 'GHJK34', model: null, color: 'Gris', year: null, is_active: false })),
    strip(makeVehicle({ id: 3, plate_number: 'AB1234', model: 'Hyundai Accent', color: 'Negro', year: 2018 })),
  ];
}

let drivers: StoredDriver[] = defaultDrivers();
let vehicles: StoredVehicle[] = defaultVehicles();
let requests: RecordedRequest[] = [];
/** Device ids live apart from drivers, as on the server: only GET/POST /drivers/:id/device-id show them. */
let deviceIds = new Map<number, string>();
const defaultDeviceId = (id: number) => `disp${String(id).padStart(28, '0')}`;

/** Back to the default fleet: Juan Pérez (BCDF12) and Ana Soto (AB1234); GHJK34 free. */
export function resetFleet() {
  drivers = defaultDrivers();
  vehicles = defaultVehicles();
  requests = [];
  deviceIds = new Map();
}

/** Replaces the fleet for one test (e.g. an empty one). */
export function setFleet(next: { drivers?: StoredDriver[]; vehicles?: StoredVehicle[]; deviceIds?: Record<number, string> }) {
  drivers = next.drivers ?? [];
  vehicles = next.vehicles ?? [];
  deviceIds = new Map(Object.entries(next.deviceIds ?? {}).map(([id, deviceId]) => [Number(id), deviceId]));
}

/** The requests the fleet answered, oldest first, optionally only one method and path ("GET /drivers"). */
export function fleetRequests(methodAndPath?: string): RecordedRequest[] {
  if (!methodAndPath) return requests;
  return requests.filter((request) => `${request.method} ${request.path}` === methodAndPath);
}

/** A driver as GET /drivers sends it: with the plate of their vehicle. */
function driverView(driver: StoredDriver): Driver {
  const vehicle = vehicles.find((candidate) => candidate.id === driver.current_vehicle_id);
  return { ...driver, plate_number: vehicle?.plate_number ?? null };
}

/** A vehicle as GET /vehicles sends it: with their driver's name. */
function vehicleView(vehicle: StoredVehicle): Vehicle {
  const driver = drivers.find((candidate) => candidate.current_vehicle_id === vehicle.id);
  return { ...vehicle, driver_id: driver?.id ?? null, driver_first_name: driver?.first_name ?? null, driver_last_name: driver?.last_name ?? null };
}

const nextId = (items: { id: number }[]) => Math.max(0, ...items.map((item) => item.id)) + 1;
const badInput = (fields: Record<string, string>) => HttpResponse.json({ error: 'Revisa los datos ingresados', fields }, { status: 400 });
const notFound = (error: string) => HttpResponse.json({ error }, { status: 404 });
const conflict = (error: string) => HttpResponse.json({ error }, { status: 409 });

/** Records the request and checks its session; the handler runs only for the demo owner. */
function guarded(handler: (request: StrictRequest<DefaultBodyType>, id: number, body: unknown) => Response | Promise<Response>) {
  return async ({ request, params }: { request: StrictRequest<DefaultBodyType>; params: PathParams }) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : null;
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    requests.push({ method: request.method, path, body });
    if (!authorized(request)) return unauthorized();
    return handler(request, Number(params.id), body);
  };
}

/** Gives the vehicle to one driver only: assigning it moves it from its previous driver. */
function assignVehicle(driverId: number, vehicleId: number | null) {
  drivers = drivers.map((driver) => {
    if (driver.id === driverId) return { ...driver, current_vehicle_id: vehicleId };
    if (vehicleId !== null && driver.current_vehicle_id === vehicleId) return { ...driver, current_vehicle_id: null };
    return driver;
  });
}

const unknownVehicle = (id: number | null) => id !== null && !vehicles.some((vehicle) => vehicle.id === id);

export const fleetHandlers = [
  http.get(`${API}/drivers`, guarded(() => HttpResponse.json({ drivers: drivers.map(driverView), count: drivers.length }))),
  http.post(
    `${API}/drivers`,
    guarded((_request, _id, body) => {
      const parsed = driverCreateSchema.safeParse(body);
      if (!parsed.success) return badInput(fieldErrors(parsed.error));
      const { password: _password, ...input } = parsed.data;
      if (drivers.some((driver) => driver.rut === input.rut)) return conflict('Ya existe un conductor con ese RUT');
      if (unknownVehicle(input.current_vehicle_id)) return badInput({ current_vehicle_id: 'Vehículo no encontrado' });
      const driver: StoredDriver = { ...input, id: nextId(drivers), is_active: true, current_vehicle_id: null };
      drivers = [...drivers, driver];
      assignVehicle(driver.id, input.current_vehicle_id);
      return HttpResponse.json({ driver: driverView(drivers.find((stored) => stored.id === driver.id) as StoredDriver) }, { status: 201 });
    }),
  ),
  http.put(
    `${API}/drivers/:id`,
    guarded((_request, id, body) => {
      const stored = drivers.find((driver) => driver.id === id);
      if (!stored) return notFound('Conductor no encontrado');
      const parsed = driverUpdateSchema.safeParse(body);
      if (!parsed.success) return badInput(fieldErrors(parsed.error));
      const { rut, password: _password, ...changes } = parsed.data;
      if (rut !== undefined && normalizeRut(rut) !== stored.rut) return badInput({ rut: 'El RUT no se puede modificar' });
      if (unknownVehicle(changes.current_vehicle_id)) return badInput({ current_vehicle_id: 'Vehículo no encontrado' });
      drivers = drivers.map((driver) => (driver.id === id ? { ...driver, ...changes } : driver));
      assignVehicle(id, changes.current_vehicle_id);
      return HttpResponse.json({ driver: driverView(drivers.find((driver) => driver.id === id) as StoredDriver) });
    }),
  ),
  http.get(
    `${API}/drivers/:id/device-id`,
    guarded((_request, id) => {
      if (!drivers.some((driver) => driver.id === id)) return notFound('Conductor no encontrado');
      return HttpResponse.json({ device_id: deviceIds.get(id) ?? defaultDeviceId(id) });
    }),
  ),
  http.post(
    `${API}/drivers/:id/device-id`,
    guarded((_request, id) => {
      if (!drivers.some((driver) => driver.id === id)) return notFound('Conductor no encontrado');
      const device_id = `nuevo${String(requests.length).padStart(27, '0')}`;
      deviceIds.set(id, device_id);
      return HttpResponse.json({ device_id });
    }),
  ),
  http.delete(
    `${API}/drivers/:id`,
    guarded((_request, id) => {
      if (!drivers.some((driver) => driver.id === id)) return notFound('Conductor no encontrado');
      drivers = drivers.filter((driver) => driver.id !== id);
      return HttpResponse.json({ ok: true });
    }),
  ),
  http.get(`${API}/vehicles`, guarded(() => HttpResponse.json({ vehicles: vehicles.map(vehicleView), count: vehicles.length }))),
  http.post(
    `${API}/vehicles`,
    guarded((_request, _id, body) => {
      const parsed = vehicleCreateSchema.safeParse(body);
      if (!parsed.success) return badInput(fieldErrors(parsed.error));
      if (vehicles.some((vehicle) => vehicle.plate_number === parsed.data.plate_number)) return conflict('Ya existe un vehículo con esa patente');
      const vehicle: StoredVehicle = { ...parsed.data, id: nextId(vehicles), is_active: true };
      vehicles = [...vehicles, vehicle];
      return HttpResponse.json({ vehicle: vehicleView(vehicle) }, { status: 201 });
    }),
  ),
  http.put(
    `${API}/vehicles/:id`,
    guarded((_request, id, body) => {
      const stored = vehicles.find((vehicle) => vehicle.id === id);
      if (!stored) return notFound('Vehículo no encontrado');
      const parsed = vehicleUpdateSchema.safeParse(body);
      if (!parsed.success) return badInput(fieldErrors(parsed.error));
      const { plate_number, ...changes } = parsed.data;
      if (plate_number !== undefined && normalizePlate(plate_number) !== stored.plate_number) return badInput({ plate_number: 'La patente no se puede modificar' });
      const updated = { ...stored, ...changes };
      vehicles = vehicles.map((vehicle) => (vehicle.id === id ? updated : vehicle));
      return HttpResponse.json({ vehicle: vehicleView(updated) });
    }),
  ),
  http.delete(
    `${API}/vehicles/:id`,
    guarded((_request, id) => {
      if (!vehicles.some((vehicle) => vehicle.id === id)) return notFound('Vehículo no encontrado');
      vehicles = vehicles.filter((vehicle) => vehicle.id !== id);
      drivers = drivers.map((driver) => (driver.current_vehicle_id === id ? { ...driver, current_vehicle_id: null } : driver));
      return HttpResponse.json({ ok: true });
    }),
  ),
];
