/**
 * /api/accounts over HTTP against a real server and a seeded PGlite: terms, the charges written from
 * shifts, payments with an idempotency key, reversals, balances, the estado de cuenta, the cierre del
 * día, roles, another fleet, bad amounts, and the driver's own account.
 */
import { sql } from 'kysely';
import { balancesResponseSchema, closingResponseSchema, driverAccountResponseSchema, entryResponseSchema, myAccountResponseSchema, statementResponseSchema } from '../../../contract/accounts';
import { zonedDate, zonedTime } from '../../platform/timeZone';
import { DEMO_DESK_USERS } from '../../tools/seed/demoDesk';
import { startSignedInServer, type SignedInServer } from '../../tools/testing/fleetApi';
import { driverBody, validRut } from '../../tools/testing/fleetFixtures';
import { driverLogin } from '../../tools/testing/http';
import { SECOND_OWNER, type TestServer } from '../../tools/testing/testServer';
import { chargeFleet } from './index';

let server: TestServer;
let token: string;
let adminToken: string;
let operatorToken: string;
let otherToken: string;
let call: SignedInServer['call'];
const TZ = 'America/Santiago';
const today = () => zonedDate(new Date(), TZ);
let keyCounter = 0;
const freshKey = () => `prueba-${Date.now()}-${(keyCounter += 1)}`;

