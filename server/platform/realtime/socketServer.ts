/**
 * socket.io for the desk's live maps. The handshake must carry a valid desk token (auth.token: the
 * owner's or a desk account's) of an account still active — a driver's token is refused too. The
 * client asks to join with its own user id; the server maps that person to their fleet's room
 * (owner:<fleet>) and refuses any other. Who the token is and which roles may emit which event
 * come from the identity module (SocketIdentity, given by app.ts: the platform imports no module).
 * Connects and disconnects are logged at info level with the owner id. `auth.batch: true` opts the
 * socket into location_batch (it joins the owner's batch room too). A driver's token (despacho) is
 * accepted too: that socket joins only its driver's room (driver:<id>: offer, trip_changed) and
 * may join no fleet room.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Availability } from '../../../contract/dispatch';
import type { LocationUpdate } from '../../../contract/entities';
import { Server } from 'socket.io';
import {
  SOCKET_PATH,
  SocketEvent,
  driverRoom,
  ownerBatchRoom,
  ownerRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../../contract/socket';
import type { DeskRole } from '../../../contract/entities';
import { socketOriginAllowed } from '../edge/cors';
import { Messages } from '../errors';
import { sessionRoom } from './sessionRooms';

export interface SocketData {
  /** The fleet (its owner's id). */
  ownerId: number;
  /** The signed-in person (an owner id for the Dueño, a desk user id otherwise; a driver id for a driver). */
  userId: number;
  role: DeskRole | 'driver';
  /** auth.batch === true: receives location_batch instead of location_update. */
  batch: boolean;
}

/** An active shift's dispatch state as one process read it after its own change (dispatch's taxi states). */
export interface DispatchTaxiState {
  shiftId: number;
  ownerId: number;
  driverId: number;
  vehicleId: number | null;
  plateNumber: string | null;
  driverName: string;
  availability: Availability;
  onTrip: boolean;
  offered: boolean;
}

/** Between server processes (PostgreSQL adapter). */
export interface InterServerEvents {
  /** One flush's updates of one owner. */
  locations: (ownerId: number, updates: LocationUpdate[]) => void;
  /** Dispatch's taxi states a process changed (read back from the database), and shifts that ended. */
  taxi_states: (states: DispatchTaxiState[], endedShiftIds: number[]) => void;
}

export type FlotaSocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** The signed-in desk person (or driver) behind a handshake token. */
export interface SocketPrincipal {
  id: number;
  ownerId: number;
  role: DeskRole | 'driver';
}

/** What the socket server asks of the identity module. */
export interface SocketIdentity {
  /** A valid desk token of an account still active, or a live driver's token → its person; anything else → null. */
  authenticate(token: string): Promise<SocketPrincipal | null>;
  /** The roles that may emit this event (none when the event has no rule). */
  rolesFor(event: string): readonly DeskRole[];
}

export interface SocketServerOptions {
  identity: SocketIdentity;
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
    options.identity
      .authenticate(token)
      .then((user) => {
        if (!user) return next(new Error(UNAUTHORIZED));
        socket.data.ownerId = user.ownerId;
        socket.data.userId = user.id;
        socket.data.role = user.role;
        socket.data.batch = socket.handshake.auth?.batch === true;
        next();
      })
      .catch(() => next(new Error(UNAUTHORIZED)));
  });

  io.on('connection', (socket) => {
    const { ownerId, userId, role } = socket.data;
    if (role === 'driver') void socket.join(driverRoom(userId));
    else void socket.join(sessionRoom({ id: userId, role }));
    options.log.info({ ownerId, socketId: socket.id }, 'socket conectado');
    socket.on('disconnect', (reason) => options.log.info({ ownerId, socketId: socket.id, reason }, 'socket desconectado'));
    socket.on(SocketEvent.joinOwnerRoom, (requested, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const allowed = role !== 'driver' && options.identity.rolesFor(SocketEvent.joinOwnerRoom).includes(role);
      if (!allowed || Number(requested) !== userId) {
        reply({ ok: false, error: 'Sala no permitida' });
        return;
      }
      void socket.join(socket.data.batch ? [ownerRoom(ownerId), ownerBatchRoom(ownerId)] : ownerRoom(ownerId));
      reply({ ok: true });
    });
  });

  return io;
}
