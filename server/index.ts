/** The server process: config, database, migrations, demo seed, HTTP + socket.io on one port. */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { buildServer } from './app';
import { describeDataFolder } from './platform/db/dataFolderSize';
import { offsetClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { openDatabase, pgliteFailureText } from './platform/db/client';
import { migrateToLatest } from './platform/db/migrate';
import { withStartLock } from './platform/db/startLock';
import type { Database } from './platform/db/schema';
import { makePrivate } from './platform/db/privateFiles';
import { armShutdownDeadline } from './platform/shutdownDeadline';
import { liveLockPid, removeLock, writeLock } from './platform/lockFile';
import { loggerOptions } from './platform/logging';
import { countOwners } from './modules/identity/ownersRepo';
import { settingsSections } from './modules';
import { deskRoleLabels } from '../contract/entities';
import { formatRut } from '../contract/rut';
import { seedDemoAccounts } from './tools/seed/demoAccounts';
import { seedDemoActivity } from './tools/seed/demoActivity';
import { seedDemoZones } from './tools/seed/demoZones';
import { DEMO_DESK_USERS, ensureDemoDesk } from './tools/seed/demoDesk';
import { DEMO_OWNER_RUT_DISPLAY, DEMO_PASSWORD, seedDemoFleet } from './tools/seed/demoFleet';
import { startDemoHistory, type DemoHistoryPass } from './tools/seed/demoHistory';
import { demoStart } from './tools/seed/demoStart';
import { startSimulator, type Simulator } from './tools/simulator/runner';

/** Where this process reaches its own server: loopback when it listens on every interface. */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export interface MainOptions {
  /** Runs once the database is migrated and seeded, before the server answers (the browser tests' history fixture). */
  beforeListen?: (db: Kysely<Database>) => Promise<void>;
}

type Config = ReturnType<typeof loadConfig>;
type Clock = ReturnType<typeof offsetClock>;

/** One server per embedded data folder: a second one would corrupt it. */
function lockDataFolder(config: Config): void {
  const other = liveLockPid(config.dataDir);
  if (other !== null && other !== process.pid) {
    throw new Error(`Otro servidor ya usa la base de datos embebida en ${config.dataDir} (pid ${other}).`);
  }
  writeLock(config.dataDir);
  process.on('exit', () => removeLock(config.dataDir));
}

/** Migrations, then on a first start the demo fleet and its desk, past, accounts and zones. */
async function migrateAndSeed(db: Kysely<Database>, config: Config, clock: Clock): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length) console.info(`Migraciones aplicadas: ${applied.join(', ')}`);
  const empty = (await countOwners(db)) === 0;
  const seedOptions = { now: clock.now(), timeZone: config.tzFleet };
  if (empty) {
    const seeded = await seedDemoFleet(db, seedOptions);
    console.info(`Flota de demostración creada: ${seeded.vehicles} vehículos, ${seeded.drivers} conductores, ${seeded.shifts} turnos.`);
  }
  await ensureDemoDesk(db);
  if (!empty) return;
  // The demo's past in Actividad, once its desk accounts exist.
  await seedDemoActivity(db, seedOptions);
  // A month of cuotas and payments, so Cuentas shows real balances (issue 35).
  await seedDemoAccounts(db, seedOptions);
  // Two zones where the simulator's taxis pass now and then: a handful of alerts in the first hour (issue 46).
  await seedDemoZones(db);
}

/** What `npm start` runs beside the server for the demo fleet; stopped first on shutdown. */
interface DemoWork {
  simulator: Simulator | null;
  /** The demo's past shifts get their full trails and summaries in the background (seed/demoHistory.ts). */
  history: DemoHistoryPass | null;
}

/** The simulator and the demo-history pass, once the server listens; what the banner says of the demo. */
async function startDemoWork(db: Kysely<Database>, config: Config, port: number, work: DemoWork, stopping: () => boolean) {
  // The demo fleet's real code and the drivers that still sign in (seed/demoStart.ts), from the database.
  const demo = await demoStart(db);
  // The last demo driver is left to a person on /conductor (despacho's offers need a real phone to answer).
  const phoneDriverRut = demo?.ruts.at(-1) ?? null;
  const simulated = demo ? demo.ruts.filter((rut) => rut !== phoneDriverRut) : [];
  if (demo && simulated.length && config.simulator && !stopping()) {
    // Through the real driver API on loopback, like phones would (SIMULATOR=off turns it off).
    work.simulator = startSimulator({ url: `http://${loopbackHost(config.host)}:${port}`, fleetCode: demo.fleetCode, ruts: simulated, password: DEMO_PASSWORD, rate: 1, reportEverySeconds: 60 });
    await work.simulator.ready.catch((error: unknown) => console.error('El simulador no pudo partir', error));
  }
  if (demo && config.demoHistory && !stopping()) {
    // Quiet when it finishes: the banner stays the last thing on screen.
    work.history = startDemoHistory(db);
    work.history.done.catch((error: unknown) => console.error('El historial de demostración quedó a medias', error));
  }
  return { demoFleetCode: demo?.fleetCode ?? null, demoPhoneDriverRut: phoneDriverRut, simulatedTaxis: work.simulator ? simulated.length : 0 };
}

