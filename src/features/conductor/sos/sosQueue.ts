/**
 * The driver's SOS, kept in the phone's storage until the server has it: a press made without
 * signal is sent as soon as a request goes through (its client_id makes a resend count once), and
 * a reload does not lose it. The press carries the phone's last known fix and its age; the fresh
 * fix asked for after it is kept too, until the server has it.
 */
import { MAX_SOS_POSITION_AGE_SECONDS, type DriverSos, type SosRequest } from '../../../../contract/alerts';
import type { PrefixedStorage } from '../../../lib/storage';

const STORAGE_KEY = 'conductor:sos';

/** A fix of the phone: where, and when it was taken (ISO). */
export interface SosFix {
  latitude: number;
  longitude: number;
  timestamp: string;
}

export interface StoredSos {
  request: SosRequest;
  /** The server's answer once received; acknowledged_at once the desk acknowledged it. */
  received: DriverSos | null;
  /** The fresh fix asked for after the press, until the server has it as the alert's position. */
  fix?: SosFix | null;
}

/** When the press's own position was taken (null: it carries none). */
export function pressPositionTime(request: SosRequest): number | null {
  if (request.latitude == null || request.longitude == null) return null;
  return Date.parse(request.timestamp) - (request.position_age_seconds ?? 0) * 1000;
}

function uuid(): string {
  // randomUUID needs a secure context (https or localhost); a phone on plain http gets the same from random bytes.
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function sosStore(storage: PrefixedStorage) {
  return {
    read: () => storage.read<StoredSos>(STORAGE_KEY),
    /** A press at `now` with the phone's last known fix and its age (none, or older than a day: the server uses the shift's last position). */
    create(lastFix: SosFix | null, now: Date): StoredSos {
      const age = lastFix ? Math.max(0, Math.round((now.getTime() - Date.parse(lastFix.timestamp)) / 1000)) : null;
      const known = lastFix && age !== null && age <= MAX_SOS_POSITION_AGE_SECONDS ? { latitude: lastFix.latitude, longitude: lastFix.longitude, position_age_seconds: age } : { latitude: null, longitude: null };
      const sos: StoredSos = { request: { client_id: uuid(), ...known, timestamp: now.toISOString() }, received: null, fix: null };
      storage.write(STORAGE_KEY, sos);
      return sos;
    },
    update(sos: StoredSos) {
      storage.write(STORAGE_KEY, sos);
    },
    clear() {
      storage.remove(STORAGE_KEY);
    },
  };
}
export type SosStore = ReturnType<typeof sosStore>;
