/**
 * One taxi's events engine as a pure step: the state it was in, one fix and the zones around it in,
 * the new state and the episodes that began out. No clock, no database: the engine (eventsEngine.ts)
 * persists the state and stores the events; tests script tracks through it.
 *
 * Every event names its episode by a key built from the shift, the zone and the time the episode
 * began, so the same episode seen twice (a retry, a restart, a second process) is one alert.
 */
import type { AlertKind } from '../../../../contract/alerts';
import type { ZoneRecord } from '../zones/zoneIndex';
import { DEFAULT_DETECTION } from '../../positions';

export interface ZoneVisit {
  /** ISO time of the first fix inside. */
  since: string;
  dwellFired?: boolean;
}

export interface TaxiState {
  /** The zones the taxi is in, by zone id. */
  zones: Record<string, ZoneVisit>;
  /** An episode above the limit: since when, its top speed, whether its alert was raised. */
  speeding: { since: string; top: number; limit: number; fired: boolean } | null;
  /** An open "sin señal" episode (set by the sweep): the time of the last position before it. */
  silentSince: string | null;
  /** The stop whose long-stop alert was raised (not raised again while the taxi stays there). */
  stopFired: { lat: number; lng: number; since: string } | null;
  /** The previous fix (for crossings and computed speed); not part of what decides a write. */
  last: { lat: number; lng: number; time: string } | null;
}

export const emptyState = (): TaxiState => ({ zones: {}, speeding: null, silentSince: null, stopFired: null, last: null });

export interface Fix {
  lat: number;
  lng: number;
  time: Date;
  /** From the device; null: computed from the previous fix. */
  speedKmh: number | null;
}

export interface StepEvent {
  kind: AlertKind;
  key: string;
  zone: ZoneRecord | null;
  /** Kind-specific figures for the title (minutes, speed, limit). */
  figures: { minutes?: number; speedKmh?: number; limitKmh?: number; since?: string };
}

export interface StepInput {
  shiftId: number;
  fix: Fix;
  /** Active zones holding the fix. */
  inside: readonly ZoneRecord[];
  /** The zone if it exists and is active now: a visit to an inactive or deleted zone ends silently. */
  activeZone: (zoneId: number) => ZoneRecord | null;
  /** Active zones the segment from the previous fix crossed, holding neither end. */
  crossed: readonly ZoneRecord[];
  fleetLimitKmh: number;
  speedingSeconds: number;
  /** The engine saw a long stop during a trip: raise it (once per stop). */
  longStop?: { lat: number; lng: number; since: Date; minutes: number } | null;
}

export interface StepResult {
  state: TaxiState;
  events: StepEvent[];
  /** A speeding episode whose alert was raised just ended: its final top speed. */
  speedingEnded: { key: string; top: number; limit: number } | null;
}

const METRES_PER_DEGREE = 111_320;
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const x = (b.lng - a.lng) * METRES_PER_DEGREE * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const y = (b.lat - a.lat) * METRES_PER_DEGREE;
  return Math.sqrt(x * x + y * y);
}

/**
 * The fix's speed: the device's, else from the previous fix when it is recent (1 s–2 min before).
 * A speed implied above what a taxi can do is a GPS jump, not speeding (Reportes leaves the same
 * jumps out of its kilometres: the trail's DEFAULT_DETECTION.maxSpeedKmh, positions').
 */
export function speedOf(fix: Fix, last: TaxiState['last']): number | null {
  if (fix.speedKmh !== null) return fix.speedKmh;
  if (!last) return null;
  const seconds = (fix.time.getTime() - Date.parse(last.time)) / 1000;
  if (seconds < 1 || seconds > 120) return null;
  const implied = (metresBetween(last, fix) / seconds) * 3.6;
  return implied > DEFAULT_DETECTION.maxSpeedKmh ? null : implied;
}

/**
 * What decides a write: everything but the previous fix and a running episode's top speed. Compared
 * field by field, not serialized: it runs on every position, and most positions change nothing.
 */
