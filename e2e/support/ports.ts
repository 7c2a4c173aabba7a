/**
 * Loopback ports of the browser tests. Each Playwright worker has its own server and its own range
 * of ten ports (E2E_PORT, default 4810, is worker 0's server; worker 1's is 4820, ...):
 *   +0 the worker's server, +1 its tile server,
 *   +2/+3 a server a test starts of its own and its tiles (liveMap, deskAttention, tracking, the maps
 *   without internet, reportsAnyDay), +4/+5 a second one (embed, liveMapConsole),
 *   +10..+19 for tests that start several processes: Flota, tiles and nginx (nginx.spec), three
 *   processes, tiles, nginx, PostgreSQL and Redis (threeServers).
 * Override E2E_PORT when the range is taken. Playwright tells each worker its slot in
 * TEST_PARALLEL_INDEX (0 to workers - 1); the config's own process is slot 0.
 */
const BASE = Number(process.env.E2E_PORT ?? 4810);

export interface WorkerPorts {
  server: number;
  tiles: number;
  /** A server a test starts of its own (its tiles on spare + 1). */
  spare: number;
  /** A second one (its tiles on second + 1). */
  second: number;
  /** The first of ten more, for tests that start several processes (threeServers, nginx). */
  extra: number;
}

export function workerPorts(slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): WorkerPorts {
  const server = BASE + slot * 20;
  return { server, tiles: server + 1, spare: server + 2, second: server + 4, extra: server + 10 };
}

/** The ports of this worker's slot (the config's process: slot 0). */
export const E2E_PORT = workerPorts().server;
export const E2E_TILE_PORT = workerPorts().tiles;
