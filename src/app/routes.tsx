import type { ReactNode } from 'react';
import { Navigate, useNavigate, type RouteObject } from 'react-router-dom';
import { AlertsBell, AlertsLive, AlertsNavCount } from '../features/alerts';
import { AuthGuard, LoginPage, loggedOut, selectCurrentUser } from '../features/auth';
import { DashboardLayout, ThemeToggle } from '../features/layout';
import { AccountMenu } from '../features/userAccount';
import { LoadingText } from '../components/LoadingText';
import { DashboardRoute } from './DashboardRoute';
import type { RouteHandle } from './documentTitle';
import { useAppDispatch, useAppSelector, usePermissions } from './hooks';

/** The layout, given the session it shows and the way out. */
function AppLayout() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logOut = () => {
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  };
  return (
    <DashboardLayout
      user={user}
      onLogOut={logOut}
      accountMenu={<AccountMenu user={user} onLogOut={logOut} extra={<ThemeToggle />} />}
      // Alertas (issue 33): live on every screen, the open count in the sidebar and the top bar.
      alerts={{ live: <AlertsLive />, bell: <AlertsBell />, navCount: <AlertsNavCount /> }}
    />
  );
}

/** A screen only some roles open (the server refuses the rest anyway): others land on the dashboard. */
function Allowed({ when, children }: { when: 'manageFleet' | 'manageUsers' | 'readActivity' | 'readReports'; children: ReactNode }) {
  return usePermissions()[when] ? children : <Navigate to="/dashboard" replace />;
}

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, handle: { title: 'Ingresar' } satisfies RouteHandle },
  // The driver's phone page: its own small chunk, outside the owner's session.
  {
    path: '/conductor',
    handle: { title: 'Conductor' } satisfies RouteHandle,
    hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
    lazy: async () => {
              const { ConductorRoute } = await import('./ConductorRoute');
              return { Component: ConductorRoute };
            },
  },
  {
    path: '/dashboard',
    handle: { title: 'Dashboard' } satisfies RouteHandle,
    element: <AuthGuard />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <DashboardRoute /> },
          // The first screen (login, app shell, dashboard) loads alone: every other screen is its
          // own chunk, fetched when first opened, with its forms' validation (zod) in it.
          {
            path: 'drivers',
            handle: { title: 'Conductores' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => ({ Component: (await import('./FleetCardsRoutes')).DriversRoute }),
          },
          {
            path: 'vehicles',
            handle: { title: 'Vehículos' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => ({ Component: (await import('./FleetCardsRoutes')).VehiclesRoute }),
          },
          // MapLibre is heavy: the map screen is its own chunk, fetched when first opened.
          {
            path: 'map',
            handle: { title: 'Mapa en Vivo' } satisfies RouteHandle,
            // Shown while the chunk loads when the app starts on this screen.
            hydrateFallbackElement: <LoadingText>Cargando mapa...</LoadingText>,
            lazy: async () => ({ Component: (await import('./LiveMapRoute')).LiveMapRoute }),
          },
          {
            path: 'dispatch',
            handle: { title: 'Despacho' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => ({ Component: (await import('./DispatchRoute')).DispatchRoute }),
          },
          // Lugares (issue 38): the saved places Despacho suggests, reached from Despacho's header.
          {
            path: 'dispatch/places',
            handle: { title: 'Lugares' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { PlacesPage } = await import('../features/dispatch');
              return { Component: PlacesPage };
            },
          },
          // Vencimientos (issue 34): documents expired or expiring, every desk role.
          {
            path: 'expiries',
            handle: { title: 'Vencimientos' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { VencimientosPage } = await import('../features/documents');
              return { Component: VencimientosPage };
            },
          },
          {
            path: 'alerts',
            handle: { title: 'Alertas' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => ({ Component: (await import('./AlertsRoute')).AlertsRoute }),
          },
          {
            path: 'zones',
            handle: { title: 'Zonas' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { ZonesRoute } = await import('./ZonesRoute');
              return {
                Component: () => (
                  <Allowed when="manageFleet">
                    <ZonesRoute />
                  </Allowed>
                ),
              };
            },
          },
          {
            path: 'history',
            handle: { title: 'Historial' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { HistoryPage } = await import('../features/history');
              return { Component: HistoryPage };
            },
          },
          // Mantención (issue 34): odometers, plans and services; every desk role reads, managers edit.
          {
            path: 'maintenance',
            handle: { title: 'Mantención' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { MaintenancePage } = await import('../features/maintenance');
              return { Component: MaintenancePage };
            },
          },
          // A shift's replay: its own chunk (MapLibre and uPlot), linked from the history and the live map.
          {
            path: 'history/:shiftId/replay',
            handle: { title: 'Reproducción del turno' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { ReplayPage } = await import('../features/history');
              return { Component: ReplayPage };
            },
          },
          // Reportes and its libraries (uPlot, write-excel-file) load when first opened.
          {
            path: 'reports',
            handle: { title: 'Reportes' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { ReportsRoute } = await import('./ReportsRoute');
              return { Component: () => <Allowed when="readReports"><ReportsRoute /></Allowed> };
            },
          },
          // Cuentas (issue 35): balances, a driver's account and the cierre del día, one chunk.
          {
            path: 'accounts',
            handle: { title: 'Cuentas' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { AccountsPage } = await import('../features/driverAccounts');
              return { Component: AccountsPage };
            },
          },
          {
            path: 'accounts/closing',
            handle: { title: 'Cierre del día' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { ClosingPage } = await import('../features/driverAccounts');
              return { Component: ClosingPage };
            },
          },
          {
            path: 'accounts/:driverId',
            handle: { title: 'Estado de cuenta' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { DriverAccountPage } = await import('../features/driverAccounts');
              return { Component: DriverAccountPage };
            },
          },
          {
            path: 'activity',
            handle: { title: 'Actividad' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { ActivityPage } = await import('../features/activity');
              return { Component: () => <Allowed when="readActivity"><ActivityPage /></Allowed> };
            },
          },
          {
            path: 'users',
            handle: { title: 'Usuarios' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { UsersPage } = await import('../features/users');
              return { Component: () => <Allowed when="manageUsers"><UsersPage /></Allowed> };
            },
          },
          // Notificaciones (webhooks, e-mail): the fleet's configuration, Dueño and Administrador.
          // Ajustes (issue 46, item 8): the fleet's settings gathered where an owner looks for them.
          {
            path: 'settings',
            handle: { title: 'Ajustes' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { SettingsRoute } = await import('./SettingsRoute');
              return {
                Component: () => (
                  <Allowed when="manageFleet">
                    <SettingsRoute />
                  </Allowed>
                ),
              };
            },
          },
          {
            path: 'notifications',
            handle: { title: 'Notificaciones' } satisfies RouteHandle,
            hydrateFallbackElement: <LoadingText>Cargando...</LoadingText>,
            lazy: async () => {
              const { NotificationsPage } = await import('../features/notifications');
              return { Component: () => <Allowed when="manageFleet"><NotificationsPage /></Allowed> };
            },
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];
