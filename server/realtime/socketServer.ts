/**
 * socket.io for owners' live maps. The handshake must carry a valid owner token (auth.token);
 * an owner may join only its own room. Emitting location and shift events comes with issue 4.
 */
import type { Server as HttpServer } from 'node:http';
import type { Kysely } from 'kysely';
import { Server } from 'socket.io';
import {
  SOCKET_PATH,
  SocketEvent,
  ownerRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../contract/socket';
import { verifyToken } from '../auth/tokens';
import type { Database } from '../db/schema';
import { ownerExists } from '../repos/ownersRepo';

export interface SocketData {
  ownerId: number;
}

export type FlotaSocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface SocketServerOptions {
  db: Kysely<Database>;
  jwtSecret: string;
  corsOrigins: string[];
}

export function createSocketServer(httpServer: HttpServer, options: SocketServerOptions): FlotaSocketServer {
  const io: FlotaSocketServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(options.corsOrigins.length ? { cors: { origin: options.corsOrigins } } : {}),
  });

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token) return next(new Error('No autorizado'));
    verifyToken(token, options.jwtSecret)
      .then(async (claims) => {
        if (!claims || !(await ownerExists(options.db, claims.sub))) return next(new Error('No autorizado'));
        socket.data.ownerId = claims.sub;
        next();
      })
      .catch(() => next(new Error('No autorizado')));
  });

  io.on('connection', (socket) => {
    socket.on(SocketEvent.joinOwnerRoom, (requested, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (Number(requested) !== socket.data.ownerId) {
        reply({ ok: false, error: 'Sala no permitida' });
        return;
      }
      void socket.join(ownerRoom(socket.data.ownerId));
      reply({ ok: true });
    });
  });

  return io;
}
