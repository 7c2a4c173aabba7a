import { lazy, Suspense, useMemo } from 'react';
import type { Shift } from '../../../contract/entities';
import { LoadingText } from '../../components/LoadingText';
import { Modal } from '../../components/Modal';
import { useGetShiftRouteQuery } from './historyApi';
import { buildRoute } from './routeGeo';
import { shiftRow } from './shiftDisplay';

// MapLibre is heavy: the map is its own chunk, fetched the first time a route is opened.
const RouteMap = lazy(() => import('./RouteMap'));

/** A modal with one shift's route. Escape, Cerrar or a click outside closes it; focus returns to the opener. */
export function RoutePanel({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  // An active shift keeps moving: ask again each time it is opened.
  const { data: points, isFetching } = useGetShiftRouteQuery(shift.id, { refetchOnMountOrArgChange: true });
  const row = shiftRow(shift);
  // A failed request draws nothing, like a shift without points (no message, as elsewhere in history).
  const route = useMemo(() => buildRoute(points ?? [], shift.is_active), [points, shift.is_active]);

  return (
    <Modal
      title={`Recorrido de ${row.driver}`}
      subtitle={`${row.start} – ${shift.end_time ? row.end : 'En curso'} · ${row.vehicle}`}
      onClose={onClose}
      closeLabel="Cerrar"
      wide
      closeOnBackdropClick
    >
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
    </Modal>
  );
}
