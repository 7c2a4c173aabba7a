/**
 * The platform's publish, on a real socket.io server with real clients: an event reaches exactly the
 * room it names, and the position stream gives each socket the event its handshake asked for. The
 * compile-time half (a wrong event name, payload or room does not compile) is checked by
 * `npm run typecheck` on the @ts-expect-error lines at the end: each fails the typecheck the day the
 * line it marks starts compiling.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { SOCKET_PATH, driverRoom, ownerBatchRoom, ownerRoom } from '../../../contract/socket';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { createPublisher, type Publish, type RealtimePublisher } from './publisher';
import type { FlotaSocketServer } from './socketServer';

let http: HttpServer;
let io: FlotaSocketServer;
let url: string;
let realtime: RealtimePublisher;
const sockets: OwnerSocket[] = [];

/** A client whose handshake names the rooms it sits in (this test's server joins them as asked). */
async function clientIn(...rooms: string[]): Promise<OwnerSocket> {
  const socket = await openOwnerSocket(url, { rooms });
  sockets.push(socket);
  return socket;
}

const update = (shiftId: number) => ({ shift_id: shiftId, latitude: -32.45, longitude: -71.22, timestamp: '2026-11-27T04:00:00.000Z' });

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: SOCKET_PATH, serveClient: false });
  io.use((socket, next) => {
    void socket.join(socket.handshake.auth.rooms as string[]);
    next();
  });
  realtime = createPublisher(io, false);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

describe('publish(room, event, payload)', () => {
  it("reaches the room it names and no other room's sockets", async () => {
    const fleetOne = await clientIn(ownerRoom(1));
    const fleetTwo = await clientIn(ownerRoom(2));
    const driverOne = await clientIn(driverRoom(1));

    realtime.publish(ownerRoom(1), 'shift_ended', { shift_id: 7, end_time: '2026-11-27T04:00:00.000Z', duration_seconds: 60 });
    realtime.publish(driverRoom(1), 'offer', { offer: null });
    realtime.publish(ownerRoom(2), 'availability_changed', { shift_id: 9, driver_id: 3, vehicle_id: null, availability: 'ocupado' });

    expect(await fleetOne.waitFor((e) => e.event === 'shift_ended')).toEqual({ event: 'shift_ended', payload: { shift_id: 7, end_time: '2026-11-27T04:00:00.000Z', duration_seconds: 60 } });
    expect(await driverOne.waitFor((e) => e.event === 'offer')).toEqual({ event: 'offer', payload: { offer: null } });
    expect(await fleetTwo.waitFor((e) => e.event === 'availability_changed')).toEqual({
      event: 'availability_changed',
      payload: { shift_id: 9, driver_id: 3, vehicle_id: null, availability: 'ocupado' },
    });
    // Positive controls above arrived after the others' events were sent: nothing else came.
    realtime.publish(ownerRoom(1), 'offer', { offer: null });
    realtime.publish(driverRoom(1), 'offer', { offer: null });
    await fleetOne.waitFor((e) => e.event === 'offer');
    await driverOne.waitFor(() => driverOne.events.length === 2);
    expect(fleetOne.events.map((e) => e.event)).toEqual(['shift_ended', 'offer']);
    expect(driverOne.events.map((e) => e.event)).toEqual(['offer', 'offer']);
    expect(fleetTwo.events.map((e) => e.event)).toEqual(['availability_changed']);
  });
});

describe('publishLocations(ownerId, updates)', () => {
  it("gives batch sockets one location_batch, the others one location_update per taxi, and another fleet nothing", async () => {
    const plain = await clientIn(ownerRoom(3));
    const batched = await clientIn(ownerRoom(3), ownerBatchRoom(3));
    const otherFleet = await clientIn(ownerRoom(4), ownerBatchRoom(4));

    realtime.publishLocations(3, [update(1), update(2)]);
    realtime.publishLocations(4, [update(3)]);

    expect(await batched.waitFor((e) => e.event === 'location_batch')).toEqual({ event: 'location_batch', payload: { updates: [update(1), update(2)] } });
    await plain.waitFor(() => plain.events.length === 2);
    expect(plain.events).toEqual([
      { event: 'location_update', payload: update(1) },
      { event: 'location_update', payload: update(2) },
    ]);
    // The other fleet's own flush, sent after fleet 3's, is the first thing it heard.
    expect(await otherFleet.waitFor(() => true)).toEqual({ event: 'location_batch', payload: { updates: [update(3)] } });
    expect(otherFleet.events).toHaveLength(1);
    expect(batched.events.map((e) => e.event)).toEqual(['location_batch']);
  });
});

/** Never called: each marked line must fail to compile (npm run typecheck reads this file). */
export function publishRefusesAtCompileTime(publish: Publish): void {
  // @ts-expect-error a payload of another event's shape
  publish(ownerRoom(1), 'shift_ended', { shift: { id: 1 } });
  // @ts-expect-error a payload missing a field (duration_seconds)
  publish(ownerRoom(1), 'shift_ended', { shift_id: 1, end_time: '2026-11-27T04:00:00.000Z' });
  // @ts-expect-error an event the contract does not have
  publish(ownerRoom(1), 'booking_created', { booking: null });
  // @ts-expect-error a room that is not one of the contract's
  publish('everyone', 'offer', { offer: null });
  // @ts-expect-error the position stream goes through publishLocations (per-socket batching, one message across processes)
  publish(ownerRoom(1), 'location_update', update(1));
}
