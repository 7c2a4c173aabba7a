/**
 * Desks for `npm run bench -- fanout`, in a process of their own (fanout.bench.ts starts several):
 * at 10,000 taxis every desk parses 10,000 positions a second, and one process playing all twenty
 * desks was itself the bottleneck the bench measured. Each desk is a socket.io client with batches,
 * as the live map connects, in the owner's room. Told by its parent (IPC): `connect` (the URLs, one
 * desk each), `reset`, `report` (counts and latencies since the reset), `stop`.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { SocketEvent, type LocationBatchPayload } from '../contract/socket';
import { OWNER_ID } from './fanoutNode';

export interface DeskReport {
  received: number;
  messages: number;
  /** One per message: arrival minus the send time its updates carry (ms). */
  latencies: number[];
}

interface Desk {
  socket: Socket;
  received: number;
  messages: number;
  latencies: number[];
}

/** Updates sent before the last reset belong to an earlier round (a slow arm delivers them late): not counted. */
let since = 0;

async function openDesk(url: string): Promise<Desk> {
  const socket = connect(url, { auth: { token: 'bench', batch: true }, transports: ['websocket'], forceNew: true, reconnection: false });
  const desk: Desk = { socket, received: 0, messages: 0, latencies: [] };
  socket.on(SocketEvent.locationBatch, (payload: LocationBatchPayload) => {
    const now = Date.now();
    if (!payload.updates.length || Date.parse(payload.updates[0].timestamp) < since) return;
    desk.messages += 1;
    desk.received += payload.updates.length;
    if (payload.updates.length) desk.latencies.push(now - Date.parse(payload.updates[0].timestamp));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(5000).emitWithAck(SocketEvent.joinOwnerRoom, OWNER_ID);
  if (!(ack as { ok: boolean }).ok) throw new Error('join_owner_room refused');
  return desk;
}

function main() {
  let desks: Desk[] = [];
  process.on('message', (message: { connect?: string[]; reset?: true; report?: true; stop?: true }) => {
    if (message.connect) {
      void Promise.all(message.connect.map(openDesk)).then(
        (opened) => {
          desks = opened;
          process.send?.({ connected: desks.length });
        },
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    }
    if (message.reset) {
      since = Date.now();
      for (const desk of desks) Object.assign(desk, { received: 0, messages: 0, latencies: [] });
      process.send?.({ reset: true });
    }
    if (message.report) {
      const report: DeskReport = {
        received: desks.reduce((sum, desk) => sum + desk.received, 0),
        messages: desks.reduce((sum, desk) => sum + desk.messages, 0),
        latencies: desks.flatMap((desk) => desk.latencies),
      };
      process.send?.({ report });
    }
    if (message.stop) {
      for (const desk of desks) desk.socket.close();
      process.exit(0);
    }
  });
  process.send?.({ ready: true });
}

if (require.main === module) main();