export async function main(options: MainOptions = {}): Promise<void> {
  const config = loadConfig(process.env, settingsSections);
  const clock = offsetClock(config.clockOffsetMs);
  if (config.clockOffsetMs !== 0) console.warn(`Reloj del servidor desplazado ${config.clockOffsetMs / 1000} s (FLOTA_CLOCK_OFFSET): solo para pruebas.`);
  makePrivate(config.dataDir);
  const embedded = !config.databaseUrl;
  if (embedded) lockDataFolder(config);

  const database = await openDatabase(config, {
    // A server whose database is gone answers nothing useful: say why and leave (systemd restarts it).
    onEmbeddedLost: (error) => {
      console.error(pgliteFailureText(path.join(config.dataDir, 'pglite'), error));
      removeLock(config.dataDir);
      process.exit(1);
    },
  });
  if (embedded) console.info(`Datos: ${describeDataFolder(config.dataDir)} · dónde está el espacio: npm run db:space`);
  // With PostgreSQL, processes starting together migrate and seed one after another (startLock.ts).
  await withStartLock(config.databaseUrl, () => migrateAndSeed(database.db, config, clock));
  await options.beforeListen?.(database.db);

  const server = await buildServer(config, { db: database.db, dbKind: database.kind, logger: loggerOptions(config, Boolean(process.stdout.isTTY)), clock });
  const demoWork: DemoWork = { simulator: null, history: null };

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`\n${signal}: deteniendo Flota...`);
    armShutdownDeadline(signal, () => {
      if (embedded) removeLock(config.dataDir);
      process.exit(1);
    });
    try {
      await demoWork.simulator?.stop();
      demoWork.history?.stop();
      await demoWork.history?.done.catch(() => undefined);
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
  // The modules' listeners on ports of their own (OSMAND_PORT).
  for (const listener of server.sideListeners) {
    await listener.app.listen({ host: config.host, port: listener.port });
    console.info(listener.banner);
  }
  const demo = await startDemoWork(database.db, config, port, demoWork, () => stopping);
  // Last, after the start-up logs (a pretty-printing logger writes from a worker thread), so the URL
  // and the demo login are the last lines on screen.
  await new Promise((resolve) => setTimeout(resolve, 100));
  console.info(readyBanner({ host: config.host, port, ...demo }));
}

/** What a newcomer needs to start: where Flota answers, and the demo login. */
export function readyBanner({
  host,
  port,
  demoFleetCode,
  demoPhoneDriverRut = null,
  simulatedTaxis = 0,
}: {
  host: string;
  port: number;
  demoFleetCode: string | null;
  /** The demo driver the simulator leaves alone, for /conductor on a phone. */
  demoPhoneDriverRut?: string | null;
  /** How many demo taxis the simulator drives: said, so nobody takes them for real phones. */
  simulatedTaxis?: number;
}): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' || host === '' ? 'localhost' : host;
  const lines = [`Flota lista en http://${shown}:${port}`];
  if (demoFleetCode) {
    lines.push(`Acceso de demostración: RUT ${DEMO_OWNER_RUT_DISPLAY} · contraseña ${DEMO_PASSWORD} · código de flota (conductores) ${demoFleetCode}`);
    for (const user of DEMO_DESK_USERS) lines.push(`  ${deskRoleLabels[user.role]}: RUT ${user.display} · contraseña ${DEMO_PASSWORD}`);
    if (demoPhoneDriverRut) lines.push(`  Conductor (teléfono, /conductor): RUT ${formatRut(demoPhoneDriverRut)} · contraseña ${DEMO_PASSWORD} · código ${demoFleetCode}`);
  }
  if (simulatedTaxis > 0) lines.push(`Taxis simulados: ${simulatedTaxis} de demostración circulan solos; SIMULATOR=off npm start los detiene.`);
  if (host === '127.0.0.1' || host === 'localhost') lines.push('Solo en este equipo; HOST=0.0.0.0 la abre a la red (ver README).');
  const rule = '─'.repeat(Math.max(...lines.map((line) => line.length)) + 4);
  return ['', rule, ...lines.map((line) => `  ${line}`), rule, ''].join('\n');
}

// Run when executed directly (tsx server/index.ts), not when imported by start.ts or tests.
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
