import { Navigate, Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useGetMeQuery } from './authApi';
import { selectSessionStatus } from './authSlice';
import { LoadingText } from '../../components/LoadingText';

/** Every /dashboard page: Cargando... while a stored session is confirmed, /login without one. */
export function AuthGuard() {
  const status = useAppSelector(selectSessionStatus);
  useGetMeQuery(undefined, { skip: status !== 'restoring' });
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  if (status === 'restoring') return <LoadingText className="flota-page-loading">Cargando...</LoadingText>;
  return <Outlet />;
}
