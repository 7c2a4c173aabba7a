import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Alert } from '../../contract/alerts';
import { AlertsPage } from '../features/alerts';
import { shiftSelected } from '../features/liveMap';
import { useAppDispatch } from './hooks';

/** La bandeja with its link to the live map: "Ver en el mapa" selects the taxi's shift at the alert's position, then opens the map. */
export function AlertsRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const showOnMap = useCallback(
    (alert: Alert) => {
      if (alert.shift_id === null || !alert.position) return;
      dispatch(shiftSelected({ shiftId: alert.shift_id, position: [alert.position.longitude, alert.position.latitude] }));
      navigate('/dashboard/map');
    },
    [dispatch, navigate],
  );
  return <AlertsPage onShowOnMap={showOnMap} />;
}
