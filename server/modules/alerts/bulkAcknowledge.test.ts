/**
 * "Reconocer seleccionadas" and "Reconocer todas las de este tipo" (issue 46): one call acknowledges
 * many of the fleet's alerts with one note, each in Actividad and pushed to the desks; another
 * owner's id refuses the whole call and nothing changes; bad input is a Spanish 400.
 */
import type { Alert } from '../../../contract/alerts';
import { apiCall } from '../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { createSecondOwner, startTestServer, type TestServer } from '../../tools/testing/testServer';
import { insertAlerts, type NewAlert } from './alertsRepo';

let server: TestServer;
let desk: string;
let socket: OwnerSocket;
let otherOwner: number;

beforeAll(async () => {
  server = await startTestServer();
  desk = await server.login();
  socket = await openOwnerSocket(server.url, { token: desk });
  await socket.join(server.seed.ownerId);
  otherOwner = (await createSecondOwner(server.db)).ownerId;
}, 120_000);

afterAll(async () => {
  socket?.close();
  await server?.close();
});

let keys = 0;
/** Stores alerts as the engine does (titles as a desk reads them); answers their ids. */
async function raise(ownerId: number, kind: NewAlert['kind'], titles: string[]): Promise<number[]> {
  const rows = await insertAlerts(
    server.db,
    titles.map((title) => ({
      ownerId,
      kind,
      key: `test:${++keys}`,
      occurredAt: new Date(),
      title,
      detail: null,
      shiftId: null,
      driver: null,
      vehicle: null,
      zone: null,
      position: null,
      desk: true,
      emailTo: [],
    })),
  );
  return rows.map((row) => row.id);
}

const inbox = async (query = '') => (await apiCall(server.url, `/api/alerts${query}`, { token: desk })).body.alerts as Alert[];
const acknowledge = (json: unknown) => apiCall(server.url, '/api/alerts/acknowledge', { token: desk, json });
const openOf = async (ids: number[]) => (await inbox('?state=open')).filter((alert) => ids.includes(alert.id)).map((alert) => alert.id);

describe('Reconocer seleccionadas', () => {
  it('acknowledges the chosen alerts with one note, in Actividad, pushed to the desks; the others stay open', async () => {
    const ids = await raise(server.seed.ownerId, 'zone_enter', ['AB1001 entró a Centro', 'AB1001 entró a Centro', 'AB1001 entró a Centro']);
    const answer = await acknowledge({ ids: [ids[0], ids[1]], note: 'Revisado en grupo' });
    expect(answer.status).toBe(200);
    expect(answer.body.acknowledged).toBe(2);
    expect((answer.body.alerts as Alert[]).map((alert) => [alert.id, alert.acknowledged?.note])).toEqual([
      [ids[1], 'Revisado en grupo'],
      [ids[0], 'Revisado en grupo'],
    ]);
    expect(await openOf(ids)).toEqual([ids[2]]);
    await socket.waitFor((e) => e.event === 'alert_changed' && (e.payload as { alert: Alert }).alert.id === ids[1]);
    const activity = (await apiCall(server.url, '/api/activity?entity=alert', { token: desk })).body.entries as { entity_id: number; action: string; changes: unknown }[];
    expect(activity.filter((entry) => entry.entity_id === ids[0] || entry.entity_id === ids[1])).toHaveLength(2);
    expect(activity.find((entry) => entry.entity_id === ids[0])).toMatchObject({ action: 'acknowledged', changes: { nota: { before: null, after: 'Revisado en grupo' } } });
  });

  it('leaves an alert someone already acknowledged as it was, and acknowledges the rest', async () => {
    const ids = await raise(server.seed.ownerId, 'speeding', ['AB1002 a 90 km/h', 'AB1002 a 95 km/h']);
    expect((await apiCall(server.url, `/api/alerts/${ids[0]}/acknowledge`, { token: desk, json: { note: 'Primero' } })).status).toBe(200);
    const answer = await acknowledge({ ids });
    expect(answer.status).toBe(200);
    expect((answer.body.alerts as Alert[]).map((alert) => alert.id)).toEqual([ids[1]]);
    const first = (await inbox('?kind=speeding')).find((alert) => alert.id === ids[0]);
    expect(first?.acknowledged?.note).toBe('Primero');
  });

  it("refuses another owner's alert among the ids with 404, and changes nothing", async () => {
    const mine = await raise(server.seed.ownerId, 'zone_exit', ['AB1003 salió de Centro']);
    const theirs = await raise(otherOwner, 'zone_exit', ['ZZ9999 salió de Centro']);
    const answer = await acknowledge({ ids: [mine[0], theirs[0]], note: 'Intento' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('Alerta no encontrada');
    expect(await openOf(mine)).toEqual(mine);
    const theirRow = await server.db.selectFrom('alerts').select('acknowledged_at').where('id', '=', theirs[0]).executeTakeFirstOrThrow();
    expect(theirRow.acknowledged_at).toBeNull();
  });

  it.each([
    ['neither ids nor kind', {}, 'Indica las alertas (ids) o un tipo de alerta, no ambos'],
    ['both ids and kind', { ids: [1], kind: 'sos' }, 'Indica las alertas (ids) o un tipo de alerta, no ambos'],
    ['an empty list', { ids: [] }, 'Lista de alertas inválida: de 1 a 500 ids'],
    ['an id that is not a number', { ids: ['uno'] }, 'Lista de alertas inválida: de 1 a 500 ids'],
    ['501 ids', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 'Lista de alertas inválida: de 1 a 500 ids'],
    ['an unknown kind', { kind: 'volcado' }, 'Tipo de alerta inválido'],
    ['a note of 501 characters', { kind: 'speeding', note: 'x'.repeat(501) }, 'La nota no puede superar 500 caracteres'],
  ])('answers 400 in Spanish to %s and changes nothing', async (_label, body, message) => {
    const before = (await apiCall(server.url, '/api/alerts/summary', { token: desk })).body.open_count;
    const answer = await acknowledge(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
    expect((await apiCall(server.url, '/api/alerts/summary', { token: desk })).body.open_count).toBe(before);
  });
});

describe('Reconocer todas las de este tipo', () => {
  it("acknowledges every open alert of the kind, only the fleet's own, and no other kind", async () => {
    const dwell = await raise(server.seed.ownerId, 'zone_dwell', ['AB1004 lleva 10 min en Terminal', 'AB1005 lleva 12 min en Terminal']);
    const other = await raise(server.seed.ownerId, 'long_stop', ['AB1004 detenido 8 min en viaje']);
    const theirs = await raise(otherOwner, 'zone_dwell', ['ZZ9999 lleva 10 min en Terminal']);
    const answer = await acknowledge({ kind: 'zone_dwell', note: 'Turno tranquilo' });
    expect(answer.status).toBe(200);
    expect((answer.body.alerts as Alert[]).map((alert) => alert.id).sort()).toEqual([...dwell].sort());
    expect(await inbox('?kind=zone_dwell&state=open')).toEqual([]);
    expect(await openOf(other)).toEqual(other);
    const theirRow = await server.db.selectFrom('alerts').select('acknowledged_at').where('id', '=', theirs[0]).executeTakeFirstOrThrow();
    expect(theirRow.acknowledged_at).toBeNull();
  });
});
