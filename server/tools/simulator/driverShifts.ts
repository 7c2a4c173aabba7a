/**
 * One simulated driver's day, for the runner (runner.ts): on shift for a while, sending where the
 * route has taken the taxi, then resting, asking the server only for what changes something.
 */
import type { LocationBatch } from '../../../contract/api';
import { DriverShiftMessages } from '../../modules/shifts/driverShiftsRoutes';
import type { Random } from '../seed/prng';
import { DriverApiError, type DriverClient } from './driverClient';
import { advance, position, type Drive } from './route';
import type { SimulatorStats } from './runner';

export interface SimDriver {
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

/** What every driver's day shares: the run's counters and how long shifts and rests last. */
export interface ShiftPlan {
  stats: SimulatorStats;
  shiftMinutes: [number, number];
  restMinutes: [number, number];
}

const MINUTE = 60_000;
const between = (random: Random, [min, max]: [number, number]) => min + random.next() * (max - min);

export function goOnShift(plan: ShiftPlan, driver: SimDriver, started: boolean) {
  driver.onShift = true;
  driver.until = Date.now() + between(driver.random, plan.shiftMinutes) * MINUTE;
  driver.lastSample = Date.now();
  if (started) plan.stats.shiftsStarted += 1;
}

export function rest(plan: ShiftPlan, driver: SimDriver) {
  driver.onShift = false;
  driver.until = Date.now() + between(driver.random, plan.restMinutes) * MINUTE;
}

export async function startShift(plan: ShiftPlan, driver: SimDriver) {
  try {
    await driver.client.startShift();
    goOnShift(plan, driver, true);
  } catch (error) {
    // Already on shift (left from before, or seeded): carry on with it.
    if (error instanceof DriverApiError && error.status === 409 && error.message === DriverShiftMessages.alreadyOnShift) {
      goOnShift(plan, driver, false);
      return;
    }
    rest(plan, driver);
    throw error;
  }
}

export async function endShift(plan: ShiftPlan, driver: SimDriver) {
  try {
    await driver.client.endShift();
    plan.stats.shiftsEnded += 1;
  } catch (error) {
    if (!(error instanceof DriverApiError && error.status === 409)) throw error;
  } finally {
    rest(plan, driver);
  }
}

/** On shift or resting for the first round, asking the server only for what changes something. */
export async function firstRound(plan: ShiftPlan, driver: SimDriver, onShift: boolean) {
  if (onShift && driver.openAtStart) goOnShift(plan, driver, false);
  else if (onShift) await startShift(plan, driver);
  else if (driver.openAtStart === false) rest(plan, driver);
  else await endShift(plan, driver);
}

/** The points driven since the last batch, one per second (at least one), in one request. */
export async function sendLocations(plan: ShiftPlan, driver: SimDriver) {
  const now = Date.now();
  const elapsed = Math.max(0, (now - driver.lastSample) / 1000);
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
    plan.stats.batches += 1;
    plan.stats.points += accepted;
  } catch (error) {
    // The shift was ended elsewhere (the owner's desk, another simulator): rest.
    if (error instanceof DriverApiError && error.status === 409) rest(plan, driver);
    throw error;
  }
}

/**
 * One round of the fleet: who ends a shift, who starts one, who sends points. Bounds that hold
 * whatever order the server answers in: the drivers surely on shift (not ending) and those that may
 * be (ending, or starting). A slow start and a quick end never meet below the minimum share, nor a
 * slow end and a quick start above the maximum. A driver due to rest while the fleet is at its
 * minimum covers for the others a minute longer.
 */
export function planRound(drivers: readonly SimDriver[], [minShare, maxShare]: [number, number], now: number): [SimDriver, 'starting' | 'ending' | 'send'][] {
  let surelyOn = drivers.filter((d) => d.onShift && d.changing !== 'ending').length;
  let mayBeOn = drivers.filter((d) => d.onShift || d.changing === 'starting').length;
  const actions: [SimDriver, 'starting' | 'ending' | 'send'][] = [];
  for (const driver of drivers) {
    if (driver.busy) continue;
    if (driver.onShift && now >= driver.until) {
      if (surelyOn - 1 >= minShare * drivers.length) {
        surelyOn -= 1;
        actions.push([driver, 'ending']);
      } else {
        driver.until = now + MINUTE;
      }
    } else if (!driver.onShift && mayBeOn + 1 <= maxShare * drivers.length && (now >= driver.until || surelyOn < minShare * drivers.length)) {
      mayBeOn += 1;
      actions.push([driver, 'starting']);
    } else if (driver.onShift) {
      actions.push([driver, 'send']);
    }
  }
  return actions;
}
