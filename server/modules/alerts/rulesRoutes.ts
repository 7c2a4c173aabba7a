/** Reglas (Dueño and Administrador): which kinds, zones and taxis reach the desk and which e-mail addresses. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { RuleMessages, type AlertRuleInput } from '../../../contract/alerts';
import type { OkResponse } from '../../../contract/common';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { vehicleRows } from '../vehicles';
import { routeSpecs } from './routeSpecs';
import { deleteRule, findRule, insertRule, listRules, updateRule } from './rulesRepo';

/** The rule's zones and taxis must be the fleet's own. */
async function checkOwnIds(db: Kysely<Database>, owner: number, rule: AlertRuleInput): Promise<void> {
  const check = async (ids: number[] | null, own: (unique: number[]) => Promise<unknown[]>, field: 'zone_ids' | 'vehicle_ids', message: string) => {
    if (!ids?.length) return;
    const unique = [...new Set(ids)];
    if ((await own(unique)).length !== unique.length) throw new HttpError(400, message, { [field]: message });
  };
  await check(rule.zone_ids, (unique) => db.selectFrom('zones').select('id').where('owner_id', '=', owner).where('id', 'in', unique).execute(), 'zone_ids', RuleMessages.zone);
  // Taxis are the vehicles module's: read through its view (live ones only).
  await check(
    rule.vehicle_ids,
    (unique) => db.selectFrom(vehicleRows(db).as('v')).select('id').where('owner_id', '=', owner).where('id', 'in', unique).where('deleted_at', 'is', null).execute(),
    'vehicle_ids',
    RuleMessages.vehicle,
  );
}

export const rulesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; changed: (ownerId: number) => void }> = async (app, { db, changed }) => {
  app.get('/alert-rules', routeSpecs.listRules, async (request) => ({ rules: await listRules(db, ownerId(request)) }));

  app.post('/alert-rules', routeSpecs.createRule, async (request, reply) => {
    const body = request.body;
    const owner = ownerId(request);
    await checkOwnIds(db, owner, body);
    const rule = await insertRule(db, owner, body);
    await recordActivity(db, request, { entity: 'alert_rule', entityId: rule.id, label: rule.name, action: 'created', before: null, after: rule });
    changed(owner);
    reply.code(201);
    return { rule };
  });

  app.put('/alert-rules/:id', routeSpecs.updateRule, async (request) => {
    const id = idParam(request.params, RuleMessages.notFound);
    const owner = ownerId(request);
    const before = await findRule(db, owner, id);
    if (!before) throw new HttpError(404, RuleMessages.notFound);
    const body = request.body;
    await checkOwnIds(db, owner, body);
    const rule = await updateRule(db, owner, id, body);
    if (!rule) throw new HttpError(404, RuleMessages.notFound);
    await recordActivity(db, request, { entity: 'alert_rule', entityId: id, label: rule.name, action: 'updated', before, after: rule });
    changed(owner);
    return { rule };
  });

  app.delete('/alert-rules/:id', routeSpecs.deleteRule, async (request): Promise<OkResponse> => {
    const id = idParam(request.params, RuleMessages.notFound);
    const owner = ownerId(request);
    const before = await findRule(db, owner, id);
    if (!before || !(await deleteRule(db, owner, id))) throw new HttpError(404, RuleMessages.notFound);
    await recordActivity(db, request, { entity: 'alert_rule', entityId: id, label: before.name, action: 'deleted', before, after: null });
    changed(owner);
    return { ok: true };
  });
};
