/**
 * Moves a fleet through the REAL driver API of one server: each driver signs in, starts a shift,
 * sends location batches every 1/rate seconds while it drives its route, ends the shift after
 * 20-60 minutes, rests, and starts again — keeping 60-80 % of the drivers on shift. Used by
 * `npm start` (the demo fleet, in-process) and by `npm run simulate` (any server).
 */
import type { DriverClient } from './driverClient';
import { endShift, firstRound, planRound, sendLocations, startShift, type ShiftPlan, type SimDriver } from './driverShifts';
import type { OsmandForm } from './osmandClient';
import { signInAll } from './signIn';

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

/** The options with their defaults filled in. */
export type SimulatorSettings = ReturnType<typeof withDefaults>;
function withDefaults(options: SimulatorOptions) {
  return {
    seed: 1,
    shiftMinutes: [20, 60] as [number, number],
    restMinutes: [5, 20] as [number, number],
    onShiftShare: [0.6, 0.8] as [number, number],
    endShiftsOnStop: false,
    reportEverySeconds: 10,
    log: (line: string) => console.info(line),
    protocol: 'driver-api' as const,
    osmandForm: 'mixed' as const,
    ...options,
  };
}

/** Each driver's requests, one at a time per driver, counted when they fail, awaited on stop. */
function createJobs(stats: SimulatorStats) {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track(driver: SimDriver, work: () => Promise<void>): Promise<void> {
      driver.busy = true;
      const job = work()
        .catch((error: unknown) => {
          stats.errors += 1;
          stats.lastError = error instanceof Error ? error.message : String(error);
        })
        .finally(() => {
          driver.busy = false;
          inFlight.delete(job);
        });
      inFlight.add(job);
      return job;
    },
    async settle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

export function startSimulator(options: SimulatorOptions): Simulator {
  const settings = withDefaults(options);
  const { url, rate, onShiftShare, protocol, log } = settings;
  if (!(rate > 0 && rate <= 50)) throw new Error('La frecuencia debe estar entre 0 y 50 envíos por segundo');

  const stats: SimulatorStats = { drivers: 0, onShift: 0, batches: 0, points: 0, shiftsStarted: 0, shiftsEnded: 0, errors: 0, lastError: null };
  const plan: ShiftPlan = { stats, shiftMinutes: settings.shiftMinutes, restMinutes: settings.restMinutes };
  const drivers: SimDriver[] = [];
  const jobs = createJobs(stats);
  const timers: ReturnType<typeof setInterval>[] = [];
  let stopped = false;
  const countOnShift = () => drivers.filter((d) => d.onShift).length;

  function tick() {
    if (stopped) return;
    for (const [driver, action] of planRound(drivers, onShiftShare, Date.now())) {
      if (action === 'send') void jobs.track(driver, () => sendLocations(plan, driver));
      else {
        // Marked before the server answers, so the next round counts it.
        driver.changing = action;
        void jobs.track(driver, () => (action === 'starting' ? startShift(plan, driver) : endShift(plan, driver)).finally(() => (driver.changing = null)));
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

  const ready = (async () => {
    drivers.push(...(await signInAll(settings, () => stopped)));
    stats.drivers = drivers.length;
    if (stopped) return drivers.length;
    // The first shifts: the middle of the band on shift, the others rest (ending any shift left over).
    const target = Math.round(((onShiftShare[0] + onShiftShare[1]) / 2) * drivers.length);
    await Promise.all(drivers.map((driver, i) => jobs.track(driver, () => firstRound(plan, driver, i < target))));
    stats.onShift = countOnShift();
    if (stopped) return drivers.length;
    const via = protocol === 'osmand' ? ' (protocolo OsmAnd)' : '';
    log(`Simulador: ${drivers.length} conductores contra ${url}${via}, ${stats.onShift} en turno, un envío cada ${(1 / rate).toFixed(2)} s.`);
    timers.push(setInterval(tick, 1000 / rate));
    if (settings.reportEverySeconds > 0) timers.push(setInterval(report, settings.reportEverySeconds * 1000));
    return drivers.length;
  })();

  return {
    ready,
    stats: () => ({ ...stats, onShift: countOnShift() }),
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await ready.catch(() => undefined);
      await jobs.settle();
      if (settings.endShiftsOnStop) await Promise.allSettled(drivers.filter((d) => d.onShift).map((driver) => endShift(plan, driver)));
    },
  };
}
