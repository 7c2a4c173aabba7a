/**
 * The driver's own socket, a driver-role channel of the app's realtime middleware (src/lib/realtime):
 * the driver's token at the handshake, and the server puts it in the driver's room, so it hears only
 * this driver's offer, trip, SOS and account. It opens when /conductor shows a signed-in driver and
 * closes with the page or the session. Each event is written into the cached answers
 * (../state/driverApi.ts): an offer at once (the state is read again behind it, as a re-connect and
 * the server's resync do), a cancelled trip is told, the SOS and "Mi cuenta" take the payload as
 * they are (account_changed: the account as GET /driver/account answers it). An event heard while
 * that answer is loading is not lost (lib/realtime/followedQueries.ts).
 */
import type { MyAccountResponse } from '../../../../contract/accounts';
import type { DriverSosResponse } from '../../../../contract/alerts';
import { socketPayloadSchemas } from '../../../../contract/socket';
import { SocketEvent } from '../../../../contract/socketEvents';
import { driverSessionExpired } from '../../../app/api';
import type { RealtimeChannel } from '../../../lib/realtime/channel';
import { followQueries } from '../../../lib/realtime/followedQueries';
import { conductorClosed, conductorOpened, selectDriverSession, signedOut, tripCancelled, tripNoticeCleared, type ConductorState } from '../state/conductorSlice';
import { driverApi } from '../state/driverApi';

type State = { conductor?: ConductorState };

export const conductorChannel: RealtimeChannel<State> = {
  name: 'conductor',
  role: 'driver',
  openOn: (action, state) => (conductorOpened.match(action) || driverApi.endpoints.driverLogin.matchFulfilled(action)) && selectDriverSession(state) !== null,
  releaseOn: (action) => conductorClosed.match(action) || signedOut.match(action) || driverSessionExpired.match(action),
  attach({ dispatch, getState }) {
    const driverId = () => selectDriverSession(getState())?.driver.id;
    const reread = (endpoint: 'getDriverDispatch' | 'getMyAccount' | 'getDriverSos') => {
      const id = driverId();
      if (id === undefined || driverApi.endpoints[endpoint].select(id)(getState() as never).status === 'uninitialized') return;
      void dispatch(driverApi.endpoints[endpoint].initiate(id, { forceRefetch: true, subscribe: false }));
    };
    const refetch = (endpoint: string) => reread(endpoint as 'getDriverDispatch');

    // An offer or a trip change is written at once and the whole state read behind it: one heard
    // while that reading is on its way has it read once more.
    const dispatchState = followQueries<{ offer: unknown } | null>({
      endpoints: ['getDriverDispatch'],
      patch(event) {
        const id = driverId();
        if (!event || id === undefined) return;
        const receivedAt = Date.now();
        dispatch(
          driverApi.util.updateQueryData('getDriverDispatch', id, (draft) => {
            draft.offer = event.offer as typeof draft.offer;
            draft.received_at = receivedAt;
          }),
        );
      },
      afterAnswer: 'refetch',
      refetch,
      getState,
    });
    const account = followQueries<MyAccountResponse>({
      endpoints: ['getMyAccount'],
      patch(payload) {
        const id = driverId();
        if (id !== undefined) dispatch(driverApi.util.updateQueryData('getMyAccount', id, () => payload));
      },
      afterAnswer: 'replay',
      refetch,
      getState,
    });
    const sos = followQueries<DriverSosResponse>({
      endpoints: ['getDriverSos'],
      patch(payload) {
        const id = driverId();
        if (id !== undefined) dispatch(driverApi.util.updateQueryData('getDriverSos', id, () => payload));
      },
      afterAnswer: 'replay',
      refetch,
      getState,
    });
    const all = [dispatchState, account, sos];

    return {
      events: {
        [SocketEvent.offer]: (payload: unknown) => {
          const parsed = socketPayloadSchemas.offer.safeParse(payload);
          if (parsed.success && parsed.data.offer) dispatch(tripNoticeCleared());
          dispatchState.heard(parsed.success ? parsed.data : null);
          reread('getDriverDispatch');
        },
        [SocketEvent.tripChanged]: (payload: unknown) => {
          const parsed = socketPayloadSchemas.trip_changed.safeParse(payload);
          if (parsed.success && parsed.data.trip.status === 'cancelado') dispatch(tripCancelled({ reason: parsed.data.trip.cancel_reason }));
          dispatchState.heard(null);
          reread('getDriverDispatch');
        },
        [SocketEvent.sosChanged]: (payload: unknown) => {
          const parsed = socketPayloadSchemas.sos_changed.safeParse(payload);
          if (parsed.success) sos.heard(parsed.data);
        },
        [SocketEvent.accountChanged]: (payload: unknown) => {
          const parsed = socketPayloadSchemas.account_changed.safeParse(payload);
          if (parsed.success) account.heard(parsed.data);
          else reread('getMyAccount');
        },
      },
      onAction(action) {
        for (const followed of all) followed.saw(action);
      },
      onJoined() {
        for (const followed of all) followed.joined();
      },
      onReconnect() {
        reread('getDriverDispatch');
        reread('getMyAccount');
        reread('getDriverSos');
      },
      onClose() {
        for (const followed of all) followed.clear();
      },
    };
  },
};
