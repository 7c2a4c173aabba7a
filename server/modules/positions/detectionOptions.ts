/**
 * The thresholds of trip and stop detection, traccar's defaults where traccar has one. Every
 * detection function takes a Partial of these; what is not given comes from DEFAULT_DETECTION.
 */
export interface DetectionOptions {
  /** A point implying more than this speed from its neighbours is a GPS jump (km/h). */
  maxSpeedKmh: number;
  /** A point whose reported accuracy is worse (larger) than this is left out (metres). */
  maxAccuracyM: number;
  /** "Not moving": every point stays within this distance of the first point of the stay (metres). */
  stopRadiusM: number;
  /** A stay becomes a stop when it lasts at least this long (seconds). */
  minStopSeconds: number;
  /**
   * Distance is counted in steps of at least this much from the last counted point (metres), so a
   * phone standing at a red light, whose fixes wander a few metres each second, adds nothing.
   */
  minStepM: number;
  /** A movement between stops is a trip when it covers at least this distance (metres)... */
  minTripDistanceM: number;
  /** ...and lasts at least this long (seconds). */
  minTripSeconds: number;
  /** No point for longer than this (seconds) counts as a stop, and the distance across it is not counted. */
  maxGapSeconds: number;
}

export const DEFAULT_DETECTION: Readonly<DetectionOptions> = Object.freeze({
  maxSpeedKmh: 200,
  maxAccuracyM: 100,
  stopRadiusM: 50,
  minStepM: 25,
  minStopSeconds: 300,
  minTripDistanceM: 500,
  minTripSeconds: 300,
  maxGapSeconds: 3600,
});

export function detectionOptions(given: Partial<DetectionOptions> = {}): DetectionOptions {
  return { ...DEFAULT_DETECTION, ...given };
}
