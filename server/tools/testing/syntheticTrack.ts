/**
 * Recorded-looking trails for detection tests and figures: a taxi that drives straight legs, stands
 * with its fixes wandering a few metres, loses signal, and now and then reports a wild fix. Metres
 * become degrees on the same sphere detection measures on, so a leg of N metres north measures N.
 */
import type { TrailPoint } from '../../modules/positions/readTrail';

const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

export class SyntheticTrack {
  readonly points: TrailPoint[] = [];
  private time: number;
  private latitude: number;
  private longitude: number;
  private wander = 0;

  /** Starts at `start` in La Ligua's plaza unless told otherwise; the first point is recorded there. */
  constructor(start: Date, latitude = -32.4516, longitude = -71.2311) {
    this.time = start.getTime();
    this.latitude = latitude;
    this.longitude = longitude;
    this.record();
  }

  get now(): number {
    return this.time;
  }

  private offset(north: number, east: number): { latitude: number; longitude: number } {
    return {
      latitude: this.latitude + north / METRES_PER_DEGREE,
      longitude: this.longitude + east / (METRES_PER_DEGREE * Math.cos((this.latitude * Math.PI) / 180)),
    };
  }

  private record(extra: Partial<TrailPoint> = {}, at = this.offset(0, 0)): void {
    this.points.push({ time: this.time, ...at, speed: null, accuracy: null, heading: null, ...extra });
  }

  /** Drives straight `north`/`east` metres in `seconds`, a point every `every` seconds (the last one on arrival). */
  drive(north: number, east: number, seconds: number, every = 1): this {
    const steps = Math.max(1, Math.round(seconds / every));
    const start = { latitude: this.latitude, longitude: this.longitude };
    const end = this.offset(north, east);
    const startTime = this.time;
    for (let i = 1; i <= steps; i += 1) {
      const share = i / steps;
      this.time = startTime + Math.round(share * seconds * 1000);
      this.latitude = start.latitude + (end.latitude - start.latitude) * share;
      this.longitude = start.longitude + (end.longitude - start.longitude) * share;
      this.record();
    }
    return this;
  }

  /** Stands for `seconds`, a point every `every` seconds, each fix up to `wanderM` metres off (deterministic). */
  stand(seconds: number, wanderM = 0, every = 1): this {
    const steps = Math.round(seconds / every);
    const startTime = this.time;
    for (let i = 1; i <= steps; i += 1) {
      this.time = startTime + i * every * 1000;
      this.wander += 1;
      // A golden-angle spiral: fixes spread around the true spot, never beyond wanderM.
      const radius = wanderM * ((this.wander * 0.618) % 1);
      const angle = this.wander * 2.39996;
      this.record({}, this.offset(radius * Math.cos(angle), radius * Math.sin(angle)));
    }
    return this;
  }

  /** No point for `seconds`; the taxi may reappear `north`/`east` metres away (recorded on arrival). */
  gap(seconds: number, north = 0, east = 0): this {
    this.time += seconds * 1000;
    const there = this.offset(north, east);
    this.latitude = there.latitude;
    this.longitude = there.longitude;
    this.record();
    return this;
  }

  /** One wild fix `north` metres away, `afterSeconds` after the last point; the taxi itself stays put. */
  jump(north: number, afterSeconds = 1): this {
    this.time += afterSeconds * 1000;
    this.record({}, this.offset(north, 0));
    return this;
  }

  /** One fix at the true spot with this reported accuracy (metres). */
  fix(afterSeconds: number, accuracy: number, north = 0): this {
    this.time += afterSeconds * 1000;
    this.record({ accuracy }, this.offset(north, 0));
    return this;
  }
}
