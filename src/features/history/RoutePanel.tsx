import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import type { Shift } from '../../../contract/entities';
import { LoadingText } from '../../components/LoadingText';
import { useGetShiftRouteQuery } from './historyApi';
import { buildRoute } from './routeGeo';
import { shiftRow } from './shiftDisplay';

// MapLibre is heavy: the map is its own chunk, fetched the first time a route is opened.
const RouteMap = lazy(() => import('./RouteMap'));

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Wraps Tab from the last focusable element to the first (and Shift+Tab the other way). */
function keepFocusInside(container: HTMLElement, event: KeyboardEvent) {
  const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const outside = !container.contains(document.activeElement);
  if (event.shiftKey && (outside || document.activeElement === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || document.activeElement === last)) {
    event.preventDefault();
    first.focus();
  }
}

/** A modal with one shift's route. Escape, the close button or a click outside closes it; focus returns to the opener. */
export function RoutePanel({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  // An active shift keeps moving: ask again each time it is opened.
  const { data: points, isFetching } = useGetShiftRouteQuery(shift.id, { refetchOnMountOrArgChange: true });
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Focus goes into the dialog on open, and back to what opened it on close.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => opener?.focus();
  }, []);

  // Escape closes wherever focus is, and Tab stays inside the dialog while it is open.
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'Tab' && dialogRef.current) keepFocusInside(dialogRef.current, event);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onClose]);

  const row = shiftRow(shift);
  // A failed request draws nothing, like a shift without points (no message, as elsewhere in history).
  const route = useMemo(() => buildRoute(points ?? [], shift.is_active), [points, shift.is_active]);

  return (
    // A click beside the dialog closes it too; keyboard users have Escape and Cerrar.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="flota-route-panel__backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="flota-route-panel" role="dialog" aria-modal="true" aria-labelledby="route-panel-title">
        <div className="flota-route-panel__header">
          <div>
            <h2 id="route-panel-title" className="flota-route-panel__title">
              Recorrido de {row.driver}
            </h2>
            <p className="flota-route-panel__subtitle">
              {row.start} – {shift.end_time ? row.end : 'En curso'} · {row.vehicle}
            </p>
          </div>
          <button ref={closeRef} type="button" className="flota-button flota-button--secondary" onClick={onClose}>
            Cerrar
          </button>
        </div>
        <div className="flota-route-panel__body">
          {isFetching ? (
            <LoadingText>Cargando recorrido...</LoadingText>
          ) : route ? (
            <Suspense fallback={<LoadingText>Cargando mapa...</LoadingText>}>
              <RouteMap route={route} />
            </Suspense>
          ) : (
            <p className="flota-route-panel__empty">Sin recorrido registrado</p>
          )}
        </div>
      </div>
    </div>
  );
}
