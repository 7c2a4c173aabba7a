/**
 * The fleet on a map for another screen (Despacho): while mounted it holds the live map's channel on
 * the desk's socket (positions, shifts, availability) and loads the snapshot, and it hands out every
 * taxi on shift with a position as the shared `FleetTaxi` (src/lib/fleetTaxi.ts), coloured by
 * availability and greyed without signal, re-judged every few seconds.
 */
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useNow } from '../../../hooks/useNow';
import type { FleetTaxi } from '../../../lib/fleetTaxi';
import { selectActiveShifts } from '../state/activeShiftsSlice';
import { useGetActiveShiftsQuery, useGetAvailabilityQuery } from '../state/liveMapApi';
import { liveMapClosed, liveMapOpened } from '../state/liveMapSlice';
import { createTaxiRowsDescriber, type TaxiRow } from '../state/taxiRows';

/** "Sin señal" is judged again this often (as on the live map). */
const NOW_TICK_MS = 5_000;

const fleetTaxi = (row: TaxiRow): FleetTaxi[] =>
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
    : [];

export function useLiveFleet(): FleetTaxi[] {
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
  return useMemo(() => describeTaxis(shifts, now, staleAfterSeconds, availability).flatMap(fleetTaxi), [describeTaxis, shifts, now, staleAfterSeconds, availability]);
}
