/** The simulator: its pure route generator, and the runner driving a real test server for a few ticks. */
import { parseSimulateArgs } from '../cli/simulate';
import { DEMO_FLEET_CODE, DEMO_OWNER_RUT, DEMO_PASSWORD, demoDriverRuts } from '../seed/demoFleet';
import { seededRandom } from '../seed/prng';
import { openOwnerSocket, type OwnerSocket } from '../testing/ownerSocket';
import { startTestServer, type TestServer } from '../testing/testServer';
import { advance, distanceMeters, GRID, MAX_SPEED_KMH, MIN_SPEED_KMH, position, startDrive, type LatLng } from './route';
import { startSimulator, type SimulatorStats } from './runner';

function drivePositions(seed: number, seconds: number): LatLng[] {
  const random = seededRandom(seed);
  let drive = startDrive(random);
  const positions = [position(drive)];
  for (let t = 0; t < seconds; t += 1) {
    drive = advance(drive, 1, random);
    positions.push(position(drive));
  }
  return positions;
}

describe('route generator', () => {
  const TWO_HOURS = 2 * 3600;

  it('is deterministic for a seed and differs between seeds', () => {
    expect(drivePositions(7, 600)).toEqual(drivePositions(7, 600));
    expect(drivePositions(8, 600)).not.toEqual(drivePositions(7, 600));
  });

  it.each([1, 2, 3, 42])('stays within 4 km of La Ligua for two hours (seed %i)', (seed) => {
    const farthest = Math.max(...drivePositions(seed, TWO_HOURS).map((p) => distanceMeters(p, GRID.center)));
    expect(farthest).toBeLessThanOrEqual(4000);
    expect(farthest).toBeGreaterThan(250); // it does go places
  });

  it.each([1, 2, 3, 42])('moves every second at a plausible town speed (seed %i)', (seed) => {
    const positions = drivePositions(seed, TWO_HOURS);
    const steps = positions.slice(1).map((p, i) => distanceMeters(positions[i], p));
    const maxStep = MAX_SPEED_KMH / 3.6;
    // Turning a corner within a second cuts the chord to at worst 1/√2 of the distance driven.
    const minStep = MIN_SPEED_KMH / 3.6 / Math.SQRT2;
    expect(Math.max(...steps)).toBeLessThanOrEqual(maxStep * 1.001);
    expect(Math.min(...steps)).toBeGreaterThanOrEqual(minStep * 0.999);
    const meanKmh = (steps.reduce((a, b) => a + b, 0) / steps.length) * 3.6;
    expect(meanKmh).toBeGreaterThan(MIN_SPEED_KMH);
    expect(meanKmh).toBeLessThan(MAX_SPEED_KMH);
  });
});

describe('npm run simulate arguments', () => {
  it('defaults to the demo fleet, its password and one batch per second', () => {
    expect(parseSimulateArgs(['--url', 'http://localhost:8080/'])).toEqual({
      url: 'http://localhost:8080',
      fleetCode: DEMO_FLEET_CODE,
      ruts: demoDriverRuts(),
      password: DEMO_PASSWORD,
      rate: 1,
      durationSeconds: null,
      seed: 1,
      protocol: 'driver-api',
      osmandForm: 'mixed',
      owner: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD },
    });
    expect(parseSimulateArgs(['--url', 'http://localhost', '--protocol', 'osmand', '--form', 'query'])).toMatchObject({ protocol: 'osmand', osmandForm: 'query' });
    expect(parseSimulateArgs(['--url', 'http://127.0.0.1:9', '--drivers', '2', '--rate', '0.5', '--rut-list', '11111111-1, 22222222-2,33333333-3', '--duration', '30'])).toMatchObject({
      ruts: ['11111111-1', '22222222-2'],
      rate: 0.5,
      durationSeconds: 30,
    });
  });

  it('explains what is wrong, in Spanish', () => {
    expect(() => parseSimulateArgs([])).toThrow('Falta --url');
    expect(() => parseSimulateArgs(['--url', 'ftp://x'])).toThrow('--url debe comenzar con http:// o https://');
    expect(() => parseSimulateArgs(['--url', 'http://localhost', '--protocol', 'nmea'])).toThrow('--protocol debe ser driver-api u osmand');
    expect(() => parseSimulateArgs(['--url', 'http://localhost', '--rate', '0'])).toThrow('--rate debe ser un número mayor que cero');
    expect(() => parseSimulateArgs(['--url', 'http://localhost', '--drivers', '500'])).toThrow(`--drivers pide 500 conductores, pero la lista tiene ${demoDriverRuts().length}`);
  });
});

