/**
 * Mapa en Vivo, a dispatch console: opens the real-time connection while mounted, loads the
 * active-shift snapshot, and shows the taxis on the map (the main surface), in the searchable panel
 * beside it, and in the list below it.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingText } from '../../components/LoadingText';
import type { MapOverlay } from '../../components/map/mapOverlay';
import { PageHeader } from '../../components/PageHeader';
import { ActiveShiftsList } from './list/ActiveShiftsList';
import { selectActiveShifts, selectConnection } from './state/activeShiftsSlice';
import { ConnectionNotice, isOffline } from './ConnectionNotice';
import { useGetActiveShiftsQuery, useGetAvailabilityQuery } from './state/liveMapApi';
import { fitRequested, liveMapClosed, liveMapOpened, selectSelectedShiftId, shiftSelected } from './state/liveMapSlice';
import { MapLoadError } from './map/MapLoadError';
import { TaxiMap } from './map/TaxiMap';
import { TaxiPanel } from './list/TaxiPanel';
import { createTaxiRowsDescriber, type TaxiRow } from './state/taxiRows';
import { useNow } from '../../hooks/useNow';
import './liveMap.css';

/** How often "sin señal" is re-evaluated for the map and the counts ("hace N s" ticks on its own). */
const NOW_TICK_MS = 5_000;

/** `mapOverlay`: what the app adds to the map (the zones, composed in src/app). */
export function LiveMapPage({ mapOverlay }: { mapOverlay?: MapOverlay } = {}) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(liveMapOpened());
    return () => {
      dispatch(liveMapClosed());
    };
  }, [dispatch]);

  // Always a fresh snapshot: a cached one would show old positions as current.
  const { isLoading, isError, isFetching, refetch } = useGetActiveShiftsQuery(undefined, { refetchOnMountOrArgChange: true });
  const shifts = useAppSelector(selectActiveShifts);
  const staleAfterSeconds = useAppSelector((state) => state.config.staleAfterSeconds);
  const connection = useAppSelector(selectConnection);
  const offline = isOffline(connection);
  const selectedShiftId = useAppSelector(selectSelectedShiftId);
  const now = useNow(NOW_TICK_MS);
  // Availability is an addition: the map works the same when it cannot be read.
  const { data: availability } = useGetAvailabilityQuery(undefined, { refetchOnMountOrArgChange: true });
  const [describeTaxis] = useState(createTaxiRowsDescriber);
  const rows = useMemo(() => describeTaxis(shifts, now, staleAfterSeconds, availability), [describeTaxis, shifts, now, staleAfterSeconds, availability]);
  const located = useMemo(() => rows.filter((row) => row.position).length, [rows]);

  const select = useCallback((row: TaxiRow) => dispatch(shiftSelected({ shiftId: row.shift.id, position: row.position })), [dispatch]);

  // Two apps on one page (the embed) must not share element ids.
  const titleId = useId();

  return (
    <section className="flota-live-map-page" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Mapa en Vivo" subtitle="Posición de tus conductores en tiempo real">
        <span className={offline ? 'flota-live-badge flota-live-badge--offline' : 'flota-live-badge'} title="Conductores activos con ubicación">
          {located} {located === 1 ? 'conductor' : 'conductores'} con ubicación
        </span>
        <button type="button" className="flota-button flota-button--secondary" onClick={() => dispatch(fitRequested())} disabled={located === 0}>
          Ver todos
        </button>
      </PageHeader>
      {isLoading ? (
        <>
          <ConnectionNotice connection={connection} />
          <LoadingText>Cargando mapa...</LoadingText>
        </>
      ) : (
        <>
          <div className="flota-console">
            <div className={offline ? 'flota-live-map flota-live-map--offline' : 'flota-live-map'} role="region" aria-label="Mapa de los conductores">
              {/* Over the map, so the console keeps its size when they appear. */}
              <div className="flota-live-map__notices">
                <ConnectionNotice connection={connection} />
                {isError && <MapLoadError retrying={isFetching} onRetry={() => void refetch()} />}
              </div>
              <TaxiMap rows={rows} offline={offline} overlay={mapOverlay} />
            </div>
            <TaxiPanel rows={rows} offline={offline} selectedShiftId={selectedShiftId} onSelect={select} />
          </div>
          <ActiveShiftsList rows={rows} offline={offline} selectedShiftId={selectedShiftId} onSelect={select} />
        </>
      )}
    </section>
  );
}
