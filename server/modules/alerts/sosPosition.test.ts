/**
 * An SOS in one second (issue 46, item 1): the phone sends it the moment the hold ends with its last
 * known fix and that fix's age, and the fresh fix it asks for then follows as the same alert's newer
 * position, counted as no press and notified to nobody again. Bad values are refused in Spanish and
 * change nothing; another fleet's driver cannot move the alert; the desk's summary names each driver
 * with an open SOS once (the banner counts people, not alerts). On PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { Alert } from '../../../contract/alerts';
import { freeDemoDrivers, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { databasesToTest, useDeskServer } from '../../tools/testing/deskOnEachDatabase';
import { apiCall, driverLogin } from '../../tools/testing/http';
import type { OwnerSocket } from '../../tools/testing/ownerSocket';
import { routeSosToMailAndWebhook, sosOutboxOf } from '../../tools/testing/sosFixtures';
import { createSecondOwner, SECOND_OWNER, type TestServer } from '../../tools/testing/testServer';

/** Where the phone last knew it was, and where the fresh fix puts it. */
const LAST_KNOWN = { latitude: -32.451, longitude: -71.231 };
const FRESH = { latitude: -32.4525, longitude: -71.2333 };

describe.each(databasesToTest())('on %s', (kind) => {
  const world = useDeskServer(kind, 'flota_sos_fix');
  let server: TestServer;
  let desk: string;
  let socket: OwnerSocket;
  let taxi: TaxiOnShift;
  let other: TaxiOnShift;

  beforeAll(async () => {
    ({ server, desk, socket } = world);
    await routeSosToMailAndWebhook(server.url, desk, ['central@example.cl']);
    const [first, second] = await freeDemoDrivers(server.db, server.seed.ownerId);
    taxi = await putOnShift(server.url, first, 500);
    other = await putOnShift(server.url, second, 900);
  }, 120_000);

  const press = (token: string, json: Record<string, unknown>) => apiCall(server.url, '/api/driver/sos', { token, json: { client_id: randomUUID(), timestamp: new Date().toISOString(), ...json } });
  const sendFix = (token: string, json: Record<string, unknown>) => apiCall(server.url, '/api/driver/sos/position', { method: 'PUT', token, json });
  const openSosOf = async (driverId: number) => ((await apiCall(server.url, '/api/alerts?kind=sos&state=open', { token: desk })).body.alerts as Alert[]).filter((alert) => alert.driver?.id === driverId);
  const summary = async () => (await apiCall(server.url, '/api/alerts/summary', { token: desk })).body as { open_sos: number; sos_drivers: number[] };
  /** The e-mails and webhook deliveries written for one alert. */
  const notificationsOf = (alertId: number) => sosOutboxOf(server.db, alertId);
  const acknowledgeAll = async (driverId: number) => {
    for (const alert of await openSosOf(driverId)) expect((await apiCall(server.url, `/api/alerts/${alert.id}/acknowledge`, { token: desk, json: {} })).status).toBe(200);
  };

  it('raises the SOS at once with the phone’s last known fix, 40 s old, and then moves that same alert to the fresh fix: one press, one e-mail, one webhook', async () => {
    const pressedAt = new Date(Date.now() - 5000);
    const clientId = randomUUID();
    const sent = await press(taxi.token, { client_id: clientId, ...LAST_KNOWN, position_age_seconds: 40, timestamp: pressedAt.toISOString() });
    expect(sent.status).toBe(201);
    const episode = sent.body.sos.id as number;
    expect(sent.body.sos).toMatchObject({ client_id: clientId, acknowledged_at: null });
    const [raised] = await openSosOf(taxi.driverId);
    expect(raised).toMatchObject({ id: episode, presses: 1, occurred_at: pressedAt.toISOString(), position: { ...LAST_KNOWN, at: new Date(pressedAt.getTime() - 40_000).toISOString() } });
    expect(await notificationsOf(episode)).toEqual({ email: 1, webhook: 1 });

    // Three seconds later the GPS answers: the same alert, its newer position, no press.
    const fixedAt = new Date(pressedAt.getTime() + 3000).toISOString();
    const moved = await sendFix(taxi.token, { client_id: clientId, ...FRESH, timestamp: fixedAt });
    expect(moved.status).toBe(200);
    expect(moved.body.sos).toMatchObject({ id: episode, client_id: clientId, acknowledged_at: null });
    expect(await openSosOf(taxi.driverId)).toEqual([{ ...raised, position: { ...FRESH, speed_kmh: null, at: fixedAt } }]);
    expect(await notificationsOf(episode)).toEqual({ email: 1, webhook: 1 });
    // The desks hear it as a change of the one alert they have, never as a new one.
    await socket.waitFor((e) => e.event === 'alert_changed' && (e.payload as { alert: Alert }).alert.position?.at === fixedAt, 10_000);
    const raisedOnDesks = socket.events.filter((e) => e.event === 'alert_raised' && (e.payload as { alert: Alert }).alert.id === episode);
    expect(raisedOnDesks).toHaveLength(1);

    // A fix older than the alert's, arriving late, does not undo it; a second press with an older
    // last known fix joins the episode without moving it either.
    expect((await sendFix(taxi.token, { client_id: clientId, ...LAST_KNOWN, timestamp: new Date(pressedAt.getTime() - 60_000).toISOString() })).status).toBe(200);
    const again = await press(taxi.token, { ...LAST_KNOWN, position_age_seconds: 30 });
    expect(again.body.sos.id).toBe(episode);
    expect(await openSosOf(taxi.driverId)).toMatchObject([{ id: episode, presses: 2, position: { ...FRESH, at: fixedAt } }]);
    expect(await notificationsOf(episode)).toEqual({ email: 1, webhook: 1 });
    await acknowledgeAll(taxi.driverId);

    // Acknowledged: a fix that comes after that moves nothing (the desk closed what it looked at).
    const late = await sendFix(taxi.token, { client_id: clientId, latitude: -32.46, longitude: -71.24, timestamp: new Date().toISOString() });
    expect(late.status).toBe(200);
    expect(late.body.sos).toMatchObject({ id: episode, acknowledged_at: expect.any(String) });
    const [kept] = ((await apiCall(server.url, '/api/alerts?kind=sos', { token: desk })).body.alerts as Alert[]).filter((alert) => alert.id === episode);
    expect(kept.position).toMatchObject({ ...FRESH, at: fixedAt });
  });

  it('takes a press from an older phone that sends no age as a fix of the press’s own time, and a press without a fix at the shift’s last position', async () => {
    const pressedAt = new Date();
    expect((await press(taxi.token, { ...LAST_KNOWN, timestamp: pressedAt.toISOString() })).status).toBe(201);
    expect((await openSosOf(taxi.driverId))[0].position).toMatchObject({ ...LAST_KNOWN, at: pressedAt.toISOString() });
    await acknowledgeAll(taxi.driverId);

    const shift = await server.db.selectFrom('shifts').select(['latitude', 'longitude', 'last_location_time']).where('id', '=', taxi.shiftId).executeTakeFirstOrThrow();
    expect((await press(taxi.token, { latitude: null, longitude: null })).status).toBe(201);
    expect((await openSosOf(taxi.driverId))[0].position).toMatchObject({ latitude: shift.latitude, longitude: shift.longitude, at: shift.last_location_time?.toISOString() });
    await acknowledgeAll(taxi.driverId);
  });

  it.each([
    ['a negative age', { ...LAST_KNOWN, position_age_seconds: -1 }, 'Antigüedad de la posición inválida: usa segundos enteros, de 0 a 86400'],
    ['an age in fractions', { ...LAST_KNOWN, position_age_seconds: 2.5 }, 'Antigüedad de la posición inválida: usa segundos enteros, de 0 a 86400'],
    ['an age in words', { ...LAST_KNOWN, position_age_seconds: 'diez' }, 'Antigüedad de la posición inválida: usa segundos enteros, de 0 a 86400'],
    ['an age over a day', { ...LAST_KNOWN, position_age_seconds: 86_401 }, 'Antigüedad de la posición inválida: usa segundos enteros, de 0 a 86400'],
    ['an age without a position', { latitude: null, longitude: null, position_age_seconds: 10 }, 'La antigüedad de la posición necesita latitud y longitud'],
  ])('refuses a press with %s in Spanish, and raises nothing', async (_case, json, error) => {
    const answer = await press(taxi.token, json);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error, fields: { position_age_seconds: error } });
    expect(await openSosOf(taxi.driverId)).toEqual([]);
  });

  it('refuses a bad fix in Spanish and moves nothing; a press it does not know is 404, and another fleet’s driver cannot move the alert', async () => {
    const clientId = randomUUID();
    const pressedAt = new Date();
    expect((await press(taxi.token, { client_id: clientId, ...LAST_KNOWN, position_age_seconds: 5, timestamp: pressedAt.toISOString() })).status).toBe(201);
    const [before] = await openSosOf(taxi.driverId);
    const now = new Date().toISOString();
    const refused = [
      await sendFix(taxi.token, { client_id: clientId, longitude: FRESH.longitude, timestamp: now }),
      await sendFix(taxi.token, { client_id: clientId, latitude: 95, longitude: FRESH.longitude, timestamp: now }),
      await sendFix(taxi.token, { client_id: clientId, ...FRESH, timestamp: 'ayer' }),
      await sendFix(taxi.token, { client_id: 'mi-sos', ...FRESH, timestamp: now }),
    ];
    expect(refused.map((answer) => [answer.status, answer.body.error])).toEqual([
      [400, 'Coordenadas inválidas'],
      [400, 'Coordenadas inválidas'],
      [400, 'Hora inválida'],
      [400, 'Identificador de SOS inválido'],
    ]);
    const unknown = await sendFix(taxi.token, { client_id: randomUUID(), ...FRESH, timestamp: now });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'SOS no encontrado']);
    // The same fleet's other driver, and another fleet's, with this press's client_id.
    expect((await sendFix(other.token, { client_id: clientId, ...FRESH, timestamp: now })).status).toBe(404);
    const secondFleet = await createSecondOwner(server.db);
    const { token: stranger } = await driverLogin(server.url, SECOND_OWNER.driverRut, SECOND_OWNER.password, secondFleet.fleetCode);
    const foreign = await sendFix(stranger, { client_id: clientId, ...FRESH, timestamp: now });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'SOS no encontrado']);
    expect(await openSosOf(taxi.driverId)).toEqual([before]);
    await acknowledgeAll(taxi.driverId);
  });

  it('names each driver with an open SOS once in the summary, however many of their SOS are open', async () => {
    await press(taxi.token, LAST_KNOWN);
    await press(taxi.token, FRESH);
    await press(other.token, LAST_KNOWN);
    expect(await summary()).toMatchObject({ open_sos: 2, sos_drivers: [taxi.driverId, other.driverId].sort((a, b) => a - b) });
    // An SOS of the same driver still open from before presses were joined (migration 0033) is one more alert, not one more person.
    const [open] = await openSosOf(taxi.driverId);
    const { id: _id, ...copy } = await server.db.selectFrom('alerts').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow();
    await server.db.insertInto('alerts').values({ ...copy, episode_key: `sos:${taxi.driverId}:antes-de-0033`, email_to: JSON.stringify(copy.email_to) }).execute();
    expect(await summary()).toMatchObject({ open_sos: 3, sos_drivers: [taxi.driverId, other.driverId].sort((a, b) => a - b) });
    await acknowledgeAll(other.driverId);
    expect(await summary()).toMatchObject({ open_sos: 2, sos_drivers: [taxi.driverId] });
    await acknowledgeAll(taxi.driverId);
    expect(await summary()).toMatchObject({ open_sos: 0, sos_drivers: [] });
  });
});
