/** The driver's session kept on this phone (token and profile) and the fleet code from the setup link. */
import type { PrefixedStorage } from '../../lib/storage';
import type { DriverSession } from './state/conductorSlice';

const SESSION_KEY = 'conductor:session';
const FLEET_KEY = 'conductor:fleet';

export const readDriverSession = (storage: PrefixedStorage) => storage.read<DriverSession>(SESSION_KEY);
export const saveDriverSession = (storage: PrefixedStorage, session: DriverSession | null) =>
  session ? storage.write(SESSION_KEY, session) : storage.remove(SESSION_KEY);

/** The code in ?flota= wins and is remembered, so opening /conductor later still knows the fleet. */
export function fleetCodeFor(storage: PrefixedStorage, fromLink: string | null): string {
  const code = fromLink?.trim();
  if (code) {
    storage.write(FLEET_KEY, code);
    return code;
  }
  return storage.read<string>(FLEET_KEY) ?? '';
}
