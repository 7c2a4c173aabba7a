/** The point every position source hands to the position service. */
export type { IngestPoint } from '../ingest/ingest';
