/** The point every position source hands to the ingest pipeline, and the one function a protocol route calls. */
import type { IngestPoint } from '../ingest/ingest';

export type { IngestPoint };
export type SubmitPoints = (driver: { id: number; ownerId: number }, points: IngestPoint[]) => Promise<{ accepted: number; ignored: number }>;
