/**
 * Keeps this process's taxi grid and taxi states current, from three sources:
 *  - this process's accepted points (the position service's hook) and its own decisions: after
 *    each, the shifts concerned are read back (one query) and, with PostgreSQL, told to the other
 *    processes (`taxi_states`, a server-side event through socket.io's PostgreSQL adapter, i.e.
 *    PostgreSQL's NOTIFY: no broker of our own);
 *  - the other processes' points, which already travel as the `locations` server-side event of
 *    every ingest flush (platform/realtime/locationStream.ts);
 *  - a shift never seen before (started here or elsewhere) is read once when its first point
 *    arrives, and every `reloadMs` all active shifts are read again, repairing anything missed
 *    (a NOTIFY lost while a connection was down).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FlotaSocketServer } from '../../platform/realtime/socketServer';
import type { Db } from './bookingsRepo';
import type { TaxiIndex } from './taxiIndex';
import { readTaxiStates, type TaxiStates } from './taxiStates';

/** Shifts read per query when many new ones arrive at once. */
const LOAD_CHUNK = 1000;

export interface TaxiSyncOptions {
  db: Db;
  io: FlotaSocketServer;
  /** Other processes share the database (PostgreSQL adapter attached). */
  clustered: boolean;
  index: TaxiIndex;
  states: TaxiStates;
  log: FastifyBaseLogger;
  /** Each point another process received (after the grid took it). */
  onPeerPoint?: (shiftId: number, latitude: number, longitude: number) => void;
}

export function createTaxiSync({ db, io, clustered, index, states, log, onPeerPoint }: TaxiSyncOptions) {
  const pending = new Set<number>();
  /** Shifts read and found not active: not asked again until the next full reload. */
  const inactive = new Set<number>();
  let loading: Promise<void> | null = null;

  const warn = (error: unknown) => log.warn({ err: error }, 'despacho: no se pudo leer el estado de los taxis');

  function tellPeers(changed: ReturnType<TaxiStates['get']>[], ended: number[]): void {
    const read = changed.filter((s): s is NonNullable<typeof s> => s !== null);
    if (clustered && (read.length || ended.length)) io.serverSideEmit('taxi_states', read, ended);
  }

  async function loadPending(): Promise<void> {
    while (pending.size) {
      const ids = [...pending].slice(0, LOAD_CHUNK);
      for (const id of ids) pending.delete(id);
      const generation = states.nextGeneration();
      const read = await readTaxiStates(db, { shiftIds: ids });
      states.apply(read, ids, generation);
      for (const id of ids) if (!states.has(id)) inactive.add(id);
    }
  }

  function schedule(): void {
    if (loading || !pending.size) return;
    loading = new Promise<void>((resolve) => setImmediate(resolve))
      .then(loadPending)
      .catch(warn)
      .finally(() => {
        loading = null;
        schedule();
      });
  }

  /** A point of a shift this process may not know yet: read it (batched with the others arriving now). */
  function ensureKnown(shiftId: number): void {
    if (states.has(shiftId) || inactive.has(shiftId) || pending.has(shiftId)) return;
    pending.add(shiftId);
    schedule();
  }

  function put(shiftId: number, ownerId: number, latitude: number, longitude: number, time: number): void {
    index.put({ shiftId, ownerId, latitude, longitude, time });
    ensureKnown(shiftId);
  }

  if (clustered) {
    io.on('locations', (ownerId, updates) => {
      for (const u of updates) {
        put(u.shift_id, ownerId, u.latitude, u.longitude, Date.parse(u.timestamp));
        onPeerPoint?.(u.shift_id, u.latitude, u.longitude);
      }
    });
    io.on('taxi_states', (changed, ended) => {
      for (const state of changed) {
        inactive.delete(state.shiftId);
        states.fromPeer(state.shiftId, state);
        // Taken at once, then confirmed by a read of our own: it starts after the sender's commit, so a
        // state the sender read before another process's later change cannot stay here.
        pending.add(state.shiftId);
      }
      schedule();
      for (const shiftId of ended) {
        states.fromPeer(shiftId, null);
        index.removeShift(shiftId);
      }
    });
  }

  return {
    /** This process's accepted point. */
    position: put,

    /** After a decision of this process: read back the drivers' (or shifts') states and tell the others. */
    async refresh(which: { driverIds?: number[]; shiftIds?: number[] }): Promise<void> {
      const driverIds = [...new Set(which.driverIds ?? [])];
      const shiftIds = [...new Set(which.shiftIds ?? [])];
      const generation = states.nextGeneration();
      const [byDriver, byShift] = await Promise.all([
        driverIds.length ? readTaxiStates(db, { driverIds }) : [],
        shiftIds.length ? readTaxiStates(db, { shiftIds }) : [],
      ]);
      states.apply(byDriver, driverIds, generation, 'driver');
      states.apply(byShift, shiftIds, generation, 'shift');
      tellPeers([...byDriver, ...byShift].map((s) => states.get(s.shiftId)), []);
    },

    /** This process's own mark (an offer just made), told to the others as it stands. */
    announce(shiftId: number): void {
      tellPeers([states.get(shiftId)], []);
    },

    /** A shift this process ended. */
    ended(shiftId: number): void {
      states.ended(shiftId);
      index.removeShift(shiftId);
      tellPeers([], [shiftId]);
    },

    /** Every active shift's state again (start, and the periodic repair). */
    async reload(): Promise<void> {
      const generation = states.nextGeneration();
      const read = await readTaxiStates(db);
      inactive.clear();
      states.replaceAll(read, generation);
    },

    /** Reads of new shifts in flight: candidates wait for them (a taxi that just started its shift). */
    busy: () => loading !== null,
    settled: () => loading ?? Promise.resolve(),
  };
}

export type TaxiSync = ReturnType<typeof createTaxiSync>;
