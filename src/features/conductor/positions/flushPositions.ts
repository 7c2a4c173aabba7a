/**
 * The store drains the phone's position queue (../pendingPositions.ts, kept in the phone through a
 * lost connection or a reload): batches go to POST /driver/locations in order, one sending at a time;
 * each outcome is an action (sent, not sent and why), so the page's counters come from the store.
 * A 401 has already ended the driver's session (the base query); a 409 means the shift ended
 * elsewhere; points the server will never take (400, a wrong clock) are dropped and said so.
 */
import type { useAppDispatch } from '../../../app/hooks';
import { apiErrorMessage, isNetworkError } from '../../../lib/apiError';
import type { PendingPositions } from '../pendingPositions';
import { selectDriverSession, positionsNotSent, positionsSent, shiftLost, type ConductorState } from '../state/conductorSlice';
import { driverApi } from '../state/driverApi';
import { failedStatus } from '../driverErrors';

export const OFFLINE_TEXT = 'Sin conexión: tus posiciones se guardan en el teléfono y se enviarán al volver la señal.';

/** One sending per queue: a fix arriving while a batch is on its way joins the next round. */
const sending = new WeakMap<PendingPositions, Promise<void>>();

interface Store {
  dispatch: ReturnType<typeof useAppDispatch>;
  getState(): { conductor?: ConductorState };
}

/** Sends what the queue holds; resolves when it is empty or a batch could not go. */
export function flushPositions(queue: PendingPositions, { dispatch, getState }: Store): Promise<void> {
  const running = sending.get(queue);
  if (running) return running;
  const run = (async () => {
    for (let batch = queue.nextBatch(); batch.length; batch = queue.nextBatch()) {
      // Not kept in the cache: a shift sends thousands of batches.
      const result = await dispatch(driverApi.endpoints.sendLocations.initiate(batch, { track: false }));
      if (!result.error) {
        queue.sent(batch.length);
        dispatch(positionsSent(queue.size()));
        continue;
      }
      const status = failedStatus(result.error);
      if (status === 401) return;
      if (status === 409) {
        const driverId = selectDriverSession(getState())?.driver.id;
        if (driverId !== undefined) dispatch(driverApi.util.updateQueryData('getDriverMe', driverId, (me) => void (me.shift = null)));
        dispatch(shiftLost());
        return;
      }
      if (status === 400) {
        queue.sent(batch.length);
        dispatch(positionsNotSent({ pending: queue.size(), error: `Se descartaron ${batch.length} posiciones que el servidor no aceptó: ${apiErrorMessage(result.error, 'datos inválidos')}` }));
        continue;
      }
      dispatch(positionsNotSent({ pending: queue.size(), error: isNetworkError(result.error) ? OFFLINE_TEXT : apiErrorMessage(result.error, 'El servidor no respondió como se esperaba. Intenta nuevamente.') }));
      return;
    }
  })().finally(() => sending.delete(queue));
  sending.set(queue, run);
  return run;
}
