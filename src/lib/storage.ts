/**
 * localStorage under a prefix. Storage may be missing or full (private mode, a strict intranet
 * policy): the app then works without persistence instead of failing.
 */
export interface PrefixedStorage {
  read<T>(key: string): T | null;
  write(key: string, value: unknown): void;
  remove(key: string): void;
}

export function prefixedStorage(prefix: string, backend: Storage | undefined = globalThis.localStorage): PrefixedStorage {
  const fullKey = (key: string) => `${prefix}:${key}`;
  return {
    read<T>(key: string): T | null {
      try {
        const raw = backend?.getItem(fullKey(key));
        return raw ? (JSON.parse(raw) as T) : null;
      } catch {
        return null;
      }
    },
    write(key, value) {
      try {
        backend?.setItem(fullKey(key), JSON.stringify(value));
      } catch {
        // Persistence is a convenience; the session still works in memory.
      }
    },
    remove(key) {
      try {
        backend?.removeItem(fullKey(key));
      } catch {
        // Nothing to clear.
      }
    },
  };
}
