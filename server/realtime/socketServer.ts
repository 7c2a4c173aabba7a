/**
 * socket.io for the desk's live maps. The handshake must carry a valid desk token (auth.token: the
 * owner's or a desk account's) of an account still active — a driver's token is refused too. The
 * client asks to join with its own user id; the server maps that person to their fleet's room
 * (owner:<fleet>) and refuses any other. Which roles may emit which event: accessRules.ts.
 * Connects and disconnects are logged at info level with the owner id.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Server } from 'socket.io';
import {
  SOCKET_PATH,
  SocketEvent,
  ownerRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../contract/socket';
import type { DeskRole } from '../../contract/entities';
import { socketEventRules } from '../auth/accessRules';
import { verifyDeskToken } from '../auth/tokens';
import type { Database } from '../db/schema';
import { loadPrincipal } from '../repos/principalsRepo';
import { sessionRoom } from './sessionRooms';

export interface SocketData {
  /** The fleet (its owner's id). */
  ownerId: number;
  /** The signed-in person (an owner id for the Dueño, a desk user id otherwise). */
  userId: number;
  role: DeskRole;
}

export type FlotaSocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

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
  });

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token) return next(new Error(UNAUTHORIZED));
    verifyDeskToken(token, options.jwtSecret)
      .then(async (claims) => {
        const user = claims ? await loadPrincipal(options.db, claims) : null;
        if (!user) return next(new Error(UNAUTHORIZED));
        socket.data.ownerId = user.ownerId;
        socket.data.userId = user.id;
        socket.data.role = user.role;
        next();
      })
      .catch(() => next(new Error(UNAUTHORIZED)));
  });

  io.on('connection', (socket) => {
    const { ownerId, userId, role } = socket.data;
    void socket.join(sessionRoom({ id: userId, role }));
    options.log.info({ ownerId, socketId: socket.id }, 'socket conectado');
    socket.on('disconnect', (reason) => options.log.info({ ownerId, socketId: socket.id, reason }, 'socket desconectado'));
    socket.on(SocketEvent.joinOwnerRoom, (requested, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const allowed = socketEventRules[SocketEvent.joinOwnerRoom]?.includes(role);
      if (!allowed || Number(requested) !== userId) {
        reply({ ok: false, error: 'Sala no permitida' });
        return;
      }
      void socket.join(ownerRoom(ownerId));
      reply({ ok: true });
    });
  });

  return io;
}
