/**
 * The live map's client-side work for N active taxis, in ONE build mode: Redux Toolkit and Immer
 * pick their production or development build from NODE_ENV when they load, so liveMap.bench.ts
 * runs this file once per mode, in a child process. Prints its results as one JSON line.
 *
 * Usage: NODE_ENV=production node --import tsx bench/liveMapProbe.ts 1000 5000 10000
 */
import { performance } from 'node:perf_hooks';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { LocationUpdate, Shift } from '../contract/entities';
import { SocketEvent } from '../contract/socket';
import { defaultConfig } from '../src/app/config';
import { makeStore } from '../src/app/store';
import { activeShiftsReducer, locationsReceived, selectActiveShifts, type ActiveShiftsState } from '../src/features/liveMap/state/activeShiftsSlice';
import { liveMapApi } from '../src/features/liveMap/state/liveMapApi';
import { liveMapOpened } from '../src/features/liveMap/state/liveMapSlice';
import { positionsBounds, taxiPoints } from '../src/features/liveMap/map/mapGeo';
import { createTaxiLayer } from '../src/features/liveMap/map/taxiGlide';
import { describeTaxis } from '../src/features/liveMap/state/taxiRows';
import { fakeSocketFactory } from '../src/testing/fakeSocket';
import { demoToken, demoUser } from '../src/testing/fixtures';
import { isSilent, makeFleet, SNAPSHOT_AT, updateOf } from './liveMapFleet';
import { summarize, time, type Timing } from './stats';
import { installVirtualTimers, type TimerRun } from './virtualTimers';

/** Seconds of socket traffic simulated per fleet size. */
const TRAFFIC_SECONDS = 10;
/** Each second of traffic arrives in this many slices (one every 10 ms). */
const SLICES = 100;
const RUNS = 40;
const WARMUP = 5;
/** One frame at 60 Hz: work done per batch must fit in it for the map to stay smooth. */
const FRAME_MS = 16;
/** Opening the map or reconnecting may hitch once, but should answer within 100 ms (RAIL). */
const RESPONSE_MS = 100;
/** How often LiveMapPage's clock (useNow) ticks. */
const TICK_MS = 15_000;
const API_BASE = 'http://bench.invalid/api';

export interface Measurement extends Timing {
  what: string;
  budget: number;
  /** Counted in the per-batch frame (flush + map data): done once per batch, in one task. */
  perBatch?: boolean;
}

export interface Traffic {
  /** locationsReceived actions in the busiest simulated second, and on average. */
  actionsMaxPerSecond: number;
  actionsPerSecond: number;
  updatesPerAction: number;
  /** Main-thread ms per simulated second: handing the socket's N events to the buffer, and flushing. */
  receiveMsPerSecond: number;
  flushMsPerSecond: number;
}

export interface SizeResult {
  taxis: number;
  traffic: Traffic;
  measurements: Measurement[];
  /** RTK's development checks that reported themselves slow (console.warn), per fleet size. */
  slowCheckWarnings: number;
}

export interface ProbeResult {
  mode: string;
  sizes: SizeResult[];
}

