/**
 * Positions waiting to be sent, oldest first, kept in localStorage so that a dropped connection, or
 * a reload while offline, loses none. Sent in batches of at most MAX_LOCATION_BATCH, removed only
 * once the server accepted them.
 */
import { MAX_LOCATION_BATCH, type LocationBatch } from '../../../contract/api';
import type { PrefixedStorage } from '../../lib/storage';

export type PendingPosition = LocationBatch['locations'][number];

/** A phone reports about once a second; one point every few seconds draws the same trail. */
export const MIN_SECONDS_BETWEEN_POINTS = 5;
const STORAGE_KEY = 'conductor:pending';

/** Whether a new fix is worth keeping after the last kept one. */
export function isDueAfter(last: PendingPosition | null, next: PendingPosition, minSeconds = MIN_SECONDS_BETWEEN_POINTS): boolean {
  if (!last) return true;
  return Date.parse(next.timestamp) - Date.parse(last.timestamp) >= minSeconds * 1000;
}

export interface PendingPositions {
  /** Adds a fix unless it comes too soon after the last kept one; true when kept. */
  add(position: PendingPosition): boolean;
  /** The newest fix the phone gave, kept or not (sent or waiting): what an SOS carries the moment it fires. */
  latest(): PendingPosition | null;
  /** The oldest waiting positions, at most one batch. */
  nextBatch(): PendingPosition[];
  /** The server took the first `count`: forget them. */
  sent(count: number): void;
  size(): number;
  clear(): void;
}

/** `minSeconds`: asked at each fix (an open SOS asks for every second). */
export function pendingPositions(storage: PrefixedStorage, minSeconds: () => number = () => MIN_SECONDS_BETWEEN_POINTS): PendingPositions {
  let waiting = storage.read<PendingPosition[]>(STORAGE_KEY) ?? [];
  let lastKept: PendingPosition | null = waiting.at(-1) ?? null;
  let newest = lastKept;
  const save = () => (waiting.length ? storage.write(STORAGE_KEY, waiting) : storage.remove(STORAGE_KEY));
  return {
    add(position) {
      if (!newest || Date.parse(position.timestamp) >= Date.parse(newest.timestamp)) newest = position;
      if (!isDueAfter(lastKept, position, minSeconds())) return false;
      waiting = [...waiting, position];
      lastKept = position;
      save();
      return true;
    },
    nextBatch: () => waiting.slice(0, MAX_LOCATION_BATCH),
    sent(count) {
      waiting = waiting.slice(count);
      save();
    },
    size: () => waiting.length,
    latest: () => newest,
    clear() {
      waiting = [];
      lastKept = newest = null;
      save();
    },
  };
}

/** A browser fix as the driver API takes it; unknown speed and heading (null, NaN) are left out. */
export function positionFromFix(fix: GeolocationPosition): PendingPosition {
  const { latitude, longitude, accuracy, speed, heading } = fix.coords;
  const known = (value: number | null) => (value === null || Number.isNaN(value) ? undefined : value);
  return {
    latitude,
    longitude,
    timestamp: new Date(fix.timestamp).toISOString(),
    accuracy: known(accuracy),
    speed: known(speed),
    heading: known(heading),
  };
}
