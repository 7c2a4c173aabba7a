/**
 * The driver's SOS, kept in the phone's storage until the server has it: a press made without
 * signal is sent as soon as a request goes through (its client_id makes a resend count once), and
 * a reload does not lose it.
 */
import type { DriverSos, SosRequest } from '../../../../contract/alerts';
import type { PrefixedStorage } from '../../../lib/storage';

const STORAGE_KEY = 'conductor:sos';

export interface StoredSos {
  request: SosRequest;
  /** The server's answer once received; acknowledged_at once the desk acknowledged it. */
  received: DriverSos | null;
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
    create(position: { latitude: number; longitude: number } | null, now: Date): StoredSos {
      const sos: StoredSos = { request: { client_id: uuid(), latitude: position?.latitude ?? null, longitude: position?.longitude ?? null, timestamp: now.toISOString() }, received: null };
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
