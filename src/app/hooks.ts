import { deskPermissions, type DeskPermissions } from '../../contract/roles';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from './rootReducer';
import type { AppDispatch } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** What the signed-in person's role lets them do (contract/roles.ts); the server enforces the same. */
export function usePermissions(): DeskPermissions {
  return deskPermissions(useAppSelector((state) => state.auth.user?.role));
}
