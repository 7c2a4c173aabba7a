/**
 * The desk's list of numbers the "Pedir un taxi" page refuses (any desk role: whoever answers the
 * prank calls blocks them). Another fleet's entry is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { OkResponse } from '../../../contract/common';
import { type BlockedPhoneResponse, type BlockedPhonesResponse } from '../../../contract/taxiRequests';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { blockPhone, listBlocked, unblockPhone } from './requestsRepo';
import { routeSpecs } from './routeSpecs';

const NOT_FOUND = 'Ese número no está bloqueado';

export const blockedPhonesRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/tracking/blocked-phones', routeSpecs.listBlocked, async (request): Promise<BlockedPhonesResponse> => ({ phones: await listBlocked(db, ownerId(request)) }));

  app.post('/tracking/blocked-phones', routeSpecs.blockPhone, async (request, reply): Promise<BlockedPhoneResponse> => {
    const { phone } = request.body;
    reply.code(201);
    return { phone: await blockPhone(db, ownerId(request), phone) };
  });

  app.delete('/tracking/blocked-phones/:id', routeSpecs.unblockPhone, async (request): Promise<OkResponse> => {
    const id = idParam(request.params, NOT_FOUND);
    if (!(await unblockPhone(db, ownerId(request), id))) throw new HttpError(404, NOT_FOUND);
    return { ok: true };
  });
};
