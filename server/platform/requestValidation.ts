/**
 * Fastify's validator compiler for every route: a route's `body` and `querystring` zod schemas (its
 * routeSpecs.ts, from contract/) are checked before the handler runs, and the handler reads the
 * parsed value from `request.body` / `request.query`, typed by the zod type provider.
 *
 * A failure is parseBody's Spanish `{error, fields}` 400 (platform/errors.ts), the one formatter of
 * zod errors: the body clients read is the same whichever route refused the input. Path parameters
 * and headers are described, not checked: an `:id` that names no row answers its resource's 404
 * (params.ts's idParam), never a 400.
 *
 * Validation runs after the access guard (a preValidation hook): a caller without a session gets
 * 401, and another fleet's caller 403, before anything about their input is judged.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { HttpError, parseBody } from './errors';
import { withoutBlanks } from './params';

/** Query schemas whose blank parameters mean "not given" (`?start_date=`: no filter). */
const blankMeansAbsent = new WeakSet<z.ZodType>();

/**
 * Marks a query schema so its blank parameters are dropped before it is checked, as the filters of
 * the desk's lists want; `querystring: blanksAsAbsent(historyQuerySchema)` in a routeSpecs.ts.
 */
export function blanksAsAbsent<S extends z.ZodType>(schema: S): S {
  blankMeansAbsent.add(schema);
  return schema;
}

/** Schemas that describe a route's input in the document but do not check it (the handler reads it its own way). */
const describedOnly = new WeakSet<z.ZodType>();

/** For the OpenAPI document only: the route's handler still reads this input itself (say why where used). */
export function describesOnly<S extends z.ZodType>(schema: S): S {
  describedOnly.add(schema);
  return schema;
}

type Check = (data: unknown) => { value: unknown } | { error: Error };

function checkWith(schema: z.ZodType, prepare: (data: unknown) => unknown): Check {
  return (data) => {
    try {
      return { value: parseBody(schema, prepare(data)) };
    } catch (error) {
      if (error instanceof HttpError) return { error };
      throw error;
    }
  };
}

const passThrough: Check = (data) => ({ value: data });

export const zodRequestValidator: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!(schema instanceof z.ZodType) || describedOnly.has(schema)) return passThrough;
  if (httpPart === 'body') return checkWith(schema, (data) => data);
  if (httpPart === 'querystring') return checkWith(schema, blankMeansAbsent.has(schema) ? withoutBlanks : (data) => data);
  return passThrough;
};
