/**
 * "Reload what you show": the `resync` event (contract/socket.ts) for every socket, when events
 * may have been lost between processes (the PostgreSQL adapter's channel was down). Desks treat it
 * like a reconnect (src/lib/realtime): each channel reloads from the API.
 */
import type { FastifyBaseLogger } from 'fastify';
import { SocketEvent } from '../../../contract/socketEvents';
import type { FlotaSocketServer } from './socketServer';

export interface ResyncSignal {
  /** This process's sockets, now (its LISTEN is back: what others published meanwhile never came). */
  local(): void;
  /** Every process's sockets, as soon as `probe` succeeds (a publish of this process failed). */
  everywhereWhenBack(): void;
  stop(): void;
}

export function createResyncSignal(io: FlotaSocketServer, probe: () => Promise<void>, log: FastifyBaseLogger, retryMs = 1000): ResyncSignal {
  let waiting: NodeJS.Timeout | null = null;
  let stopped = false;

  const tryNow = () => {
    waiting = null;
    probe().then(
      () => {
        if (stopped) return;
        log.warn('socket.io: la base de datos responde otra vez; se pide a todos los escritorios que se resincronicen');
        io.emit(SocketEvent.resync, {});
      },
      () => {
        if (!stopped) waiting = setTimeout(tryNow, retryMs).unref();
      },
    );
  };

  return {
    local: () => void io.local.emit(SocketEvent.resync, {}),
    everywhereWhenBack() {
      // One wait at a time however many publishes fail meanwhile (heartbeats fail every few seconds).
      if (waiting || stopped) return;
      waiting = setTimeout(tryNow, retryMs).unref();
    },
    stop() {
      stopped = true;
      if (waiting) clearTimeout(waiting);
      waiting = null;
    },
  };
}
