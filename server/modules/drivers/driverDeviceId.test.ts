/**
 * The device id is /osmand's only credential: Dueño and Administrador read it on one driver's own
 * route; the driver list every desk role reads never carries it, and an Operador gets it from no
 * answer at all, so no desk answer gives an Operador an id that moves a taxi.
 */
import { deviceIdResponseSchema } from '../../../contract/api';
import { ACCESS_DENIED } from '../identity';
import { DEMO_PASSWORD } from '../../tools/seed/demoFleet';
import { DEMO_DESK_USERS } from '../../tools/seed/demoDesk';
import { fetchList } from '../../tools/testing/fleetApi';
import { apiCall } from '../../tools/testing/http';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';
import { apiClient } from '../../tools/testing/apiClient';

let server: TestServer;
const tokens: Record<'dueño' | 'administrador' | 'operador', string> = { dueño: '', administrador: '', operador: '' };
let deviceIds: Map<number, string>;
let driverIds: number[];

beforeAll(async () => {
  server = await startTestServer({ osmandPort: 0 });
  await createSecondOwner(server.db);
  tokens.dueño = await server.login();
  tokens.administrador = await server.login(DEMO_DESK_USERS[0].rut, DEMO_PASSWORD);
  tokens.operador = await server.login(DEMO_DESK_USERS[1].rut, DEMO_PASSWORD);
  const rows = await server.db.selectFrom('drivers').select(['id', 'device_id']).where('owner_id', '=', server.seed.ownerId).where('deleted_at', 'is', null).execute();
  deviceIds = new Map(rows.map((row) => [row.id, row.device_id]));
  driverIds = [...deviceIds.keys()];
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const HEX_ID = /\b[0-9a-f]{32}\b/g;

/** Every GET an Operador may make at the desk, answered. */
async function operatorAnswers(): Promise<string> {
  const paths = ['/api/auth/me', '/api/drivers', '/api/vehicles', '/api/shifts/active', '/api/shifts/history', `/api/drivers/${driverIds[0]}/device-id`, '/api/activity'];
  const answers = await Promise.all(paths.map((path) => apiCall(server.url, path, { token: tokens.operador })));
  return JSON.stringify(answers);
}

describe('who reads a device id', () => {
  it('an Operador: not in the driver list, 403 on the driver\'s device-id route, in no answer at all', async () => {
    const drivers = await fetchList(apiClient(server.url), tokens.operador, 'drivers');
    expect(drivers.length).toBe(deviceIds.size);
    for (const driver of drivers) expect(driver).not.toHaveProperty('device_id');
    expect(await apiCall(server.url, `/api/drivers/${driverIds[0]}/device-id`, { token: tokens.operador })).toEqual({ status: 403, body: { error: ACCESS_DENIED } });
    expect((await apiCall(server.url, `/api/drivers/${driverIds[0]}/device-id`, { method: 'POST', token: tokens.operador })).status).toBe(403);

    const everything = await operatorAnswers();
    for (const id of deviceIds.values()) expect(everything).not.toContain(id);
    // Whatever looks like an id there moves no taxi on /osmand.
    for (const candidate of new Set(everything.match(HEX_ID) ?? [])) {
      expect((await fetch(`${server.url}/osmand?id=${candidate}&lat=-33.4&lon=-70.6`)).status).toBe(404);
    }
  });

  it.each(['dueño', 'administrador'] as const)('the %s: on the driver list never, on the driver\'s own device-id route yes', async (role) => {
    const drivers = await fetchList(apiClient(server.url), tokens[role], 'drivers');
    expect(JSON.stringify(drivers)).not.toMatch(HEX_ID);
    const { status, body } = await apiCall(server.url, `/api/drivers/${driverIds[1]}/device-id`, { token: tokens[role] });
    expect(status).toBe(200);
    expect(deviceIdResponseSchema.strict().parse(body)).toEqual({ device_id: deviceIds.get(driverIds[1]) });
  });

  it("another fleet's owner gets 404 for this fleet's driver", async () => {
    const otherToken = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    expect(await apiCall(server.url, `/api/drivers/${driverIds[0]}/device-id`, { token: otherToken })).toEqual({ status: 404, body: { error: 'Conductor no encontrado' } });
  });

  it('an Administrador regenerates one: the answer has the new id, the activity entry has neither', async () => {
    const id = driverIds[2];
    const old = deviceIds.get(id) as string;
    const { status, body } = await apiCall(server.url, `/api/drivers/${id}/device-id`, { method: 'POST', token: tokens.administrador });
    expect(status).toBe(200);
    const fresh = deviceIdResponseSchema.parse(body).device_id;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(old);
    const activity = await apiCall(server.url, '/api/activity?entity=device', { token: tokens.dueño });
    expect(activity.status).toBe(200);
    expect(JSON.stringify(activity.body)).toContain('regenerated');
    expect(JSON.stringify(activity.body)).not.toContain(fresh);
    expect(JSON.stringify(activity.body)).not.toContain(old);
  });
});
