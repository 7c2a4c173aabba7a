/**
 * SOS cannot flood (issue 45): one driver's burst of presses, many at once, is one open SOS alert
 * counting them with the newest position, one e-mail per address and one webhook, one alert_raised
 * on the desks; every press is answered 201 with its own client_id; a press resent counts once.
 * Once the desk acknowledges, the next press is a new episode. On PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL (where presses run in parallel on the pool: the per-driver lock decides).
 */
import { randomUUID } from 'node:crypto';
import type { Alert } from '../../../contract/alerts';
import { apiCall } from '../../tools/testing/http';
import { freeDemoDrivers, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { databasesToTest, useDeskServer } from '../../tools/testing/deskOnEachDatabase';
import type { OwnerSocket } from '../../tools/testing/ownerSocket';
import { routeSosToMailAndWebhook, sosOutboxOf } from '../../tools/testing/sosFixtures';
import type { TestServer } from '../../tools/testing/testServer';

const BURST = 120;
const WAVE = 30;

describe.each(databasesToTest())('on %s', (kind) => {
  const world = useDeskServer(kind, 'flota_sos');
  let server: TestServer;
  let desk: string;
  let taxi: TaxiOnShift;
  let socket: OwnerSocket;

  beforeAll(async () => {
    ({ server, desk, socket } = world);
    // SOS by e-mail to two addresses, and to a webhook.
    await routeSosToMailAndWebhook(server.url, desk, ['central@example.cl', 'jefe@example.cl']);
    const [driver] = await freeDemoDrivers(server.db, server.seed.ownerId);
    taxi = await putOnShift(server.url, driver, 500);
  }, 120_000);

  const press = (clientId: string, latitude: number | null = -32.45, longitude: number | null = -71.25) =>
    apiCall(server.url, '/api/driver/sos', { token: taxi.token, json: { client_id: clientId, latitude, longitude, timestamp: new Date().toISOString() } });
  const sosAlerts = () => server.db.selectFrom('alerts').select(['id', 'presses', 'latitude', 'longitude', 'acknowledged_at']).where('driver_id', '=', taxi.driverId).where('kind', '=', 'sos').orderBy('id').execute();
  const outboxOf = (alertId: number) => sosOutboxOf(server.db, alertId);

  it(`joins a burst of ${BURST} presses into one alert: one e-mail per address, one webhook, one alert on the desks, every press confirmed`, async () => {
    const ids = Array.from({ length: BURST }, () => randomUUID());
    const answers = [];
    for (let wave = 0; wave < BURST - 1; wave += WAVE) answers.push(...(await Promise.all(ids.slice(wave, Math.min(wave + WAVE, BURST - 1)).map((id) => press(id)))));
    // The last press, from a little further on: the alert takes its position.
    answers.push(await press(ids[BURST - 1], -32.46, -71.26));
    expect(answers.map((answer) => answer.status)).toEqual(Array(BURST).fill(201));
    expect(answers.map((answer) => answer.body.sos.client_id)).toEqual(ids);
    const episode = answers[0].body.sos.id as number;
    expect(new Set(answers.map((answer) => answer.body.sos.id))).toEqual(new Set([episode]));

    expect(await sosAlerts()).toEqual([{ id: episode, presses: BURST, latitude: -32.46, longitude: -71.26, acknowledged_at: null }]);
    expect(await outboxOf(episode)).toEqual({ email: 2, webhook: 1 });
    const inbox = (await apiCall(server.url, '/api/alerts?kind=sos', { token: desk })).body.alerts as Alert[];
    expect(inbox.filter((alert) => alert.driver?.id === taxi.driverId)).toMatchObject([{ id: episode, presses: BURST, position: { latitude: -32.46, longitude: -71.26 } }]);
    expect((await apiCall(server.url, '/api/alerts/summary', { token: desk })).body.open_sos).toBe(1);
    // The desks heard one new alert, then its latest count and position: fewer pushes than presses.
    await socket.waitFor((e) => e.event === 'alert_changed' && (e.payload as { alert: Alert }).alert.presses === BURST, 10_000);
    expect(socket.events.filter((e) => e.event === 'alert_raised' && (e.payload as { alert: Alert }).alert.kind === 'sos')).toHaveLength(1);
    expect(socket.events.filter((e) => e.event === 'alert_changed').length).toBeLessThan(BURST - 1);

    // A press the phone sends again (queued offline) counts once.
    const resent = await press(ids[3]);
    expect([resent.status, resent.body.sos.id, resent.body.sos.client_id]).toEqual([201, episode, ids[3]]);
    expect((await sosAlerts())[0].presses).toBe(BURST);
  }, 240_000);

  it('starts a new episode once the desk acknowledges: a new alert, its e-mails and webhook', async () => {
    const [open] = await sosAlerts();
    expect((await apiCall(server.url, `/api/alerts/${open.id}/acknowledge`, { token: desk, json: { note: 'En camino' } })).status).toBe(200);
    const clientId = randomUUID();
    const next = await press(clientId, null, null);
    expect(next.status).toBe(201);
    expect(next.body.sos).toMatchObject({ client_id: clientId, acknowledged_at: null });
    expect(next.body.sos.id).not.toBe(open.id);
    expect((await sosAlerts()).map((alert) => [alert.id === open.id ? 'primero' : 'nuevo', alert.presses, alert.acknowledged_at === null])).toEqual([
      ['primero', BURST, false],
      ['nuevo', 1, true],
    ]);
    expect(await outboxOf(next.body.sos.id)).toEqual({ email: 2, webhook: 1 });
    // The phone follows the new episode: GET /driver/sos is its alert, unacknowledged.
    expect((await apiCall(server.url, '/api/driver/sos', { token: taxi.token })).body.sos).toMatchObject({ id: next.body.sos.id, acknowledged_at: null });
  }, 120_000);
});
