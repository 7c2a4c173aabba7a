/**
 * The activity log as the Actividad screen and an auditor see it: who changed what, the changed
 * fields before → after, when and from where; newest first, filtered, paginated; no password ever;
 * no way to change it, not even in SQL.
 */
import { sql } from 'kysely';
import { DEMO_DESK_USERS } from '../../tools/seed/demoDesk';
import { DEMO_PASSWORD } from '../../tools/seed/demoFleet';
import { apiCall } from '../../tools/testing/http';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { validRut } from '../../tools/testing/fleetFixtures';

let server: TestServer;
let owner: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.login();
  admin = await server.login(DEMO_DESK_USERS[0].rut, DEMO_PASSWORD);
}, 60_000);
afterAll(() => server?.close());

it('records who changed which fields of a driver, before and after, from which address, and never a password', async () => {
  const rut = validRut(33_000_001);
  const created = await apiCall(server.url, '/api/drivers', {
    token: owner,
    json: { rut, password: 'clave-secreta-1', first_name: 'Rosa', last_name: 'Vera', phone: '+56 9 1111 2222' },
  });
  expect(created.status).toBe(201);
  const id = created.body.driver.id;
  const edited = await apiCall(server.url, `/api/drivers/${id}`, {
    method: 'PUT',
    token: admin,
    json: { first_name: 'Rosa', last_name: 'Vera', phone: '+56 9 3333 4444', password: 'clave-secreta-2' },
  });
  expect(edited.status).toBe(200);

  const { status, body } = await apiCall(server.url, '/api/activity?entity=driver', { token: owner });
  expect(status).toBe(200);
  const [latest, first] = body.entries;
  expect(latest).toMatchObject({
    actor_name: `${DEMO_DESK_USERS[0].first_name} ${DEMO_DESK_USERS[0].last_name}`,
    actor_role: 'administrador',
    entity: 'driver',
    entity_id: id,
    entity_label: 'Rosa Vera',
    action: 'updated',
    changes: { phone: { before: '+56 9 1111 2222', after: '+56 9 3333 4444' }, password_changed: { before: false, after: true } },
    ip: '127.0.0.1',
  });
  expect(Object.keys(latest.changes).sort()).toEqual(['password_changed', 'phone']);
  expect(first).toMatchObject({ actor_name: 'Carolina Muñoz', actor_role: 'dueño', action: 'created', changes: { first_name: { before: null, after: 'Rosa' } } });
  expect(Date.parse(latest.created_at)).toBeGreaterThanOrEqual(Date.parse(first.created_at));
  const stored = JSON.stringify((await server.db.selectFrom('activity_log').selectAll().execute()));
  expect(stored).not.toMatch(/clave-secreta|scrypt\$/);
});

it('filters by person, kind and dates, and pages newest first', async () => {
  for (const plate of ['PG1001', 'PG1002', 'PG1003']) {
    expect((await apiCall(server.url, '/api/vehicles', { token: admin, json: { plate_number: plate } })).status).toBe(201);
  }
  const actor = body(await apiCall(server.url, '/api/activity', { token: owner })).actors.find((a: { role: string }) => a.role === 'administrador').key;
  const page1 = body(await apiCall(server.url, `/api/activity?entity=vehicle&actor=${encodeURIComponent(actor)}&page_size=2`, { token: owner }));
  expect(page1.total).toBe(3);
  expect(page1.entries.map((e: { entity_label: string }) => e.entity_label)).toEqual(['PG1003', 'PG1002']);
  const page2 = body(await apiCall(server.url, `/api/activity?entity=vehicle&actor=${encodeURIComponent(actor)}&page_size=2&page=2`, { token: owner }));
  expect(page2.entries.map((e: { entity_label: string }) => e.entity_label)).toEqual(['PG1001']);
  const past = body(await apiCall(server.url, '/api/activity?start_date=2001-01-01&end_date=2001-01-31', { token: owner }));
  expect(past).toMatchObject({ total: 0, entries: [] });
  const bad = await apiCall(server.url, '/api/activity?entity=password&start_date=2024-13-01', { token: owner });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toEqual({ entity: 'Tipo de registro inválido', start_date: 'Fecha Inicio inválida' });
});

it('cannot be edited or erased, even in SQL', async () => {
  await expect(sql`update activity_log set actor_name = 'otro'`.execute(server.db)).rejects.toThrow(/append-only/);
  await expect(sql`delete from activity_log`.execute(server.db)).rejects.toThrow(/append-only/);
});

function body(answer: { status: number; body: any }) { // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(answer.status).toBe(200);
  return answer.body;
}

it("shows an Administrador no entry about desk accounts (Usuarios is the Dueño's): not in the list, not by filter, not in the count", async () => {
  const rut = validRut(33_500_001);
  const created = await apiCall(server.url, '/api/users', {
    token: owner,
    json: { rut, password: 'clave-mesa-1', first_name: 'Marta', last_name: 'Leiva', email: 'marta.leiva@example.cl', role: 'operador' },
  });
  expect(created.status).toBe(201);
  const reset = await apiCall(server.url, `/api/users/${created.body.user.id}`, {
    method: 'PUT',
    token: owner,
    json: { first_name: 'Marta', last_name: 'Leiva', email: 'marta.leiva@example.cl', role: 'administrador', is_active: true, password: 'clave-mesa-2' },
  });
  expect(reset.status).toBe(200);

  const asOwner = await apiCall(server.url, '/api/activity?entity=user', { token: owner });
  expect(asOwner.status).toBe(200);
  expect(asOwner.body.entries.length).toBeGreaterThanOrEqual(2);
  expect(JSON.stringify(asOwner.body.entries)).toContain('marta.leiva@example.cl');

  const filtered = await apiCall(server.url, '/api/activity?entity=user', { token: admin });
  expect(filtered.status).toBe(200);
  expect(filtered.body).toMatchObject({ entries: [], total: 0 });
  const everything = await apiCall(server.url, '/api/activity?page_size=100', { token: admin });
  expect(everything.body.entries.every((entry: { entity: string }) => entry.entity !== 'user')).toBe(true);
  const all = JSON.stringify(everything.body);
  for (const personal of [rut, 'marta.leiva@example.cl', 'Leiva']) expect(all).not.toContain(personal);
  const ownerTotal = (await apiCall(server.url, '/api/activity?page_size=100', { token: owner })).body.total;
  expect(everything.body.total).toBe(ownerTotal - asOwner.body.total);
});
