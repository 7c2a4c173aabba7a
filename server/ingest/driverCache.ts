/**
 * What every driver request needs and what rarely changes: the driver's owner, account state,
 * token version, vehicle and active shift, kept in memory so the ingest path reads no database per
 * request. Entries go when driverChanged() says so (this process at once, others through
 * PostgreSQL). A read that started before a change is never kept (epoch check).
 */
import type { DriverState } from '../repos/driverAccountsRepo';
import { onDriverChanged } from './driverChanges';

export const MAX_CACHED_DRIVERS = 200_000;

export interface DriverCacheOptions {
  load(driverId: number): Promise<DriverState | null>;
  /** False while changes from other processes may be missed: read, but keep nothing. */
  trustworthy?: () => boolean;
}

export class DriverCache {
  /** null: no working driver with that id (deleted, deactivated, unknown). */
  private readonly entries = new Map<number, DriverState | null>();
  private readonly loading = new Map<number, { epoch: number; promise: Promise<DriverState | null> }>();
  private epoch = 0;
  private readonly unsubscribe: () => void;

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
    const promise = this.options.load(driverId).then(
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

  invalidate(driverId: number): void {
    this.epoch++;
    this.entries.delete(driverId);
    this.loading.delete(driverId);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }

  private remember(driverId: number, state: DriverState | null): void {
    // Bounded: a flood of distinct ids (valid tokens only) cannot grow it without limit.
    if (this.entries.size >= MAX_CACHED_DRIVERS) this.entries.clear();
    this.entries.set(driverId, state);
  }
}
