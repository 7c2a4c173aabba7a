/**
 * The Despacho board on a day of 2,000 bookings (issue 32, defect 3): a booking still pending since
 * the morning is on it, every open booking is, and the closed ones beyond the newest are counted
 * (closed_not_shown), not silently dropped. Booking creation has a per-person limit, answered 429 in
 * Spanish. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { sql } from 'kysely';
import { bookingsResponseSchema } from '../../../contract/api';
import { DEMO_DESK_USERS } from '../../tools/seed/demoDesk';
import { DEMO_PASSWORD } from '../../tools/seed/demoFleet';
import { bookingBody } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { zonedDate, zonedTime } from '../../platform/timeZone';
import { DISPATCH_DEFAULTS } from './settings';
import { BOARD_CLOSED_SHOWN } from './bookingsRepo';
import { BookingRateMessages } from './bookingRateLimit';

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const OPEN_LATER = 760;
const CLOSED = 1_340;
const PER_MINUTE = 5;

describe.each(kinds)('the board on a busy day on %s', (kind) => {
  let server: TestServer;
  let scratch: ScratchDatabase | null = null;
  let ownerToken: string;
  let morningId: number;

  beforeAll(async () => {
    if (kind === 'postgres') scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'flota_board_volume');
    server = await startTestServer({ ...(scratch ? { databaseUrl: scratch.url } : {}), dispatch: { ...DISPATCH_DEFAULTS, bookingsPerMinute: PER_MINUTE, sweepMs: 60_000 } });
    ownerToken = await server.login();
    const ownerId = server.seed.ownerId;
    const midnight = zonedTime(zonedDate(new Date(), server.config.tzFleet), 0, server.config.tzFleet);
    const now = Date.now();
    // The morning's booking: the first of the day, still pending (nobody took it).
    const morning = new Date(Math.min(midnight.getTime() + 8 * 3_600_000, now - 60_000));
    const row = { owner_id: ownerId, customer_phone: '+56912345678', pickup_latitude: -32.45, pickup_longitude: -71.25, pickup_label: 'Plaza de La Ligua' };
    morningId = (await server.db.insertInto('bookings').values({ ...row, created_at: morning, updated_at: morning }).returning('id').executeTakeFirstOrThrow()).id;
    // Then 2,100 more, as a desk (or a script) would have made them: 760 still open, 1,340 closed today.
    await sql`insert into bookings (owner_id, customer_phone, pickup_latitude, pickup_longitude, pickup_label, status, created_at, updated_at, closed_at)
      select ${ownerId}, '+56987654321', -32.45, -71.25, 'Carga ' || n,
        case when n <= ${CLOSED} then 'finalizado' else 'pendiente' end,
        ${new Date(now - 50_000)}::timestamptz, ${new Date(now - 40_000)}::timestamptz,
        case when n <= ${CLOSED} then ${new Date(now - 30_000)}::timestamptz + make_interval(secs => n / 1000.0) else null end
      from generate_series(1, ${CLOSED + OPEN_LATER}) as n`.execute(server.db);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
  });

  it('shows every open booking, the morning one included, and counts the closed ones it leaves off', async () => {
    const { status, body } = await apiCall(server.url, '/api/dispatch/bookings', { token: ownerToken });
    expect(status).toBe(200);
    const board = bookingsResponseSchema.parse(body);
    const open = board.bookings.filter((booking) => booking.board !== 'finalizados');
    expect(open.map((booking) => booking.id)).toContain(morningId);
    expect(open.find((booking) => booking.id === morningId)).toMatchObject({ status: 'pendiente', board: 'por_asignar', pickup: { label: 'Plaza de La Ligua' } });
    expect(open).toHaveLength(OPEN_LATER + 1);
    const closed = board.bookings.filter((booking) => booking.board === 'finalizados');
    expect(closed).toHaveLength(BOARD_CLOSED_SHOWN);
    // The newest closed ones (closed_at grows with n): the last 100 of the 1,340.
    expect(closed.map((booking) => booking.pickup.label).sort()).toEqual(Array.from({ length: BOARD_CLOSED_SHOWN }, (_, i) => `Carga ${CLOSED - i}`).sort());
    expect(board.closed_not_shown).toBe(CLOSED - BOARD_CLOSED_SHOWN);
    // Newest first, as before.
    expect(board.bookings.map((booking) => booking.id)).toEqual([...board.bookings.map((booking) => booking.id)].sort((a, b) => b - a));
  });

  it('lets one desk person create PER_MINUTE bookings a minute, then answers 429 in Spanish; another person is not held back', async () => {
    const operator = await server.login(DEMO_DESK_USERS[1].rut, DEMO_PASSWORD);
    const before = Number((await sql<{ n: string }>`select count(*) as n from bookings`.execute(server.db)).rows[0].n);
    for (let i = 0; i < PER_MINUTE; i += 1) {
      expect((await apiCall(server.url, '/api/dispatch/bookings', { token: operator, json: bookingBody() })).status).toBe(201);
    }
    const refused = await fetch(`${server.url}/api/dispatch/bookings`, { method: 'POST', headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' }, body: JSON.stringify(bookingBody()) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: BookingRateMessages.tooMany });
    expect(BookingRateMessages.tooMany).toBe('Demasiadas reservas en poco tiempo. Espera un momento e intenta nuevamente.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const after = Number((await sql<{ n: string }>`select count(*) as n from bookings`.execute(server.db)).rows[0].n);
    expect(after - before).toBe(PER_MINUTE);
    // The Dueño, at the same desk, still books.
    expect((await apiCall(server.url, '/api/dispatch/bookings', { token: ownerToken, json: bookingBody() })).status).toBe(201);
  });
});
