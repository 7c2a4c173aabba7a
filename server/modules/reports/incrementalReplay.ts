/**
 * An open shift's replay columns (replayColumns.ts) kept as its points arrive: the columns of the
 * points the jump filter has decided on are made once, and each answer adds the still-pending
 * newest point. Equal to replayColumns of the whole trail (incrementalSummary.test.ts compares
 * them): a point's speed reads only earlier points, and a step only the point before.
 */
import type { TrailPoint } from '../positions';
import { impliedSpeedKmh, toKmh } from '../positions';
import type { IncrementalSummary } from './incrementalSummary';
import { SPEED_BASELINE_MS, type ReplayColumns } from './replayColumns';

const round1 = (value: number): number => Math.round(value * 10) / 10;

/** replayColumns' speed of the i-th filtered point, `earlier` holding the ones before it, from the base the point before got to. */
function speedAt(earlier: readonly TrailPoint[], point: TrailPoint, i: number, from: number): { speed: number; base: number } {
  let base = from;
  while (base + 1 < i && earlier[base + 1].time <= point.time - SPEED_BASELINE_MS) base += 1;
  const speed = point.speed !== null && point.speed >= 0 ? toKmh(point.speed) : i > 0 ? impliedSpeedKmh(earlier[base], point) : 0;
  return { speed: round1(speed), base };
}

interface Scaled {
  time: number;
  latitude: number;
  longitude: number;
}

const scale = (point: TrailPoint): Scaled => ({ time: Math.round(point.time), latitude: Math.round(point.latitude * 1e6), longitude: Math.round(point.longitude * 1e6) });

export class IncrementalReplay {
  private readonly timeSteps: number[] = [];
  private readonly latitudeSteps: number[] = [];
  private readonly longitudeSteps: number[] = [];
  private readonly speeds: number[] = [];
  private base = 0;
  /** The last decided point, scaled: the next step starts from it. */
  private last: Scaled = { time: 0, latitude: 0, longitude: 0 };

  constructor(private readonly source: IncrementalSummary) {}

  columns(): ReplayColumns {
    const { decided, pending } = this.source.filtered;
    for (let i = this.speeds.length; i < decided.length; i += 1) {
      const { speed, base } = speedAt(decided, decided[i], i, this.base);
      this.base = base;
      this.speeds.push(speed);
      this.last = this.step(this.last, decided[i], this.timeSteps, this.latitudeSteps, this.longitudeSteps);
    }
    const timeSteps = [...this.timeSteps];
    const latitudeSteps = [...this.latitudeSteps];
    const longitudeSteps = [...this.longitudeSteps];
    const speeds = [...this.speeds];
    if (pending) {
      speeds.push(speedAt(decided, pending, decided.length, this.base).speed);
      this.step(this.last, pending, timeSteps, latitudeSteps, longitudeSteps);
    }
    if (timeSteps.length > 0) timeSteps[0] = 0;
    const first = decided[0] ?? pending;
    return { start_ms: first ? first.time : null, time_steps_ms: timeSteps, latitude_steps_e6: latitudeSteps, longitude_steps_e6: longitudeSteps, speeds_kmh: speeds };
  }

  private step(from: Scaled, point: TrailPoint, times: number[], latitudes: number[], longitudes: number[]): Scaled {
    const to = scale(point);
    times.push(to.time - from.time);
    latitudes.push(to.latitude - from.latitude);
    longitudes.push(to.longitude - from.longitude);
    return to;
  }
}
