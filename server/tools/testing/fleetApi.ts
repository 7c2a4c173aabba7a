/**
 * What the API test files share: a seeded server with a second owner, signed in as the demo owner,
 * and strict reads of the driver and vehicle lists.
 */
import { z } from 'zod';
import { driverSchema, vehicleSchema } from '../../../contract/entities';
import { apiClient } from './apiClient';
import { createSecondOwner, startTestServer, type TestServer } from './testServer';

export interface SignedInServer {
  server: TestServer;
  /** The demo owner's token. */
  token: string;
  /** The second owner's driver and vehicle, which scoping tests must never see. */
  other: Awaited<ReturnType<typeof createSecondOwner>>;
  call: ReturnType<typeof apiClient>;
}

/** For beforeAll: PGlite takes seconds to start, so give the hook a long timeout. */
export async function startSignedInServer(): Promise<SignedInServer> {
  const server = await startTestServer();
  const other = await createSecondOwner(server.db);
  const token = await server.login();
  return { server, token, other, call: apiClient(server.url) };
}

export const driverAnswer = z.object({ driver: driverSchema.strict() }).strict();
export const vehicleAnswer = z.object({ vehicle: vehicleSchema.strict() }).strict();

const listItems = { drivers: driverSchema.strict(), vehicles: vehicleSchema.strict() };

/** GET /api/drivers or /api/vehicles: 200, every item exactly as the contract says, and a count that matches. */
export async function fetchList<K extends keyof typeof listItems>(call: SignedInServer['call'], token: string, kind: K): Promise<z.infer<(typeof listItems)[K]>[]> {
  const { status, body } = await call(`/api/${kind}`, { token });
  expect(status).toBe(200);
  const items = z.array(listItems[kind]).parse(body[kind]) as z.infer<(typeof listItems)[K]>[];
  expect(body.count).toBe(items.length);
  return items;
}
