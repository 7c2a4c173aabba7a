import { useEffect, useMemo, useState } from 'react';
import { ZonesOnMap } from '../features/alerts/ZonesOnMap';
import { DispatchPage } from '../features/dispatch/DispatchPage';
import type { FleetTaxi } from '../features/dispatch/fleetTaxis';
import { useNow } from '../features/liveMap/list/useNow';
import { selectActiveShifts } from '../features/liveMap/state/activeShiftsSlice';
import { useGetActiveShiftsQuery, useGetAvailabilityQuery } from '../features/liveMap/state/liveMapApi';
import { liveMapClosed, liveMapOpened } from '../features/liveMap/state/liveMapSlice';
import { createTaxiRowsDescriber } from '../features/liveMap/state/taxiRows';
import { useAppDispatch, useAppSelector } from './hooks';

/** "Sin señal" is judged again this often (as on the live map). */
const NOW_TICK_MS = 5_000;

/**
 * Despacho with the fleet's zones as a layer its map toggles (issue 33), and every taxi on shift
 * on its map: the live map's state (its channel on the desk's socket moves them, availability
 * colours them), so the desk sees the free taxis before any pickup and the assigned one coming.
 */
export function DispatchRoute() {
  const fleet = useLiveFleet();
  return <DispatchPage mapOverlay={zonesLayer} fleet={fleet} />;
}

function useLiveFleet(): FleetTaxi[] {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(liveMapOpened());
    return () => {
      dispatch(liveMapClosed());
    };
  }, [dispatch]);
  useGetActiveShiftsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: availability } = useGetAvailabilityQuery(undefined, { refetchOnMountOrArgChange: true });
  const shifts = useAppSelector(selectActiveShifts);
  const staleAfterSeconds = useAppSelector((state) => state.config.staleAfterSeconds);
  const now = useNow(NOW_TICK_MS);
  const [describeTaxis] = useState(createTaxiRowsDescriber);
  return useMemo(
    () =>
      describeTaxis(shifts, now, staleAfterSeconds, availability).flatMap((row): FleetTaxi[] =>
        row.position && row.shift.driver_id !== null
          ? [
              {
                shiftId: row.shift.id,
                driverId: row.shift.driver_id,
                title: [`${row.shift.first_name} ${row.shift.last_name}`, row.shift.plate_number].filter(Boolean).join(' · '),
                longitude: row.position[0],
                latitude: row.position[1],
                availability: row.availability,
                stale: row.stale,
              },
            ]
          : [],
      ),
    [describeTaxis, shifts, now, staleAfterSeconds, availability],
  );
}

function zonesLayer(belowLayerId: string | undefined) {
  return <ZonesOnMap id="dispatch-zones" belowLayerId={belowLayerId} />;
}
