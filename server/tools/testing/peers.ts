/** Servers of one test on one database: their socket.io adapters relay to each other once each counts them all (a bounded wait). */
import type { FlotaServer } from '../../app';

export async function waitForPeers(servers: readonly Pick<FlotaServer, 'io'>[], tries = 100): Promise<number[]> {
  let counts: number[] = [];
  for (let i = 0; i < tries; i += 1) {
    counts = await Promise.all(servers.map((server) => server.io.of('/').adapter.serverCount()));
    if (counts.every((count) => count === servers.length)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return counts;
}
