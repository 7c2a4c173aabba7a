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
  'alerts:eventsEngine.ts:bookings',
  // Issue 43's sin-señal sweep (merged from main): a page of open shifts with their driver and taxi in one join.
  'alerts:signalRepo.ts:drivers',
  'alerts:signalRepo.ts:shifts',
  'alerts:signalRepo.ts:vehicles',
  'alerts:taxiInfo.ts:drivers',
  'alerts:taxiInfo.ts:shifts',
  'alerts:taxiInfo.ts:vehicles',
  'dispatch:availabilityRepo.ts:shifts',
  'dispatch:bookingsRepo.ts:drivers',
  'dispatch:bookingsRepo.ts:vehicles',
  'dispatch:taxiStates.ts:drivers',
  'dispatch:taxiStates.ts:shifts',
  'dispatch:taxiStates.ts:vehicles',
  'dispatch:tripsRepo.ts:drivers',
  'documents:documentsRepo.ts:drivers',
  'documents:driverDocumentsRoutes.ts:shifts',
  'documents:expiries.ts:drivers',
  'documents:expiries.ts:vehicles',
  'documents:retirement.ts:vehicles',
  'drivers:driversRepo.ts:vehicles',
  'identity:driverAccountsRepo.ts:drivers',
  'identity:driverAccountsRepo.ts:shifts',
  'identity:driverAccountsRepo.ts:vehicles',
  'maintenance:maintenanceRepo.ts:vehicles',
  'positions:flushPoints.ts:shifts',
  'positions:packShift.ts:shifts',
  'positions:retention.ts:shifts',
  'positions:positionsAt.ts:drivers',
  'positions:positionsAt.ts:shifts',
  'positions:positionsAt.ts:vehicles',
  'positions:shiftLocationsRepo.ts:shifts',
  'reports:offersRepo.ts:booking_events',
  'reports:offersRepo.ts:bookings',
  'reports:offersRepo.ts:drivers',
  'reports:replayRoutes.ts:drivers',
  'reports:replayRoutes.ts:shifts',
  'reports:replayRoutes.ts:vehicles',
  'reports:reportsRepo.ts:bookings',
  'reports:reportsRepo.ts:drivers',
  'reports:reportsRepo.ts:vehicles',
  'reports:summaryRepo.ts:shifts',
  'reports:vehicleDistance.ts:shifts',
  'shifts:driverShiftsRepo.ts:vehicles',
  'shifts:shiftsRepo.ts:drivers',
  'shifts:shiftsRepo.ts:vehicles',
  'tracking:deskRoutes.ts:bookings',
  'tracking:linksRepo.ts:bookings',
  'tracking:trackingView.ts:bookings',
  'tracking:trackingView.ts:drivers',
  'tracking:trackingView.ts:shifts',
  'tracking:trackingView.ts:vehicles',
  'vehicles:vehiclesRepo.ts:drivers',
];

module.exports = { tableOwners, knownReads };
