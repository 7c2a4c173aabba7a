/**
 * GET /api/shifts/history over HTTP: filters alone and combined, whole days in America/Santiago
 * (late-evening shifts, both of 2026's DST changes), Spanish 400s, owner scoping and soft-deleted
 * drivers. Paging and the CSV export: history.paging.test.ts.
 */
import { z } from 'zod';
import type { ShiftsResponse } from '../../../contract/api';
import { shiftSchema } from '../../../contract/entities';
import { hashPassword } from '../identity';
import { listShiftHistory } from './historyRepo';
import { createFleet, insertShifts, type Fleet } from '../../tools/testing/fleetFixtures';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';

const PASSWORD = 'historial-2026';
const HOUR = 3_600_000;

let server: TestServer;
let fleet: Fleet;
let token: string;
let secondOwner: Awaited<ReturnType<typeof createSecondOwner>>;
/** Shift ids by the name given below. */
const ids: Record<string, number> = {};

/**
 * Ana, Beto and Carla's shifts, named by their local start (America/Santiago). Chile was at UTC-3
 * until 2026-04-05 03:00Z (clocks went back from 00:00 to 23:00 on Saturday 4 April: that day lasts
 * 25 hours) and again from 2026-09-06 04:00Z (clocks jumped from 00:00 to 01:00: 6 September has 23).
 */
const SHIFTS = {
  beto_mar09_2359: { driver: 1, start: '2026-03-10T02:59:00Z' },
  beto_mar10_0800: { driver: 1, start: '2026-03-10T11:00:00Z' },
  ana_mar10_2330: { driver: 0, start: '2026-03-11T02:30:00Z' },
  ana_mar11_0030: { driver: 0, start: '2026-03-11T03:30:00Z' },
  beto_apr04_2330_first: { driver: 1, start: '2026-04-05T02:30:00Z' },
  ana_apr04_2330_second: { driver: 0, start: '2026-04-05T03:30:00Z' },
  ana_apr05_0030: { driver: 0, start: '2026-04-05T04:30:00Z' },
  carla_may20_1000: { driver: 2, start: '2026-05-20T14:00:00Z' },
  beto_sep05_2330: { driver: 1, start: '2026-09-06T03:30:00Z' },
  ana_sep06_0130: { driver: 0, start: '2026-09-06T04:30:00Z' },
  ana_sep06_2330: { driver: 0, start: '2026-09-07T02:30:00Z' },
  beto_oct01_active: { driver: 1, start: '2026-10-01T12:00:00Z', active: true },
} as const;
type Name = keyof typeof SHIFTS;

beforeAll(async () => {
  server = await startTestServer();
  secondOwner = await createSecondOwner(server.db);
  fleet = await createFleet(server.db, {
    rutBody: 30_000_000,
    company: 'Taxis Historial',
    passwordHash: await hashPassword(PASSWORD),
    driverNames: ['Ana', 'Beto', 'Carla'],
    platePrefix: 'HIST',
  });
  const entries = Object.entries(SHIFTS) as [Name, (typeof SHIFTS)[Name]][];
  const inserted = await insertShifts(
    server.db,
    entries.map(([, shift]) => {
      const driver = fleet.drivers[shift.driver];
      const start = new Date(shift.start);
      return {
        owner_id: fleet.ownerId,
        driver_id: driver.id,
        vehicle_id: driver.vehicle_id,
        start_time: start,
        end_time: 'active' in shift ? null : new Date(start.getTime() + 8 * HOUR),
      };
    }),
  );
  entries.forEach(([name], i) => (ids[name] = inserted[i]));
  token = await server.login(fleet.ownerRut, PASSWORD);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function history(query: Record<string, string | number> | string = {}, as = token) {
  const search = typeof query === 'string' ? query : new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const response = await fetch(`${server.url}/api/shifts/history${search ? `?${search}` : ''}`, {
    headers: { authorization: `Bearer ${as}` },
  });
  return { status: response.status, body: (await response.json()) as ShiftsResponse & { error?: string; fields?: Record<string, string> } };
}

/** The shift names of an answer, in its order. */
async function names(query: Record<string, string | number>): Promise<Name[]> {
  const { status, body } = await history(query);
  expect(status).toBe(200);
  const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name as Name]));
  return body.shifts.map((shift) => byId.get(shift.id) ?? (`unknown ${shift.id}` as Name));
}

