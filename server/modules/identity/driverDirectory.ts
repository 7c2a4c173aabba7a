/**
 * The working drivers in memory (driverCache.ts), made once per process: every driver token check
 * (HTTP and sockets) and every point of the ingest read it. With PostgreSQL, other processes'
 * changes arrive by LISTEN (driverChanges.ts); until that connection is up nothing read is kept. At
 * start it is warmed with the drivers on shift: after a restart their phones all come back at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { findDriverIdByDeviceId, loadDriverStates, loadOnShiftDriverStates } from './driverAccountsRepo';
import { DriverCache } from './driverCache';
import { listenForDriverChanges } from './driverChanges';

/** Drivers on shift loaded into the cache at start (a bigger fleet fills the rest on demand). */
export const WARM_DRIVERS = 50_000;

export interface DriverDirectory {
  cache: DriverCache;
  close(): Promise<void>;
}

export function createDriverDirectory({ db, log, databaseUrl }: { db: Kysely<Database>; log: FastifyBaseLogger; databaseUrl: string | null }): DriverDirectory {
  const changes = databaseUrl ? listenForDriverChanges(databaseUrl, log) : null;
  const cache = new DriverCache({
    loadMany: (ids) => loadDriverStates(db, ids),
    findDriverIdByDevice: (deviceId) => findDriverIdByDeviceId(db, deviceId),
    trustworthy: changes ? () => changes.connected() : undefined,
  });
  // On PostgreSQL only once LISTEN is up (trustworthy); otherwise the first requests fill it.
  const warming = (async () => {
    for (let i = 0; changes && !changes.connected() && i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    await cache.warm(() => loadOnShiftDriverStates(db, WARM_DRIVERS));
  })().catch((error: unknown) => log.warn({ err: error }, 'ingest: no se pudo precargar la caché de conductores'));
  return {
    cache,
    async close() {
      await warming;
      cache.close();
      await changes?.close();
    },
  };
}
