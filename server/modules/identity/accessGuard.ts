/**
 * Enforces accessRules.ts: refuses to build a server with an /api route the table does not name,
 * and before every /api handler authenticates desk callers (401) and checks their role (403).
 * Public routes pass; driver routes authenticate drivers themselves.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../platform/errors';
import { ACCESS_DENIED, isApiUrl, routeRule } from './accessRules';

export function registerAccessGuard(app: FastifyInstance, authenticate: preHandlerAsyncHookHandler): void {
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    for (const method of [route.method].flat()) {
      if (!routeRule(method, route.url)) throw new Error(`La ruta ${method} ${route.url} no figura en server/auth/accessRules.ts`);
    }
  });

  app.addHook('preHandler', async function accessGuard(request, reply) {
    const url = request.routeOptions.url;
    if (!url || !isApiUrl(url)) return;
    const rule = routeRule(request.method, url);
    if (!rule) throw new HttpError(403, ACCESS_DENIED);
    if (rule.includes('public') || rule.includes('driver')) return;
    await authenticate.call(this, request, reply);
    if (!request.user || !rule.includes(request.user.role)) throw new HttpError(403, ACCESS_DENIED);
  });
}
