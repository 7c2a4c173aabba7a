/**
 * socket.io for owners' live maps. The handshake must carry a valid owner token (auth.token) of an
 * owner that still exists — a driver's token is refused too; an owner may join only its own room.
 * Connects and disconnects are logged at info level with the owner id. `auth.batch: true` opts the
 * socket into location_batch (it joins the owner's batch room too).
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LocationUpdate } from '../../contract/entities';
import { Server } from 'socket.io';
import {
  SOCKET_PATH,
  SocketEvent,
  ownerBatchRoom,
  ownerRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../contract/socket';
import { verifyOwnerToken } from '../auth/tokens';
import type { Database } from '../db/schema';
import { socketOriginAllowed } from '../edge/cors';
import { Messages } from '../errors';
import { ownerExists } from '../repos/ownersRepo';

export interface SocketData {
  ownerId: number;
  /** auth.batch === true: receives location_batch instead of location_update. */
  batch: boolean;
}

/** Between server processes (PostgreSQL adapter): one flush's updates of one owner. */
export interface InterServerEvents {
  locations: (ownerId: number, updates: LocationUpdate[]) => void;
}

export type FlotaSocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface SocketServerOptions {
  db: Kysely<Database>;
  jwtSecret: string;
  corsOrigins: string[];
  log: FastifyBaseLogger;
}

export const UNAUTHORIZED = 'No autorizado';

export function createSocketServer(httpServer: HttpServer, options: SocketServerOptions): FlotaSocketServer {
  const io: FlotaSocketServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(options.corsOrigins.length ? { cors: { origin: options.corsOrigins } } : {}),
    // Another site's page may not open a socket here, even with a token it got hold of.
    allowRequest: (request, callback) => {
      const allowed = socketOriginAllowed(request.headers.origin, request.headers.host, options.corsOrigins);
      callback(allowed ? null : Messages.originNotAllowed, allowed);
    },
  });

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token) return next(new Error(UNAUTHORIZED));
    verifyOwnerToken(token, options.jwtSecret)
      .then(async (claims) => {
        if (!claims || !(await ownerExists(options.db, claims.sub))) return next(new Error(UNAUTHORIZED));
        socket.data.ownerId = claims.sub;
        socket.data.batch = socket.handshake.auth?.batch === true;
        next();
      })
      .catch(() => next(new Error(UNAUTHORIZED)));
  });

  io.on('connection', (socket) => {
    const { ownerId } = socket.data;
    options.log.info({ ownerId, socketId: socket.id }, 'socket conectado');
    socket.on('disconnect', (reason) => options.log.info({ ownerId, socketId: socket.id, reason }, 'socket desconectado'));
    socket.on(SocketEvent.joinOwnerRoom, (requested, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (Number(requested) !== ownerId) {
        reply({ ok: false, error: 'Sala no permitida' });
        return;
      }
      void socket.join(socket.data.batch ? [ownerRoom(ownerId), ownerBatchRoom(ownerId)] : ownerRoom(ownerId));
      reply({ ok: true });
    });
  });

  return io;
}
