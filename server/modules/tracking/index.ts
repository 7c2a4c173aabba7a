/** The tracking module's door (issue 36): the passenger's link and page, by token. */
export { trackingModule } from './module';
export { TRACKING_DEFAULTS, trackingSettings, type TrackingConfig } from './settings';
