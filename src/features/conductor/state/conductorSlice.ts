/**
 * The driver's phone in the store (added to it when /conductor loads: app/ConductorRoute.tsx): who
 * is signed in, why the sign-in form shows again, what the position queue has sent, and what the
 * driver must be told. With the driver API's cached answers (./driverApi.ts) it is all the page
 * shows, so DevTools' time travel replays a driver's session. Plain data; times come in actions.
 */
import { createAction, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { DriverProfile } from '../../../../contract/entities';
import { driverSessionExpired } from '../../../app/api';
import { isNetworkError } from '../../../lib/apiError';
import { driverErrorText } from '../driverErrors';
import { driverApi } from './driverApi';

export interface DriverSession {
  token: string;
  driver: DriverProfile;
}

export interface PositionsState {
  /** Positions waiting in the phone's queue (../pendingPositions.ts). */
  pending: number;
  lastSentAt: string | null;
  /** Why the last sending failed (no signal, the server's refusal), until one goes through. */
  sendError: string | null;
  /** Why the phone gives no position (permission, no GPS), until a fix comes. */
  gpsError: string | null;
}

export interface ConductorState {
  session: DriverSession | null;
  /** Said above the sign-in form (the session expired). */
  notice: string | null;
  /** Said above the shift (the shift ended elsewhere; "no se puede terminar sin conexión"). */
  shiftError: string | null;
  /** Something the driver must know that is no longer on a card (the desk cancelled the trip). */
  tripNotice: string | null;
  /** Why the last dispatch action or reading failed, until a reading answers. */
  dispatchError: string | null;
  positions: PositionsState;
}

export const SESSION_EXPIRED = 'Tu sesión expiró. Ingresa nuevamente.';
export const SHIFT_GONE = 'Tu turno ya no está activo. Inícialo de nuevo para seguir enviando tu posición.';

const noPositions: PositionsState = { pending: 0, lastSentAt: null, sendError: null, gpsError: null };
export const initialConductorState: ConductorState = { session: null, notice: null, shiftError: null, tripNotice: null, dispatchError: null, positions: noPositions };

const dispatchActions = [driverApi.endpoints.setAvailability, driverApi.endpoints.acceptOffer, driverApi.endpoints.declineOffer, driverApi.endpoints.tripAction] as const;

/** /conductor opened with a session kept on this phone. */
export const sessionRestored = createAction<DriverSession>('conductor/sessionRestored');
/** The driver pressed Salir. */
export const signedOut = createAction('conductor/signedOut');
/** The page shows with a session: the driver's socket opens (../realtime/conductorChannel.ts). */
export const conductorOpened = createAction('conductor/opened');
export const conductorClosed = createAction('conductor/closed');

const conductorSlice = createSlice({
  name: 'conductor',
  initialState: initialConductorState,
  reducers: {
    /** A fix went into the queue, or the queue was read (the page opened with positions kept). */
    positionsQueued(state, { payload }: PayloadAction<{ pending: number }>) {
      state.positions.pending = payload.pending;
    },
    /** The server took a batch. */
    positionsSent: {
      reducer(state, { payload }: PayloadAction<{ pending: number; at: string }>) {
        state.positions = { ...state.positions, pending: payload.pending, lastSentAt: payload.at, sendError: null };
      },
      prepare: (pending: number, at = new Date().toISOString()) => ({ payload: { pending, at } }),
    },
    /** A batch could not go (no signal, a refusal): kept, or dropped when the server will never take it. */
    positionsNotSent(state, { payload }: PayloadAction<{ pending: number; error: string }>) {
      state.positions.pending = payload.pending;
      state.positions.sendError = payload.error;
    },
    /** The phone gives no position, and why (./geolocationErrors.ts); null: fixes come again. */
    gpsChanged(state, { payload }: PayloadAction<string | null>) {
      state.positions.gpsError = payload;
    },
    /** The server says the shift is no longer running (409 on a position). */
    shiftLost(state) {
      state.shiftError = SHIFT_GONE;
    },
    shiftErrorShown(state, { payload }: PayloadAction<string | null>) {
      state.shiftError = payload;
    },
    /** The desk cancelled the trip (trip_changed), with its reason; cleared by the next offer or action. */
    tripCancelled(state, { payload }: PayloadAction<{ reason: string | null }>) {
      state.tripNotice = `La central canceló el viaje${payload.reason ? `: ${payload.reason}` : ''}.`;
    },
    tripNoticeCleared(state) {
      state.tripNotice = null;
    },
  },
  extraReducers: (builder) => {
    const signedIn = (state: ConductorState, session: DriverSession) => ({ ...initialConductorState, positions: state.positions, session });
    builder
      // The page opening again (StrictMode, a return to it) changes nothing of the same session.
      .addCase(sessionRestored, (state, { payload }) => (state.session?.token === payload.token ? state : signedIn(state, payload)))
      .addCase(signedOut, (state) => ({ ...initialConductorState, positions: state.positions }))
      .addCase(driverSessionExpired, (state) => ({ ...initialConductorState, positions: state.positions, notice: state.session ? SESSION_EXPIRED : state.notice }))
      .addMatcher(driverApi.endpoints.driverLogin.matchFulfilled, (state, { payload }) => signedIn(state, { token: payload.token, driver: payload.driver }))
      .addMatcher(driverApi.endpoints.getDriverMe.matchFulfilled, (state, { payload }) => {
        if (state.session && state.session.driver.id === payload.driver.id) state.session.driver = payload.driver;
        if (payload.shift) state.shiftError = null;
      })
      .addMatcher(driverApi.endpoints.startShift.matchFulfilled, (state) => {
        state.shiftError = null;
      })
      // The driver acts: what was said about the last trip goes.
      .addMatcher(isAnyOf(...dispatchActions.map((endpoint) => endpoint.matchPending)), (state) => {
        state.tripNotice = null;
      })
      .addMatcher(isAnyOf(...dispatchActions.map((endpoint) => endpoint.matchRejected)), (state, { payload, error }) => {
        state.dispatchError = driverErrorText(payload ?? error, 'Algo falló. Intenta nuevamente.');
      })
      .addMatcher(driverApi.endpoints.getDriverDispatch.matchFulfilled, (state) => {
        state.dispatchError = null;
      })
      // No connection: the page says it quietly (the shift panel already alerts "Sin conexión").
      .addMatcher(driverApi.endpoints.getDriverDispatch.matchRejected, (state, { payload, meta }) => {
        if (meta.condition || isNetworkError(payload)) return;
        state.dispatchError = driverErrorText(payload, 'No se pudo cargar tu viaje.');
      });
  },
});

export const { positionsQueued, positionsSent, positionsNotSent, gpsChanged, shiftLost, shiftErrorShown, tripCancelled, tripNoticeCleared } = conductorSlice.actions;
export { conductorSlice };

type WithConductor = { conductor?: ConductorState };
const stateOf = (state: WithConductor) => state.conductor ?? initialConductorState;
export const selectDriverSession = (state: WithConductor) => stateOf(state).session;
export const selectConductor = stateOf;
