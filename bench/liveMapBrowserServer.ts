/**
 * What the browser bench's pages talk to: the production build (dist/) and the naive reference page,
 * a stand-in API that answers the signed-in shell and GET /api/shifts/active with a synthetic fleet,
 * and a real socket.io server that sends every taxi's position once a second, in ten slices a second:
 * one `location_batch` per slice to a client that opted in (auth.batch), else one
 * `location_update` per taxi. It counts what it delivered, so work per event can be computed.
 */
import { readFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Server } from 'socket.io';
import type { LocationUpdate, Shift } from '../contract/entities';
import { demoUser } from '../src/testing/fixtures';
import { startTileServer, type TileServer } from '../e2e/support/tileServer';
import { makeFleet, updateOf } from './liveMapFleet';

const SLICES_PER_SECOND = 10;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface BenchServer {
  url: string;
  /** Sets the fleet the snapshot and the emitter use, and restarts the count; only the first `moving` taxis report (all by default). */
  setFleet(taxis: number, moving?: number): void;
  /** Location updates delivered to connected clients since the last reset. */
  delivered(): number;
  resetDelivered(): void;
  close(): Promise<void>;
}

export async function startBenchServer({ port, tilePort, distDir, naiveDir }: { port: number; tilePort: number; distDir: string; naiveDir: string }): Promise<BenchServer> {
  const tiles: TileServer = await startTileServer(tilePort);
  let fleet: Shift[] = [];
  let moving = Infinity;
  let delivered = 0;
  let second = 0;
  let slice = 0;

  const send = (response: http.ServerResponse, status: number, body: string | Buffer, type = 'application/json') =>
    response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);

  function serveFile(response: http.ServerResponse, file: string) {
    if (!existsSync(file)) return send(response, 404, '{}');
    send(response, 200, readFileSync(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    const pathname = decodeURIComponent(url.pathname);
    if (pathname === '/config.json') return send(response, 200, JSON.stringify({ tileUrl: tiles.url, devTools: false }));
    if (pathname === '/api/shifts/active') return send(response, 200, JSON.stringify({ shifts: fleet, count: fleet.length }));
    if (pathname === '/api/auth/me') return send(response, 200, JSON.stringify({ user: demoUser }));
    if (pathname.startsWith('/api/')) return send(response, 200, '{}');
    if (pathname.startsWith('/naive/')) return serveFile(response, path.join(naiveDir, path.basename(pathname)));
    const file = path.join(distDir, path.normalize(pathname));
    if (file.startsWith(distDir) && existsSync(file) && path.extname(file)) return serveFile(response, file);
    serveFile(response, path.join(distDir, 'index.html')); // client routes
  });

  const io = new Server(server, { path: '/socket.io', serveClient: false });
  io.on('connection', (socket) => {
    socket.data.batch = (socket.handshake.auth as { batch?: unknown }).batch === true;
    socket.on('join_owner_room', (_ownerId: number, ack?: (result: { ok: boolean }) => void) => ack?.({ ok: true }));
  });

  // Taxi i reports in slice i % 10 of every second: N updates a second, evenly spread.
  const emitter = setInterval(() => {
    if (fleet.length === 0) return;
    const updates: LocationUpdate[] = [];
    const at = Date.now();
    for (let index = slice; index < Math.min(fleet.length, moving); index += SLICES_PER_SECOND) {
      if (fleet[index].latitude === null) continue;
      const update = updateOf(fleet[index], index, second + slice / SLICES_PER_SECOND);
      updates.push({ ...update, timestamp: new Date(at).toISOString() });
    }
    for (const [, socket] of io.sockets.sockets) {
      if (updates.length === 0) break;
      if (socket.data.batch) socket.emit('location_batch', { updates });
      else for (const update of updates) socket.emit('location_update', update);
      delivered += updates.length;
    }
    slice = (slice + 1) % SLICES_PER_SECOND;
    if (slice === 0) second += 1;
  }, 1000 / SLICES_PER_SECOND);

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    setFleet(taxis, movingTaxis = Infinity) {
      fleet = makeFleet(taxis);
      moving = movingTaxis;
      second = 0;
      delivered = 0;
    },
    delivered: () => delivered,
    resetDelivered() {
      delivered = 0;
    },
    async close() {
      clearInterval(emitter);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await tiles.close();
    },
  };
}
