/**
 * JSON bodies with a bounded shape, checked before anything walks them: one pass over the raw text,
 * no recursion, counting nesting and each array's items outside strings. A body 5,000 levels deep
 * (or an array of 100,000 items) gets a Spanish 400 at the cost of reading it once, instead of
 * reaching code that recurses over the parsed value. Then Fastify's own parser (which refuses
 * `__proto__` keys) parses it.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, Messages } from '../errors';

/** Far above any body the API takes (a driver or vehicle is 1 level, a location batch 3). */
export const MAX_JSON_DEPTH = 64;
/** Far above the largest list the API takes (a batch of 500 points). */
export const MAX_JSON_ARRAY_ITEMS = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

export type JsonShapeProblem = 'depth' | 'items' | null;

/**
 * What is wrong with the shape of a JSON text, or null. Not a validator: malformed JSON is left
 * to the parser. Strings are skipped, so brackets and commas inside them do not count.
 */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxItems = MAX_JSON_ARRAY_ITEMS): JsonShapeProblem {
  // Commas seen in each open array (-1 for an object): bounded by maxDepth.
  const commas: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (commas.length >= maxDepth) return 'depth';
      commas.push(c === OPEN_ARRAY ? 0 : -1);
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) commas.pop();
    else if (c === COMMA && commas.length && commas[commas.length - 1] >= 0) {
      commas[commas.length - 1] += 1;
      if (commas[commas.length - 1] >= maxItems) return 'items';
    }
  }
  return null;
}

/** Replaces Fastify's JSON parser with one that checks the shape first (same limits, same parser). */
export function registerBoundedJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonShapeProblem(body as string);
    if (problem) {
      done(new HttpError(400, problem === 'depth' ? Messages.jsonTooDeep : Messages.jsonTooManyItems), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
