/**
 * Bad input over every route: the reproduced 500s as fixed examples, then a CI-sized
 * property-based run (FUZZ_RUNS, 150 by default; `npm run fuzz -- --runs 10000` for the full one).
 */
import { DEMO_FLEET_CODE } from '../seed/demoFleet';
import { apiClient } from '../testing/apiClient';
import { driverBody } from '../testing/fleetFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { fuzzApi, prepareTarget } from './badInput';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

describe('the input that answered 500 before', () => {
  it('answers 400 in Spanish', async () => {
    const call = apiClient(server.url);
    const target = await prepareTarget(server);
    const owner = { token: target.ownerToken };
    const cases = [
      await call('/api/driver/shifts/start', { method: 'POST', token: target.driverToken, json: { vehicle_id: 2147483648 } }),
      await call('/api/drivers', { method: 'POST', ...owner, json: driverBody('5.126.663-3', { current_vehicle_id: 2147483648 }) }),
      await call(`/api/drivers/${target.samples.ids[0]}`, { method: 'PUT', ...owner, json: driverBody('5.126.663-3', { current_vehicle_id: 2147483648 }) }),
      await call('/api/drivers', { method: 'POST', ...owner, json: driverBody('5.126.663-3', { license_expiry: '0000-01-01' }) }),
      await call('/api/shifts/history?start_date=0000-01-01', owner),
      await call('/api/shifts/history?end_date=9999-12-31', owner),
      await call('/api/driver/locations', { method: 'POST', token: target.driverToken, json: { locations: [{ latitude: -32.4, longitude: -71.2, timestamp: '-271821-04-20T00:00:00.000Z' }] } }),
      // Found by the full fuzz run: PostgreSQL text cannot hold a NUL character.
      await call(`/api/vehicles/${target.samples.ids[0]}`, { method: 'PUT', ...owner, json: { color: '\u0000', year: null } }),
    ];
    for (const answer of cases) {
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect(cases.map((answer) => answer.body.error)).toEqual([
      'Vehículo inválido',
      'Vehículo inválido',
      'Vehículo inválido',
      'Fecha de vencimiento inválida',
      'Fecha Inicio inválida',
      'Fecha Fin inválida',
      'Fecha y hora inválida',
      'El texto contiene caracteres no permitidos',
    ]);
  });

  it('says wrong types, missing bodies and unknown fields in Spanish', async () => {
    const call = apiClient(server.url);
    const token = await server.login();
    expect(await call('/api/vehicles', { method: 'POST', token, json: { plate_number: 5 } })).toEqual({
      status: 400,
      body: { error: 'Entrada inválida: se esperaba texto, recibido número', fields: { plate_number: 'Entrada inválida: se esperaba texto, recibido número' } },
    });
    expect(await call('/api/driver/login', { method: 'POST' })).toMatchObject({ status: 400, body: { error: 'Ingresa tu RUT' } });
    expect(await call('/api/driver/login', { method: 'POST', json: { fleet_code: DEMO_FLEET_CODE, rut: 7, password: [] } })).toMatchObject({
      status: 400,
      body: { fields: { rut: 'Entrada inválida: se esperaba texto, recibido número', password: 'Entrada inválida: se esperaba texto, recibido arreglo' } },
    });
  });
});

describe('property-based bad input on every route', () => {
  it('never answers 500, never drops a connection, always errs in Spanish, and changes rows only on 2xx writes', async () => {
    const runs = Number(process.env.FUZZ_RUNS ?? 150);
    const report = await fuzzApi(await prepareTarget(server), { runs });
    expect(report.failures).toEqual([]);
    expect(report).toMatchObject({ cases: runs, serverErrors: 0, dropped: 0, notSpanish: 0, unexpectedChanges: 0 });
    // The run reached past validation: some writes succeeded and some input was refused.
    expect(Object.keys(report.byStatus)).toEqual(expect.arrayContaining(['400', '404']));
    // Bodies at a route's limit and one byte over it were among the cases (issue 45), and a 413 answered.
    expect(report.bodies.limit).toBeGreaterThan(0);
    expect(report.byStatus['413']).toBeGreaterThan(0);
  }, 300_000);
});
