import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { matchPath, NavLink, Outlet, useLocation } from 'react-router-dom';
import type { DeskRole, User } from '../../../contract/entities';
import { deskPermissions, deskRoleLabels, type DeskPermissions } from '../../../contract/roles';
import { Icon, type IconName } from './icons';
import './layout.css';
import { LogoMark } from '../../components/LogoMark';
import { ThemeToggle } from './ThemeToggle';
import { useFocusOnRouteChange } from './useFocusOnRouteChange';

/**
 * Every screen of the sidebar. `phone`: one of the four a phone's bottom bar keeps (what a dispatcher
 * on a phone opens most: the panel, Despacho, the map and Alertas); the rest are under "Más".
 * `short`: the word the bar shows when the label does not fit a fifth of 390 px ("Mapa en ...").
 */
const navItems: { to: string; label: string; icon: IconName; end?: boolean; needs?: keyof DeskPermissions; phone?: boolean; short?: string }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: 'dashboard', end: true, phone: true },
  { to: '/dashboard/drivers', label: 'Conductores', icon: 'drivers' },
  { to: '/dashboard/vehicles', label: 'Vehículos', icon: 'vehicles' },
  { to: '/dashboard/dispatch', label: 'Despacho', icon: 'dispatch', phone: true },
  { to: '/dashboard/map', label: 'Mapa en Vivo', icon: 'map', phone: true, short: 'Mapa' },
  { to: '/dashboard/alerts', label: 'Alertas', icon: 'alerts', phone: true },
  { to: '/dashboard/expiries', label: 'Vencimientos', icon: 'expiries' },
  { to: '/dashboard/zones', label: 'Zonas', icon: 'zones', needs: 'manageFleet' },
  { to: '/dashboard/history', label: 'Historial', icon: 'history' },
  { to: '/dashboard/maintenance', label: 'Mantención', icon: 'maintenance' },
  { to: '/dashboard/accounts', label: 'Cuentas', icon: 'accounts' },
  { to: '/dashboard/reports', label: 'Reportes', icon: 'reports', needs: 'readReports' },
  { to: '/dashboard/activity', label: 'Actividad', icon: 'activity', needs: 'readActivity' },
  { to: '/dashboard/users', label: 'Usuarios', icon: 'users', needs: 'manageUsers' },
  { to: '/dashboard/notifications', label: 'Notificaciones', icon: 'notifications', needs: 'manageFleet' },
  { to: '/dashboard/settings', label: 'Ajustes', icon: 'settings', needs: 'manageFleet' },
];

/** "Dueño", "Administrador", "Operador" (nothing for a session stored before roles existed). */
const roleLabel = (role: DeskRole | undefined) => (role ? deskRoleLabels[role] : '');

/**
 * The shell of every /dashboard page: sidebar (the items the role may open), top bar, and the
 * page. Below about 1100 px the sidebar shows icons only (layout.css); the labels stay for screen
 * readers and as tooltips. `accountMenu` (composed in app/) replaces the plain name in the top bar.
 */
/** Alertas' parts, composed in app/: the live channel and SOS banner, the top bar's bell, the sidebar's count. */
export interface LayoutAlerts {
  live: ReactNode;
  bell: ReactNode;
  navCount: ReactNode;
}

export function DashboardLayout({ user, onLogOut, accountMenu, alerts }: { user: User | null; onLogOut: () => void; accountMenu?: ReactNode; alerts?: LayoutAlerts }) {
  const permissions = deskPermissions(user?.role);
  const contentRef = useRef<HTMLElement>(null);
  const contentId = useId();
  const moreId = useId();
  useFocusOnRouteChange(contentRef);
  const items = navItems.filter((item) => !item.needs || permissions[item.needs]);
  const moreItems = items.filter((item) => !item.phone);
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  // The sheet closes when a screen is chosen (at once: a lazy screen may take a while to load), when
  // the route changes otherwise (Back), and with Escape.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (moreOpen && openedAt !== pathname) setMoreOpen(false);
  useEffect(() => {
    if (!moreOpen) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setMoreOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [moreOpen]);
  const inMore = moreItems.some((item) => matchPath({ path: item.to, end: false }, pathname));

  // The app may use hash routing: following "#id" would change the route, so focus is moved by hand.
  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    contentRef.current?.focus();
  }

  return (
    <div className="flota-shell">
      <a className="flota-skip-link" href={`#${contentId}`} onClick={skipToContent}>
        Saltar al contenido
      </a>
      <aside className="flota-sidebar">
        {/* The aside stretches with the page (its colour reaches the bottom); the inner column sticks. */}
        <div className="flota-sidebar__inner">
          <div className="flota-sidebar__brand">
            <LogoMark />
            <div className="flota-sidebar__label">
              <div className="flota-sidebar__product">Flota</div>
              <div className="flota-sidebar__company">{user?.company_name}</div>
            </div>
          </div>
          <nav className="flota-sidebar__nav" aria-label="Navegación principal">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={item.phone ? 'flota-nav-link' : 'flota-nav-link flota-nav-link--more'} data-tooltip={item.label}>
                <Icon name={item.icon} />
                <span className={item.short ? 'flota-sidebar__label flota-nav-long' : 'flota-sidebar__label'}>{item.label}</span>
                {item.short && (
                  <span className="flota-nav-short" aria-hidden="true">
                    {item.short}
                  </span>
                )}
                {item.to === '/dashboard/alerts' && alerts?.navCount}
              </NavLink>
            ))}
            {/* A phone's bottom bar: the four above with their labels, and the rest behind "Más". */}
            <button
              type="button"
              className={`flota-nav-link flota-nav-more${inMore ? ' active' : ''}`}
              aria-expanded={moreOpen}
              aria-controls={moreId}
              onClick={() => {
                setOpenedAt(pathname);
                setMoreOpen((open) => !open);
              }}
            >
              <Icon name="more" />
              <span className="flota-sidebar__label">Más</span>
            </button>
          </nav>
          <nav id={moreId} className="flota-more-sheet" aria-label="Más secciones" hidden={!moreOpen}>
            {moreItems.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className="flota-more-sheet__link" onClick={() => setMoreOpen(false)}>
                <Icon name={item.icon} />
                <span>{item.label}</span>
              </NavLink>
            ))}
          </nav>
          <div className="flota-sidebar__user">
            <div className="flota-sidebar__name flota-sidebar__label">
              {user?.first_name} {user?.last_name}
            </div>
            <div className="flota-sidebar__role flota-sidebar__label">{roleLabel(user?.role)}</div>
            <div className="flota-sidebar__email flota-sidebar__label" title={user?.email}>
              {user?.email}
            </div>
            <button type="button" className="flota-sidebar__logout" onClick={onLogOut} data-tooltip="Cerrar Sesión">
              <Icon name="logout" />
              <span className="flota-sidebar__label">Cerrar Sesión</span>
            </button>
          </div>
        </div>
      </aside>
      <div className="flota-main">
        <header className="flota-topbar">
          <span className="flota-topbar__title">Sistema de Gestión</span>
          {alerts?.bell}
          <ThemeToggle />
          {accountMenu ?? (
            <span className="flota-topbar__user">
              <span className="flota-avatar" aria-hidden="true">
                {user?.first_name?.charAt(0)}
              </span>
              <span>{user?.first_name}</span>
            </span>
          )}
        </header>
        {alerts?.live}
        <main ref={contentRef} id={contentId} className="flota-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
