/**
 * Logs for people and for machines: readable lines (pino-pretty) on a terminal, one JSON object a
 * line otherwise or with LOG_FORMAT=json. Fastify's two lines per request are replaced by one line
 * per request, at `info` only for API requests that change data; static files, health checks,
 * reads, the drivers' position reports and the built-in simulator's requests are `debug`
 * (LOG_LEVEL=debug shows them).
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { API_BASE_PATH } from '../../contract/api';
import type { Config } from './config';

/** Writes that are routine traffic, not a person's action: a phone reports positions every few seconds. */
export const ROUTINE_WRITE_ROUTES = new Set([`${API_BASE_PATH}/driver/locations`]);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The built-in simulator's User-Agent: its phones' logins and shifts are demo traffic, not a person's action. */
export const SIMULATOR_USER_AGENT = 'flota-simulador';

export type RequestLogLevel = 'info' | 'debug';

/** The level of a request's one log line, from its method and the route it matched (its URL pattern). */
export function requestLogLevel(method: string, routeUrl: string | undefined, userAgent?: string): RequestLogLevel {
  if (!routeUrl || !routeUrl.startsWith(`${API_BASE_PATH}/`) || userAgent === SIMULATOR_USER_AGENT) return 'debug';
  if (!WRITE_METHODS.has(method) || ROUTINE_WRITE_ROUTES.has(routeUrl)) return 'debug';
  return 'info';
}

/** Pino options for the server process: pretty on a terminal unless LOG_FORMAT says otherwise. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>, isTerminal: boolean): FastifyServerOptions['logger'] {
  const pretty = config.logFormat ? config.logFormat === 'pretty' : isTerminal;
  if (!pretty) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}

/** OsmAnd's device id (`?id=` or `?deviceid=`) is the tracker's only credential: no log line carries it. */
const DEVICE_ID_PARAM = /([?&](?:id|deviceid)=)[^&#]*/gi;
export const loggedUrl = (url: string): string => url.replace(DEVICE_ID_PARAM, '$1…');

/** Fastify's log controller with one line per request when it ends: `POST /api/drivers 201 12 ms`. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const level = requestLogLevel(request.method, request.routeOptions.url, request.headers['user-agent']);
    const ms = Math.round(reply.elapsedTime);
    request.log[level](
      { method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime: ms, ip: request.ip },
      `${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${ms} ms`,
    );
  }
}
