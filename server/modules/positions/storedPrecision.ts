/**
 * The precision a point is stored at, whatever its source sent: 1e-6° (11 cm) for coordinates,
 * 1 mm/s for speed (as /osmand's knots conversion already gives), 0.01 for heading, accuracy and
 * battery. Far below what a phone's GPS can tell (metres), and it is what lets a packed trail
 * (packed/trailCodec.ts) store each reading as a small integer delta instead of an 8-byte double:
 * with raw doubles a point packs to ~45 bytes, at this precision to under 10.
 */
const at = (value: number, decimals: number): number => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

const optional = (value: number | null | undefined, decimals: number): number | null => (value === null || value === undefined ? null : at(value, decimals));

export interface Readings {
  latitude: number;
  longitude: number;
  speed?: number | null;
  heading?: number | null;
  accuracy?: number | null;
  battery?: number | null;
}

export function atStoredPrecision(point: Readings) {
  return {
    latitude: at(point.latitude, 6),
    longitude: at(point.longitude, 6),
    speed: optional(point.speed, 3),
    heading: optional(point.heading, 2),
    accuracy: optional(point.accuracy, 2),
    battery: optional(point.battery, 2),
  };
}
