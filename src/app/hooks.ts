import { deskPermissions, type DeskPermissions } from '../../contract/roles';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { prefixedStorage } from '../lib/storage';
import type { RootState } from './rootReducer';
import type { AppDispatch } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** What the signed-in person's role lets them do (contract/roles.ts); the server enforces the same. */
export function usePermissions(): DeskPermissions {
  return deskPermissions(useAppSelector((state) => state.auth.user?.role));
}

/**
 * A choice remembered per signed-in user in localStorage (key <name>:<user id> under the app's
 * prefix, like the theme), e.g. a list's card or table view. A stored value not among `allowed`
 * (an older version's, a hand edit) gives the fallback.
 */
export function useUserPreference<T extends string>(name: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const prefix = useAppSelector((state) => state.config.storagePrefix);
  const userId = useAppSelector((state) => state.auth.user?.id);
  const key = `${name}:${userId ?? 'anon'}`;
  const [value, setValue] = useState<T>(() => {
    const stored = prefixedStorage(prefix).read<unknown>(key);
    return allowed.includes(stored as T) ? (stored as T) : fallback;
  });
  function choose(next: T) {
    setValue(next);
    prefixedStorage(prefix).write(key, next);
  }
  return [value, choose];
}
