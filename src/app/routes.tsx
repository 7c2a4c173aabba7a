import { Navigate, useNavigate, type RouteObject } from 'react-router-dom';
import { AuthGuard } from '../features/auth/AuthGuard';
import { loggedOut, selectCurrentUser } from '../features/auth/authSlice';
import { LoginPage } from '../features/auth/LoginPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { DriversPage } from '../features/drivers/DriversPage';
import { HistoryPage } from '../features/history/HistoryPage';
import { DashboardLayout } from '../features/layout/DashboardLayout';
import { VehiclesPage } from '../features/vehicles/VehiclesPage';
import { LoadingText } from '../components/LoadingText';
import { useAppDispatch, useAppSelector } from './hooks';

/** The layout, given the session it shows and the way out. */
function AppLayout() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <DashboardLayout
      user={user}
      onLogOut={() => {
        dispatch(loggedOut());
        navigate('/login', { replace: true });
      }}
    />
  );
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  // The driver's phone page: its own small chunk, outside the owner's session.
  {
    path: '/conductor',
    hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
    lazy: async () => ({ Component: (await import('../features/conductor/ConductorPage')).ConductorPage }),
  },
  {
    path: '/dashboard',
    element: <AuthGuard />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'drivers', element: <DriversPage /> },
          { path: 'vehicles', element: <VehiclesPage /> },
          // MapLibre is heavy: the map screen is its own chunk, fetched when first opened.
          {
            path: 'map',
            // Shown while the chunk loads when the app starts on this screen.
            hydrateFallbackElement: <LoadingText>Cargando mapa...</LoadingText>,
            lazy: async () => ({ Component: (await import('../features/liveMap/LiveMapPage')).LiveMapPage }),
          },
          { path: 'history', element: <HistoryPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
