/**
 * What every driver request needs and what rarely changes: the driver's owner, account state,
 * token version, device identifier, vehicle and active shift, kept in memory so neither the driver
 * API nor /osmand reads the database per request. Entries go when driverChanged() says so (this process at once, others through
 * PostgreSQL). A read that started before a change is never kept (epoch check). Misses of the same
 * moment are read together in one query (a cold cache under load would otherwise cost one query
 * per driver).
 */
import type { DriverState } from './driverAccountsRepo';
import { onDriverChanged } from './driverChanges';

export const MAX_CACHED_DRIVERS = 200_000;

export interface DriverCacheOptions {
  /** The working drivers among these ids (absent: not a working driver). */
  loadMany(driverIds: number[]): Promise<Map<number, DriverState>>;
  /** The driver a device identifier was given to (live or not), or null. */
  findDriverIdByDevice(deviceId: string): Promise<number | null>;
  /** False while changes from other processes may be missed: read, but keep nothing. */
  trustworthy?: () => boolean;
}

export class DriverCache {
  /** null: no working driver with that id (deleted, deactivated, unknown). */
  private readonly entries = new Map<number, DriverState | null>();
  private readonly loading = new Map<number, { epoch: number; promise: Promise<DriverState | null> }>();
  private epoch = 0;
  private readonly unsubscribe: () => void;
  /** Misses waiting for the next grouped read. */
  private wanted: number[] = [];
  private grouped: Promise<Map<number, DriverState>> | null = null;
  /**
   * Device identifier → driver id. Needs no invalidation of its own: an identifier is random and
   * given once, and each answer is checked against the driver's cached deviceId (a regenerated or
   * deleted driver's entry goes at the first mismatch).
   */
  private readonly devices = new Map<string, number>();

  constructor(private readonly options: DriverCacheOptions) {
    this.unsubscribe = onDriverChanged((driverId) => (driverId === null ? this.clear() : this.invalidate(driverId)));
  }

  /** The cached state (no await when cached), or a promise of it. */
  get(driverId: number): DriverState | null | Promise<DriverState | null> {
    const cached = this.entries.get(driverId);
    if (cached !== undefined) return cached;
    const inFlight = this.loading.get(driverId);
    if (inFlight && inFlight.epoch === this.epoch) return inFlight.promise;
    const epoch = this.epoch;
    const promise = this.loadGrouped(driverId).then(
      (state) => {
        if (this.loading.get(driverId)?.promise === promise) this.loading.delete(driverId);
        if (epoch === this.epoch && (this.options.trustworthy?.() ?? true)) this.remember(driverId, state);
        return state;
      },
      (error: unknown) => {
        if (this.loading.get(driverId)?.promise === promise) this.loading.delete(driverId);
        throw error;
      },
    );
    this.loading.set(driverId, { epoch, promise });
    return promise;
  }

  /** The working driver whose identifier this is now (no await when cached), or a promise of it. */
  getByDevice(deviceId: string): DriverState | null | Promise<DriverState | null> {
    const driverId = this.devices.get(deviceId);
    if (driverId === undefined) {
      return this.options.findDriverIdByDevice(deviceId).then((found) => {
        if (found === null) return null;
        if (this.devices.size >= MAX_CACHED_DRIVERS) this.devices.clear();
        this.devices.set(deviceId, found);
        return this.getByDevice(deviceId);
      });
    }
    const state = this.get(driverId);
    return state instanceof Promise ? state.then((loaded) => this.ownerOfDevice(deviceId, loaded)) : this.ownerOfDevice(deviceId, state);
  }

  private ownerOfDevice(deviceId: string, state: DriverState | null): DriverState | null {
    if (state?.deviceId === deviceId) return state;
    this.devices.delete(deviceId);
    return null;
  }

  /**
   * Fills the cache with these drivers at once (at start: every driver on an active shift, whose
   * phones all come back together after a restart). Kept only if nothing changed meanwhile.
   */
  async warm(load: () => Promise<Map<number, DriverState>>): Promise<number> {
    const epoch = this.epoch;
    const states = await load();
    if (epoch !== this.epoch || !(this.options.trustworthy?.() ?? true)) return 0;
    for (const [driverId, state] of states) if (!this.entries.has(driverId)) this.remember(driverId, state);
    return states.size;
  }

  invalidate(driverId: number): void {
    this.epoch++;
    this.entries.delete(driverId);
    this.loading.delete(driverId);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.devices.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }

  /** Joins the read of this moment's misses (one query for all of them). */
  private loadGrouped(driverId: number): Promise<DriverState | null> {
    this.wanted.push(driverId);
    this.grouped ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const ids = this.wanted;
      this.wanted = [];
      this.grouped = null;
      return this.options.loadMany(ids);
    });
    return this.grouped.then((states) => states.get(driverId) ?? null);
  }

  private remember(driverId: number, state: DriverState | null): void {
    // Bounded: a flood of distinct ids (valid tokens only) cannot grow it without limit.
    if (this.entries.size >= MAX_CACHED_DRIVERS) this.entries.clear();
    this.entries.set(driverId, state);
    // Warmed drivers' trackers then find them without a lookup either.
    if (state) {
      if (this.devices.size >= MAX_CACHED_DRIVERS) this.devices.clear();
      this.devices.set(state.deviceId, driverId);
    }
  }
}
