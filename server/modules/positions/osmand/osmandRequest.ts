/**
 * The OsmAnd protocol as Traccar Client and hardware trackers send it (traccar.org/osmand), turned
 * into IngestPoints. Pure: no database, no Fastify. Two forms:
 *
 * - Query or form parameters (GET or POST; the form body is read only when the URL has no query,
 *   as Traccar does): `id`/`deviceid`, `lat`+`lon` or `location=lat,lon`, `timestamp`, `speed`
 *   in KNOTS, `bearing`/`heading`, `accuracy`/`hacc`, `batt` (percent), `valid`; others ignored.
 * - The JSON body of Traccar Client 9+ (Content-Type application/json): `{device_id, location:
 *   {timestamp, coords: {latitude, longitude, accuracy, speed (m/s), heading, altitude}, battery:
 *   {level (0-1), is_charging}, ...}}`; -1 means unknown for speed, heading and battery level.
 *   `location` may also be an array (the background SDK's batch mode).
 *
 * A point the device marks invalid (`valid=false`) or that has no coordinates is left out (not an
 * error: the request still answers 200, so a client does not retry it forever).
 */
import { MAX_LOCATION_BATCH } from '../../../../contract/api';
import { HttpError, Messages } from '../../../platform/errors';
import type { IngestPoint } from './ingestPoint';
import { parseOsmandTime } from './osmandTime';

export const OsmandMessages = {
  missingId: 'Falta el identificador del dispositivo (id)',
  unknownDevice: 'Dispositivo no registrado',
  badLatitude: 'Latitud fuera de rango',
  badLongitude: 'Longitud fuera de rango',
  badTime: 'Fecha y hora inválida',
  badBody: 'Solicitud inválida',
  tooMany: `Envía a lo más ${MAX_LOCATION_BATCH} ubicaciones por vez`,
} as const;

export interface OsmandRequest {
  deviceId: string;
  points: IngestPoint[];
  /** Points left out: marked invalid or without coordinates. */
  skipped: number;
}

const KNOT_IN_MS = 1852 / 3600;

/** A finite number from a JSON value or a parameter; null when absent or not a number. */
function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Clients say "unknown" with -1 (or any negative value): stored as null. */
const known = (value: number | null): number | null => (value === null || value < 0 ? null : value);
const heading = (value: number | null): number | null => (value === null || value < 0 || value > 360 ? null : value % 360);
const percent = (value: number | null): number | null => (value === null || value < 0 || value > 100 ? null : value);
const round = (value: number | null, digits: number): number | null => (value === null ? null : Number(value.toFixed(digits)));

function coordinate(raw: unknown, limit: number, message: string): number {
  const value = num(raw);
  if (value === null || Math.abs(value) > limit) throw new HttpError(400, message, { [limit === 90 ? 'lat' : 'lon']: message });
  return value;
}

function time(raw: unknown, now: Date): string {
  if (raw === undefined || raw === null || raw === '') return now.toISOString();
  const date = typeof raw === 'number' ? parseOsmandTime(String(raw)) : typeof raw === 'string' ? parseOsmandTime(raw) : null;
  if (!date) throw new HttpError(400, OsmandMessages.badTime, { timestamp: OsmandMessages.badTime });
  return date.toISOString();
}

function deviceIdOf(raw: unknown): string | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string') return null;
  const id = raw.trim();
  // PostgreSQL text cannot hold NUL: the device lookup would fail as a 500 (OSMAND_PORT and JSON bodies pass no other check).
  if (id.includes('\u0000')) throw new HttpError(400, Messages.forbiddenCharacter, { id: Messages.forbiddenCharacter });
  return id ? id : null;
}

/** The query/form form. `params` are the URL's (or, when it has none, the form body's). */
export function parseOsmandParams(params: URLSearchParams, now: Date = new Date()): OsmandRequest {
  const deviceId = deviceIdOf(params.get('id') ?? params.get('deviceid'));
  if (!deviceId) throw new HttpError(400, OsmandMessages.missingId, { id: OsmandMessages.missingId });

  const validText = params.get('valid')?.trim().toLowerCase();
  const valid = validText === undefined || validText === 'true' || validText === '1';
  const location = params.get('location')?.split(',');
  const rawLat = params.get('lat') ?? location?.[0];
  const rawLon = params.get('lon') ?? location?.[1];
  if (!valid || rawLat == null || rawLon == null || rawLat.trim() === '' || rawLon.trim() === '') return { deviceId, points: [], skipped: 1 };

  const speedKnots = known(num(params.get('speed')));
  return {
    deviceId,
    skipped: 0,
    points: [
      {
        latitude: coordinate(rawLat, 90, OsmandMessages.badLatitude),
        longitude: coordinate(rawLon, 180, OsmandMessages.badLongitude),
        timestamp: time(params.get('timestamp'), now),
        speed: round(speedKnots === null ? null : speedKnots * KNOT_IN_MS, 3),
        heading: heading(num(params.get('bearing') ?? params.get('heading'))),
        accuracy: known(num(params.get('accuracy') ?? params.get('hacc'))),
        battery: percent(num(params.get('batt'))),
      },
    ],
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonPoint(location: unknown, now: Date): IngestPoint | null {
  if (!isObject(location) || !isObject(location.coords)) return null;
  const { coords } = location;
  const battery = isObject(location.battery) ? known(num(location.battery.level)) : null;
  return {
    latitude: coordinate(coords.latitude, 90, OsmandMessages.badLatitude),
    longitude: coordinate(coords.longitude, 180, OsmandMessages.badLongitude),
    timestamp: time(location.timestamp, now),
    speed: known(num(coords.speed)),
    heading: heading(num(coords.heading)),
    accuracy: known(num(coords.accuracy)),
    // The SDK's level is 0-1; Flota keeps percent.
    battery: battery === null || battery > 1 ? null : round(battery * 100, 1),
  };
}

/** The JSON form. `fallbackParams` are the URL's, for a client that puts `id` in the query. */
export function parseOsmandJson(body: unknown, fallbackParams: URLSearchParams, now: Date = new Date()): OsmandRequest {
  if (!isObject(body)) throw new HttpError(400, OsmandMessages.badBody);
  const deviceId = deviceIdOf(body.device_id) ?? deviceIdOf(fallbackParams.get('id') ?? fallbackParams.get('deviceid'));
  if (!deviceId) throw new HttpError(400, OsmandMessages.missingId, { device_id: OsmandMessages.missingId });
  const locations = Array.isArray(body.location) ? body.location : [body.location];
  if (locations.length > MAX_LOCATION_BATCH) throw new HttpError(400, OsmandMessages.tooMany);
  const points = locations.map((location) => jsonPoint(location, now)).filter((point): point is IngestPoint => point !== null);
  return { deviceId, points, skipped: locations.length - points.length };
}
