/** Every migration, by name, in order. Static imports: no filesystem globbing (works bundled and under tsx). */
import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_shift_vehicle_active';
import * as m0003 from './0003_ingest_points';
import * as m0004 from './0004_fleet_code_login_limits';
import * as m0005 from './0005_device_ids';
import * as m0006 from './0006_desk_users_activity';
import * as m0007 from './0007_shift_last_seen';
import * as m0008 from './0008_shift_hot_updates';
import * as m0009 from './0009_history_paging';
import * as m0011 from './0011_shift_summaries';
import * as m0012 from './0012_dispatch';
import * as m0014 from './0014_trail_chunks';
import * as m0015 from './0015_activity_retention';
import * as m0016 from './0016_partitioned_points';
import * as m0017 from './0017_long_shifts_index';
import * as m0018 from './0018_seeded_shifts';
import * as m0020 from './0020_alerts';
import * as m0021 from './0021_notifications';
import * as m0022 from './0022_accounts';
import * as m0023 from './0023_tracking';
import * as m0025 from './0025_fares';
import * as m0026 from './0026_documents';
import * as m0027 from './0027_maintenance';
import * as m0029 from './0029_places_and_requests';
import * as m0031 from './0031_settlement_reads';
import * as m0032 from './0032_taxi_requests';
import * as m0033 from './0033_sos_presses';
import * as m0034 from './0034_sos_position_age';
import * as m0035 from './0035_requests_auto_offer';
import * as m0036 from './0036_zone_mutes';

export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_shift_vehicle_active': m0002,
  '0003_ingest_points': m0003,
  '0004_fleet_code_login_limits': m0004,
  '0005_device_ids': m0005,
  '0006_desk_users_activity': m0006,
  '0007_shift_last_seen': m0007,
  '0008_shift_hot_updates': m0008,
  '0009_history_paging': m0009,
  '0011_shift_summaries': m0011,
  '0012_dispatch': m0012,
  '0014_trail_chunks': m0014,
  '0015_activity_retention': m0015,
  '0016_partitioned_points': m0016,
  '0017_long_shifts_index': m0017,
  '0018_seeded_shifts': m0018,
  '0020_alerts': m0020,
  '0021_notifications': m0021,
  '0022_accounts': m0022,
  '0023_tracking': m0023,
  '0025_fares': m0025,
  '0026_documents': m0026,
  '0027_maintenance': m0027,
  '0029_places_and_requests': m0029,
  '0031_settlement_reads': m0031,
  '0032_taxi_requests': m0032,
  '0033_sos_presses': m0033,
  '0034_sos_position_age': m0034,
  '0035_requests_auto_offer': m0035,
  '0036_zone_mutes': m0036,
};