const ana = () => fleet.drivers[0].id;

describe('without filters', () => {
  it('lists every shift of the owner, newest first, with the spec fields', async () => {
    const { status, body } = await history();
    expect(status).toBe(200);
    const shifts = z.array(shiftSchema.strict()).parse(body.shifts);
    expect(shifts.map((s) => s.id)).toEqual(
      (Object.keys(SHIFTS) as Name[]).map((name) => ids[name]).reverse(),
    );
    expect(body).toMatchObject({ count: shifts.length, total: shifts.length, next_offset: null, limited: false });
    expect(shifts[0]).toMatchObject({ first_name: 'Beto', last_name: 'Prueba', plate_number: 'HIST11', end_time: null, duration_seconds: null, is_active: true });
    const finished = shifts.find((s) => s.id === ids.ana_mar10_2330);
    expect(finished).toMatchObject({
      first_name: 'Ana',
      rut: fleet.drivers[0].rut,
      plate_number: 'HIST10',
      start_time: '2026-03-11T02:30:00.000Z',
      end_time: '2026-03-11T10:30:00.000Z',
      duration_seconds: 8 * 3600,
      is_active: false,
    });
  });

  it('never lists another owner’s shifts', async () => {
    const { body } = await history();
    expect(body.shifts.some((s) => s.first_name === SECOND_OWNER.driverFirstName || s.driver_id === secondOwner.driverId)).toBe(false);
  });
});

describe('each filter alone', () => {
  it('driver_id keeps that driver’s shifts only', async () => {
    expect(await names({ driver_id: ana() })).toEqual([
      'ana_sep06_2330',
      'ana_sep06_0130',
      'ana_apr05_0030',
      'ana_apr04_2330_second',
      'ana_mar11_0030',
      'ana_mar10_2330',
    ]);
  });

  it('vehicle_id keeps the shifts in that vehicle', async () => {
    expect(await names({ vehicle_id: fleet.drivers[2].vehicle_id as number })).toEqual(['carla_may20_1000']);
  });

  it('start_date keeps shifts from that local day on, the active one included', async () => {
    expect(await names({ start_date: '2026-09-06' })).toEqual(['beto_oct01_active', 'ana_sep06_2330', 'ana_sep06_0130']);
  });

  it('end_date is inclusive: a shift at 23:30 local on that day (02:30Z the next) is listed', async () => {
    expect(await names({ end_date: '2026-03-10' })).toEqual(['ana_mar10_2330', 'beto_mar10_0800', 'beto_mar09_2359']);
  });
});

describe('whole days in the fleet’s time zone', () => {
  it('2026-03-10 holds 08:00 and 23:30 local, not 23:59 the day before nor 00:30 the day after', async () => {
    expect(await names({ start_date: '2026-03-10', end_date: '2026-03-10' })).toEqual(['ana_mar10_2330', 'beto_mar10_0800']);
  });

  it('Saturday 2026-04-04 (25 hours, DST ends) holds both 23:30s; 00:30 is the next day', async () => {
    expect(await names({ start_date: '2026-04-04', end_date: '2026-04-04' })).toEqual(['ana_apr04_2330_second', 'beto_apr04_2330_first']);
    expect(await names({ start_date: '2026-04-05', end_date: '2026-04-05' })).toEqual(['ana_apr05_0030']);
  });

  it('Sunday 2026-09-06 (23 hours, starts at 01:00 local) holds 01:30 and 23:30; Saturday keeps its 23:30', async () => {
    expect(await names({ start_date: '2026-09-06', end_date: '2026-09-06' })).toEqual(['ana_sep06_2330', 'ana_sep06_0130']);
    expect(await names({ start_date: '2026-09-05', end_date: '2026-09-05' })).toEqual(['beto_sep05_2330']);
  });

  it('follows the configured zone: in UTC, 02:30Z on 11 March is 11 March', async () => {
    const page = await listShiftHistory(server.db, fleet.ownerId, { startDate: '2026-03-11', endDate: '2026-03-11' }, 'UTC', { limit: 100, offset: 0 });
    expect(page.shifts.map((s) => s.id)).toEqual([ids.ana_mar11_0030, ids.ana_mar10_2330]);
  });
});

