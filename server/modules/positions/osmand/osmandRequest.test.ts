import { HttpError } from '../../../platform/errors';
import { parseOsmandJson, parseOsmandParams } from './osmandRequest';
import { parseOsmandTime } from './osmandTime';

const NOW = new Date('2026-11-22T15:00:00.000Z');
const q = (query: string) => parseOsmandParams(new URLSearchParams(query), NOW);

function traccarClientBody(overrides: Record<string, unknown> = {}, coords: Record<string, unknown> = {}) {
  return {
    location: {
      timestamp: '2026-11-22T14:59:30.250Z',
      coords: { latitude: -32.45, longitude: -71.25, accuracy: 8.5, speed: 12.5, heading: 90, altitude: 40, ...coords },
      is_moving: true,
      odometer: 1234,
      event: 'motionchange',
      battery: { level: 0.73, is_charging: false },
      activity: { type: 'in_vehicle' },
      extras: {},
      _: '&id=abc&lat=-32.45&lon=-71.25&timestamp=2026-11-22T14:59:30.250Z&',
      ...overrides,
    },
    device_id: 'abc',
  };
}

describe('OsmAnd timestamps', () => {
  it.each([
    ['Unix seconds', '1795100000', '2026-11-19T14:53:20.000Z'],
    ['Unix milliseconds', '1795100000123', '2026-11-19T14:53:20.123Z'],
    ['ISO 8601 UTC', '2026-11-22T14:05:00Z', '2026-11-22T14:05:00.000Z'],
    ['ISO 8601 with milliseconds', '2026-11-22T14:05:00.250Z', '2026-11-22T14:05:00.250Z'],
    ['ISO 8601 with an offset', '2026-11-22T11:05:00-03:00', '2026-11-22T14:05:00.000Z'],
    ['yyyy-MM-dd HH:mm:ss (read as UTC)', '2026-11-22 14:05:00', '2026-11-22T14:05:00.000Z'],
  ])('%s', (_name, raw, iso) => {
    expect(parseOsmandTime(raw)?.toISOString()).toBe(iso);
  });

  it.each(['ayer', '2026-02-30 10:00:00', '2026-13-01T00:00:00Z', ''])('refuses %p', (raw) => {
    expect(parseOsmandTime(raw)).toBeNull();
  });
});

describe('query and form parameters', () => {
  it('reads a Traccar Client (Android 8) request: speed in knots becomes m/s', () => {
    const { deviceId, points } = q('id=abc&timestamp=1795100000&lat=-32.45&lon=-71.25&speed=10&bearing=180.5&altitude=40&accuracy=12&batt=87.5&charge=true');
    expect(deviceId).toBe('abc');
    expect(points).toEqual([
      { latitude: -32.45, longitude: -71.25, timestamp: '2026-11-19T14:53:20.000Z', speed: 5.144, heading: 180.5, accuracy: 12, battery: 87.5 },
    ]);
  });

  it('accepts deviceid, location=lat,lon, heading and hacc; ignores unknown parameters', () => {
    const { deviceId, points } = q('deviceid=xyz&location=-32.1,-71.2&heading=45&hacc=3&hdop=0.9&cell=730,1,2,3&foo=bar');
    expect(deviceId).toBe('xyz');
    expect(points[0]).toMatchObject({ latitude: -32.1, longitude: -71.2, heading: 45, accuracy: 3, speed: null, battery: null });
  });

  it('without a timestamp the point is timed now; optional fields missing are null', () => {
    expect(q('id=abc&lat=1&lon=2').points[0]).toEqual({ latitude: 1, longitude: 2, timestamp: NOW.toISOString(), speed: null, heading: null, accuracy: null, battery: null });
  });

  it('-1 speed and bearing mean unknown', () => {
    expect(q('id=abc&lat=1&lon=2&speed=-1&bearing=-1').points[0]).toMatchObject({ speed: null, heading: null });
  });

  it('a point marked invalid, or without coordinates, is skipped, not refused', () => {
    expect(q('id=abc&lat=1&lon=2&valid=false')).toEqual({ deviceId: 'abc', points: [], skipped: 1 });
    expect(q('id=abc&batt=50')).toEqual({ deviceId: 'abc', points: [], skipped: 1 });
    expect(q('id=abc&lat=1&lon=2&valid=1').points).toHaveLength(1);
  });

  it.each([
    ['lat=1&lon=2', 'Falta el identificador del dispositivo (id)'],
    ['id=abc&lat=91&lon=2', 'Latitud fuera de rango'],
    ['id=abc&lat=uno&lon=2', 'Latitud fuera de rango'],
    ['id=abc&lat=1&lon=-181', 'Longitud fuera de rango'],
    ['id=abc&lat=1&lon=2&timestamp=ayer', 'Fecha y hora inválida'],
    ['id=a%00b&lat=1&lon=2', 'El texto contiene caracteres no permitidos'],
  ])('%s answers 400 %p', (query, message) => {
    expect(() => q(query)).toThrow(new HttpError(400, message));
  });
});

describe('Traccar Client 9+ JSON', () => {
  it('reads the body as the client sends it (speed already m/s, battery 0-1 as percent)', () => {
    const { deviceId, points, skipped } = parseOsmandJson(traccarClientBody(), new URLSearchParams(), NOW);
    expect(deviceId).toBe('abc');
    expect(skipped).toBe(0);
    expect(points).toEqual([{ latitude: -32.45, longitude: -71.25, timestamp: '2026-11-22T14:59:30.250Z', speed: 12.5, heading: 90, accuracy: 8.5, battery: 73 }]);
  });

  it('-1 speed, heading and battery level mean unknown', () => {
    const body = traccarClientBody({ battery: { level: -1, is_charging: false } }, { speed: -1, heading: -1 });
    expect(parseOsmandJson(body, new URLSearchParams(), NOW).points[0]).toMatchObject({ speed: null, heading: null, battery: null });
  });

  it('missing optional fields and unknown extras are fine; the id may come from the query', () => {
    const body = { location: { timestamp: '2026-11-22T14:00:00Z', coords: { latitude: 1, longitude: 2 }, mock: true, new_field: { x: 1 } }, extra: 1 };
    expect(parseOsmandJson(body, new URLSearchParams('id=q1'), NOW)).toEqual({
      deviceId: 'q1',
      skipped: 0,
      points: [{ latitude: 1, longitude: 2, timestamp: '2026-11-22T14:00:00.000Z', speed: null, heading: null, accuracy: null, battery: null }],
    });
  });

  it('a batch (location as an array) gives one point each; one without coords is skipped', () => {
    const one = traccarClientBody().location;
    const result = parseOsmandJson({ device_id: 'abc', location: [one, { ...one, timestamp: '2026-11-22T14:59:40Z' }, { timestamp: one.timestamp }] }, new URLSearchParams(), NOW);
    expect(result.points.map((p) => p.timestamp)).toEqual(['2026-11-22T14:59:30.250Z', '2026-11-22T14:59:40.000Z']);
    expect(result.skipped).toBe(1);
  });

  it.each([
    [[1, 2], 'Solicitud inválida'],
    [{ location: {} }, 'Falta el identificador del dispositivo (id)'],
    [traccarClientBody({}, { latitude: '-95' }), 'Latitud fuera de rango'],
    [traccarClientBody({ timestamp: 'mañana' }), 'Fecha y hora inválida'],
  ])('%j answers 400 %p', (body, message) => {
    expect(() => parseOsmandJson(body, new URLSearchParams(), NOW)).toThrow(new HttpError(400, message));
  });
});
