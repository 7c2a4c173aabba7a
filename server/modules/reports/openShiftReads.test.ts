/**
 * An open shift's summary and replay over HTTP, on PGlite and (with TEST_DATABASE_URL) PostgreSQL,
 * from two servers on one database (two processes' memories): every answer equals the one
 * computed from scratch from the stored trail, after new points, after a late point older than the
 * newest (the ingest lets those join the trail), and a repeated read reads only the new points.
 */
import type { Kysely } from 'kysely';
import { shiftReplaySchema } from '../../../contract/replay';
import { shiftSummaryResponseSchema, type ShiftSummaryResponse } from '../../../contract/reports';
import { buildServer, type FlotaServer } from '../../app';
import { hashPassword } from '../identity';
import { readTrail, type TrailPoint } from '../positions';
import { loadConfig } from '../../platform/config';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { migrateToLatest } from '../../platform/db/migrate';
import type { Database } from '../../platform/db/schema';
import { createFleet, insertShifts, type Fleet } from '../../tools/testing/fleetFixtures';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { SyntheticTrack } from '../../tools/testing/syntheticTrack';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';
import { createOpenShiftTrails } from './openShiftTrails';
import { replayColumns } from './replayColumns';
import { summarizeTrail } from './summarizeTrail';

const PASSWORD = 'turno-abierto-2026';
const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

async function store(db: Kysely<Database>, shiftId: number, points: readonly TrailPoint[]): Promise<void> {
  const rows = points.map((point) => ({ shift_id: shiftId, latitude: point.latitude, longitude: point.longitude, accuracy: point.accuracy, recorded_at: new Date(point.time) }));
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto('shift_locations').values(rows.slice(i, i + 1000)).execute();
}

/** What a from-scratch summary of the stored trail says (computed_at aside). */
async function fromScratch(db: Kysely<Database>, shiftId: number) {
  const { totals, trips, stops } = summarizeTrail(await readTrail(db, shiftId));
  return { summary: { shift_id: shiftId, ...totals, final: false }, trips, stops };
}

describe.each(kinds)('open shift reads on %s', (kind) => {
  let database: OpenDatabase;
  let scratch: ScratchDatabase | null = null;
  let db: Kysely<Database>;
  const servers: FlotaServer[] = [];
  const urls: string[] = [];
  let token: string;
  let fleet: Fleet;
  let shiftId: number;
  let track: SyntheticTrack;

  beforeAll(async () => {
    if (kind === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'flota_open_reads');
      database = await openPostgres(scratch.url);
      await migrateToLatest(database.db);
    } else {
      // A copy of the run's migrated template: nothing to migrate.
      database = await openTestPglite();
    }
    db = database.db;
    fleet = await createFleet(db, { rutBody: 33_500_000, company: 'Taxis Abiertos', passwordHash: await hashPassword(PASSWORD), driverNames: ['Dina'], platePrefix: 'ABRT' });
    const start = new Date(Date.now() - 3 * 3_600_000);
    [shiftId] = await insertShifts(db, [{ owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, start_time: start, end_time: null }]);
    track = new SyntheticTrack(start).drive(3000, 0, 360).stand(600, 5).drive(0, 2000, 360).jump(4000);
    await store(db, shiftId, track.points);

    const config = { ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }), host: '127.0.0.1', port: 0, simulator: false };
    for (let i = 0; i < 2; i += 1) {
      const server = await buildServer(config, { db, dbKind: database.kind, logger: false, backgroundPasses: { summaryBackfill: false } });
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`);
    }
    const login = await fetch(`${urls[0]}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: fleet.ownerRut, password: PASSWORD }) });
    token = ((await login.json()) as { token: string }).token;
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
    await scratch?.drop();
  });

  async function get(server: number, path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${urls[server]}/api/shifts/${shiftId}/${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  }

  async function summaryFrom(server: number) {
    const { status, body } = await get(server, 'summary');
    expect(status).toBe(200);
    const { summary, trips, stops } = shiftSummaryResponseSchema.strict().parse(body) as ShiftSummaryResponse;
    const { computed_at: _computedAt, ...rest } = summary;
    return { summary: rest, trips, stops };
  }

  /** Appends to the track (as the ingest stores points) and returns how many points were added. */
  async function more(drive: (track: SyntheticTrack) => void): Promise<number> {
    const before = track.points.length;
    drive(track);
    await store(db, shiftId, track.points.slice(before));
    return track.points.length - before;
  }

  it('shows each new point on the next read, on either process, as a from-scratch summary would', async () => {
    expect(await summaryFrom(0)).toEqual(await fromScratch(db, shiftId));
    const first = await summaryFrom(0);

    await more((t) => t.drive(1500, 1500, 200).stand(400, 3));
    const second = await summaryFrom(0);
    expect(second).toEqual(await fromScratch(db, shiftId));
    expect(second.summary.points_count).toBe(track.points.length);
    expect(second.summary.distance_km).toBeGreaterThan(first.summary.distance_km + 2);
    expect(second.stops.length).toBe(first.stops.length + 1);
    expect(await summaryFrom(1)).toEqual(second);

    // One point at a time, the jump filter's pending point included.
    for (let i = 0; i < 5; i += 1) {
      await more((t) => (i === 2 ? t.jump(3000) : t.drive(30, 30, 1)));
      expect(await summaryFrom(i % 2)).toEqual(await fromScratch(db, shiftId));
    }
  });

  it('takes in a late point older than the newest one', async () => {
    const before = await summaryFrom(0);
    const newest = track.points[track.points.length - 1];
    const late = { ...newest, time: newest.time - 1500, latitude: newest.latitude + 0.01 };
    await store(db, shiftId, [late]);
    const after = await summaryFrom(0);
    expect(after).toEqual(await fromScratch(db, shiftId));
    expect(after.summary.points_count).toBe(before.summary.points_count + 1);
    expect(await summaryFrom(1)).toEqual(after);
  });

  it('the replay shows new points on the next read, as a from-scratch one would', async () => {
    const first = shiftReplaySchema.parse((await get(0, 'replay')).body);
    expect(first).toMatchObject(replayColumns(await readTrail(db, shiftId)));
    await more((t) => t.drive(-800, 0, 90));
    const { status, body } = await get(0, 'replay');
    expect(status).toBe(200);
    const second = shiftReplaySchema.parse(body);
    expect(second).toMatchObject(replayColumns(await readTrail(db, shiftId)));
    expect(second.time_steps_ms.length).toBe(first.time_steps_ms.length + 90);
    expect(shiftReplaySchema.parse((await get(1, 'replay')).body)).toEqual(second);
  });

  it('four reads at once by one user all answer, with the same summary', async () => {
    await more((t) => t.drive(500, 500, 60));
    const expected = await fromScratch(db, shiftId);
    const answers = await Promise.all([0, 1, 0, 1].map((server) => summaryFrom(server)));
    for (const answer of answers) expect(answer).toEqual(expected);
  });

  it('a repeated read reads only the points stored since the last one', async () => {
    const trails = createOpenShiftTrails(db);
    await trails.summary(shiftId);
    const stored = track.points.length + 1; // the late point
    expect(trails.pointsRead).toBe(stored);
    await trails.summary(shiftId);
    await trails.replayColumns(shiftId);
    expect(trails.pointsRead).toBe(stored);
    const added = await more((t) => t.drive(200, 0, 25));
    const kept = await trails.summary(shiftId);
    expect(kept).toEqual(summarizeTrail(await readTrail(db, shiftId)));
    expect(kept.totals.points_count).toBe(stored + added);
    expect(trails.pointsRead).toBe(stored + added);
  });
});
