/**
 * The taxímetro's arithmetic, in integers: bajada de bandera, then one step each time the trip
 * covers 200 m or 60 s since the last step, whichever comes first. Within a stretch the meter runs
 * at the faster of the two rates (distance above 12 km/h, time below), so each stretch adds
 * max(metres / 200, seconds / 60) steps. Both are counted on one integer scale, 1 unit = 1 ms of
 * time = 1/300 m, so a step is 60 000 units and no fraction ever reaches the money.
 */

/** A stretch of a trip: whole metres and milliseconds. */
export interface MeterStretch {
  meters: number;
  ms: number;
}

export const METERS_PER_STEP = 200;
export const MS_PER_STEP = 60_000;
const UNITS_PER_METER = MS_PER_STEP / METERS_PER_STEP; // 300

/** Steps the meter has shown after these stretches (a step is shown once it is complete). */
export function meterSteps(stretches: readonly MeterStretch[]): number {
  let units = 0;
  for (const { meters, ms } of stretches) units += Math.max(Math.max(0, Math.trunc(meters)) * UNITS_PER_METER, Math.max(0, Math.trunc(ms)));
  return Math.floor(units / MS_PER_STEP);
}

/** What the meter shows: bajada de bandera + steps × step, whole pesos. */
export function meterFare(tariff: { flag_down: number; step: number }, stretches: readonly MeterStretch[]): number {
  return tariff.flag_down + meterSteps(stretches) * tariff.step;
}
