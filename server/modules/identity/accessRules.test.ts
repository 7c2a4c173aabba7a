/**
 * Generated from the access table the server builds from its routes' declared rules: each desk role on each desk route, on its own
 * fleet (allowed → works; refused → 403 in Spanish and nothing changed) and on another fleet's ids
 * (404, nothing changed). Then the desk's sessions: a deactivated, deleted or reset user is refused
 * on the next request and their open socket is disconnected; a desk member's socket gets their
 * fleet's events and no other room.
 */
import Fastify from 'fastify';
import type { DeskRole } from '../../../contract/entities';
import { SocketEvent } from '../../../contract/socket';
import { DEMO_DESK_USERS } from '../../tools/seed/demoDesk';
import { DEMO_PASSWORD, demoDriverRuts } from '../../tools/seed/demoFleet';
import { apiCall, driverLogin } from '../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { databaseFingerprint, routeSamples } from '../../tools/testing/routeSamples';
import { createSecondOwner, startTestServer, type TestServer } from '../../tools/testing/testServer';
import { validRut } from '../../tools/testing/fleetFixtures';
import { registeredApiRoutes } from '../../platform/openapi/plugin';
import { Messages } from '../../platform/errors';
import { ACCESS_DENIED, EVERY_DESK_ROLE, socketEventRules, type Principal } from './accessRules';
import { registerAccessGuard } from './accessGuard';

let server: TestServer;
let otherOwnerId: number;
const tokens = {} as Record<DeskRole, string>;
const sockets: OwnerSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  otherOwnerId = (await createSecondOwner(server.db)).ownerId;
  tokens.dueño = await server.login();
  tokens.administrador = await server.login(DEMO_DESK_USERS[0].rut, DEMO_PASSWORD);
  tokens.operador = await server.login(DEMO_DESK_USERS[1].rut, DEMO_PASSWORD);
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

/** The desk routes of the table the server built from its routes' declarations. */
const deskRoutes = () => server.access.entries().filter(([, who]) => who.some((p) => (EVERY_DESK_ROLE as readonly Principal[]).includes(p)));

it('has a sample request for every desk route of the table', () => {
  expect(deskRoutes().length).toBeGreaterThan(15);
  expect(deskRoutes().map(([key]) => key).filter((key) => !routeSamples[key])).toEqual([]);
});

// Every desk route, one request each (and a fingerprint of the database around it): ~40 routes since despacho, so more than Jest's 5 s on a busy machine.
describe.each(EVERY_DESK_ROLE)('%s on every desk route', (role) => {
  it('works where allowed and is refused with 403, changing nothing, elsewhere', async () => {
    for (const [key, who] of deskRoutes()) {
      const method = key.split(' ')[0];
      const sample = await routeSamples[key]({ db: server.db, ownerId: server.seed.ownerId });
      // Only a refusal is compared with the database before it (a fingerprint reads every table).
      const before = who.includes(role) ? null : await databaseFingerprint(server.db);
      const { status, body } = await apiCall(server.url, sample.path, { method, token: tokens[role], json: sample.json, raw: sample.raw });
      if (who.includes(role)) {
        expect({ key, ok: status >= 200 && status < 300 }).toEqual({ key, ok: true });
        await sample.cleanup?.();
      } else {
        expect({ key, status, body }).toEqual({ key, status: 403, body: { error: ACCESS_DENIED } });
        expect({ key, same: (await databaseFingerprint(server.db)) === before }).toEqual({ key, same: true });
      }
    }
  }, 120_000);

  it("cannot see or touch another fleet's record where allowed (404, nothing changed)", async () => {
    const byId = deskRoutes().filter(([key, who]) => who.includes(role) && key.includes(':id'));
    expect(byId.length).toBeGreaterThan(0);
    for (const [key] of byId) {
      const method = key.split(' ')[0];
      const sample = await routeSamples[key]({ db: server.db, ownerId: otherOwnerId });
      const before = await databaseFingerprint(server.db);
      const { status, body } = await apiCall(server.url, sample.path, { method, token: tokens[role], json: sample.json, raw: sample.raw });
      expect({ key, status, error: typeof body.error }).toEqual({ key, status: 404, error: 'string' });
      expect({ key, same: (await databaseFingerprint(server.db)) === before }).toEqual({ key, same: true });
    }
  }, 120_000);
});

