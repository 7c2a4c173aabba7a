/**
 * The position service's outcomes, on the embedded database, and what a request costs it: every
 * read the server makes is built through Kysely (query builder or sql``), so a plugin on the
 * service's Kysely instance sees each one. The group commit's write is a prepared statement of its
 * own (flushRunner.ts) and is not counted: a point must be stored.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { sql } from 'kysely';
import Fastify from 'fastify';
import type { OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { offsetClock } from '../../platform/clock';
import { ownerRoom } from '../../../contract/socket';
import type { RealtimePublisher } from '../../platform/realtime/publisher';
import { createOnShiftFleet, type OnShiftFleet } from '../../tools/testing/bulkFleet';
import { standalonePositionService, type StandalonePositions } from '../../tools/testing/standalonePositions';

class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const CAP = 30;
let database: OpenDatabase;
let fleet: OnShiftFleet;
let service: StandalonePositions;
const counter = new QueryCounter();
const events: Array<{ event: string; room: string; payload: unknown }> = [];
// The socket.io edge, recorded.
const publisher: RealtimePublisher = {
  publishLocations: (ownerId, updates) => {
    events.push({ event: 'locations', room: ownerRoom(ownerId), payload: updates });
  },
  publish: (room, event, payload) => {
    events.push({ event, room, payload });
  },
};
let nextDriver = 0;
const driver = () => ({ ...fleet.drivers[nextDriver++], ownerId: fleet.ownerId });
const point = (secondsFromNow = 0, latitude = -33.45) => ({ latitude, longitude: -70.66, timestamp: new Date(Date.now() + secondsFromNow * 1000).toISOString() });
const deviceOf = async (driverId: number) => (await sql<{ device_id: string }>`select device_id from drivers where id = ${driverId}`.execute(database.db)).rows[0].device_id;
/** Queries the service built while `run` ran. */
async function queriesDuring(run: () => Promise<unknown>): Promise<number> {
  const before = counter.count;
  await run();
  return counter.count - before;
}

beforeAll(async () => {
  database = await openTestPglite();
  fleet = await createOnShiftFleet(database.db, { drivers: 12, jwtSecret: 'x'.repeat(40), startedAt: new Date(Date.now() - 600_000) });
  service = standalonePositionService({
    db: database.db.withPlugin(counter),
    publisher,
    log: Fastify({ logger: false }).log,
    databaseUrl: null,
    pointsPerMinute: CAP,
    shiftIdleEndMinutes: 1,
    idleSweepMs: 3_600_000,
  });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await database?.close();
});

