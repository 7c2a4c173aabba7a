/** The server process: config, database, migrations, demo seed, HTTP + socket.io on one port. */
import { mkdirSync } from 'node:fs';
import { buildServer } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateToLatest } from './db/migrate';
import { liveLockPid, removeLock, writeLock } from './lockFile';
import { countOwners } from './repos/ownersRepo';
import { DEMO_OWNER_RUT_DISPLAY, DEMO_PASSWORD, demoFleetExists, seedDemoFleet } from './seed/demoFleet';

export async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const embedded = !config.databaseUrl;
  if (embedded) {
    const other = liveLockPid(config.dataDir);
    if (other !== null && other !== process.pid) {
      throw new Error(`Otro servidor ya usa la base de datos embebida en ${config.dataDir} (pid ${other}).`);
    }
    writeLock(config.dataDir);
    process.on('exit', () => removeLock(config.dataDir));
  }

  const database = await openDatabase(config);
  const applied = await migrateToLatest(database.db);
  if (applied.length) console.info(`Migraciones aplicadas: ${applied.join(', ')}`);
  if ((await countOwners(database.db)) === 0) {
    const seeded = await seedDemoFleet(database.db, { now: new Date(), timeZone: config.tzFleet });
    console.info(`Flota de demostración creada: ${seeded.vehicles} vehículos, ${seeded.drivers} conductores, ${seeded.shifts} turnos.`);
  }

  const server = await buildServer(config, { db: database.db, dbKind: database.kind, logger: { level: config.logLevel } });

  // ── Simulator hook (issue 4) ── start the demo-fleet simulator here when config.simulator is on
  // and the demo fleet exists; stop it first in shutdown().

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`\n${signal}: deteniendo Flota...`);
    try {
      await server.close();
      await database.close();
    } catch (error) {
      console.error('Error al detener el servidor', error);
    } finally {
      if (embedded) removeLock(config.dataDir);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await server.app.listen({ host: config.host, port: config.port });
  const port = (server.app.server.address() as { port: number } | null)?.port ?? config.port;
  console.info(`Flota lista en http://localhost:${port}`);
  if (await demoFleetExists(database.db)) {
    console.info(`Acceso de demostración: RUT ${DEMO_OWNER_RUT_DISPLAY} · contraseña ${DEMO_PASSWORD}`);
  }
}

// Run when executed directly (tsx server/index.ts), not when imported by start.ts or tests.
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
