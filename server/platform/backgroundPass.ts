/**
 * A background pass: work that catches up in the server's spare time (shift summaries, packing
 * trails). One pass at a time; the first after `startDelayMs` once the server listens, then again
 * every `recheckMs`; stop() cuts any pause short and waits for the unit of work in hand.
 *
 * It must never hold the ingest up, so the work is paced by a duty cycle: after each unit of work
 * (`control.breathe()`), the pass sleeps long enough that it takes at most `dutyCycle` of the
 * wall-clock time (0.1: a unit of 50 ms is followed by 450 ms of rest). On the embedded database,
 * with its single connection, its queries also queue in the `pass` lane (db/queryLane.ts): behind
 * every waiting request and ingest flush. A unit of work should be a bounded batch, so a turn it
 * does take is short.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inQueryLane } from './db/queryLane';
import { soleLeader, type LeaderGate, type Leadership } from './leadership';

export interface PassPacing {
  /** How long after listen the first pass begins (ms): start-up and the first requests go first. */
  startDelayMs: number;
  /** How long after a pass to look again (ms). */
  recheckMs: number;
  /** Share of wall-clock time the work may take, 0 < dutyCycle ≤ 1 (1: no rest). */
  dutyCycle: number;
}

/** The longest rest after one unit of work (ms): a slow unit on a loaded machine does not stall the pass for minutes. */
const MAX_REST_MS = 5000;

/** How often a pass on a process that does not lead looks again whether it leads (a cheap check). */
export const FOLLOWER_RECHECK_MS = 1000;

export interface PassControl {
  readonly stopped: () => boolean;
  /** Rests after a unit of work, as the duty cycle asks (cut short by stop()). */
  breathe(): Promise<void>;
}

/** Told of each scheduled round: the pass's label, its seconds, whether it failed (the metrics). */
export type PassMeter = (label: string, seconds: number, ok: boolean) => void;

export interface BackgroundPass<R> {
  /**
   * Schedules the first pass (after startDelayMs) and the rechecks after it; with several processes
   * a round runs only while `gate` says this process leads (platform/leadership.ts), and a pass under
   * way stops at its next unit of work when it no longer does.
   */
  start(gate?: LeaderGate, meter?: PassMeter): void;
  /** One pass now (or the one under way). */
  runOnce(): Promise<R>;
  /** Extra work outside the pass (a shift just ended) paced by the same duty cycle; stop() waits for it. */
  alongside(work: (control: PassControl) => Promise<unknown>): void;
  stop(): Promise<void>;
}

export function createBackgroundPass<R>(
  label: string,
  log: FastifyBaseLogger,
  pacing: PassPacing,
  pass: (control: PassControl) => Promise<R>,
): BackgroundPass<R> {
  let stopped = false;
  let gate: LeaderGate = soleLeader();
  let meter: PassMeter = () => undefined;
  let running: Promise<R> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const wakers = new Set<() => void>();
  const extra = new Set<Promise<unknown>>();

  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped || ms <= 0) return resolve();
      const done = () => {
        wakers.delete(done);
        clearTimeout(handle);
        resolve();
      };
      const handle = setTimeout(done, ms);
      handle.unref();
      wakers.add(done);
    });

  /** A control whose clock starts now: each breathe() rests in proportion to the work since the last. */
  function control(): PassControl {
    let since = performance.now();
    return {
      stopped: () => stopped || !gate.isLeader(),
      async breathe() {
        const worked = performance.now() - since;
        const ratio = Math.min(1, Math.max(pacing.dutyCycle, 0.001));
        await rest(Math.min(MAX_REST_MS, (worked * (1 - ratio)) / ratio));
        // Always give the event loop a turn, even with no rest (dutyCycle 1).
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      },
    };
  }

  function runOnce(): Promise<R> {
    running ??= inQueryLane('pass', () => pass(control())).finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      // Another process leads: look again soon, so a takeover starts within about a second.
      if (!gate.isLeader()) return schedule(Math.min(pacing.recheckMs, FOLLOWER_RECHECK_MS));
      const began = performance.now();
      runOnce()
        .then(
          () => meter(label, (performance.now() - began) / 1000, true),
          (error: unknown) => {
            meter(label, (performance.now() - began) / 1000, false);
            log.error({ err: error }, `${label}: la pasada falló`);
          },
        )
        .finally(() => schedule(pacing.recheckMs));
    }, delayMs);
    timer.unref();
  }

  return {
    start(given, givenMeter) {
      if (given) gate = given;
      if (givenMeter) meter = givenMeter;
      schedule(pacing.startDelayMs);
    },
    runOnce,
    alongside(work) {
      if (stopped) return;
      const job = inQueryLane('pass', () => work(control()))
        .catch((error: unknown) => log.warn({ err: error }, `${label}: trabajo pendiente para la pasada`))
        .finally(() => extra.delete(job));
      extra.add(job);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const wake of [...wakers]) wake();
      await running?.catch(() => undefined);
      await Promise.all(extra);
    },
  };
}

/**
 * The options a caller may give each module's pass, by the pass's name: the module that owns a pass
 * adds its entry by declaration merging (`declare module '../../platform/backgroundPass'`), so this
 * file names no domain.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface BackgroundPassOptions {}

export type PassName = keyof BackgroundPassOptions;

/** What the server's caller says of the passes: false turns them all off; by name, options or false for one. */
export type PassSwitches = false | { [Name in PassName]?: BackgroundPassOptions[Name] | false };

interface Startable {
  /** Starts the pass's timer; each round runs only while `gate` says this process leads, and is told to `meter`. */
  start(gate: LeaderGate, meter?: PassMeter): void;
  stop(): Promise<void>;
}

export interface PassHost {
  /**
   * Whether this process runs the background work now (one process among several on PostgreSQL;
   * always with the embedded database). For a module whose timer mixes per-process work with work
   * that must run once (the dispatch sweep).
   */
  readonly leader: LeaderGate;
  /**
   * The module's pass `name`, made with the caller's options for it, started once the server listens
   * and stopped as it closes; null when the caller turned it off (the module then skips its hooks).
   */
  add<Name extends PassName, Pass extends Startable>(name: Name, create: (options: BackgroundPassOptions[Name] | undefined) => Pass): Pass | null;
}

/**
 * The app's one place that starts and stops the modules' passes, each gated by `leadership`: with
 * several processes on one PostgreSQL a pass runs in one of them only, whoever declared it.
 */
export function hostBackgroundPasses(app: FastifyInstance, switches: PassSwitches | undefined, leadership: Leadership = soleLeader(), meter?: PassMeter): PassHost {
  const passes: Startable[] = [];
  app.addHook('onListen', async () => {
    await leadership.start();
    for (const pass of passes) pass.start(leadership, meter);
  });
  app.addHook('onClose', async () => {
    for (const pass of passes) await pass.stop();
    // Once no pass runs here: the lock goes, and another process may take the work on.
    await leadership.stop();
  });
  return {
    leader: leadership,
    add(name, create) {
      if (switches === false) return null;
      const options = switches?.[name] as BackgroundPassOptions[typeof name] | false | undefined;
      if (options === false) return null;
      const pass = create(options);
      passes.push(pass);
      return pass;
    },
  };
}
