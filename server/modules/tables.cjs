/**
 * Which module owns each table, written once beside the module order (docs/architecture.md, "Each
 * module owns its tables"). A module's SQL names only its own tables; what it needs of another's comes
 * through that module's door (a read function, a small view type). `npm run arch` prints every read
 * of another module's table, and server/architecture.test.ts fails on one not listed in `knownReads`
 * below: the list only shrinks.
 *
 * `platform` tables belong to the platform (the edge's login limits); a module never names them.
 */
const tableOwners = {
  platform: ['login_limits'],
  identity: ['owners', 'desk_users'],
  desk: ['activity_log'],
  shifts: ['shifts', 'seeded_shifts'],
  drivers: ['drivers'],
  vehicles: ['vehicles'],
  documents: ['documents', 'document_files', 'document_settings'],
  positions: ['shift_locations', 'trail_chunks'],
  reports: [],
  dispatch: ['bookings', 'booking_events', 'shift_availability', 'customers', 'dispatch_places', 'fare_tariffs'],
  tracking: ['tracking_links', 'tracking_settings', 'blocked_phones'],
  alerts: ['zones', 'alert_rules', 'alert_rule_defaults', 'alerts', 'alert_taxi_states', 'sos_presses', 'alert_zone_mutes'],
  maintenance: ['vehicle_odometers', 'maintenance_plans', 'maintenance_records'],
  notifications: ['webhook_endpoints', 'notification_outbox'],
  accounts: ['account_terms', 'account_entries', 'account_settings', 'account_balances'],
};

/**
 * Reads of another module's table still in the code, `module:file:table`, each to be moved behind
 * its owner's door (issue 44, item 1). A new read fails the architecture test; a read removed must
 * leave this list too (the test fails on a stale line), so the count only goes down.
 */
const knownReads = [
  'identity:driverAccountsRepo.ts:drivers',
  'identity:driverAccountsRepo.ts:shifts',
  'identity:driverAccountsRepo.ts:vehicles',
  'shifts:driverShiftsRepo.ts:vehicles',
  'shifts:shiftsRepo.ts:drivers',
  'shifts:shiftsRepo.ts:vehicles',
  'vehicles:vehiclesRepo.ts:drivers',
];

/**
 * Reads of another module's table kept on purpose, `module:file:table` → why (issue 44 allows at most
 * three, each with its reason). The architecture test holds them to this list like knownReads.
 */
const keptReads = {
  'positions:flushPoints.ts:shifts':
    "the ingest's hot path: one prepared statement stores a flush's points and moves their shifts (last position, time cap, last heard) in one round trip; a call through shifts' door would add a round trip per flush",
};

module.exports = { tableOwners, knownReads, keptReads };
