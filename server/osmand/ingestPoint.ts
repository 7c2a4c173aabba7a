/**
 * The point every position source hands to the ingest pipeline (BRIEF contract 2). Defined here
 * until the ingest stream's `server/ingest/` lands; at merge this becomes a re-export of theirs.
 */
export interface IngestPoint {
  latitude: number;
  longitude: number;
  /** ISO 8601 UTC. */
  timestamp: string;
  /** m/s */
  speed?: number | null;
  /** degrees, 0-360 */
  heading?: number | null;
  /** metres */
  accuracy?: number | null;
  /** 0-100 */
  battery?: number | null;
}

/** The one function a protocol route calls: the ingest pipeline (today's code path until the merge). */
export type SubmitPoints = (driver: { id: number; ownerId: number }, points: IngestPoint[]) => Promise<{ accepted: number; ignored: number }>;
