/**
 * The simulator as a tracker: the same DriverClient interface, spoken in the OsmAnd protocol like
 * Traccar Client does. `json` posts Traccar Client 9's body (speed in m/s); `query` sends the
 * older query form (speed in knots, Unix seconds). One request per point, as the protocol has it.
 * A tracker has no buttons: "starting" a shift does nothing (its first point starts one) and
 * "ending" stops sending (the server ends it after SHIFT_IDLE_END_MINUTES).
 * The device identifiers come from the owner's login: the driver list, then each driver's
 * GET /api/drivers/:id/device-id (the list never carries them).
 */
import type { DeviceIdResponse, DriversResponse, LocationBatch, LoginResponse } from '../../../contract/api';
import type { Driver, DriverProfile } from '../../../contract/entities';
import { DriverApiError, REQUEST_TIMEOUT_MS, type DriverClient } from './driverClient';
import { distanceMeters } from './route';

export type OsmandForm = 'json' | 'query';
const KNOTS_PER_MS = 3600 / 1852;

export type TrackedDriver = Driver & { device_id: string };

/** The owner's drivers with their device identifiers, by RUT. */
export async function fetchDeviceIds(baseUrl: string, ownerRut: string, ownerPassword: string): Promise<Map<string, TrackedDriver>> {
  const api = `${baseUrl.replace(/\/+$/, '')}/api`;
  const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const login = await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: ownerRut, password: ownerPassword }), signal: signal() });
  if (!login.ok) throw new DriverApiError(login.status, 'El dueño no pudo ingresar: revisa --owner-rut y --owner-password');
  const { token } = (await login.json()) as LoginResponse;
  const list = await fetch(`${api}/drivers`, { headers: { authorization: `Bearer ${token}` }, signal: signal() });
  const { drivers } = (await list.json()) as DriversResponse;
  const tracked = new Map<string, TrackedDriver>();
  for (const driver of drivers) {
    const answer = await fetch(`${api}/drivers/${driver.id}/device-id`, { headers: { authorization: `Bearer ${token}` }, signal: signal() });
    if (!answer.ok) throw new DriverApiError(answer.status, 'No se pudo leer el identificador de dispositivo de un conductor');
    tracked.set(driver.rut, { ...driver, device_id: ((await answer.json()) as DeviceIdResponse).device_id });
  }
  return tracked;
}

function bearing(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const y = Math.sin((to.longitude - from.longitude) * rad) * Math.cos(to.latitude * rad);
  const x = Math.cos(from.latitude * rad) * Math.sin(to.latitude * rad) - Math.sin(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.cos((to.longitude - from.longitude) * rad);
  return Math.round(((Math.atan2(y, x) / rad + 360) % 360) * 10) / 10;
}

export function createOsmandClient(baseUrl: string, driver: TrackedDriver, form: OsmandForm): DriverClient {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/osmand`;
  const deviceId = driver.device_id;
  let previous: { latitude: number; longitude: number; time: number } | null = null;

  async function send(point: LocationBatch['locations'][number]): Promise<void> {
    const time = Date.parse(point.timestamp);
    const speed = previous && time > previous.time ? distanceMeters(previous, point) / ((time - previous.time) / 1000) : 0;
    const heading = previous ? bearing(previous, point) : 0;
    previous = { latitude: point.latitude, longitude: point.longitude, time };
    const init: RequestInit =
      form === 'json'
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              location: {
                timestamp: point.timestamp,
                coords: { latitude: point.latitude, longitude: point.longitude, accuracy: 5, speed: Number(speed.toFixed(2)), heading, altitude: 60 },
                is_moving: true,
                odometer: 0,
                event: 'motionchange',
                battery: { level: 0.8, is_charging: false },
                activity: { type: 'in_vehicle' },
                extras: {},
              },
              device_id: deviceId,
            }),
          }
        : { method: 'GET' };
    const query =
      form === 'json'
        ? ''
        : `?${new URLSearchParams({ id: deviceId, lat: String(point.latitude), lon: String(point.longitude), timestamp: String(Math.floor(time / 1000)), speed: (speed * KNOTS_PER_MS).toFixed(2), bearing: String(heading), batt: '80' })}`;
    const response = await fetch(`${endpoint}${query}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!response.ok) {
      const data = (await response.json().catch(() => ({}))) as { error?: string };
      throw new DriverApiError(response.status, data.error ?? `HTTP ${response.status}`);
    }
  }

  const profile: DriverProfile = { id: driver.id, rut: driver.rut, first_name: driver.first_name, last_name: driver.last_name, current_vehicle_id: driver.current_vehicle_id, plate_number: driver.plate_number };
  return {
    rut: driver.rut,
    profile,
    login: async () => profile,
    startShift: async () => undefined,
    endShift: async () => {
      previous = null;
      return undefined;
    },
    async sendLocations({ locations }) {
      // Whole seconds, like the query form carries them; one request per point, in order.
      for (const point of locations) await send(point);
      return { accepted: locations.length };
    },
  };
}
