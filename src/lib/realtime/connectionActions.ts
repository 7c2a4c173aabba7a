/**
 * Events of the desk's real-time connection, dispatched by the realtime middleware
 * (./realtimeMiddleware.ts) and reduced by whichever screen shows the connection (the live map's
 * activeShiftsSlice). Times are stamped here, in prepare, never in a reducer.
 */
import { createAction } from '@reduxjs/toolkit';

const stamp = (at?: string) => at ?? new Date().toISOString();

/** The socket (re)connected and joined the owner's room. */
export const realtimeConnected = createAction('realtime/connected', (at?: string) => ({ payload: { at: stamp(at) } }));

/** The socket dropped; socket.io retries unless we asked for the disconnect. */
export const realtimeDisconnected = createAction('realtime/disconnected', (reason: string, willReconnect: boolean) => ({
  payload: { reason, willReconnect },
}));

/** The handshake failed (server down, or the token was refused). */
export const realtimeConnectionFailed = createAction('realtime/connectionFailed', (message: string, willRetry: boolean) => ({
  payload: { message, willRetry },
}));

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';
