import { useCallback, useEffect } from 'react';
import { OpenAlertsLine, useGetAlertSummaryQuery } from '../features/alerts';
import { DashboardPage } from '../features/dashboard';
import { dispatchClosed, dispatchOpened } from '../features/dispatch';
import { attentionExpiries, ExpiriesAttention, useGetExpiriesQuery } from '../features/documents';
import { AccountsAttention, driversBehind, useGetBalancesQuery } from '../features/driverAccounts';
import { positionOf, shiftSelected } from '../features/liveMap';
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
  // The parts other features add to "Requiere atención" (the same requests they make: one each):
  // the list waits for their first answer, so none of them pushes the others down as it arrives.
  const alerts = useGetAlertSummaryQuery();
  const expiries = useGetExpiriesQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const balances = useGetBalancesQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const attentionSettled = !alerts.isLoading && !expiries.isLoading && !balances.isLoading;
  // Their rows count in "Requiere atención (N)" with the list's own: it said (5) over 10 rows.
  const extraRows = attentionExpiries(expiries.data).length + driversBehind(balances.data).length;
  const showTaxi = useCallback((shift: { id: number; latitude: number | null; longitude: number | null }) => dispatch(shiftSelected({ shiftId: shift.id, position: positionOf(shift) })), [dispatch]);
  return <DashboardPage onShowTaxi={showTaxi} openAlerts={<OpenAlertsLine />} attentionSettled={attentionSettled} extraAttentionRows={extraRows} extraAttention={
        <>
          <ExpiriesAttention />
          <AccountsAttention />
        </>
      } />;
}