export function samePersisted(a: TaxiState, b: TaxiState): boolean {
  if (a.silentSince !== b.silentSince) return false;
  if (a.speeding !== b.speeding && (!a.speeding || !b.speeding || a.speeding.since !== b.speeding.since || a.speeding.limit !== b.speeding.limit || a.speeding.fired !== b.speeding.fired)) return false;
  if (a.stopFired !== b.stopFired && (!a.stopFired || !b.stopFired || a.stopFired.since !== b.stopFired.since || a.stopFired.lat !== b.stopFired.lat || a.stopFired.lng !== b.stopFired.lng)) return false;
  let count = 0;
  for (const id in a.zones) {
    const other = b.zones[id];
    if (!other || other.since !== a.zones[id].since || Boolean(other.dwellFired) !== Boolean(a.zones[id].dwellFired)) return false;
    count += 1;
  }
  for (const _id in b.zones) count -= 1;
  return count === 0;
}

export function step(before: TaxiState, input: StepInput): StepResult {
  const { fix, shiftId } = input;
  const at = fix.time.toISOString();
  const events: StepEvent[] = [];
  const zones: Record<string, ZoneVisit> = {};

  if (before.silentSince) events.push({ kind: 'signal_back', key: `signal_back:${shiftId}:${before.silentSince}`, zone: null, figures: { since: before.silentSince } });

  // Visits that end: an exit where the zone is still active.
  for (const id in before.zones) {
    const zoneId = Number(id);
    if (input.inside.some((zone) => zone.id === zoneId)) continue;
    const visit = before.zones[id];
    const zone = input.activeZone(zoneId);
    if (zone) events.push({ kind: 'zone_exit', key: `exit:${shiftId}:${id}:${visit.since}`, zone, figures: {} });
  }
  for (const zone of input.inside) {
    const id = String(zone.id);
    const visit: ZoneVisit = before.zones[id] ? { ...before.zones[id] } : { since: at };
    if (!before.zones[id]) events.push({ kind: 'zone_enter', key: `enter:${shiftId}:${id}:${at}`, zone, figures: {} });
    if (zone.dwellMinutes && !visit.dwellFired) {
      const minutes = (fix.time.getTime() - Date.parse(visit.since)) / 60_000;
      if (minutes >= zone.dwellMinutes) {
        visit.dwellFired = true;
        events.push({ kind: 'zone_dwell', key: `dwell:${shiftId}:${id}:${visit.since}`, zone, figures: { minutes: Math.floor(minutes) } });
      }
    }
    zones[id] = visit;
  }
  for (const zone of input.crossed) events.push({ kind: 'zone_crossing', key: `crossing:${shiftId}:${zone.id}:${at}`, zone, figures: {} });

  // Speeding: the lowest limit of the zones it is in, else the fleet's.
  let zoneLimit = Infinity;
  for (const zone of input.inside) if (zone.speedLimitKmh !== null && zone.speedLimitKmh < zoneLimit) zoneLimit = zone.speedLimitKmh;
  const limit = zoneLimit === Infinity ? input.fleetLimitKmh : zoneLimit;
  const speed = speedOf(fix, before.last);
  let speeding = before.speeding;
  let speedingEnded: StepResult['speedingEnded'] = null;
  if (limit > 0 && speed !== null && speed > limit) {
    speeding = speeding ? { ...speeding, top: Math.max(speeding.top, speed) } : { since: at, top: speed, limit, fired: false };
    if (!speeding.fired && (fix.time.getTime() - Date.parse(speeding.since)) / 1000 >= input.speedingSeconds) {
      speeding.fired = true;
      const zone = input.inside.find((z) => z.speedLimitKmh === speeding?.limit) ?? null;
      events.push({ kind: 'speeding', key: `speeding:${shiftId}:${speeding.since}`, zone, figures: { speedKmh: speeding.top, limitKmh: speeding.limit } });
    }
  } else if (speeding && speed !== null) {
    if (speeding.fired) speedingEnded = { key: `speeding:${shiftId}:${speeding.since}`, top: speeding.top, limit: speeding.limit };
    speeding = null;
  }

  let stopFired = before.stopFired && metresBetween(before.stopFired, fix) <= 50 ? before.stopFired : null;
  if (input.longStop && !stopFired) {
    const since = input.longStop.since.toISOString();
    stopFired = { lat: input.longStop.lat, lng: input.longStop.lng, since };
    events.push({ kind: 'long_stop', key: `long_stop:${shiftId}:${since}`, zone: null, figures: { minutes: input.longStop.minutes } });
  }

  return {
    state: { zones, speeding, silentSince: null, stopFired, last: { lat: fix.lat, lng: fix.lng, time: at } },
    events,
    speedingEnded,
  };
}