describe('runner against a test server', () => {
  let server: TestServer;
  let socket: OwnerSocket | null = null;

  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    socket?.close();
    await server?.close();
  });

  it('knows the demo drivers who can drive (active, with a vehicle)', async () => {
    const rows = await server.db
      .selectFrom('drivers')
      .select('rut')
      .where('owner_id', '=', server.seed.ownerId)
      .where('is_active', '=', true)
      .where('current_vehicle_id', 'is not', null)
      .orderBy('id')
      .execute();
    expect(demoDriverRuts()).toEqual(rows.map((r) => r.rut));
  });

  it('signs drivers in, keeps 60-80 % on shift, sends locations the owner sees, cycles shifts, and stops', async () => {
    socket = await openOwnerSocket(server.url, { token: await server.login() });
    await socket.join(server.seed.ownerId);
    // Points sent from now on (trackers' query form carries whole seconds: from this second's start).
    const since = new Date(Math.floor(Date.now() / 1000) * 1000);
    const lines: string[] = [];
    // Five drivers (two of them already on a seeded shift); shifts and rests of a fraction of a second.
    const simulator = startSimulator({
      url: server.url,
      fleetCode: DEMO_FLEET_CODE,
      ruts: demoDriverRuts().slice(4, 9),
      password: DEMO_PASSWORD,
      rate: 10,
      shiftMinutes: [0.005, 0.01],
      restMinutes: [0.005, 0.01],
      reportEverySeconds: 0.5,
      log: (line) => lines.push(line),
    });
    expect(await simulator.ready).toBe(5);

    const samples: number[] = [];
    let stats: SimulatorStats = simulator.stats();
    // A cap, not a wait: the loop ends as soon as the simulator got there (a busy 2-core CI is slow).
    const until = Date.now() + 30_000;
    while ((stats.shiftsEnded < 2 || stats.shiftsStarted < 4 || stats.points < 30) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stats = simulator.stats();
      samples.push(stats.onShift);
    }
    await simulator.stop();
    const stopped = simulator.stats();

    expect(stopped).toMatchObject({ drivers: 5, errors: 0 });
    expect(stopped.shiftsEnded).toBeGreaterThanOrEqual(2);
    expect(stopped.shiftsStarted).toBeGreaterThanOrEqual(4);
    expect(stopped.points).toBeGreaterThanOrEqual(30);
    // 60-80 % of five: three or four on shift at every look.
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...samples)).toBeLessThanOrEqual(4);
    expect(lines[0]).toMatch(/^Simulador: 5 conductores contra http:\/\/127\.0\.0\.1:\d+, 4 en turno, un envío cada 0\.10 s\.$/);
    expect(lines.some((line) => /^Simulador: [34]\/5 conductores en turno · \d+\.\d puntos\/s$/.test(line))).toBe(true);

    // The owner's map heard it all through the real API and socket.
    expect(socket.events.filter((e) => e.event === 'location_update').length).toBeGreaterThan(5);
    expect(socket.events.some((e) => e.event === 'shift_ended')).toBe(true);
    const points = await server.db
      .selectFrom('shift_locations as l')
      .innerJoin('shifts as s', 's.id', 'l.shift_id')
      .innerJoin('drivers as d', 'd.id', 's.driver_id')
      .select(['l.latitude', 'l.longitude'])
      .where('d.rut', 'in', demoDriverRuts().slice(4, 9))
      .where('l.recorded_at', '>=', since)
      .execute();
    expect(points.length).toBe(stopped.points);
    for (const p of points) expect(distanceMeters(p, GRID.center)).toBeLessThanOrEqual(4000);

    // Stopped means stopped: nothing more is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(simulator.stats()).toEqual(stopped);
  }, 60_000);

  it('--protocol osmand: trackers in both forms (Traccar Client JSON and the query form) move the taxis the owner sees', async () => {
    const ruts = demoDriverRuts().slice(9, 11);
    const tracked = await server.db.selectFrom('drivers').select('id').where('rut', 'in', ruts).execute();
    // Points sent from now on (trackers' query form carries whole seconds: from this second's start).
    const since = new Date(Math.floor(Date.now() / 1000) * 1000);
    const lines: string[] = [];
    const simulator = startSimulator({
      url: server.url,
      fleetCode: DEMO_FLEET_CODE,
      ruts,
      password: DEMO_PASSWORD,
      rate: 5,
      onShiftShare: [1, 1],
      protocol: 'osmand',
      owner: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD },
      reportEverySeconds: 0,
      log: (line) => lines.push(line),
    });
    expect(await simulator.ready).toBe(2);
    // A cap, not a wait: the loop ends as soon as the simulator got there (a busy 2-core CI is slow).
    const until = Date.now() + 30_000;
    while (simulator.stats().points < 20 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    await simulator.stop();
    expect(simulator.stats()).toMatchObject({ drivers: 2, errors: 0 });
    expect(lines[0]).toMatch(/\(protocolo OsmAnd\)/);

    // Both drivers' active shifts got the points, through /osmand.
    const perDriver = await server.db
      .selectFrom('shift_locations as l')
      .innerJoin('shifts as s', 's.id', 'l.shift_id')
      .select(['s.driver_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('l.recorded_at', '>=', since)
      .where('s.driver_id', 'in', tracked.map((d) => d.id))
      .groupBy('s.driver_id')
      .execute();
    expect(perDriver).toHaveLength(2);
    // Every point sent was answered 200; the query form carries whole seconds, and points of one shift
    // with the same timestamp are stored once (a retried point is not a new one), so at 5 Hz the
    // query-form tracker stores about one point a second.
    const stored = perDriver.reduce((sum, row) => sum + Number(row.n), 0);
    expect(stored).toBeGreaterThanOrEqual(perDriver.length);
    expect(stored).toBeLessThanOrEqual(simulator.stats().points);
    const shifts = await server.db.selectFrom('shifts').select('id').where('driver_id', 'in', tracked.map((d) => d.id)).where('end_time', 'is', null).execute();
    expect(socket?.events.some((e) => e.event === 'location_update' && shifts.some((s) => s.id === (e.payload as { shift_id: number }).shift_id))).toBe(true);
  }, 60_000);
});