/** What the real API answers; everything else is a network error, as in the browser. */
function serveSnapshot(fleet: Shift[]) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== `${API_BASE}/shifts/active`) throw new TypeError(`bench: no network for ${url}`);
    return new Response(JSON.stringify({ shifts: fleet, count: fleet.length }), { headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

/** A store as the app makes it, signed in, with the socket middleware on a fake socket and a recorder last in line. */
function signedInStore(record: Middleware) {
  const sockets = fakeSocketFactory();
  const session = { token: demoToken, user: demoUser };
  const store = makeStore({
    config: { ...defaultConfig, apiBaseUrl: API_BASE, socketUrl: 'http://bench.invalid', devTools: false },
    storage: { read: <T>() => session as T, write: () => undefined, remove: () => undefined },
    createSocket: sockets.createSocket,
    extraMiddleware: [record],
  });
  return { store, sockets };
}

/**
 * The traffic, slice by slice: each taxi reports once a second, the fleet spread over the second.
 * Pre-built, so that building payloads (socket.io's decoding, in the browser) is not timed. Also
 * returns each shift's last reported time, to check that everything reached the store.
 */
function trafficSlices(fleet: Shift[]) {
  const slices: LocationUpdate[][] = Array.from({ length: TRAFFIC_SECONDS * SLICES }, () => []);
  const lastSent = new Map<number, string>();
  fleet.forEach((shift, index) => {
    for (let second = 0; second < TRAFFIC_SECONDS; second += 1) {
      const slice = second * SLICES + (index % SLICES);
      const update = updateOf(shift, index, slice / SLICES + 0.001);
      slices[slice].push(update);
      lastSent.set(shift.id, update.timestamp);
    }
  });
  return { slices, lastSent };
}

/** 1. N location_update events a second through the real middleware into the real store. */
async function socketTraffic(fleet: Shift[]) {
  const batches: { at: number; size: number }[] = [];
  let snapshotAction: UnknownAction | null = null;
  let clockNow = () => 0;
  const record: Middleware = () => (next) => (action) => {
    if (locationsReceived.match(action)) batches.push({ at: clockNow(), size: action.payload.length });
    if (liveMapApi.endpoints.getActiveShifts.matchFulfilled(action)) snapshotAction = action;
    return next(action);
  };
  const { store, sockets } = signedInStore(record);
  serveSnapshot(fleet);
  store.dispatch(liveMapOpened());
  await store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate(undefined, { subscribe: false }));
  if (store.getState().activeShifts.ids.length !== fleet.length || !snapshotAction) throw new Error('bench: the snapshot did not fill the slice');
  const socket = sockets.last;
  socket.simulateConnect();

  const { slices, lastSent } = trafficSlices(fleet);
  const clock = installVirtualTimers();
  clockNow = () => clock.now;
  const flushes: number[] = [];
  const onRun = ({ took }: TimerRun) => {
    if (batches.length > flushes.length) flushes.push(took);
  };
  let receiveMs = 0;
  try {
    slices.forEach((updates, slice) => {
      clock.advanceTo((slice * 1000) / SLICES, onRun);
      const started = performance.now();
      for (const update of updates) socket.serverEmit(SocketEvent.locationUpdate, update);
      receiveMs += performance.now() - started;
    });
    clock.advanceTo(TRAFFIC_SECONDS * 1000 + 1000, onRun);
  } finally {
    clock.uninstall();
  }

  // Nothing measured here may be a no-op: every taxi must now be at its last reported position.
  const { entities } = store.getState().activeShifts;
  if (fleet.some((shift) => entities[shift.id].last_location_time !== lastSent.get(shift.id))) throw new Error('bench: some location updates did not reach the store');

  const perSecond = Array.from({ length: TRAFFIC_SECONDS }, (_, second) => batches.filter((batch) => Math.floor(batch.at / 1000) === second).length);
  const traffic: Traffic = {
    actionsMaxPerSecond: Math.max(...perSecond),
    actionsPerSecond: batches.length / TRAFFIC_SECONDS,
    updatesPerAction: batches.reduce((sum, batch) => sum + batch.size, 0) / batches.length,
    receiveMsPerSecond: receiveMs / TRAFFIC_SECONDS,
    flushMsPerSecond: flushes.reduce((sum, took) => sum + took, 0) / TRAFFIC_SECONDS,
  };
  return { traffic, flush: summarize(flushes), snapshotAction: snapshotAction as UnknownAction };
}

/** A fresh copy of the slice for every run, so memoized selectors recompute as they do after a real batch. */
function freshCopies(state: ActiveShiftsState, count: number): { activeShifts: ActiveShiftsState }[] {
  return Array.from({ length: count }, () => ({ activeShifts: { ...state, entities: { ...state.entities } } }));
}

function cycling<T>(items: T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length];
}

