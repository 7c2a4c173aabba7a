/**
 * "Silenciar 1 hora" (issue 46): a muted zone's alerts reach neither the desk nor the rules' e-mail
 * until the hour is over by the server's clock, which the test moves (no real minutes). Another
 * fleet's zone is refused with 404; each mute is in Actividad.
 */
import type { Alert, ZoneMute } from '../../../../contract/alerts';
import { manualClock } from '../../../platform/clock';
import { freeDemoDrivers } from '../../../tools/testing/dispatchFixtures';
import { apiCall, driverLogin } from '../../../tools/testing/http';
import { createSecondOwner, startTestServer, type TestServer } from '../../../tools/testing/testServer';

const clock = manualClock(new Date());
let server: TestServer;
let desk: string;
let taxi: { token: string; shiftId: number };
let zoneId: number;
let otherZoneId: number;

/** Metres east of a point in La Ligua, as [lng, lat]. */
const ORIGIN = { lat: -32.452, lng: -71.276 };
const east = (metres: number): [number, number] => [ORIGIN.lng + metres / (111_320 * Math.cos((ORIGIN.lat * Math.PI) / 180)), ORIGIN.lat];
const square = (x0: number, x1: number) => {
  const north = (m: number) => ORIGIN.lat + m / 111_320;
  const [w] = east(x0);
  const [e] = east(x1);
  return { type: 'Polygon', coordinates: [[[w, north(-100)], [e, north(-100)], [e, north(100)], [w, north(100)], [w, north(-100)]]] };
};

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  desk = await server.login();
  const zone = await apiCall(server.url, '/api/zones', { token: desk, json: { name: 'Terminal de buses', kind: 'terminal', color: '#16a34a', geometry: square(100, 300) } });
  zoneId = zone.body.zone.id;
  const other = await createSecondOwner(server.db);
  otherZoneId = (await server.db.insertInto('zones').values({ owner_id: other.ownerId, name: 'Zona ajena', kind: 'otra', color: '#000000', geometry: JSON.stringify(square(0, 50)), radius_m: null, speed_limit_kmh: null, dwell_minutes: null }).returning('id').executeTakeFirstOrThrow()).id;
  const [driver] = await freeDemoDrivers(server.db, server.seed.ownerId);
  const { token } = await driverLogin(server.url, driver.rut);
  const started = await apiCall(server.url, '/api/driver/shifts/start', { token, json: {} });
  taxi = { token, shiftId: started.body.shift.id };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** One point `seconds` after the previous, by the server's clock. */
async function drive([lng, lat]: [number, number], seconds = 30) {
  clock.advance(seconds * 1000);
  const posted = await apiCall(server.url, '/api/driver/locations', { token: taxi.token, json: { locations: [{ latitude: lat, longitude: lng, timestamp: clock.now().toISOString() }] } });
  expect(posted.status).toBe(202);
}

/** The taxi's zone entries as stored (the engine is asynchronous): waits, bounded, for `count`. */
async function storedEntries(count: number) {
  const deadline = Date.now() + 8000;
  for (;;) {
    const rows = await server.db.selectFrom('alerts').select(['id', 'desk', 'email_to']).where('shift_id', '=', taxi.shiftId).where('kind', '=', 'zone_enter').orderBy('id').execute();
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const deskEntries = async () => ((await apiCall(server.url, '/api/alerts?kind=zone_enter', { token: desk })).body.alerts as Alert[]).filter((alert) => alert.shift_id === taxi.shiftId);
const mutes = async () => (await apiCall(server.url, '/api/zones/mutes', { token: desk })).body.mutes as ZoneMute[];

describe('Silenciar 1 hora', () => {
  it('keeps a muted zone’s alerts off the desk for an hour by the server’s clock, then lets them through', async () => {
    // A rule that also e-mails zone entries: muted, no e-mail either.
    expect((await apiCall(server.url, '/api/alert-rules', { token: desk, json: { name: 'Terminal por correo', kinds: ['zone_enter'], desk: true, email_to: ['central@example.cl'] } })).status).toBe(201);
    const muted = await apiCall(server.url, `/api/zones/${zoneId}/mute`, { token: desk, method: 'POST' });
    expect(muted.status).toBe(200);
    expect(muted.body.mute).toEqual({ zone_id: zoneId, zone_name: 'Terminal de buses', muted_until: new Date(clock.now().getTime() + 60 * 60_000).toISOString(), muted_by: expect.any(String) });
    expect(await mutes()).toEqual([muted.body.mute]);

    await drive(east(0));
    await drive(east(200));
    // Stored (the episode is not raised again later), but for nobody.
    expect(await storedEntries(1)).toEqual([{ id: expect.any(Number), desk: false, email_to: [] }]);
    expect(await deskEntries()).toEqual([]);

    // 59 minutes on: still muted. Out and in again: still nothing on the desk.
    await drive(east(500), 59 * 60 - 60);
    await drive(east(200));
    expect((await storedEntries(2)).map((row) => row.desk)).toEqual([false, false]);
    expect(await mutes()).toHaveLength(1);

    // Past the hour: the next entry reaches the desk and the rule's e-mail.
    await drive(east(500), 120);
    expect(await mutes()).toEqual([]);
    await drive(east(200));
    const rows = await storedEntries(3);
    expect(rows.map((row) => [row.desk, row.email_to])).toEqual([
      [false, []],
      [false, []],
      [true, ['central@example.cl']],
    ]);
    expect((await deskEntries()).map((alert) => alert.id)).toEqual([rows[2].id]);
  });

  it('ends a mute early, and says so in Actividad', async () => {
    expect((await apiCall(server.url, `/api/zones/${zoneId}/mute`, { token: desk, method: 'POST' })).status).toBe(200);
    expect(await mutes()).toHaveLength(1);
    const ended = await apiCall(server.url, `/api/zones/${zoneId}/mute`, { token: desk, method: 'DELETE' });
    expect(ended.status).toBe(200);
    expect(await mutes()).toEqual([]);
    const activity = (await apiCall(server.url, '/api/activity?entity=zone', { token: desk })).body.entries as { action: string; entity_id: number }[];
    expect(activity.filter((entry) => entry.entity_id === zoneId).map((entry) => entry.action).slice(0, 2)).toEqual(['unmuted', 'muted']);
  });

  it("refuses another fleet's zone with 404 and mutes nothing", async () => {
    for (const method of ['POST', 'DELETE']) {
      const answer = await apiCall(server.url, `/api/zones/${otherZoneId}/mute`, { token: desk, method });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('Zona no encontrada');
    }
    const rows = await server.db.selectFrom('alert_zone_mutes').select('zone_id').where('zone_id', '=', otherZoneId).execute();
    expect(rows).toEqual([]);
  });
});
