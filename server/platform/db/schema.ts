/** Kysely's view of the tables (migration 0001). Timestamps come back as Date, DATE columns as 'YYYY-MM-DD'. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Reading = ColumnType<number | null, number | null | undefined, number | null>;

export interface OwnersTable {
  id: Generated<number>;
  rut: string;
  rut_body: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  /** Migration 0004: the code drivers sign in with (unique). */
  fleet_code: string;
  created_at: CreatedAt;
  /** Migration 0006: bumped to end every session of the owner. */
  token_version: Generated<number>;
}

export interface VehiclesTable {
  id: Generated<number>;
  owner_id: number;
  plate_number: string;
  model: string | null;
  color: string | null;
  year: number | null;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface DriversTable {
  id: Generated<number>;
  owner_id: number;
  rut: string;
  rut_body: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  license_number: string | null;
  /** 'YYYY-MM-DD' */
  license_expiry: string | null;
  current_vehicle_id: number | null;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  /** Bumped by a password reset, deactivation or delete: older driver tokens stop (migration 0003). */
  token_version: Generated<number>;
  /** Migration 0005: the phone's or tracker's OsmAnd identifier (server-generated, unique). */
  device_id: Generated<string>;
}

export interface ShiftsTable {
  id: Generated<number>;
  owner_id: number;
  driver_id: number;
  vehicle_id: number | null;
  start_time: Timestamp;
  end_time: Timestamp | null;
  latitude: number | null;
  longitude: number | null;
  last_location_time: Timestamp | null;
  /** Migration 0003: last_location_time capped at arrival + a few seconds (see ingest/flushPoints.ts). */
  position_time_cap: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0005: 'driver' (Iniciar turno, the driver API) or 'tracker' (started by its first point). */
  started_by: Generated<ShiftStarter>;
  /** Migration 0007: the server's clock when points last arrived (or the start): the idle rule reads it. */
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type ShiftStarter = 'driver' | 'tracker';

/**
 * Migration 0018: the shifts the demo seeder wrote (tools/seed/demoFleet.ts). `trail_pending`: its
 * placeholder trail still waits for the demo-history pass, the one job allowed to replace it.
 */
export interface SeededShiftsTable {
  shift_id: number;
  trail_pending: Generated<boolean>;
}

/** Partitioned by week of recorded_at (migration 0016, platform/db/weeklyPartitions.ts). */
export interface ShiftLocationsTable {
  shift_id: number;
  latitude: number;
  longitude: number;
  recorded_at: Timestamp;
  /** Optional readings of the phone (migration 0003): m/s, degrees, metres, percent. */
  speed: Reading;
  heading: Reading;
  accuracy: Reading;
  battery: Reading;
}

/** Migration 0014: an ended shift's points, packed an hour a row (positions/packed/trailCodec.ts). */
export interface TrailChunksTable {
  shift_id: number;
  first_at: Timestamp;
  last_at: Timestamp;
  points: number;
  data: Uint8Array;
}

/** Migration 0004: login throttle counters shared between processes (PostgreSQL only). */
export interface LoginLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

/** Migration 0006: the people at a fleet's desk besides its owner. */
export interface DeskUsersTable {
  id: Generated<number>;
  owner_id: number;
  rut: string;
  rut_body: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
  role: 'administrador' | 'operador';
  is_active: Generated<boolean>;
  token_version: Generated<number>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

/** Migration 0006: append-only record of who changed what. */
export interface ActivityLogTable {
  id: Generated<number>;
  owner_id: number;
  actor_role: string;
  actor_id: number;
  actor_name: string;
  entity: string;
  entity_id: number | null;
  entity_label: string;
  action: string;
  changes: ColumnType<Record<string, { before: unknown; after: unknown }>, string, never>;
  ip: string | null;
  created_at: CreatedAt;
}

/** Migration 0012: a fleet's customer, one per phone (+56 and 9 digits). */
export interface CustomersTable {
  id: Generated<number>;
  owner_id: number;
  phone: string;
  name: string | null;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0012: the fleet's saved places (terminal, hospital, malls). */
export interface DispatchPlacesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  latitude: number;
  longitude: number;
  /** Migration 0029: the street address shown beside the name, and other names for it, one per line. */
  address: ColumnType<string, string | undefined, string>;
  aliases: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

type Settable<T> = ColumnType<T, T | undefined, T>;

/** Migration 0012: a booking and its trip (contract/dispatch.ts). */
export interface BookingsTable {
  id: Generated<number>;
  owner_id: number;
  status: Settable<string>;
  customer_id: number | null;
  customer_phone: string;
  customer_name: string | null;
  pickup_latitude: number;
  pickup_longitude: number;
  pickup_label: Settable<string>;
  destination_latitude: number | null;
  destination_longitude: number | null;
  destination_label: string | null;
  passengers: Settable<number>;
  notes: string | null;
  /** Migration 0032: 'desk' (typed at the desk) or 'web' (the passenger's "Pedir un taxi" page). */
  origin: Settable<string>;
  scheduled_for: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  driver_id: number | null;
  vehicle_id: number | null;
  shift_id: number | null;
  offer_driver_id: number | null;
  offer_vehicle_id: number | null;
  offer_shift_id: number | null;
  offer_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  offer_distance_m: number | null;
  offer_eta_s: number | null;
  refusals: Settable<number>;
  needs_attention: Settable<boolean>;
  cancel_reason: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0025: the finished trip's fare in whole pesos (null: none recorded). */
  fare_pesos: Settable<number | null>;
  /** Migration 0025: true when Flota estimated the fare from the trail, false when the driver typed it. */
  fare_estimated: Settable<boolean | null>;
}

/** Migration 0025: a fleet's tariff (bajada de bandera + a step per 200 m or 60 s); no row is "off". */
export interface FareTariffsTable {
  owner_id: number;
  enabled: boolean;
  flag_down: number;
  step: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0012: every transition of a booking, its time and who made it. */
export interface BookingEventsTable {
  id: Generated<number>;
  booking_id: number;
  status: string;
  at: ColumnType<Date, Date | string | undefined, never>;
  actor_kind: string;
  actor_id: number | null;
  actor_name: string;
  driver_id: number | null;
  note: string | null;
}

/** Migration 0012: a shift's availability (no row: libre). */
export interface ShiftAvailabilityTable {
  shift_id: number;
  owner_id: number;
  availability: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0023: a booking's tracking link (modules/tracking). */
export interface TrackingLinksTable {
  booking_id: number;
  owner_id: number;
  token: string;
  created_at: CreatedAt;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Migration 0023: a fleet's tracking settings (no row: the defaults). */
export interface TrackingSettingsTable {
  owner_id: number;
  phone: string | null;
  position_after_boarding: ColumnType<boolean, boolean | undefined, boolean>;
  /** Migration 0032: the fleet's "Pedir un taxi" page answers (off by default). */
  requests_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Migration 0035: a web request is offered to the nearest free taxi at once (on by default). */
  requests_auto_offer: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Migration 0032: numbers the fleet's "Pedir un taxi" page refuses. */
export interface BlockedPhonesTable {
  id: Generated<number>;
  owner_id: number;
  phone: string;
  created_at: CreatedAt;
}

/** Migration 0022: a driver's terms from a date (append-only; the latest effective on a day applies). */
export interface AccountTermsTable {
  id: Generated<number>;
  owner_id: number;
  driver_id: number;
  kind: string;
  amount: number;
  /** 'YYYY-MM-DD', a day in the fleet's time zone. */
  effective_from: string;
  actor_name: string;
  created_at: CreatedAt;
}

/** Migration 0022: the drivers' ledger, append-only, signed integer pesos (+ owed, - paid). */
export interface AccountEntriesTable {
  id: Generated<number>;
  owner_id: number;
  driver_id: number;
  kind: string;
  amount: number;
  /** 'YYYY-MM-DD', the day in the fleet's time zone the entry belongs to. */
  entry_date: string;
  reason: string | null;
  reference: string | null;
  reverses_id: number | null;
  terms_id: number | null;
  period_key: string | null;
  idempotency_key: string;
  actor_role: string | null;
  actor_id: number | null;
  actor_name: string | null;
  created_at: CreatedAt;
}

/** Migration 0022: each driver's balance, kept by a trigger on account_entries. */
export interface AccountBalancesTable {
  owner_id: number;
  driver_id: number;
  balance: number;
}

/** Migration 0022: a fleet's account settings (no row: the defaults). */
export interface AccountSettingsTable {
  owner_id: number;
  charge_days_without_shift: Settable<boolean>;
  behind_days_alert: Settable<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0020 (issue 33): a fleet's zones; geometry is GeoJSON (a one-ring Polygon, or a circle's centre Point). */
export interface ZonesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  kind: string;
  color: string;
  geometry: ColumnType<unknown, string, string>;
  radius_m: number | null;
  speed_limit_kmh: number | null;
  dwell_minutes: number | null;
  active_from: string | null;
  active_to: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0020: which kinds (for which zones and taxis) go to the desk and to which e-mail addresses. */
export interface AlertRulesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  kinds: ColumnType<string[], string, string>;
  zone_ids: ColumnType<number[] | null, string | null, string | null>;
  vehicle_ids: ColumnType<number[] | null, string | null, string | null>;
  desk: boolean;
  email_to: ColumnType<string[], string, string>;
  created_at: CreatedAt;
}

export interface AlertRuleDefaultsTable {
  owner_id: number;
}

/** Migration 0020: every alert raised, unique per (owner, episode_key). */
export interface AlertsTable {
  id: Generated<number>;
  owner_id: number;
  kind: string;
  episode_key: string;
  occurred_at: Timestamp;
  title: string;
  detail: string | null;
  shift_id: number | null;
  driver_id: number | null;
  driver_name: string | null;
  driver_phone: string | null;
  vehicle_id: number | null;
  vehicle_plate: string | null;
  zone_id: number | null;
  zone_name: string | null;
  latitude: number | null;
  longitude: number | null;
  speed_kmh: number | null;
  desk: boolean;
  email_to: ColumnType<string[], string, string>;
  acknowledged_at: Timestamp | null;
  acknowledged_by: string | null;
  acknowledged_note: string | null;
  /** Migration 0033: an SOS's presses within its episode (1 for every other alert). */
  presses: Generated<number>;
  /** Migration 0034: when the position was taken (an SOS's last known fix, or the fix that followed it); null: at occurred_at. */
  position_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** Migration 0033: each SOS press, once per phone's client_id, with the alert it raised or joined. */
/** A zone whose alerts reach neither the desk nor the rules' e-mail until `muted_until` (issue 46). */
export interface AlertZoneMutesTable {
  zone_id: number;
  owner_id: number;
  muted_until: Date;
  muted_by: string;
}

export interface SosPressesTable {
  driver_id: number;
  client_id: string;
  owner_id: number;
  alert_id: number;
  pressed_at: Timestamp;
  created_at: CreatedAt;
}

/** Migration 0027: a taxi's odometer as the owner read it (Mantención). */
export interface VehicleOdometersTable {
  vehicle_id: number;
  owner_id: number;
  reading_km: number;
  read_on: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0027: a maintenance plan, by kilometres and/or months from its last service. */
export interface MaintenancePlansTable {
  id: Generated<number>;
  owner_id: number;
  vehicle_id: number;
  kind: string;
  every_km: number | null;
  every_months: number | null;
  last_done_on: string;
  last_done_km: number | null;
  created_at: CreatedAt;
}

/** Migration 0027: a service done, its cost in integer pesos. */
export interface MaintenanceRecordsTable {
  id: Generated<number>;
  owner_id: number;
  vehicle_id: number;
  done_on: string;
  odometer_km: number;
  kind: string;
  workshop: string | null;
  cost_pesos: number;
  notes: string | null;
  created_at: CreatedAt;
}

/** Migration 0020: the events engine's state of one taxi on shift (alerts/engine/taxiState.ts). */
export interface AlertTaxiStatesTable {
  shift_id: number;
  owner_id: number;
  state: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  tracking_links: TrackingLinksTable;
  tracking_settings: TrackingSettingsTable;
  blocked_phones: BlockedPhonesTable;
  account_terms: AccountTermsTable;
  account_entries: AccountEntriesTable;
  account_settings: AccountSettingsTable;
  account_balances: AccountBalancesTable;
  zones: ZonesTable;
  alert_rules: AlertRulesTable;
  alert_rule_defaults: AlertRuleDefaultsTable;
  alerts: AlertsTable;
  sos_presses: SosPressesTable;
  alert_zone_mutes: AlertZoneMutesTable;
  alert_taxi_states: AlertTaxiStatesTable;
  vehicle_odometers: VehicleOdometersTable;
  maintenance_plans: MaintenancePlansTable;
  maintenance_records: MaintenanceRecordsTable;
  customers: CustomersTable;
  dispatch_places: DispatchPlacesTable;
  bookings: BookingsTable;
  fare_tariffs: FareTariffsTable;
  booking_events: BookingEventsTable;
  shift_availability: ShiftAvailabilityTable;
  desk_users: DeskUsersTable;
  activity_log: ActivityLogTable;
  owners: OwnersTable;
  vehicles: VehiclesTable;
  drivers: DriversTable;
  shifts: ShiftsTable;
  seeded_shifts: SeededShiftsTable;
  shift_locations: ShiftLocationsTable;
  trail_chunks: TrailChunksTable;
  login_limits: LoginLimitsTable;
  webhook_endpoints: WebhookEndpointsTable;
  notification_outbox: NotificationOutboxTable;
  documents: DocumentsTable;
  document_files: DocumentFilesTable;
  document_settings: DocumentSettingsTable;
}

/** Migration 0021 (notifications): a fleet's webhook endpoints. `events`: the subscribed types. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  owner_id: number;
  url: string;
  description: string | null;
  events: ColumnType<string[], string, string>;
  secret: string;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0021: every webhook delivery and e-mail, delivered at least once by the outbox pass. */
export interface NotificationOutboxTable {
  id: Generated<number>;
  owner_id: number;
  channel: 'webhook' | 'email';
  endpoint_id: number | null;
  recipient: string | null;
  event_id: string;
  event_type: string;
  body: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

/** Migration 0026 (documents): one document of a vehicle or of a driver; a renewal is a new row. Dates 'YYYY-MM-DD'. */
export interface DocumentsTable {
  id: Generated<number>;
  owner_id: number;
  vehicle_id: number | null;
  driver_id: number | null;
  kind: string;
  custom_label: string | null;
  licence_class: string | null;
  number: string | null;
  issued_on: string | null;
  expires_on: string;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0026: a document's scanned file, in the database on both engines. */
export interface DocumentFilesTable {
  document_id: number;
  owner_id: number;
  content_type: string;
  size_bytes: number;
  file_name: string | null;
  data: Uint8Array;
  uploaded_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0026: a fleet's settings for documents (no row: the defaults). */
export interface DocumentSettingsTable {
  owner_id: number;
  dispatch_mode: string;
  window_days: number;
  max_vehicle_age_years: number | null;
  reminder_days: ColumnType<number[], string, string>;
  reminder_hour: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