beforeAll(async () => {
  ({ server, token, call } = await startSignedInServer());
  adminToken = await server.login(DEMO_DESK_USERS[0].rut);
  operatorToken = await server.login(DEMO_DESK_USERS[1].rut);
  otherToken = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A new driver of the demo fleet for each test (the password signs it in on /conductor). */
let nextRut = 35_000_001;
async function freeDriver() {
  const rut = validRut(nextRut++);
  const { status, body } = await call('/api/drivers', { method: 'POST', token, json: driverBody(rut, { last_name: `Cuenta${nextRut}` }) });
  expect(status).toBe(201);
  return { id: body.driver.id as number, rut };
}

/** An ended shift that started at `start` (and lasted 8 hours). */
async function endedShift(driverId: number, start: Date) {
  const row = await server.db
    .insertInto('shifts')
    .values({ owner_id: server.seed.ownerId, driver_id: driverId, start_time: start, end_time: new Date(start.getTime() + 8 * 3_600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const account = async (driverId: number, as = token) => {
  const { status, body } = await call(`/api/accounts/drivers/${driverId}`, { token: as });
  expect(status).toBe(200);
  return driverAccountResponseSchema.strict().parse(body);
};

async function post(path: string, json: unknown, as: string, idempotencyKey?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}

const entryCount = async () => Number((await sql<{ n: number }>`select count(*) as n from account_entries`.execute(server.db)).rows[0].n);

describe('terms', () => {
  it('a cuota diaria from today, kept in the history beside a later change', async () => {
    const driver = await freeDriver();
    const first = await post(`/api/accounts/drivers/${driver.id}/terms`, { kind: 'diaria', amount: 20_000, effective_from: today() }, adminToken);
    expect(first.status).toBe(201);
    const later = await post(`/api/accounts/drivers/${driver.id}/terms`, { kind: 'semanal', amount: 100_000, effective_from: '2099-01-05' }, token);
    expect(later.status).toBe(201);
    const { account: mine, terms_history } = await account(driver.id);
    expect(mine.terms).toMatchObject({ kind: 'diaria', amount: 20_000, effective_from: today() });
    expect(terms_history.map((terms) => [terms.kind, terms.amount])).toEqual([
      ['semanal', 100_000],
      ['diaria', 20_000],
    ]);
  });

  it.each([
    ['a decimal', { kind: 'diaria', amount: 20_000.5 }, 'El monto debe ser un número entero de pesos'],
    ['a negative amount', { kind: 'diaria', amount: -20_000 }, 'El monto debe ser un número entero de pesos'],
    ['an absurd amount', { kind: 'semanal', amount: 5_000_000_000 }, 'El monto debe ser un número entero de pesos'],
    ['an amount as text', { kind: 'diaria', amount: '20000' }, 'El monto debe ser un número entero de pesos'],
    ['a percentage over 100', { kind: 'porcentaje', amount: 150 }, 'El porcentaje debe ser un número entero entre 1 y 100'],
    ['a start in the past', { kind: 'diaria', amount: 20_000, effective_from: '2020-01-01' }, 'Las condiciones rigen desde hoy o una fecha futura'],
  ])('refuses %s with a Spanish 400 and saves nothing', async (_name, body, message) => {
    const driver = await freeDriver();
    const before = await server.db.selectFrom('account_terms').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const { status, body: answer } = await post(`/api/accounts/drivers/${driver.id}/terms`, { effective_from: today(), ...body }, token);
    expect(status).toBe(400);
    expect(answer.error).toContain(message);
    const after = await server.db.selectFrom('account_terms').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('an operator may not set terms', async () => {
    const driver = await freeDriver();
    const { status } = await post(`/api/accounts/drivers/${driver.id}/terms`, { kind: 'diaria', amount: 20_000, effective_from: today() }, operatorToken);
    expect(status).toBe(403);
  });
});

describe('charges from shifts', () => {
  it('a day worked is charged once, however often the pass runs', async () => {
    const driver = await freeDriver();
    await post(`/api/accounts/drivers/${driver.id}/terms`, { kind: 'diaria', amount: 20_000, effective_from: today() }, token);
    await endedShift(driver.id, zonedTime(today(), 0, TZ));
    await endedShift(driver.id, zonedTime(today(), 60, TZ)); // a second shift the same day: still one cuota
    const run = { ownerId: server.seed.ownerId, today: today(), timeZone: TZ };
    expect(await chargeFleet(server.db, { ...run, driverIds: [driver.id] })).toBe(1);
    expect(await chargeFleet(server.db, run)).toBeGreaterThanOrEqual(0);
    expect(await chargeFleet(server.db, { ...run, driverIds: [driver.id] })).toBe(0);
    const { account: mine, entries } = await account(driver.id);
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.date, entry.period])).toEqual([['cuota', 20_000, today(), `dia:${today()}`]]);
    expect(mine.balance).toBe(20_000);
    expect(mine.days_behind).toBe(0);
  });

  it('a porcentaje cuota charges its share of the shift’s recorded fares once, in whole pesos rounded down', async () => {
    const driver = await freeDriver();
    await post(`/api/accounts/drivers/${driver.id}/terms`, { kind: 'porcentaje', amount: 10, effective_from: today() }, token);
    const shiftId = await endedShift(driver.id, zonedTime(today(), 0, TZ));
    const emptyShift = await endedShift(driver.id, zonedTime(today(), 60, TZ));
    const trip = { owner_id: server.seed.ownerId, customer_phone: '+56987654321', pickup_latitude: -33.44, pickup_longitude: -70.65, driver_id: driver.id, shift_id: shiftId };
    await server.db
      .insertInto('bookings')
      .values([
        { ...trip, status: 'finalizado', fare_pesos: 4_350, fare_estimated: false },
        { ...trip, status: 'finalizado', fare_pesos: 12_805, fare_estimated: true },
        // A cancelled trip's fare, were one stored, is no income.
        { ...trip, status: 'cancelado', fare_pesos: 9_000, fare_estimated: false },
      ])
      .execute();
    const run = { ownerId: server.seed.ownerId, driverIds: [driver.id], today: today(), timeZone: TZ };
    expect(await chargeFleet(server.db, run)).toBe(1);
    expect(await chargeFleet(server.db, run)).toBe(0);
    const { account: mine, entries } = await account(driver.id);
    // 10 % of $17.155 is $1.715,5: the driver owes $1.715. The shift without fares owes nothing.
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.date, entry.period])).toEqual([['cuota', 1_715, today(), `tarifas:${shiftId}`]]);
    expect(entries.some((entry) => entry.period === `tarifas:${emptyShift}`)).toBe(false);
    expect(mine.balance).toBe(1_715);
  });

  it('a shift changed afterwards gives an explicit ajuste, and the charge is never edited', async () => {
    const driver = await freeDriver();
    await server.db.insertInto('account_terms').values({ owner_id: server.seed.ownerId, driver_id: driver.id, kind: 'diaria', amount: 15_000, effective_from: '2026-01-01', actor_name: 'Prueba' }).execute();
    const shiftId = await endedShift(driver.id, zonedTime('2026-03-10', 9 * 60, TZ));
    const run = { ownerId: server.seed.ownerId, driverIds: [driver.id], today: '2026-03-12', timeZone: TZ, lookbackDays: 10 };
    expect(await chargeFleet(server.db, run)).toBe(1);
    // The shift really started the day after (a correction): the 10th is no longer a day worked, the 11th is.
    await server.db.updateTable('shifts').set({ start_time: zonedTime('2026-03-11', 9 * 60, TZ), end_time: zonedTime('2026-03-11', 17 * 60, TZ) }).where('id', '=', shiftId).execute();
    expect(await chargeFleet(server.db, run)).toBe(2);
    expect(await chargeFleet(server.db, run)).toBe(0);
    const { entries, account: mine } = await account(driver.id);
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.date])).toEqual([
      ['cuota', 15_000, '2026-03-11'],
      ['ajuste', -15_000, '2026-03-10'],
      ['cuota', 15_000, '2026-03-10'],
    ]);
    expect(mine.balance).toBe(15_000);
  });

  it('a day is a day in America/Santiago, across the April and September clock changes', async () => {
    const driver = await freeDriver();
    await server.db.insertInto('account_terms').values({ owner_id: server.seed.ownerId, driver_id: driver.id, kind: 'diaria', amount: 10_000, effective_from: '2026-04-01', actor_name: 'Prueba' }).execute();
    // 03:30 UTC on 5 April is 23:30 of the 4th, the hour Chile lives twice (a fixed UTC-3 would say the 5th);
    // 04:30 UTC on 6 September is 01:30 of the 6th, just after the hour that does not exist.
    for (const start of ['2026-04-05T03:30:00Z', '2026-04-05T04:30:00Z', '2026-09-06T03:30:00Z', '2026-09-06T04:30:00Z']) await endedShift(driver.id, new Date(start));
    await chargeFleet(server.db, { ownerId: server.seed.ownerId, driverIds: [driver.id], today: '2026-04-06', timeZone: TZ, lookbackDays: 5 });
    await chargeFleet(server.db, { ownerId: server.seed.ownerId, driverIds: [driver.id], today: '2026-09-07', timeZone: TZ, lookbackDays: 5 });
    const { entries } = await account(driver.id);
    expect(entries.map((entry) => entry.period).sort()).toEqual(['dia:2026-04-04', 'dia:2026-04-05', 'dia:2026-09-05', 'dia:2026-09-06']);
  });

  it('the ledger refuses an edit or a delete, whoever asks', async () => {
    await expect(sql`update account_entries set amount = 1`.execute(server.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from account_entries`.execute(server.db)).rejects.toThrow(/append-only/);
  });
});

describe('payments, charges and reversals', () => {
  it('the same payment sent twice with one key is stored once', async () => {
    const driver = await freeDriver();
    const key = freshKey();
    const before = await entryCount();
    const first = await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'efectivo', amount: 20_000 }, operatorToken, key);
    const again = await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'efectivo', amount: 20_000 }, adminToken, key);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(entryResponseSchema.parse(again.body).entry.id).toBe(entryResponseSchema.parse(first.body).entry.id);
    expect(await entryCount()).toBe(before + 1);
    expect(first.body.balance).toBe(-20_000);
    // The same key for another entry is refused.
    const other = await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'efectivo', amount: 5_000 }, operatorToken, key);
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('Esa clave de idempotencia ya se usó para otro movimiento');
  });

  it('a key in the body works as the header does', async () => {
    const driver = await freeDriver();
    const idempotency_key = freshKey();
    const a = await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'transferencia', amount: 7_000, reference: 'BCI 123', idempotency_key }, operatorToken);
    const b = await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'transferencia', amount: 7_000, reference: 'BCI 123', idempotency_key }, operatorToken);
    expect([a.status, b.status]).toEqual([201, 200]);
    expect((await account(driver.id)).entries).toHaveLength(1);
  });

  it.each([
    ['a transfer without its reference', { kind: 'transferencia', amount: 5_000 }, 'Indica la referencia de la transferencia'],
    ['a charge without a reason', { kind: 'multa', amount: 5_000 }, 'Indica el motivo'],
    ['a decimal payment', { kind: 'efectivo', amount: 100.5 }, 'El monto debe ser un número entero de pesos'],
    ['a zero payment', { kind: 'efectivo', amount: 0 }, 'El monto debe ser un número entero de pesos'],
    ['an absurd payment', { kind: 'efectivo', amount: 1e12 }, 'El monto debe ser un número entero de pesos'],
    ['an unknown kind', { kind: 'regalo', amount: 100 }, 'Tipo de movimiento inválido'],
  ])('refuses %s with a Spanish 400 and saves nothing', async (_name, body, message) => {
    const driver = await freeDriver();
    const before = await entryCount();
    const { status, body: answer } = await post(`/api/accounts/drivers/${driver.id}/entries`, body, token);
    expect(status).toBe(400);
    expect(answer.error).toContain(message);
    expect(await entryCount()).toBe(before);
  });

  it('an operator records payments but not charges; an administrator charges and reverses', async () => {
    const driver = await freeDriver();
    expect((await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'daño', amount: 30_000, reason: 'Espejo roto' }, operatorToken)).status).toBe(403);
    const charge = await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'daño', amount: 30_000, reason: 'Espejo roto' }, adminToken);
    expect(charge.status).toBe(201);
    expect((await post(`/api/accounts/entries/${charge.body.entry.id}/reverse`, { reason: 'Era de otro' }, operatorToken)).status).toBe(403);
    const reversal = await post(`/api/accounts/entries/${charge.body.entry.id}/reverse`, { reason: 'Era de otro' }, adminToken);
    expect(reversal.status).toBe(201);
    expect(reversal.body.entry).toMatchObject({ kind: 'reversa', amount: -30_000, reverses_id: charge.body.entry.id, recorded_by: 'Javier Rojas' });
    expect(reversal.body.balance).toBe(0);
    // Once only: a second click answers the same reversal, another key is refused; a reversal is not reversed.
    const again = await post(`/api/accounts/entries/${charge.body.entry.id}/reverse`, { reason: 'Era de otro' }, adminToken);
    expect(again).toMatchObject({ status: 200, body: { entry: { id: reversal.body.entry.id } } });
    const other = await post(`/api/accounts/entries/${charge.body.entry.id}/reverse`, { reason: 'Otra vez' }, adminToken, freshKey());
    expect(other).toMatchObject({ status: 409, body: { error: 'Ese movimiento ya fue reversado' } });
    expect((await post(`/api/accounts/entries/${reversal.body.entry.id}/reverse`, { reason: 'Deshacer' }, adminToken)).status).toBe(409);
    const { entries } = await account(driver.id);
    expect(entries.find((entry) => entry.id === charge.body.entry.id)?.reversed_by_id).toBe(reversal.body.entry.id);
  });

  it('every entry goes into Actividad with who', async () => {
    const driver = await freeDriver();
    const { body } = await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'efectivo', amount: 4_000 }, operatorToken);
    const row = await server.db.selectFrom('activity_log').selectAll().where('entity', '=', 'account_entry').where('entity_id', '=', body.entry.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_name: 'Daniela Pérez', actor_role: 'operador', action: 'created' });
    expect(row.changes).toMatchObject({ kind: { after: 'efectivo' }, amount: { after: -4_000 } });
  });
});

describe('balances, estado de cuenta and cierre del día', () => {
  it('days behind count from the oldest charge the balance still covers; the list sorts by debt', async () => {
    const driver = await freeDriver();
    const owner = server.seed.ownerId;
    const entry = (amount: number, date: string, kind = 'cuota') => ({ owner_id: owner, driver_id: driver.id, kind, amount, entry_date: date, idempotency_key: `test:${freshKey()}` });
    const day = (offset: number) => zonedDate(new Date(Date.now() + offset * 86_400_000), TZ);
    await server.db.insertInto('account_entries').values([entry(9_000_000, day(-5)), entry(9_000_000, day(-4)), entry(9_000_000, day(-3)), entry(-9_000_000, day(-1), 'efectivo')]).execute();
    const { status, body } = await call('/api/accounts/balances', { token: operatorToken });
    expect(status).toBe(200);
    const { balances } = balancesResponseSchema.strict().parse(body);
    expect(balances[0]).toMatchObject({ driver_id: driver.id, balance: 18_000_000, days_behind: 4 });
    expect(balances.map((row) => row.balance)).toEqual([...balances.map((row) => row.balance)].sort((a, b) => b - a));
  });

  it('the estado de cuenta opens with the balance before the period and closes with the running sum', async () => {
    const driver = await freeDriver();
    const owner = server.seed.ownerId;
    const entry = (amount: number, date: string, kind: string) => ({ owner_id: owner, driver_id: driver.id, kind, amount, entry_date: date, idempotency_key: `test:${freshKey()}` });
    await server.db
      .insertInto('account_entries')
      .values([entry(20_000, '2026-02-27', 'cuota'), entry(20_000, '2026-03-01', 'cuota'), entry(-15_000, '2026-03-02', 'efectivo'), entry(20_000, '2026-03-02', 'cuota'), entry(20_000, '2026-04-01', 'cuota')])
      .execute();
    const { status, body } = await call(`/api/accounts/drivers/${driver.id}/statement?from=2026-03-01&to=2026-03-31`, { token });
    expect(status).toBe(200);
    const statement = statementResponseSchema.strict().parse(body);
    expect(statement).toMatchObject({ opening_balance: 20_000, charges_total: 40_000, payments_total: 15_000, closing_balance: 45_000 });
    expect(statement.entries.map((row) => row.balance)).toEqual([40_000, 25_000, 45_000]);
    const bad = await call(`/api/accounts/drivers/${driver.id}/statement?from=2026-03-31&to=2026-03-01`, { token });
    expect(bad).toMatchObject({ status: 400, body: { error: 'La fecha "hasta" no puede ser anterior a la fecha "desde"' } });
  });

  it('the cierre del día adds today by method and desk user, with the expected cash, reversals netted', async () => {
    const before = closingResponseSchema.strict().parse((await call('/api/accounts/closing', { token })).body);
    const driver = await freeDriver();
    const pay = (json: object, as: string) => post(`/api/accounts/drivers/${driver.id}/entries`, json, as);
    await pay({ kind: 'efectivo', amount: 20_000 }, operatorToken);
    await pay({ kind: 'efectivo', amount: 10_000 }, adminToken);
    await pay({ kind: 'transferencia', amount: 5_000, reference: 'N° 55' }, operatorToken);
    const wrong = await pay({ kind: 'efectivo', amount: 3_000 }, operatorToken);
    await post(`/api/accounts/entries/${wrong.body.entry.id}/reverse`, { reason: 'Error' }, token);
    await pay({ kind: 'multa', amount: 8_000, reason: 'Parte' }, token);
    const after = closingResponseSchema.strict().parse((await call('/api/accounts/closing', { token })).body);
    expect(after.date).toBe(today());
    expect(after.expected_cash - before.expected_cash).toBe(30_000);
    expect(after.collections_total - before.collections_total).toBe(35_000);
    expect(after.charges_total - before.charges_total).toBe(8_000);
    const operator = (closing: typeof after) => closing.by_user.find((user) => user.name === 'Daniela Pérez') ?? { total: 0, cash: 0 };
    expect(operator(after).total - operator(before).total).toBe(25_000);
    expect(operator(after).cash - operator(before).cash).toBe(20_000);
    expect(after.collections.reduce((sum, row) => sum + row.total, 0)).toBe(after.collections_total);
  });
});

describe('who sees what', () => {
  it('another fleet sees nothing of this one', async () => {
    const driver = await freeDriver();
    const entry = await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'efectivo', amount: 1_000 }, token);
    expect((await call(`/api/accounts/drivers/${driver.id}`, { token: otherToken })).status).toBe(404);
    expect((await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'efectivo', amount: 1_000 }, otherToken)).status).toBe(404);
    expect((await post(`/api/accounts/entries/${entry.body.entry.id}/reverse`, { reason: 'x' }, otherToken)).status).toBe(404);
    const { body } = await call('/api/accounts/balances', { token: otherToken });
    expect(body.balances.map((row: { driver_id: number }) => row.driver_id)).not.toContain(driver.id);
  });

  it('a driver reads their own account, read-only', async () => {
    const driver = await freeDriver();
    await post(`/api/accounts/drivers/${driver.id}/entries`, { kind: 'combustible', amount: 12_000, reason: 'Bencina' }, token);
    const { token: driverToken } = await driverLogin(server.url, driver.rut, 'clave-segura-1');
    const { status, body } = await call('/api/driver/account', { token: driverToken });
    expect(status).toBe(200);
    const mine = myAccountResponseSchema.strict().parse(body);
    expect(mine.balance).toBe(12_000);
    expect(mine.entries.map((entry) => entry.kind)).toEqual(['combustible']);
    // A driver's token opens no desk route.
    expect((await call(`/api/accounts/drivers/${driver.id}`, { token: driverToken })).status).toBe(401);
  });
});
