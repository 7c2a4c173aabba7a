/** The desk's sign-in and session: what src/app may use of this feature (lint refuses any deeper import). */
export { AuthGuard } from './AuthGuard';
export { LoginPage } from './LoginPage';
export { authApi } from './authApi';
export { authReducer, loggedOut, restoredAuthState, selectCurrentUser, type AuthState, type StoredSession } from './authSlice';
