/** Every failure as `{error: "<texto>"}`: shared by the main server and the OSMAND_PORT listener. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from './db/dbErrors';
import { HttpError, Messages } from './errors';

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Texts for errors Fastify raises itself (bad JSON, too large...). */
function clientErrorText(statusCode: number): string {
  if (statusCode === 404) return Messages.notFound;
  if (statusCode === 413) return Messages.tooLarge;
  if (statusCode === 415) return Messages.notJson;
  return Messages.badRequest;
}

export function flotaErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.statusCode).send(error.fields ? { error: error.message, fields: error.fields } : { error: error.message });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code }, error.message);
    return reply.code(status).send({ error: clientErrorText(status) });
  }
  if (isDatabaseUnavailable(error)) {
    // 503, not 500: the same request may succeed once the database is back (Retry-After says when to try).
    request.log.warn({ code: (error as { code?: string }).code }, `database unavailable: ${error.message}`);
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ error: Messages.databaseUnavailable });
  }
  request.log.error(error);
  return reply.code(500).send({ error: Messages.internal });
}
