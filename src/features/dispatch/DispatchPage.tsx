/**
 * Despacho: the desk takes a call and sends a taxi. The booking form on the left, the map with the
 * pickup and the free taxis near it in the middle, the selected booking's actions beside it, and
 * the board (Por asignar, Programados, En curso, Finalizados hoy) below, live for every desk.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';
import { useAppDispatch, usePermissions } from '../../app/hooks';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import type { MapOverlay } from '../../components/map/mapOverlay';
import { PageHeader } from '../../components/PageHeader';
import { BookingBoard } from './BookingBoard';
import { BookingDetail } from './BookingDetail';
import { BookingForm, type MapPick } from './BookingForm';
import { CandidateList } from './CandidateList';
import { BlockedPhones } from './BlockedPhones';
import { useGetBookingsQuery, useGetCandidatesQuery } from './dispatchApi';
import { dispatchClosed, dispatchOpened } from './dispatchRealtime';
import type { Booking } from '../../../contract/api';
import type { PickupPoint } from './pickupOptions';
import { enRouteTaxi, type FleetTaxi } from './fleetTaxis';
import './dispatch.css';

const DispatchMap = lazy(() => import('./DispatchMap'));

/** Taxis move: the candidates are read again this often while shown. */
const CANDIDATES_REFRESH_MS = 10_000;

/** Bookings still waiting for a taxi (an offer out too: the desk may give it to another at once): their pickup's candidates are shown. */
const NEEDS_CANDIDATES = new Set(['pendiente', 'ofrecido']);

/**
 * `mapOverlay`: what the app adds to the map (the zones); `fleet`: every taxi on shift, live (the
 * live map's state); both composed in src/app.
 */
export function DispatchPage({ mapOverlay, fleet }: { mapOverlay?: MapOverlay; fleet?: readonly FleetTaxi[] } = {}) {
  const dispatch = useAppDispatch();
  // The Dueño alone sets the passenger page's phone and what it shows (USER_MANAGERS on the server).
  const { manageUsers } = usePermissions();
  useEffect(() => {
    dispatch(dispatchOpened());
    return () => {
      dispatch(dispatchClosed());
    };
  }, [dispatch]);

  const { data: board, isLoading, isError, refetch } = useGetBookingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const bookings = board?.bookings;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [draftPickup, setDraftPickup] = useState<PickupPoint | null>(null);
  const [mapPick, setMapPick] = useState<MapPick | null>(null);
  const selected = useMemo(() => bookings?.find((booking) => booking.id === selectedId) ?? null, [bookings, selectedId]);
  // The candidates of the selected booking's pickup, or of the pickup being typed in the form.
  const candidatePoint = selected ? (NEEDS_CANDIDATES.has(selected.status) ? selected.pickup : null) : draftPickup;
  const candidateArgs = candidatePoint ? { latitude: candidatePoint.latitude, longitude: candidatePoint.longitude, ...(selected ? { booking_id: selected.id, round: selected.refusals } : {}) } : skipToken;
  const candidates = useGetCandidatesQuery(candidateArgs, { refetchOnMountOrArgChange: true, pollingInterval: candidatePoint ? CANDIDATES_REFRESH_MS : 0 });

  const select = useCallback((booking: Booking) => setSelectedId(booking.id), []);
  const pick = useCallback((latitude: number, longitude: number) => setMapPick((current) => ({ latitude, longitude, seq: (current?.seq ?? 0) + 1 })), []);
  const shownPickup = selected ? selected.pickup : draftPickup;
  const enRoute = useMemo(() => enRouteTaxi(selected, fleet ?? []), [selected, fleet]);
  const titleId = useId();

  return (
    <section className="flota-dispatch" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Despacho" subtitle="Reservas por teléfono y asignación de taxis">
        <Link className="flota-button flota-button--secondary" to="/dashboard/dispatch/places">
          Lugares
        </Link>
      </PageHeader>
      <div className="flota-dispatch__top">
        <BookingForm mapPick={mapPick} onPickupChange={setDraftPickup} onCreated={select} />
        <div className="flota-dispatch__map" role="region" aria-label="Mapa de despacho">
          <Suspense fallback={<LoadingText>Cargando mapa...</LoadingText>}>
            <DispatchMap pickup={shownPickup} candidates={candidatePoint ? (candidates.data?.candidates ?? []) : []} onPick={pick} overlay={mapOverlay} fleet={fleet} enRoute={enRoute} />
          </Suspense>
        </div>
        <div className="flota-dispatch__side">
          {selected ? (
            <BookingDetail
              key={selected.id}
              booking={selected}
              candidates={{ data: candidates.data?.candidates, excluded: candidates.data?.excluded, loading: candidates.isLoading, failed: candidates.isError, retry: () => void candidates.refetch() }}
              onClose={() => setSelectedId(null)}
            />
          ) : draftPickup ? (
            <section aria-label="Taxis libres cerca de la recogida">
              <h2 className="flota-booking-detail__title">Taxis libres cerca</h2>
              <CandidateList candidates={candidates.data?.candidates} excluded={candidates.data?.excluded} loading={candidates.isLoading} failed={candidates.isError} busy={false} onRetry={() => void candidates.refetch()} />
            </section>
          ) : (
            <p className="flota-dispatch__hint">Elige una reserva del tablero para ver los taxis libres cercanos, asignarla u ofrecerla.</p>
          )}
        </div>
        <div className="flota-dispatch__board">
          {isLoading ? (
            <LoadingText>Cargando reservas...</LoadingText>
          ) : isError && !bookings ? (
            <LoadFailure message="No se pudieron cargar las reservas." onRetry={() => void refetch()} />
          ) : (
            <BookingBoard bookings={bookings ?? []} closedNotShown={board?.closedNotShown ?? 0} selectedId={selectedId} onSelect={select} />
          )}
        </div>
      </div>
      {manageUsers && (
        <p className="flota-dispatch__settings-link">
          La página «Pedir un taxi» y el seguimiento del pasajero se ajustan en <Link to="/dashboard/settings">Ajustes</Link>.
        </p>
      )}
      <BlockedPhones />
    </section>
  );
}
