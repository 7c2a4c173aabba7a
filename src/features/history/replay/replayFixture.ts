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
