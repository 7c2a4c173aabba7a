/**
 * Where the HTTP API and the socket answer, in a module without zod: the SPA reads them before its
 * first screen, which must stay within its budget (issue 20). common.ts and socket.ts re-export them.
 */
export const API_BASE_PATH = '/api';
export const SOCKET_PATH = '/socket.io';
