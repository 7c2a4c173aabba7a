/**
 * `npm run simulate -- --url http://localhost:8080 --drivers 10 --rate 1 [--password P]
 *  [--fleet CODE] [--rut-list 12345678-5,...] [--duration SECONDS] [--seed N]
 *  [--protocol driver-api|osmand] [--form json|query|mixed] [--owner-rut R --owner-password P]`
 * Moves drivers through the driver API of the server at --url (use a server of yours, normally on
 * localhost: nothing else is ever contacted). By default the demo fleet's drivers and password.
 * Runs until Ctrl+C or --duration; on stop it ends the shifts it holds.
 */
import { parseArgs } from 'node:util';
import { DEMO_FLEET_CODE, DEMO_OWNER_RUT, DEMO_PASSWORD, demoDriverRuts } from '../seed/demoFleet';
import { startSimulator } from '../simulator/runner';

const USAGE = `Uso: npm run simulate -- --url URL [--drivers N] [--rate HZ] [--password CLAVE] [--fleet CÓDIGO] [--rut-list RUT,RUT,...] [--duration SEGUNDOS] [--seed N]
  --url        servidor de Flota, por ejemplo http://localhost:8080 (usa uno propio, normalmente en localhost)
  --drivers    cuántos conductores mover (por defecto, todos los de la lista)
  --rate       envíos de ubicación por segundo y conductor (por defecto 1)
  --password   contraseña de los conductores (por defecto la de la flota de demostración)
  --fleet      código de la flota de los conductores (por defecto el de la flota de demostración)
  --rut-list   RUTs de los conductores, separados por comas (por defecto, los de la flota de demostración)
  --duration   segundos antes de detenerse (por defecto, hasta Ctrl+C)
  --protocol   driver-api (por defecto: ingresa y usa los botones, como la página del conductor)
               u osmand (como Traccar Client: el turno parte con el primer punto y termina solo)
  --form       con osmand: json (Traccar Client 9), query (formato antiguo) o mixed (por defecto, mitad y mitad)
  --owner-rut, --owner-password
               con osmand: el dueño de la flota, para leer los identificadores de dispositivo
               (por defecto, el dueño de la flota de demostración)`;

export interface SimulateArgs {
  url: string;
  fleetCode: string;
  ruts: string[];
  password: string;
  rate: number;
  durationSeconds: number | null;
  seed: number;
  protocol: 'driver-api' | 'osmand';
  osmandForm: 'json' | 'query' | 'mixed';
  owner: { rut: string; password: string };
}

function positiveNumber(raw: string | undefined, name: string, fallback: number | null): number | null {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} debe ser un número mayor que cero (se recibió "${raw}")`);
  return value;
}

export function parseSimulateArgs(argv: string[]): SimulateArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      drivers: { type: 'string' },
      rate: { type: 'string' },
      password: { type: 'string' },
      fleet: { type: 'string' },
      'rut-list': { type: 'string' },
      duration: { type: 'string' },
      seed: { type: 'string' },
      protocol: { type: 'string' },
      form: { type: 'string' },
      'owner-rut': { type: 'string' },
      'owner-password': { type: 'string' },
    },
    strict: true,
  });
  if (!values.url) throw new Error('Falta --url');
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new Error(`--url no es una URL válida: "${values.url}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('--url debe comenzar con http:// o https://');
  const listed = values['rut-list']
    ? values['rut-list'].split(',').map((rut) => rut.trim()).filter(Boolean)
    : demoDriverRuts();
  const count = positiveNumber(values.drivers, '--drivers', listed.length) as number;
  if (!Number.isInteger(count)) throw new Error('--drivers debe ser un número entero');
  if (count > listed.length) throw new Error(`--drivers pide ${count} conductores, pero la lista tiene ${listed.length}`);
  const rate = positiveNumber(values.rate, '--rate', 1) as number;
  if (rate > 50) throw new Error('--rate debe ser a lo más 50');
  const protocol = values.protocol ?? 'driver-api';
  if (protocol !== 'driver-api' && protocol !== 'osmand') throw new Error(`--protocol debe ser driver-api u osmand (se recibió "${protocol}")`);
  const osmandForm = values.form ?? 'mixed';
  if (osmandForm !== 'json' && osmandForm !== 'query' && osmandForm !== 'mixed') throw new Error(`--form debe ser json, query o mixed (se recibió "${osmandForm}")`);
  return {
    protocol,
    osmandForm,
    owner: { rut: values['owner-rut'] ?? DEMO_OWNER_RUT, password: values['owner-password'] ?? DEMO_PASSWORD },
    url: url.origin + url.pathname.replace(/\/+$/, ''),
    fleetCode: values.fleet ?? DEMO_FLEET_CODE,
    ruts: listed.slice(0, count),
    password: values.password ?? DEMO_PASSWORD,
    rate,
    durationSeconds: positiveNumber(values.duration, '--duration', null),
    seed: positiveNumber(values.seed, '--seed', 1) as number,
  };
}

async function run(): Promise<void> {
  let args: SimulateArgs;
  try {
    args = parseSimulateArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    process.exit(2);
  }
  const simulator = startSimulator({
    url: args.url,
    fleetCode: args.fleetCode,
    ruts: args.ruts,
    password: args.password,
    rate: args.rate,
    seed: args.seed,
    endShiftsOnStop: true,
    protocol: args.protocol,
    osmandForm: args.osmandForm,
    owner: args.owner,
  });
  const started = Date.now();
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${why}: deteniendo el simulador y terminando sus turnos...`);
    await simulator.stop();
    const stats = simulator.stats();
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `Simulador detenido: ${stats.points} puntos en ${seconds.toFixed(0)} s (${(stats.points / seconds).toFixed(1)} puntos/s), ` +
        `${stats.shiftsStarted} turnos iniciados, ${stats.shiftsEnded} terminados, ${stats.errors} errores.`,
    );
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('Ctrl+C'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  if (args.durationSeconds !== null) setTimeout(() => void stop(`${args.durationSeconds} s cumplidos`), args.durationSeconds * 1000);
  console.info(`Simulador: ingresando ${args.ruts.length} conductores en ${args.url}...`);
  const signedIn = await simulator.ready;
  if (signedIn === 0) {
    console.error('Ningún conductor pudo ingresar: revisa --url, --fleet, --rut-list y --password.');
    await simulator.stop();
    process.exit(1);
  }
}

if (require.main === module) void run();