async function measureSize(taxis: number): Promise<SizeResult> {
  const fleet = makeFleet(taxis);
  const staleAfter = defaultConfig.staleAfterSeconds;
  const measurements: Measurement[] = [];
  const measure = async (what: string, budget: number, task: () => unknown, perBatch = false) => {
    measurements.push({ what, budget, perBatch, ...(await time(async () => task(), RUNS, WARMUP)) });
  };

  const { traffic, flush, snapshotAction } = await socketTraffic(fleet);
  measurements.push({ what: 'socket flush: one locationsReceived through the store', budget: FRAME_MS, perBatch: true, ...flush });

  // 2. The reducer alone: every taxi in one batch (a flush after a stall), on a state of N shifts.
  const snapshot = activeShiftsReducer(undefined, snapshotAction);
  const everyone = locationsReceived(fleet.map((shift, index) => updateOf(shift, index, 1)));
  await measure(`reducer: locationsReceived, ${taxis} updates`, FRAME_MS, () => activeShiftsReducer(snapshot, everyone));
  await measure('reducer: snapshot into the slice (open, reconnect)', RESPONSE_MS, () => activeShiftsReducer(undefined, snapshotAction));

  // 3. What the page derives per batch (LiveMapPage's rows, TaxiMap's GeoJSON and bounds); every 10th taxi silent, so stale.
  const afterBatch = activeShiftsReducer(snapshot, locationsReceived(fleet.flatMap((shift, index) => (isSilent(index) ? [] : [updateOf(shift, index, 1)]))));
  const now = SNAPSHOT_AT + 2000;
  const nextState = cycling(freshCopies(afterBatch, RUNS + WARMUP));
  const rows = describeTaxis(selectActiveShifts({ activeShifts: afterBatch }), now, staleAfter);
  if (!rows.some((row) => row.stale) || !rows.some((row) => row.position && !row.stale)) throw new Error('bench: expected both live and stale taxis');
  await measure('rows: selectActiveShifts + describeTaxis', FRAME_MS, () => describeTaxis(selectActiveShifts(nextState()), now, staleAfter));
  // The map layer as the page runs it, minus MapLibre: points, then the diff against what it drew.
  const noSource = { setData: () => undefined, updateData: () => undefined };
  const layer = createTaxiLayer({ fleetSource: () => noSource, selectedSource: () => noSource, viewBounds: () => null, onSelectedDrawn: () => undefined, glideMs: 0 });
  await measure('map: taxiPoints + layer diff', FRAME_MS, () => layer.update(taxiPoints(rows, false), null));
  await measure('map: positionsBounds', FRAME_MS, () => positionsBounds(rows));
  const mapData = (state: { activeShifts: ActiveShiftsState }, at: number) => {
    const batchRows = describeTaxis(selectActiveShifts(state), at, staleAfter);
    layer.update(taxiPoints(batchRows, false), null);
    return positionsBounds(batchRows);
  };
  await measure('per batch: rows + map diff + bounds', FRAME_MS, () => mapData(nextState(), now), true);

  // 4. The clock ticks (useNow, every 15 s): same shifts, a later `now`, so the stale rule runs again.
  let tick = 0;
  const sameState = { activeShifts: afterBatch };
  await measure('clock tick: rows + map diff + bounds', FRAME_MS, () => mapData(sameState, now + TICK_MS * ++tick));

  return { taxis, traffic, measurements, slowCheckWarnings: 0 };
}

async function main() {
  const sizes = process.argv.slice(2).map(Number);
  // RTK's development checks warn when slow: count them per size instead of printing each.
  let warnings = 0;
  console.warn = (...args: unknown[]) => {
    if (/took \d+ms/.test(String(args[0]))) warnings += 1;
    else process.stderr.write(`${args.map(String).join(' ')}\n`);
  };
  const results: SizeResult[] = [];
  for (const taxis of sizes) {
    warnings = 0;
    const result = await measureSize(taxis);
    results.push({ ...result, slowCheckWarnings: warnings });
  }
  const output: ProbeResult = { mode: process.env.NODE_ENV ?? 'development', sizes: results };
  process.stdout.write(`${JSON.stringify(output)}\n`);
  // RTK Query keeps unused data for 60 s on a timer: do not wait for it.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
