/** Tests' replays: a ShiftReplay answer built from plain values, encoded as the server sends it. */
import { encodeSteps, type ShiftReplay } from '../../../../contract/replay';

export function replayOf(start: number, offsetsMs: number[], latitudes: number[], longitudes: number[], speedsKmh: number[]): ShiftReplay {
  const steps = encodeSteps(offsetsMs, 1);
  if (steps.length > 0) steps[0] = 0;
  return {
    shift_id: 1,
    driver_name: 'Ana Prueba',
    plate_number: 'ABCD12',
    shift_start: new Date(start).toISOString(),
    shift_end: null,
    start_ms: offsetsMs.length > 0 ? start + offsetsMs[0] : null,
    time_steps_ms: steps,
    latitude_steps_e6: encodeSteps(latitudes, 1e6),
    longitude_steps_e6: encodeSteps(longitudes, 1e6),
    speeds_kmh: speedsKmh,
  };
}

/** Ten minutes at 1 Hz from `start`, driving north, at the speed (km/h) `speedAt` gives each second. */
export function tenMinutesReplay(start: number, speedAt: (second: number) => number): ShiftReplay {
  const seconds = Array.from({ length: 601 }, (_, i) => i);
  return replayOf(
    start,
    seconds.map((i) => i * 1000),
    seconds.map((i) => -32.45 + i * 1e-5),
    seconds.map(() => -71.23),
    seconds.map(speedAt),
  );
}
