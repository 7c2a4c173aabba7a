/** Every failure as `{error: "<texto>"}`: shared by the main server and the OSMAND_PORT listener. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, Messages } from './errors';

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
  request.log.error(error);
  return reply.code(500).send({ error: Messages.internal });
}
