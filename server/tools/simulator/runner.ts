/**
 * Moves a fleet through the REAL driver API of one server: each driver signs in, starts a shift,
 * sends location batches every 1/rate seconds while it drives its route, ends the shift after
 * 20-60 minutes, rests, and starts again — keeping 60-80 % of the drivers on shift. Used by
 * `npm start` (the demo fleet, in-process) and by `npm run simulate` (any server).
 */
import type { LocationBatch } from '../../../contract/api';
import { normalizeRut } from '../../../contract/rut';
import { DriverShiftMessages } from '../../modules/shifts/driverShiftsRoutes';
import { seededRandom, type Random } from '../seed/prng';
import { createDriverClient, DriverApiError, type DriverClient } from './driverClient';
import { createOsmandClient, fetchDeviceIds, type OsmandForm, type TrackedDriver } from './osmandClient';
import { advance, position, startDrive, type Drive } from './route';

export interface SimulatorOptions {
  /** The server's base URL, e.g. http://localhost:8080. Nothing else is ever contacted. */
  url: string;
  /** The drivers' fleet code (they sign in within that fleet). */
  fleetCode: string;
  /** Driver RUTs that sign in with `password`. */
  ruts: string[];
  password: string;
  /** Location batches per second and driver. Below 1, a batch carries one point per second. */
  rate: number;
  seed?: number;
  shiftMinutes?: [number, number];
  restMinutes?: [number, number];
  /** Share of the drivers kept on shift: [at least, at most]. */
  onShiftShare?: [number, number];
  /** End the shifts it holds when stopped (the CLI does; the in-process demo leaves them to resume). */
  endShiftsOnStop?: boolean;
  /**
   * 'driver-api' (default): sign in and press the buttons, like the /conductor page. 'osmand':
   * speak the OsmAnd protocol like Traccar Client, with each driver's device identifier (read from
   * the owner's driver list, so `owner` is needed); shifts then start with the first point and
   * end on the server's idle rule.
   */
  protocol?: 'driver-api' | 'osmand';
  /** OsmAnd only: Traccar Client 9's JSON, the older query form, or half and half (default). */
  osmandForm?: OsmandForm | 'mixed';
  owner?: { rut: string; password: string };
  /** Seconds between progress lines (0: none). */
  reportEverySeconds?: number;
  log?: (line: string) => void;
  /**
   * The network edge, for tests: each driver's client (default: the driver API or OsmAnd at `url`).
   * With fake timers, a test drives the runner through simulated hours (seed/demoZones.test.ts).
   */
  connect?: (rut: string, index: number) => DriverClient | null;
}

export interface SimulatorStats {
  drivers: number;
  onShift: number;
  batches: number;
  points: number;
  shiftsStarted: number;
  shiftsEnded: number;
  errors: number;
  lastError: string | null;
}

export interface Simulator {
  /** Resolves with how many drivers signed in, once the first shifts are on. */
  ready: Promise<number>;
  stats(): SimulatorStats;
  stop(): Promise<void>;
}

interface SimDriver {
  client: DriverClient;
  random: Random;
  drive: Drive;
  onShift: boolean;
  /** When the current shift or rest is due to end (ms). */
  until: number;
  /** Time of the last position sent (ms). */
  lastSample: number;
  busy: boolean;
  /** A start or an end asked of the server and not answered yet. */
  changing: 'starting' | 'ending' | null;
  /** Whether the driver had a shift open when signed in; null when the client cannot tell. */
  openAtStart: boolean | null;
}

const MINUTE = 60_000;
const between = (random: Random, [min, max]: [number, number]) => min + random.next() * (max - min);