describe('filters combined', () => {
  it('driver and date range', async () => {
    expect(await names({ driver_id: ana(), start_date: '2026-03-10', end_date: '2026-04-04' })).toEqual([
      'ana_apr04_2330_second',
      'ana_mar11_0030',
      'ana_mar10_2330',
    ]);
  });

  it('a range with nothing in it is an empty list', async () => {
    const { status, body } = await history({ driver_id: ana(), start_date: '2026-06-01', end_date: '2026-06-30' });
    expect(status).toBe(200);
    expect(body).toEqual({ shifts: [], count: 0, total: 0, total_exact: true, next_offset: null, limited: false });
  });

  it('blank parameters count as left out', async () => {
    expect(await names({ driver_id: '', start_date: '', end_date: '2026-03-09' })).toEqual(['beto_mar09_2359']);
  });
});

describe('bad filters answer 400 in Spanish', () => {
  it.each([
    [{ start_date: '2026-02-30' }, 'start_date', 'Fecha Inicio inválida'],
    [{ end_date: 'ayer' }, 'end_date', 'Fecha Fin inválida'],
    [{ start_date: '10-03-2026' }, 'start_date', 'Fecha Inicio inválida'],
    [{ start_date: '2026-03-11', end_date: '2026-03-10' }, 'end_date', 'La Fecha Fin no puede ser anterior a la Fecha Inicio'],
    [{ driver_id: 'abc' }, 'driver_id', 'Conductor inválido'],
    [{ driver_id: '-3' }, 'driver_id', 'Conductor inválido'],
    [{ driver_id: '99999999999' }, 'driver_id', 'Conductor inválido'],
    [{ vehicle_id: 'x' }, 'vehicle_id', 'Vehículo inválido'],
    [{ vehicle_id: '0' }, 'vehicle_id', 'Vehículo inválido'],
    [{ limit: '0' }, 'limit', 'Límite inválido (1 a 500)'],
    [{ limit: '501' }, 'limit', 'Límite inválido (1 a 500)'],
    [{ limit: '2.5' }, 'limit', 'Límite inválido (1 a 500)'],
    [{ limit: 'todos' }, 'limit', 'Límite inválido (1 a 500)'],
    [{ offset: '-1' }, 'offset', 'Desplazamiento inválido'],
    [{ offset: 'siguiente' }, 'offset', 'Desplazamiento inválido'],
  ])('%j', async (query, field, text) => {
    const { status, body } = await history(query);
    expect(status).toBe(400);
    expect(body).toEqual({ error: text, fields: { [field]: text } });
  });

  it('a date sent twice', async () => {
    const { status, body } = await history('start_date=2026-03-10&start_date=2026-03-11');
    expect(status).toBe(400);
    expect(body.error).toBe('Fecha Inicio inválida');
  });
});

describe('owner scoping', () => {
  it('another owner’s driver_id gives an empty list, not their shifts', async () => {
    const { status, body } = await history({ driver_id: secondOwner.driverId });
    expect(status).toBe(200);
    expect(body).toEqual({ shifts: [], count: 0, total: 0, total_exact: true, next_offset: null, limited: false });
  });

  it('the other owner sees only their own shift, even when asking for ours', async () => {
    const theirToken = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    const own = await history({}, theirToken);
    expect(own.body.shifts.map((s) => s.first_name)).toEqual([SECOND_OWNER.driverFirstName]);
    expect((await history({ driver_id: ana() }, theirToken)).body.shifts).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(`${server.url}/api/shifts/history`);
    expect(response.status).toBe(401);
  });
});

describe('deleted drivers and vehicles keep their history', () => {
  it('lists a soft-deleted driver’s shift with name, RUT and plate', async () => {
    const carla = fleet.drivers[2];
    await server.db.updateTable('drivers').set({ deleted_at: new Date(), is_active: false, current_vehicle_id: null }).where('id', '=', carla.id).execute();
    await server.db.updateTable('vehicles').set({ deleted_at: new Date() }).where('id', '=', carla.vehicle_id as number).execute();
    const { body } = await history({ driver_id: carla.id });
    expect(body.shifts).toHaveLength(1);
    expect(body.shifts[0]).toMatchObject({ id: ids.carla_may20_1000, first_name: 'Carla', last_name: 'Prueba', rut: carla.rut, plate_number: 'HIST12' });
  });
});

