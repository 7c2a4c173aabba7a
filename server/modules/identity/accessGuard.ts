/**
 * Enforces the routes' declared access rules (accessRules.ts): refuses to build a server with an
 * /api route that declares no `config.access`, and before every /api route's input is validated
 * (a preValidation hook) authenticates desk callers (401) and checks their role (403): a caller
 * without a session, or of another role, learns nothing about what their body would have said.
 * Public routes pass; driver routes authenticate drivers themselves (also in preValidation).
 * Returns the table it builds (the tests read it).
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../platform/errors';
import { ACCESS_DENIED, AccessTable, isApiUrl } from './accessRules';

export function registerAccessGuard(app: FastifyInstance, authenticate: preHandlerAsyncHookHandler): AccessTable {
  const table = new AccessTable();
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    for (const method of [route.method].flat()) {
      if (!table.declare(method, route.url, route.config?.access)) {
        throw new Error(`La ruta ${method} ${route.url} no declara quién puede usarla (config.access en el routeSpecs.ts de su módulo)`);
      }
    }
  });

  app.addHook('preValidation', async function accessGuard(request, reply) {
    const url = request.routeOptions.url;
    if (!url || !isApiUrl(url)) return;
    const rule = table.rule(request.method, url);
    if (!rule) throw new HttpError(403, ACCESS_DENIED);
    if (rule.includes('public') || rule.includes('driver')) return;
    await authenticate.call(this, request, reply);
    if (!request.user || !rule.includes(request.user.role)) throw new HttpError(403, ACCESS_DENIED);
  });
  return table;
}