export function startSimulator(options: SimulatorOptions): Simulator {
  const {
    url,
    fleetCode,
    ruts,
    password,
    rate,
    seed = 1,
    shiftMinutes = [20, 60],
    restMinutes = [5, 20],
    onShiftShare = [0.6, 0.8],
    endShiftsOnStop = false,
    reportEverySeconds = 10,
    log = (line: string) => console.info(line),
    protocol = 'driver-api',
    osmandForm = 'mixed',
    owner,
    connect,
  } = options;
  if (!(rate > 0 && rate <= 50)) throw new Error('La frecuencia debe estar entre 0 y 50 envíos por segundo');

  const stats: SimulatorStats = { drivers: 0, onShift: 0, batches: 0, points: 0, shiftsStarted: 0, shiftsEnded: 0, errors: 0, lastError: null };
  const drivers: SimDriver[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let tickTimer: ReturnType<typeof setInterval> | null = null;
  let reportTimer: ReturnType<typeof setInterval> | null = null;

  function failed(error: unknown) {
    stats.errors += 1;
    stats.lastError = error instanceof Error ? error.message : String(error);
  }

  /** Runs one request of a driver; a driver never has two at once. */
  function track(driver: SimDriver, work: () => Promise<void>): Promise<void> {
    driver.busy = true;
    const job = work()
      .catch(failed)
      .finally(() => {
        driver.busy = false;
        inFlight.delete(job);
      });
    inFlight.add(job);
    return job;
  }

  const countOnShift = () => drivers.filter((d) => d.onShift).length;

  function goOnShift(driver: SimDriver, started: boolean) {
    driver.onShift = true;
    driver.until = Date.now() + between(driver.random, shiftMinutes) * MINUTE;
    driver.lastSample = Date.now();
    if (started) stats.shiftsStarted += 1;
  }

  function rest(driver: SimDriver) {
    driver.onShift = false;
    driver.until = Date.now() + between(driver.random, restMinutes) * MINUTE;
  }

  async function start(driver: SimDriver) {
    try {
      await driver.client.startShift();
      goOnShift(driver, true);
    } catch (error) {
      // Already on shift (left from before, or seeded): carry on with it.
      if (error instanceof DriverApiError && error.status === 409 && error.message === DriverShiftMessages.alreadyOnShift) {
        goOnShift(driver, false);
        return;
      }
      rest(driver);
      throw error;
    }
  }

  async function end(driver: SimDriver) {
    try {
      await driver.client.endShift();
      stats.shiftsEnded += 1;
    } catch (error) {
      if (!(error instanceof DriverApiError && error.status === 409)) throw error;
    } finally {
      rest(driver);
    }
  }

  /** On shift or resting for the first round, asking the server only for what changes something. */
  async function firstRound(driver: SimDriver, onShift: boolean) {
    if (onShift && driver.openAtStart) goOnShift(driver, false);
    else if (onShift) await start(driver);
    else if (driver.openAtStart === false) rest(driver);
    else await end(driver);
  }

  async function sendLocations(driver: SimDriver) {
    const now = Date.now();
    const elapsed = Math.max(0, (now - driver.lastSample) / 1000);
    // One point per second driven (at least one per batch).
    const steps = Math.max(1, Math.round(elapsed));
    const locations: LocationBatch['locations'] = [];
    for (let i = 1; i <= steps; i += 1) {
      driver.drive = advance(driver.drive, elapsed / steps, driver.random);
      const time = driver.lastSample + ((now - driver.lastSample) * i) / steps;
      locations.push({ ...position(driver.drive), timestamp: new Date(time).toISOString() });
    }
    driver.lastSample = now;
    try {
      const { accepted } = await driver.client.sendLocations({ locations });
      stats.batches += 1;
      stats.points += accepted;
    } catch (error) {
      // The shift was ended elsewhere (the owner's desk, another simulator): rest.
      if (error instanceof DriverApiError && error.status === 409) rest(driver);
      throw error;
    }
  }

  /** A start or an end in flight, marked so that tick() counts it before the server answers. */
  function changeShift(driver: SimDriver, change: 'starting' | 'ending') {
    driver.changing = change;
    void track(driver, () => (change === 'starting' ? start(driver) : end(driver)).finally(() => (driver.changing = null)));
  }

  function tick() {
    if (stopped) return;
    const now = Date.now();
    const [minShare, maxShare] = onShiftShare;
    // Bounds that hold whatever order the server answers in: the drivers surely on shift (not
    // ending) and those that may be (ending, or starting). A slow start and a quick end never
    // meet below the minimum, nor a slow end and a quick start above the maximum.
    let surelyOn = drivers.filter((d) => d.onShift && d.changing !== 'ending').length;
    let mayBeOn = drivers.filter((d) => d.onShift || d.changing === 'starting').length;
    for (const driver of drivers) {
      if (driver.busy) continue;
      if (driver.onShift && now >= driver.until) {
        if (surelyOn - 1 >= minShare * drivers.length) {
          surelyOn -= 1;
          changeShift(driver, 'ending');
        } else {
          driver.until = now + MINUTE; // covering for the others a little longer
        }
      } else if (!driver.onShift && mayBeOn + 1 <= maxShare * drivers.length && (now >= driver.until || surelyOn < minShare * drivers.length)) {
        mayBeOn += 1;
        changeShift(driver, 'starting');
      } else if (driver.onShift) {
        void track(driver, () => sendLocations(driver));
      }
    }
    stats.onShift = countOnShift();
  }

  let lastReport = { at: Date.now(), points: 0 };
  function report() {
    const now = Date.now();
    const perSecond = (stats.points - lastReport.points) / Math.max(0.001, (now - lastReport.at) / 1000);
    lastReport = { at: now, points: stats.points };
    const errors = stats.errors ? ` · ${stats.errors} errores (último: ${stats.lastError})` : '';
    log(`Simulador: ${countOnShift()}/${drivers.length} conductores en turno · ${perSecond.toFixed(1)} puntos/s${errors}`);
  }

  /** The driver's client: the driver API, or a tracker when the device identifiers are known. */
  function clientFor(rut: string, index: number, devices: Map<string, TrackedDriver> | null): DriverClient | null {
    if (connect) return connect(rut, index);
    if (!devices) return createDriverClient(url, fleetCode, rut, password);
    const driver = devices.get(normalizeRut(rut) ?? rut);
    if (!driver?.device_id) {
      log(`Simulador: el RUT ${rut} no es un conductor de esta flota; no conducirá.`);
      return null;
    }
    const form: OsmandForm = osmandForm === 'mixed' ? (index % 2 === 0 ? 'json' : 'query') : osmandForm;
    return createOsmandClient(url, driver, form);
  }

  async function signIn(rut: string, index: number, devices: Map<string, TrackedDriver> | null): Promise<SimDriver | null> {
    const random = seededRandom(seed * 7919 + index);
    const client = clientFor(rut, index, devices);
    if (!client) return null;
    try {
      const profile = await client.login();
      if (profile.current_vehicle_id === null) {
        log(`Simulador: ${profile.first_name} ${profile.last_name} no tiene vehículo asignado; no conducirá.`);
        return null;
      }
      // Asked once, so that the first round neither ends a shift that is not open nor starts one that is (no 409s).
      const openAtStart = client.hasOpenShift ? await client.hasOpenShift() : null;
      return { client, random, drive: startDrive(random), onShift: false, until: 0, lastSample: Date.now(), busy: false, changing: null, openAtStart };
    } catch (error) {
      log(`Simulador: no se pudo ingresar con el RUT ${rut}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  const ready = (async () => {
    // A few at a time: the server hashes every password on purpose (scrypt).
    const signedIn: (SimDriver | null)[] = [];
    let devices: Map<string, TrackedDriver> | null = null;
    if (protocol === 'osmand') {
      if (!owner) throw new Error('El protocolo osmand necesita el RUT y la contraseña del dueño');
      devices = await fetchDeviceIds(url, owner.rut, owner.password);
    }
    for (let i = 0; i < ruts.length && !stopped; i += 4) {
      signedIn.push(...(await Promise.all(ruts.slice(i, i + 4).map((rut, j) => signIn(rut, i + j, devices)))));
    }
    drivers.push(...signedIn.filter((d): d is SimDriver => d !== null));
    stats.drivers = drivers.length;
    if (stopped) return drivers.length;
    // The first shifts: the middle of the band on shift, the others rest (ending any shift left over).
    const target = Math.round(((onShiftShare[0] + onShiftShare[1]) / 2) * drivers.length);
    await Promise.all(drivers.map((driver, i) => track(driver, () => firstRound(driver, i < target))));
    stats.onShift = countOnShift();
    if (stopped) return drivers.length;
    const via = protocol === 'osmand' ? ' (protocolo OsmAnd)' : '';
    log(`Simulador: ${drivers.length} conductores contra ${url}${via}, ${stats.onShift} en turno, un envío cada ${(1 / rate).toFixed(2)} s.`);
    tickTimer = setInterval(tick, 1000 / rate);
    if (reportEverySeconds > 0) reportTimer = setInterval(report, reportEverySeconds * 1000);
    return drivers.length;
  })();

  return {
    ready,
    stats: () => ({ ...stats, onShift: countOnShift() }),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (tickTimer) clearInterval(tickTimer);
      if (reportTimer) clearInterval(reportTimer);
      await ready.catch(() => undefined);
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      if (endShiftsOnStop) {
        await Promise.allSettled(drivers.filter((d) => d.onShift).map((driver) => end(driver)));
      }
    },
  };
}
