/**
 * Despacho's settings (docs/api.md, "Despacho"), from the environment. The ETA without a routing
 * engine is the straight-line distance × DISPATCH_DETOUR_FACTOR ÷ DISPATCH_CITY_SPEED_KMH: city
 * streets are about 1.3–1.5 times the crow's line, and 25 km/h is a town's average with stops.
 */
import { decimal, integer, url, type SettingsSection } from '../../platform/config';

declare module '../../platform/config' {
  interface ModuleSettings {
    /** Despacho's settings (modules/dispatch/settings.ts). */
    dispatch: DispatchConfig;
  }
}

export interface DispatchConfig {
  /** DISPATCH_FRESH_SECONDS: a taxi whose last position is older is no candidate (le.taxi: 120 s). */
  freshSeconds: number;
  /** DISPATCH_OFFER_SECONDS: how long a driver has to accept an offer. */
  offerSeconds: number;
  /** DISPATCH_MAX_REFUSALS: declined or expired offers before the booking returns to the board, highlighted. */
  maxRefusals: number;
  /** DISPATCH_DETOUR_FACTOR: road distance ÷ straight-line distance. */
  detourFactor: number;
  /** DISPATCH_CITY_SPEED_KMH: average speed in town. */
  citySpeedKmh: number;
  /** DISPATCH_SCHEDULED_LEAD_MINUTES: a scheduled booking moves to Por asignar this long before its time. */
  scheduledLeadMinutes: number;
  /** DISPATCH_ARRIVAL_METERS: a driver this close to the pickup is En el lugar by itself. */
  arrivalMeters: number;
  /** DISPATCH_NO_SHOW_WAIT_SECONDS: how long after arriving a driver waits before No se presentó (a tap by mistake ended a trip). */
  noShowWaitSeconds: number;
  /** ROUTING_URL: an OSRM server (its `table` service ranks candidates by road time). Null: straight line. */
  routingUrl: string | null;
  /** GEOCODER_URL: a Photon server for address search. Null: no outside search. */
  geocoderUrl: string | null;
  /** DISPATCH_BOOKINGS_PER_MINUTE: bookings one desk person may create a minute (429 beyond it). */
  bookingsPerMinute: number;
  /** Candidates answered at most. */
  maxCandidates: number;
  /** How often the offer and schedule sweep runs (not from the environment; tests shorten it). */
  sweepMs: number;
}

export const DISPATCH_DEFAULTS: DispatchConfig = {
  freshSeconds: 120,
  offerSeconds: 20,
  maxRefusals: 3,
  detourFactor: 1.4,
  citySpeedKmh: 25,
  scheduledLeadMinutes: 15,
  arrivalMeters: 80,
  noShowWaitSeconds: 300,
  routingUrl: null,
  geocoderUrl: null,
  // A busy desk takes a call every 20 s or so; 60 leaves room for a burst of scheduled trips typed in a row.
  bookingsPerMinute: 60,
  maxCandidates: 10,
  sweepMs: 1000,
};

/** Despacho's section of the server's settings (config.dispatch), read with the platform's readers and messages. */
export const dispatchSettings: SettingsSection<'dispatch'> = {
  key: 'dispatch',
  load: (env) => ({
    ...DISPATCH_DEFAULTS,
    freshSeconds: decimal(env, 'DISPATCH_FRESH_SECONDS', DISPATCH_DEFAULTS.freshSeconds, 5, 3600),
    offerSeconds: decimal(env, 'DISPATCH_OFFER_SECONDS', DISPATCH_DEFAULTS.offerSeconds, 5, 600),
    maxRefusals: decimal(env, 'DISPATCH_MAX_REFUSALS', DISPATCH_DEFAULTS.maxRefusals, 1, 50),
    detourFactor: decimal(env, 'DISPATCH_DETOUR_FACTOR', DISPATCH_DEFAULTS.detourFactor, 1, 5),
    citySpeedKmh: decimal(env, 'DISPATCH_CITY_SPEED_KMH', DISPATCH_DEFAULTS.citySpeedKmh, 1, 150),
    scheduledLeadMinutes: decimal(env, 'DISPATCH_SCHEDULED_LEAD_MINUTES', DISPATCH_DEFAULTS.scheduledLeadMinutes, 0, 1440),
    arrivalMeters: decimal(env, 'DISPATCH_ARRIVAL_METERS', DISPATCH_DEFAULTS.arrivalMeters, 10, 1000),
    noShowWaitSeconds: decimal(env, 'DISPATCH_NO_SHOW_WAIT_SECONDS', DISPATCH_DEFAULTS.noShowWaitSeconds, 0, 3600),
    bookingsPerMinute: integer(env, 'DISPATCH_BOOKINGS_PER_MINUTE', DISPATCH_DEFAULTS.bookingsPerMinute, 1, 100_000),
    routingUrl: url(env, 'ROUTING_URL'),
    geocoderUrl: url(env, 'GEOCODER_URL'),
  }),
};
