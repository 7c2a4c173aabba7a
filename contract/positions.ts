/** A position on the wire: a point of a shift's trail and, with its shift id, a live update. */
import { z } from 'zod';
import './zodConfig';
import { isoTime } from './fields';

/** A phone's optional readings with a point: m/s, degrees from north, metres, percent. */
export const pointReadingsSchema = z.object({
  speed: z.number().nullish(),
  heading: z.number().nullish(),
  accuracy: z.number().nullish(),
  battery: z.number().nullish(),
});
export type PointReadings = z.infer<typeof pointReadingsSchema>;
/** What a phone or tracker may add to a point (the OsmAnd adapter's name for the readings). */
export const pointExtrasSchema = pointReadingsSchema;
export type PointExtras = PointReadings;

export const locationPointSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    timestamp: isoTime,
  })
  .extend(pointReadingsSchema.shape);
export type LocationPoint = z.infer<typeof locationPointSchema>;

/** Server → owner: one taxi moved (readings only when the phone sent them). */
export const locationUpdateSchema = locationPointSchema.extend({ shift_id: z.number().int() });
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;
