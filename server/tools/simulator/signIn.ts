/**
 * The simulator's drivers signing in (runner.ts): each through the driver API, or as a tracker
 * (OsmAnd) with its device identifier, a few at a time (the server hashes every password on purpose,
 * scrypt). A driver without a vehicle, or whose login fails, is said and left out.
 */
import { normalizeRut } from '../../../contract/rut';
import { seededRandom } from '../seed/prng';
import { createDriverClient, type DriverClient } from './driverClient';
import type { SimDriver } from './driverShifts';
import { createOsmandClient, fetchDeviceIds, type OsmandForm, type TrackedDriver } from './osmandClient';
import { startDrive } from './route';
import type { SimulatorSettings } from './runner';

/** The driver's client: the test's, the driver API, or a tracker when the device identifiers are known. */
function clientFor(settings: SimulatorSettings, rut: string, index: number, devices: Map<string, TrackedDriver> | null): DriverClient | null {
  if (settings.connect) return settings.connect(rut, index);
  if (!devices) return createDriverClient(settings.url, settings.fleetCode, rut, settings.password);
  const driver = devices.get(normalizeRut(rut) ?? rut);
  if (!driver?.device_id) {
    settings.log(`Simulador: el RUT ${rut} no es un conductor de esta flota; no conducirá.`);
    return null;
  }
  const form: OsmandForm = settings.osmandForm === 'mixed' ? (index % 2 === 0 ? 'json' : 'query') : settings.osmandForm;
  return createOsmandClient(settings.url, driver, form);
}

async function signIn(settings: SimulatorSettings, rut: string, index: number, devices: Map<string, TrackedDriver> | null): Promise<SimDriver | null> {
  const random = seededRandom(settings.seed * 7919 + index);
  const client = clientFor(settings, rut, index, devices);
  if (!client) return null;
  try {
    const profile = await client.login();
    if (profile.current_vehicle_id === null) {
      settings.log(`Simulador: ${profile.first_name} ${profile.last_name} no tiene vehículo asignado; no conducirá.`);
      return null;
    }
    // Asked once, so that the first round neither ends a shift that is not open nor starts one that is (no 409s).
    const openAtStart = client.hasOpenShift ? await client.hasOpenShift() : null;
    return { client, random, drive: startDrive(random), onShift: false, until: 0, lastSample: Date.now(), busy: false, changing: null, openAtStart };
  } catch (error) {
    settings.log(`Simulador: no se pudo ingresar con el RUT ${rut}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Every driver of `settings.ruts` that signs in, four at a time, until `stopped`. */
export async function signInAll(settings: SimulatorSettings, stopped: () => boolean): Promise<SimDriver[]> {
  let devices: Map<string, TrackedDriver> | null = null;
  if (settings.protocol === 'osmand') {
    if (!settings.owner) throw new Error('El protocolo osmand necesita el RUT y la contraseña del dueño');
    devices = await fetchDeviceIds(settings.url, settings.owner.rut, settings.owner.password);
  }
  const signedIn: (SimDriver | null)[] = [];
  const { ruts } = settings;
  for (let i = 0; i < ruts.length && !stopped(); i += 4) {
    signedIn.push(...(await Promise.all(ruts.slice(i, i + 4).map((rut, j) => signIn(settings, rut, i + j, devices)))));
  }
  return signedIn.filter((d): d is SimDriver => d !== null);
}
