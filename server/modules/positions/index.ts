/** The positions module's door: what other modules and the app may use. */
export { createIngest, type Ingest } from './ingest/ingest';
export { startIdleShiftSweep } from './osmand/idleShiftSweep';
export { createPositionService, type PositionService, type PositionServiceOptions, type SubmitOutcome } from './positionService';
export type { PositionAccepted } from './events';
export { readTrail, type TrailPoint } from './readTrail';
export { trailFingerprint, trailVersion, type TrailFingerprint } from './trailVersion';
export { readPointAt } from './readPointAt';
export { positionsAt, type ShiftPositionAt } from './positionsAt';
export { readPackedPointAt } from './packed/readPackedPointAt';
export { packShift } from './packed/packShift';
export type { PackPassOptions } from './packed/trailPackPass';
export { DEFAULT_DETECTION, detectionOptions, type DetectionOptions } from './detectionOptions';
export { distanceMeters, impliedSpeedKmh, toKmh, type LatLng } from './geo';
