/**
 * OsmAnd's submitPoints over the one ingest pipeline (server/ingest/). Trackers resend what is
 * refused, forever: so points that a wrong clock puts too far in the future are dropped here and
 * counted as ignored, instead of refusing the whole request as the driver API does.
 */
import { FUTURE_TOLERANCE_MS, type Ingest } from '../ingest/ingest';
import type { SubmitPoints } from './ingestPoint';

export function submitToIngest(ingest: Pick<Ingest, 'submit'>): SubmitPoints {
  return async (driver, points) => {
    const latest = Date.now() + FUTURE_TOLERANCE_MS;
    const usable = points.filter((point) => Date.parse(point.timestamp) <= latest);
    if (!usable.length) return { accepted: 0, ignored: points.length };
    const result = await ingest.submit(driver, usable);
    return { accepted: result.accepted, ignored: result.ignored + points.length - usable.length };
  };
}
