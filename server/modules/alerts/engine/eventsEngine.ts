/**
 * The events engine: every accepted position (positions' onAccepted hook: phone, tracker or
 * simulator alike) runs through its taxi's step (taxiState.ts) against the fleet's zone index.
 *
 * Memory holds each taxi's state; the database holds the same state (alert_taxi_states) and is the
 * judge. A step that changes what is persisted, or raises an event, writes in one transaction that
 * locks the taxi's row: if another process changed it meanwhile, the step is taken again from the
 * stored state. Alerts are stored with their episode keys (unique), so an episode is raised once
 * whichever process saw it and however often, and a restart resumes from the stored state.
 *
 * Each taxi's positions are handled one after another (a promise chain per shift); the hook itself
 * returns at once, so the ingest never waits for the engine.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock';
import type { Database } from '../../../platform/db/schema';
import type { AlertRow } from '../alertsRepo';
import type { AlertEvents } from '../events';
import type { Raiser, UnroutedAlert } from '../raise';
import type { RulesCache } from '../rulesRepo';
import type { AlertsConfig } from '../settings';
import { taxiOfShift, type TaxiInfo } from '../taxiInfo';
import { isActiveAt, type ZoneRecord } from '../zones/zoneIndex';
import type { ZonesCache } from '../zones/zonesCache';
import { emptyState, metresBetween, samePersisted, step, type Fix, type StepEvent, type StepInput, type StepResult, type TaxiState } from './taxiState';
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

interface Taxi {
  info: TaxiInfo;
  state: TaxiState;
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

  /**
   * Writes a taxi's step: locks its stored state, takes the step again from it when another process
   * moved it, stores the state and the new alerts. Returns what to announce after the commit.
   */
  async function commit(shiftId: number, taxi: Taxi, before: TaxiState, result: StepResult, redo: (stored: TaxiState) => StepResult, fix: Fix | null) {
    const rules = await deps.rules.get(taxi.info.ownerId);
    return db.transaction().execute(async (trx: Transaction<Database>) => {
      // One statement creates the row or locks the existing one (an upsert's update takes the row lock) and returns what is stored.
      const locked = await trx
        .insertInto('alert_taxi_states')
        .values({ shift_id: shiftId, owner_id: taxi.info.ownerId, state: JSON.stringify(before) })
        .onConflict((c) => c.column('shift_id').doUpdateSet((eb) => ({ owner_id: eb.ref('alert_taxi_states.owner_id') })))
        .returning('state')
        .executeTakeFirstOrThrow();
      const stored: TaxiState = { ...emptyState(), ...(locked.state as TaxiState), last: before.last };
      const final = samePersisted(stored, before) ? result : redo(stored);
      await trx.updateTable('alert_taxi_states').set({ state: JSON.stringify(final.state), updated_at: new Date() }).where('shift_id', '=', shiftId).execute();
      const raised = await raiser.store(trx, rules, final.events.map((event) => toAlert(event, taxi.info, fix)));
      let changed: AlertRow | undefined;
      if (final.speedingEnded) {
        const { key, top } = final.speedingEnded;
        changed = await trx
          .updateTable('alerts')
          .set({ speed_kmh: top, detail: `Velocidad máxima alcanzada: ${Math.round(top)} km/h` })
          .where('owner_id', '=', taxi.info.ownerId)
          .where('episode_key', '=', key)
          .returningAll()
          .executeTakeFirst();
      }
      taxi.state = final.state;
      return { raised, changed };
    });
  }

  function announce({ raised, changed }: { raised: AlertRow[]; changed?: AlertRow }) {
    raiser.announce(raised);
    if (changed?.desk) deps.events.changed(changed);
  }

  async function onTrip(shiftId: number): Promise<boolean> {
    const row = await db.selectFrom('bookings').select('id').where('shift_id', '=', shiftId).where('status', '=', 'a_bordo').executeTakeFirst();
    return Boolean(row);
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
    announce(await commit(shiftId, taxi, before, result, (stored) => step(stored, input), fix));
  }

  /** Sin señal: taxis on shift quiet for N minutes; and the return of those another process heard from. */
  async function sweepSignal(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - config.noSignalMinutes * 60_000);
    const rows = await db
      .selectFrom('shifts as s')
      .leftJoin('alert_taxi_states as st', 'st.shift_id', 's.id')
      .select(['s.id', 's.start_time', 's.last_location_time', 's.latitude', 's.longitude', 'st.state'])
      .where('s.end_time', 'is', null)
      .execute();
    let raised = 0;
    for (const row of rows) {
      // The newest point's own time (its source's clock, at most 2 minutes ahead: the ingest refuses more), else the shift's start.
      const heard = row.last_location_time ?? row.start_time;
      const stored = row.state ? ({ ...emptyState(), ...(row.state as TaxiState) } as TaxiState) : emptyState();
      const quiet = heard < cutoff;
      const back = stored.silentSince !== null && heard.getTime() > Date.parse(stored.silentSince);
      if ((quiet && stored.silentSince === null) || back) {
        const taxi = taxis.get(row.id) ?? (await loadTaxi(row.id));
        if (!taxi) continue;
        taxis.set(row.id, taxi);
        const since = heard.toISOString();
        const minutes = Math.floor((now.getTime() - heard.getTime()) / 60_000);
        const redo = (state: TaxiState): StepResult => {
          if (quiet && state.silentSince === null) {
            return { state: { ...state, silentSince: since }, events: [{ kind: 'no_signal', key: `no_signal:${row.id}:${since}`, zone: null, figures: { minutes, since } }], speedingEnded: null };
          }
          if (!quiet && state.silentSince !== null) {
            const episode = state.silentSince;
            return { state: { ...state, silentSince: null }, events: [{ kind: 'signal_back', key: `signal_back:${row.id}:${episode}`, zone: null, figures: { since: episode } }], speedingEnded: null };
          }
          return { state, events: [], speedingEnded: null };
        };
        const before = { ...taxi.state, ...(stored.silentSince !== taxi.state.silentSince ? { silentSince: stored.silentSince } : {}) };
        // The alert shows where the taxi was last seen, timed now.
        const at: Fix | null = row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude, time: now, speedKmh: null } : null;
        const outcome = await commit(row.id, taxi, before, redo(before), redo, at);
        raised += outcome.raised.length;
        announce(outcome);
      }
    }
    return raised;
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
    sweepSignal,
    /** Every queued point handled (tests, and close). */
    async idle(): Promise<void> {
      while (chains.size) await Promise.all([...chains.values()]);
    },
    /** The taxi's state as memory holds it (tests). */
    stateOf: (shiftId: number) => taxis.get(shiftId)?.state,
  };
}
export type EventsEngine = ReturnType<typeof createEventsEngine>;
