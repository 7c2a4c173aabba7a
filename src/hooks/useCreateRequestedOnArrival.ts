import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Router state that asks a list page to open its create form (the dashboard's quick actions send it). */
export interface CreateRequestState {
  create?: boolean;
}

/**
 * Calls `openCreate` once when the page is reached with router state {create: true}, then clears
 * that state (replacing the history entry) so a reload or going back does not open it again.
 */
export function useCreateRequestedOnArrival(openCreate: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = (location.state as CreateRequestState | null)?.create === true;

  useEffect(() => {
    if (!requested) return;
    openCreate();
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [requested, openCreate, navigate, location.pathname, location.search]);
}
