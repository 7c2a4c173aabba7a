/**
 * Events of a real-time connection, dispatched by the realtime middleware (./realtimeMiddleware.ts)
 * and reduced by whichever screen shows the connection (the desk's: the live map's activeShiftsSlice;
 * the driver's phone: its own slice). `role` says whose connection it is ('desk' or 'driver'). Times
 * are stamped here, in prepare, never in a reducer.
 */
import { createAction } from '@reduxjs/toolkit';

const stamp = (at?: string) => at ?? new Date().toISOString();

/** The socket (re)connected and joined its rooms. */
export const realtimeConnected = createAction('realtime/connected', (at?: string, role = 'desk') => ({ payload: { at: stamp(at), role } }));

/** The socket dropped; socket.io retries unless we asked for the disconnect. */
export const realtimeDisconnected = createAction('realtime/disconnected', (reason: string, willReconnect: boolean, role = 'desk') => ({
  payload: { reason, willReconnect, role },
}));

/** The handshake failed (server down, or the token was refused). */
export const realtimeConnectionFailed = createAction('realtime/connectionFailed', (message: string, willRetry: boolean, role = 'desk') => ({
  payload: { message, willRetry, role },
}));

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';
