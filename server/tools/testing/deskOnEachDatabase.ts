/**
 * A server test on each database the run has: PGlite always, and PostgreSQL when TEST_DATABASE_URL
 * names a server (a scratch database made for the file and dropped after it). For each, a fresh test
 * server, the demo owner's desk token and a desk socket in the fleet's room, opened before the
 * file's tests and closed after them. Call `useDeskServer` inside `describe.each(databasesToTest())`;
 * a file's own beforeAll, registered after it, finds the server ready.
 */
import type { Config } from '../../platform/config';
import { openOwnerSocket, type OwnerSocket } from './ownerSocket';
import { createScratchDatabase, type ScratchDatabase } from './scratchDatabase';
import { startTestServer, type TestServer } from './testServer';

export type DatabaseKind = 'pglite' | 'postgres';

export function databasesToTest(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface DeskServer {
  server: TestServer;
  /** The demo owner's token. */
  desk: string;
  /** The demo owner's socket, in the fleet's room, recording every event. */
  socket: OwnerSocket;
}

/** `scratchName`: the prefix of the PostgreSQL scratch database's name. */
export function useDeskServer(kind: DatabaseKind, scratchName: string, overrides: Partial<Config> = {}): DeskServer {
  const world = {} as DeskServer;
  let scratch: ScratchDatabase | null = null;
  beforeAll(async () => {
    scratch = kind === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL as string, scratchName) : null;
    world.server = await startTestServer({ ...(scratch ? { databaseUrl: scratch.url } : {}), ...overrides });
    world.desk = await world.server.login();
    world.socket = await openOwnerSocket(world.server.url, { token: world.desk });
    expect(await world.socket.join(world.server.seed.ownerId)).toMatchObject({ ok: true });
  }, 120_000);
  afterAll(async () => {
    world.socket?.close();
    await world.server?.close();
    await scratch?.drop();
  });
  return world;
}
