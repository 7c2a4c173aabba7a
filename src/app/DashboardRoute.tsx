import { useCallback, useEffect } from 'react';
import { AccountsAttention } from '../features/accounts/AccountsAttention';
import { OpenAlertsLine } from '../features/alerts/AlertsLive';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { ExpiriesAttention } from '../features/documents/ExpiriesAttention';
import { shiftSelected } from '../features/liveMap/state/liveMapSlice';
import { positionOf } from '../features/liveMap/state/taxiRows';
import { dispatchClosed, dispatchOpened } from '../features/dispatch/dispatchRealtime';
import { useAppDispatch } from './hooks';

/**
 * Panel de Control with its link to the live map: "Ver en el mapa" selects the taxi's shift in the
 * map's state before the link opens the map, so the map opens centred on it with its popup.
 */
export function DashboardRoute() {
  const dispatch = useAppDispatch();
  // Despacho's channel while the dashboard shows: a booking nobody accepted reaches "Requiere atención" at once.
  useEffect(() => {
    dispatch(dispatchOpened());
    return () => {
      dispatch(dispatchClosed());
    };
  }, [dispatch]);
  const showTaxi = useCallback((shift: { id: number; latitude: number | null; longitude: number | null }) => dispatch(shiftSelected({ shiftId: shift.id, position: positionOf(shift) })), [dispatch]);
  return <DashboardPage onShowTaxi={showTaxi} openAlerts={<OpenAlertsLine />} extraAttention={
        <>
          <ExpiriesAttention />
          <AccountsAttention />
        </>
      } />;
}