describe('submitFromDevice', () => {
  it('reads no database for a driver already on shift, once its device is known', async () => {
    const { id, ownerId } = driver();
    const deviceId = await deviceOf(id);
    // The first request of this device may look it up (the start-up warm-up may not have run yet).
    expect(await service.submitFromDevice(deviceId, [point(-5)])).toEqual({ outcome: 'accepted', accepted: 1, ignored: 0 });
    events.length = 0;
    let outcome: unknown;
    const queries = await queriesDuring(async () => (outcome = await service.submitFromDevice(deviceId, [point(-1, -33.46)])));
    expect(outcome).toEqual({ outcome: 'accepted', accepted: 1, ignored: 0 });
    expect(queries).toBe(0);
    expect(events).toEqual([{ event: 'locations', room: ownerRoom(ownerId), payload: [expect.objectContaining({ latitude: -33.46 })] }]);
    // The counter does see reads: a cold cache (as after a lost LISTEN) looks the device and driver up.
    service.cache.clear();
    expect(await queriesDuring(() => service.submitFromDevice(deviceId, [point()]))).toBeGreaterThan(0);
  });

  it('refuses an unknown device, and the old identifier at once after a regeneration', async () => {
    expect(await service.submitFromDevice('no-such-device', [point()])).toEqual({ outcome: 'refused', reason: 'unknownDevice' });
    const { id, ownerId } = driver();
    const old = await deviceOf(id);
    expect((await service.submitFromDevice(old, [point(-2)])).outcome).toBe('accepted');
    const { regenerateDeviceId } = await import('../drivers');
    await regenerateDeviceId(database.db, ownerId, id);
    expect(await service.submitFromDevice(old, [point()])).toEqual({ outcome: 'refused', reason: 'unknownDevice' });
    expect((await service.submitFromDevice(await deviceOf(id), [point()])).outcome).toBe('accepted');
  });

  it('drops points too far in the future instead of refusing the request, and ignores those before the shift', async () => {
    const { id } = driver();
    const deviceId = await deviceOf(id);
    expect(await service.submitFromDevice(deviceId, [point(-3600), point(-1), point(600)])).toEqual({ outcome: 'accepted', accepted: 1, ignored: 2 });
    expect(await service.submitFromDevice(deviceId, [point(600)])).toEqual({ outcome: 'ignored', ignored: 1 });
    expect(await service.submitFromDevice(deviceId, [])).toEqual({ outcome: 'ignored', ignored: 0 });
  });

  it('starts a tracker shift at the first point and announces it once; the idle sweep ends it and announces that once', async () => {
    const { id, ownerId, shiftId } = driver();
    await service.shifts.end(ownerId, shiftId, new Date());
    events.length = 0;
    const first = new Date(Date.now() - 30_000);
    const result = await service.submitFromDevice(await deviceOf(id), [{ ...point(), timestamp: first.toISOString() }]);
    expect(result).toEqual({ outcome: 'accepted', accepted: 1, ignored: 0 });
    const started = events.filter((e) => e.event === 'shift_started');
    expect(started).toEqual([{ event: 'shift_started', room: ownerRoom(ownerId), payload: { shift: expect.objectContaining({ driver_id: id, start_time: first.toISOString(), is_active: true }) } }]);
    const newShift = (started[0].payload as { shift: { id: number } }).shift.id;
    expect(await service.endIdleShifts(new Date(Date.now() + 2 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(events.filter((e) => e.event === 'shift_ended')).toEqual([
      { event: 'shift_ended', room: ownerRoom(ownerId), payload: { shift_id: newShift, end_time: first.toISOString(), duration_seconds: 0 } },
    ]);
  });
});

describe('submitFromDriver', () => {
  it('refuses the whole batch for a point in the future, naming it, and keeps nothing', async () => {
    const d = driver();
    expect(await service.submitFromDriver(d, [point(-1), point(600)])).toEqual({ outcome: 'refused', reason: 'future', index: 1 });
  });

  it('accepts with the state the token check read, without another cache read or query', async () => {
    const d = driver();
    const state = await service.cache.get(d.id);
    expect(state?.activeShift?.id).toBe(d.shiftId);
    const queries = await queriesDuring(async () => expect(await service.submitFromDriver({ ...d, state: state! }, [point(-1)])).toEqual({ outcome: 'accepted', accepted: 1, ignored: 0 }));
    expect(queries).toBe(0);
  });

  it('answers noShift, unknownDriver (another fleet) and rateLimited with when to retry', async () => {
    const off = driver();
    await service.shifts.end(off.ownerId, off.shiftId, new Date());
    expect(await service.submitFromDriver(off, [point()])).toEqual({ outcome: 'refused', reason: 'noShift' });
    const d = driver();
    expect(await service.submitFromDriver({ id: d.id, ownerId: d.ownerId + 1000 }, [point()])).toEqual({ outcome: 'refused', reason: 'unknownDriver' });
    const many = Array.from({ length: CAP + 1 }, (_, i) => point(-i));
    expect(await service.submitFromDriver(d, many)).toEqual({ outcome: 'refused', reason: 'rateLimited', retryAfterSeconds: 1 });
  });

  it('ignores points timed before the shift started', async () => {
    const d = driver();
    expect(await service.submitFromDriver(d, [point(-3600)])).toEqual({ outcome: 'ignored', ignored: 1 });
  });

  it("judges the future by its clock: 5 minutes behind, the system's now is refused and the clock's own accepted", async () => {
    const d = driver();
    const behind = standalonePositionService({ db: database.db, publisher, log: Fastify({ logger: false }).log, databaseUrl: null, shiftIdleEndMinutes: 1, idleSweepMs: 3_600_000, clock: offsetClock(-300_000) });
    try {
      expect(await behind.submitFromDriver(d, [point(0)])).toEqual({ outcome: 'refused', reason: 'future', index: 0 });
      expect(await behind.submitFromDriver(d, [point(-300)])).toEqual({ outcome: 'accepted', accepted: 1, ignored: 0 });
    } finally {
      await behind.close();
    }
  });
});