/** The routes whose declared schema checks a JSON body, by the access table's `METHOD /url` key. */
const routesWithBody = () => {
  const withBody = new Set(registeredApiRoutes(server.app).filter((route) => (route.schema as { body?: unknown } | undefined)?.body).map((route) => `${route.method} ${route.url}`));
  return server.access.entries().filter(([key]) => withBody.has(key));
};

// A route's schema judges its body only after the access guard and the driver's token check:
// without a session, or with a refused role, a body that would be a 400 is never looked at.
it('answers 401 without a session and 403 to a refused role before judging a bad body, and 400 to an allowed one', async () => {
  const routes = routesWithBody().filter(([, who]) => !who.includes('public'));
  expect(routes.length).toBeGreaterThan(20);
  const driverToken = (await driverLogin(server.url, demoDriverRuts()[0])).token;
  const notAnObject = ['no es un objeto'];
  for (const [key, who] of routes) {
    const [method] = key.split(' ');
    const sample = await routeSamples[key]?.({ db: server.db, ownerId: server.seed.ownerId });
    const path = sample?.path ?? key.split(' ')[1].replace(':id', '1');
    const anonymous = await apiCall(server.url, path, { method, json: notAnObject });
    expect({ key, status: anonymous.status, body: anonymous.body }).toEqual({ key, status: 401, body: { error: Messages.sessionExpired } });
    const refused = EVERY_DESK_ROLE.find((role) => !who.includes(role));
    if (refused && !who.includes('driver')) {
      const answer = await apiCall(server.url, path, { method, token: tokens[refused], json: notAnObject });
      expect({ key, status: answer.status, body: answer.body }).toEqual({ key, status: 403, body: { error: ACCESS_DENIED } });
    }
    const allowed = who.includes('driver') ? driverToken : tokens[EVERY_DESK_ROLE.find((role) => who.includes(role)) as DeskRole];
    const judged = await apiCall(server.url, path, { method, token: allowed, json: notAnObject });
    expect({ key, status: judged.status, body: judged.body }).toEqual({ key, status: 400, body: { error: Messages.badRequest } });
    await sample?.cleanup?.();
  }
}, 120_000);

