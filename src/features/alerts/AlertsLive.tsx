import { Link } from 'react-router-dom';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useGetAlertSummaryQuery } from './alertsApi';
import { alertsClosed, alertsOpened } from './alertsRealtime';
import './alerts.css';

/**
 * Mounted by the layout for the whole session: holds the alerts channel (live alerts on every
 * screen) and, while an SOS is open, a banner that stays until someone acknowledges it.
 */
export function AlertsLive() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(alertsOpened());
    return () => {
      dispatch(alertsClosed());
    };
  }, [dispatch]);
  const { data } = useGetAlertSummaryQuery();
  // People, not alerts: a driver pressing twice is one driver asking for help.
  const drivers = data?.sos_drivers.length ?? 0;
  if (!drivers) return null;
  return (
    <div className="flota-sos-banner" role="alert">
      <strong>SOS</strong> {drivers === 1 ? 'Un conductor pidió ayuda.' : `${drivers} conductores pidieron ayuda.`}{' '}
      <Link to="/dashboard/alerts?kind=sos&state=open">Ver y reconocer</Link>
    </div>
  );
}

/** The top bar's link to the inbox with the open count. */
export function AlertsBell() {
  const { data } = useGetAlertSummaryQuery();
  const open = data?.open_count ?? 0;
  return (
    <Link to="/dashboard/alerts" className="flota-alerts-bell" aria-label={open ? `Alertas: ${open} sin reconocer` : 'Alertas'}>
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {open > 0 && <span className="flota-alerts-count">{open > 99 ? '99+' : open}</span>}
    </Link>
  );
}

/** The open count beside "Alertas" in the sidebar. */
export function AlertsNavCount() {
  const { data } = useGetAlertSummaryQuery();
  const open = data?.open_count ?? 0;
  return open > 0 ? (
    <span className="flota-alerts-count" aria-label={`${open} sin reconocer`}>
      {open > 99 ? '99+' : open}
    </span>
  ) : null;
}

/** "Requiere atención": the open alerts, with a link to the inbox (nothing when none is open). */
export function OpenAlertsLine() {
  const { data } = useGetAlertSummaryQuery();
  if (!data?.open_count) return null;
  const sos = data.open_sos ? ` (${data.open_sos} SOS)` : '';
  return (
    <p className="flota-attention__alerts">
      <Link to="/dashboard/alerts?state=open">
        {data.open_count === 1 ? '1 alerta sin reconocer' : `${data.open_count} alertas sin reconocer`}
        {sos}
      </Link>
    </p>
  );
}
