/**
 * The session: token and owner, restored from storage on load.
 * 'restoring' means a stored session waits for the server's word (GET /auth/me).
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { User } from '../../../contract/entities';
import { sessionExpired } from '../../app/api';
import { authApi } from './authApi';

export type SessionStatus = 'anonymous' | 'restoring' | 'authenticated';

export interface AuthState {
  token: string | null;
  user: User | null;
  status: SessionStatus;
}

export interface StoredSession {
  token: string;
  user: User;
}

/** The user pressed Cerrar Sesión. */
export const loggedOut = createAction('auth/loggedOut');

export const anonymousState: AuthState = { token: null, user: null, status: 'anonymous' };

/** The state a page load starts from: a stored session is restored, to be confirmed. */
export function restoredAuthState(stored: StoredSession | null): AuthState {
  if (!stored || typeof stored.token !== 'string' || !stored.user) return anonymousState;
  return { token: stored.token, user: stored.user, status: 'restoring' };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: anonymousState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => anonymousState)
      .addCase(sessionExpired, () => anonymousState)
      .addMatcher(authApi.endpoints.login.matchFulfilled, (_state, { payload }) => ({
        token: payload.token,
        user: payload.user,
        status: 'authenticated',
      }))
      .addMatcher(authApi.endpoints.getMe.matchFulfilled, (state, { payload }) => {
        if (state.token) {
          state.user = payload.user;
          state.status = 'authenticated';
        }
      })
      // The server could not be reached: keep the stored session rather than sign the dispatcher out.
      .addMatcher(authApi.endpoints.getMe.matchRejected, (state, { payload }) => {
        if (state.status === 'restoring' && payload?.status !== 401) state.status = 'authenticated';
      });
  },
});

export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectSessionStatus = (state: WithAuth) => state.auth.status;
export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectToken = (state: WithAuth) => state.auth.token;
