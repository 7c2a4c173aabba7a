/**
 * The events engine: every accepted position (positions' onAccepted hook: phone, tracker or
 * simulator alike) runs through its taxi's step (taxiState.ts) against the fleet's zone index.
 *
 * Memory holds each taxi's state; the database holds the same state (alert_taxi_states) and is the
 * judge. A step that changes what is persisted, or raises an event, is written with the other taxis'
 * steps of the moment in one transaction (stepWriter.ts) that locks their rows: if another process
 * changed one meanwhile, its step is taken again from the stored state. A position that changes
 * nothing reads and writes nothing. Alerts are stored with their episode keys (unique), so an
 * episode is raised once whichever process saw it and however often, and a restart resumes from the
 * stored state.
 *
 * Each taxi's positions are handled one after another (a promise chain per shift); the hook itself
 * returns at once, so the ingest never waits for the engine.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PassControl } from '../../../platform/backgroundPass';
import type { Clock } from '../../../platform/clock';
import type { Database } from '../../../platform/db/schema';
import { shiftCarriesPassenger } from '../../dispatch';
import type { AlertEvents } from '../events';
import type { Raiser, UnroutedAlert } from '../raise';
import type { RulesCache } from '../rulesRepo';
import type { AlertsConfig } from '../settings';
import { taxiOfShift, type TaxiInfo } from '../taxiInfo';
import { isActiveAt, type ZoneRecord } from '../zones/zoneIndex';
import type { ZonesCache } from '../zones/zonesCache';
import { sweepSignal } from './signalSweep';
import { createStepWriter, type StepWriterDeps, type TaxiEntry, type Written } from './stepWriter';
import { emptyState, metresBetween, samePersisted, step, type Fix, type StepEvent, type StepInput, type TaxiState } from './taxiState';
import { titleOf } from './titles';

export interface EnginePosition {
  ownerId: number;
  shiftId: number;
  latitude: number;
  longitude: number;
  time: Date;
  /** m/s, as the phone or tracker sent it. */
  speed?: number | null;
}

export interface EngineDeps {
  db: Kysely<Database>;
  raiser: Raiser;
  events: AlertEvents;
  zones: ZonesCache;
  rules: RulesCache;
  config: AlertsConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  timeZone: string;
}

interface Taxi extends TaxiEntry {
  /** Where the taxi stands still since when (memory only), and when a trip was last looked for. */
  stop: { lat: number; lng: number; since: Date; checkedAt: number | null } | null;
}

const NO_ZONES: ZoneRecord[] = [];

/** The radius within which a taxi counts as standing still. */
const STOP_RADIUS_M = 50;

