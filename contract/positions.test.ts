/** One position shape on the wire: the phone's request adds ranges to it, the live update adds the shift id. */
import { locationBatchSchema } from './driverApi';
import { locationPointSchema, locationUpdateSchema, type LocationPoint } from './positions';

const point: LocationPoint = { latitude: -32.45, longitude: -71.22, timestamp: '2026-11-21T15:00:00.000Z', speed: 8.5, heading: 90, accuracy: 5, battery: 80 };

describe('the position on the wire', () => {
  it('is the same fields in a phone batch, a trail point and a live update', () => {
    expect(locationBatchSchema.parse({ locations: [point] }).locations[0]).toEqual(locationPointSchema.parse(point));
    expect(locationUpdateSchema.parse({ ...point, shift_id: 7 })).toEqual({ ...point, shift_id: 7 });
  });

  it('refuses out-of-range readings from a phone with Spanish texts, but carries what a tracker measured', () => {
    const fast = { ...point, speed: 1500, latitude: 95 };
    const refused = locationBatchSchema.safeParse({ locations: [fast] });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['Latitud fuera de rango', 'Velocidad fuera de rango']);
    expect(locationUpdateSchema.safeParse({ ...point, speed: 1500, shift_id: 7 }).success).toBe(true);
  });

  it('needs a shift id, coordinates and a time in a live update', () => {
    expect(locationUpdateSchema.safeParse(point).success).toBe(false);
    expect(locationUpdateSchema.safeParse({ shift_id: 7, latitude: -32, longitude: -71 }).success).toBe(false);
    expect(locationUpdateSchema.safeParse({ shift_id: 7, latitude: '-32', longitude: -71, timestamp: point.timestamp }).success).toBe(false);
  });
});