it("lists only the fleet's own users", async () => {
  const otherUser = await apiCall(server.url, '/api/users', { token: tokens.dueño });
  const foreign = await server.db
    .insertInto('desk_users')
    .values({ owner_id: otherOwnerId, rut: validRut(45_000_001), rut_body: '45000001', password_hash: 'x', first_name: 'Ajena', last_name: 'Flota', email: 'a@example.cl', role: 'administrador' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { body } = await apiCall(server.url, '/api/users', { token: tokens.dueño });
  const listed = (body.users as { id: number }[]).map((u) => u.id);
  expect(listed).toEqual((otherUser.body.users as { id: number }[]).map((u) => u.id));
  expect(listed).toContain((await server.db.selectFrom('desk_users').select('id').where('rut', '=', DEMO_DESK_USERS[1].rut).executeTakeFirstOrThrow()).id);
  expect(listed).not.toContain(foreign.id);
});

it('refuses to start a server with an /api route that declares no access rule', async () => {
  const app = Fastify({ logger: false });
  const table = registerAccessGuard(app, async () => undefined);
  expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(
    'La ruta GET /api/undeclared no declara quién puede usarla (config.access en el routeSpecs.ts de su módulo)',
  );
  expect(() => app.get('/api/declared', { config: { access: ['operador'] } }, async () => ({}))).not.toThrow();
  expect(table.rule('GET', '/api/declared')).toEqual(['operador']);
  await app.close();
});

describe('desk sessions', () => {
  let n = 0;
  async function newOperator() {
    n += 1;
    const rut = validRut(50_000_000 + n);
    const created = await apiCall(server.url, '/api/users', {
      token: tokens.dueño,
      json: { rut, password: 'clave-operador', first_name: 'Op', last_name: `Sesión ${n}`, email: 'op@example.cl', role: 'operador' },
    });
    expect(created.status).toBe(201);
    const token = await server.login(rut, 'clave-operador');
    const socket = await openOwnerSocket(server.url, { token });
    sockets.push(socket);
    return { id: created.body.user.id as number, rut, token, socket, user: created.body.user };
  }

  it("gives a desk member their fleet's events through their own id, and no other room", async () => {
    const operator = await newOperator();
    expect(await operator.socket.join(server.seed.ownerId)).toEqual({ ok: false, error: 'Sala no permitida' });
    expect(await operator.socket.join(operator.id)).toEqual({ ok: true });
    expect(socketEventRules[SocketEvent.joinOwnerRoom]).toContain('operador');
    const active = await server.db
      .selectFrom('shifts as s')
      .innerJoin('drivers as d', 'd.id', 's.driver_id')
      .select(['s.id', 'd.rut'])
      .where('s.owner_id', '=', server.seed.ownerId)
      .where('s.end_time', 'is', null)
      .executeTakeFirstOrThrow();
    const driver = await driverLogin(server.url, active.rut);
    const sent = await apiCall(server.url, '/api/driver/locations', {
      token: driver.token,
      json: { locations: [{ latitude: -32.45, longitude: -71.23, timestamp: new Date().toISOString() }] },
    });
    expect(sent.status).toBe(202);
    await operator.socket.waitFor((e) => e.event === SocketEvent.locationUpdate && (e.payload as { shift_id: number }).shift_id === active.id);
  });

  const endings = [
    ['deactivated', (o: Awaited<ReturnType<typeof newOperator>>) => ({ method: 'PUT', json: { ...o.user, is_active: false } })],
    ['deleted', () => ({ method: 'DELETE', json: undefined })],
    ['given a new password', (o: Awaited<ReturnType<typeof newOperator>>) => ({ method: 'PUT', json: { ...o.user, password: 'clave-nueva-1' } })],
  ] as const;

  it.each(endings)('ends every session of a user %s: next request 401 (the account was just read and kept), socket disconnected, login refused', async (_what, request) => {
    const operator = await newOperator();
    expect(await operator.socket.join(operator.id)).toEqual({ ok: true });
    // The session is in use: the server has the account in memory when it ends.
    expect((await apiCall(server.url, '/api/drivers', { token: operator.token })).status).toBe(200);
    const disconnected = new Promise<string>((resolve) => operator.socket.socket.once('disconnect', resolve));
    const { method, json } = request(operator);
    const ended = await apiCall(server.url, `/api/users/${operator.id}`, { method, token: tokens.dueño, json });
    expect(ended.status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(await apiCall(server.url, '/api/drivers', { token: operator.token })).toEqual({
      status: 401,
      body: { error: 'Sesión expirada. Ingresa nuevamente.' },
    });
    await expect(openOwnerSocket(server.url, { token: operator.token })).rejects.toThrow('No autorizado');
    const relogin = await apiCall(server.url, '/api/auth/login', { json: { rut: operator.rut, password: 'clave-operador' } });
    expect(relogin.status).toBe(401);
  });

  it('ends the session in use at a role change, and the next sign-in has the new role', async () => {
    const operator = await newOperator();
    const activity = (token: string) => apiCall(server.url, '/api/activity', { token });
    expect((await activity(operator.token)).status).toBe(403);
    const promoted = await apiCall(server.url, `/api/users/${operator.id}`, { method: 'PUT', token: tokens.dueño, json: { ...operator.user, role: 'administrador' } });
    expect(promoted.status).toBe(200);
    expect((await activity(operator.token)).status).toBe(401);
    expect((await activity(await server.login(operator.rut, 'clave-operador'))).status).toBe(200);
  });

  it('signs every role in on the same form, with the person, the fleet and the role', async () => {
    const { body } = await apiCall(server.url, '/api/auth/login', { json: { rut: DEMO_DESK_USERS[1].display, password: DEMO_PASSWORD } });
    expect(body.user).toMatchObject({
      rut: DEMO_DESK_USERS[1].rut,
      first_name: DEMO_DESK_USERS[1].first_name,
      last_name: DEMO_DESK_USERS[1].last_name,
      email: DEMO_DESK_USERS[1].email,
      company_name: 'Taxis La Ligua',
      role: 'operador',
    });
    const me = await apiCall(server.url, '/api/auth/me', { token: body.token });
    expect(me.body.user).toEqual(body.user);
  });
});