export function createEventsEngine(deps: EngineDeps) {
  const { db, raiser, config, log } = deps;
  const taxis = new Map<number, Taxi>();
  const chains = new Map<number, Promise<void>>();
  const minuteFormat = new Intl.DateTimeFormat('en-GB', { timeZone: deps.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  // Formatting a time in the fleet's zone costs microseconds: once per wall-clock minute, not per position.
  let minuteCache = { epochMinute: NaN, minute: 0 };
  const minuteOfDay = (time: Date) => {
    const epochMinute = Math.floor(time.getTime() / 60_000);
    if (epochMinute !== minuteCache.epochMinute) {
      const [h, m] = minuteFormat.format(time).split(':').map(Number);
      minuteCache = { epochMinute, minute: h * 60 + m };
    }
    return minuteCache.minute;
  };

  async function loadTaxi(shiftId: number): Promise<Taxi | null> {
    const info = await taxiOfShift(db, shiftId);
    if (!info) return null;
    const row = await db.selectFrom('alert_taxi_states').select('state').where('shift_id', '=', shiftId).executeTakeFirst();
    return { info, state: row ? { ...emptyState(), ...(row.state as TaxiState) } : emptyState(), stop: null };
  }

  const toAlert = (event: StepEvent, taxi: TaxiInfo, fix: Fix | null): UnroutedAlert => ({
    ownerId: taxi.ownerId,
    kind: event.kind,
    key: event.key,
    occurredAt: fix?.time ?? deps.clock.now(),
    ...titleOf(event, taxi),
    shiftId: taxi.shiftId,
    driver: taxi.driver,
    vehicle: taxi.vehicle,
    zone: event.zone ? { id: event.zone.id, name: event.zone.name } : null,
    position: fix ? { lat: fix.lat, lng: fix.lng, speedKmh: event.figures.speedKmh ?? fix.speedKmh } : null,
  });

  function announce({ raised, changed }: Written) {
    raiser.announce(raised);
    for (const row of changed) if (row.desk) deps.events.changed(row);
  }

  const writerDeps: StepWriterDeps = { raiser, rules: deps.rules, toAlert };
  // Steps that change what is stored go to the database in batches (stepWriter.ts).
  const writer = createStepWriter(db, writerDeps, announce);
  const listeningSince = deps.clock.now();

  async function onTrip(shiftId: number): Promise<boolean> {
    return shiftCarriesPassenger(db, shiftId);
  }

  async function handle(position: EnginePosition): Promise<void> {
    const { shiftId } = position;
    let taxi = taxis.get(shiftId);
    if (!taxi) {
      const loaded = await loadTaxi(shiftId);
      if (!loaded) return;
      taxi = loaded;
      taxis.set(shiftId, taxi);
    }
    const before = taxi.state;
    // An older point than the last one handled (a late batch) changes nothing.
    if (before.last && position.time.getTime() <= Date.parse(before.last.time)) return;
    const fix: Fix = { lat: position.latitude, lng: position.longitude, time: position.time, speedKmh: position.speed == null ? null : position.speed * 3.6 };
    const index = await deps.zones.get(position.ownerId);
    const minute = minuteOfDay(fix.time);
    // Zones without active hours (most) are active at every minute: no filtering pass for them.
    const active = (zones: ZoneRecord[]) => (index.hasActiveHours ? zones.filter((zone) => isActiveAt(zone, minute)) : zones);
    const inside = index.size ? active(index.at(fix.lng, fix.lat)) : NO_ZONES;
    // A taxi that has not moved crossed nothing.
    const moved = before.last !== null && (before.last.lng !== fix.lng || before.last.lat !== fix.lat);
    const crossed = index.size && moved && before.last ? active(index.crossedBy([before.last.lng, before.last.lat], [fix.lng, fix.lat])) : NO_ZONES;

    let longStop: StepInput['longStop'] = null;
    const stop = taxi.stop;
    if (!stop || metresBetween(stop, fix) > STOP_RADIUS_M) {
      taxi.stop = { lat: fix.lat, lng: fix.lng, since: fix.time, checkedAt: null };
    } else {
      const stoppedMs = fix.time.getTime() - stop.since.getTime();
      const alreadyFired = before.stopFired && metresBetween(before.stopFired, fix) <= STOP_RADIUS_M;
      if (stoppedMs >= config.longStopMinutes * 60_000 && !alreadyFired && (stop.checkedAt === null || fix.time.getTime() - stop.checkedAt >= 60_000)) {
        stop.checkedAt = fix.time.getTime();
        if (await onTrip(shiftId)) longStop = { lat: stop.lat, lng: stop.lng, since: stop.since, minutes: Math.floor(stoppedMs / 60_000) };
      }
    }

    const input: StepInput = {
      shiftId,
      fix,
      inside,
      crossed,
      activeZone: (id) => {
        const zone = index.get(id);
        return zone && isActiveAt(zone, minute) ? zone : null;
      },
      fleetLimitKmh: config.speedLimitKmh,
      speedingSeconds: config.speedingSeconds,
      longStop,
    };
    const result = step(before, input);
    if (!result.events.length && !result.speedingEnded && samePersisted(result.state, before)) {
      taxi.state = result.state;
      return;
    }
    await writer.write({ shiftId, taxi, before, result, redo: (stored) => step(stored, input), fix });
  }

  return {
    /** The onAccepted hook: queues the point behind the taxi's previous one and returns. */
    onPosition(position: EnginePosition): void {
      const previous = chains.get(position.shiftId) ?? Promise.resolve();
      const next = previous
        .then(() => handle(position))
        .catch((error: unknown) => log.error({ err: error, shiftId: position.shiftId }, 'Alertas: no se pudo evaluar una posición'))
        .finally(() => {
          if (chains.get(position.shiftId) === next) chains.delete(position.shiftId);
        });
      chains.set(position.shiftId, next);
    },
    /** A shift ended: its state leaves memory (its row goes with the shift's retention). */
    forget(shiftId: number): void {
      taxis.delete(shiftId);
    },
    /** Sin señal, and the return of those another process heard from (signalSweep.ts). */
    sweepSignal: (now: Date, control?: PassControl): Promise<number> =>
      sweepSignal({ ...writerDeps, db, noSignalMinutes: config.noSignalMinutes, listeningSince, taxiInMemory: (shiftId) => taxis.get(shiftId), announce }, now, control),
    /** Every queued point handled and written (tests, and close). */
    async idle(): Promise<void> {
      while (chains.size || writer.pending()) {
        if (chains.size) await Promise.all([...chains.values()]);
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },
    /** The taxi's state as memory holds it (tests). */
    stateOf: (shiftId: number) => taxis.get(shiftId)?.state,
  };
}
export type EventsEngine = ReturnType<typeof createEventsEngine>;
