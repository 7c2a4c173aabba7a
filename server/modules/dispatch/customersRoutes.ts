/** Customers (search, by phone, delete: Dueño only). Another fleet's: 404. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { normalizeChileanPhone, type CustomerResponse, type CustomersResponse } from '../../../contract/dispatch';
import type { OkResponse } from '../../../contract/common';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { idParam } from '../../platform/params';
import { customerByPhone, customerHasOpenBooking, deleteCustomer, searchCustomers } from './customersRepo';
import { routeSpecs } from './routeSpecs';

export const CustomerMessages = {
  notFound: 'Cliente no encontrado',
  badPhone: 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678',
  openBooking: 'El cliente tiene una reserva abierta: ciérrala antes de eliminarlo',
} as const;

export const customersRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get<{ Querystring: { query?: string } }>('/customers', routeSpecs.searchCustomers, async (request): Promise<CustomersResponse> => {
    const query = typeof request.query?.query === 'string' ? request.query.query.slice(0, 100) : '';
    return { customers: await searchCustomers(db, ownerId(request), query) };
  });

  // Fastify has decoded :phone already: a second decode threw on a lone '%' (a 500).
  app.get<{ Params: { phone: string } }>('/customers/by-phone/:phone', routeSpecs.customerByPhone, async (request): Promise<CustomerResponse> => {
    const phone = normalizeChileanPhone(request.params.phone.slice(0, 40));
    if (!phone) throw new HttpError(400, CustomerMessages.badPhone);
    const customer = await customerByPhone(db, ownerId(request), phone);
    if (!customer) throw new HttpError(404, CustomerMessages.notFound);
    return { customer };
  });

  app.delete('/customers/:id', routeSpecs.deleteCustomer, async (request): Promise<OkResponse> => {
    const id = idParam(request.params, CustomerMessages.notFound);
    await db.transaction().execute(async (trx) => {
      const owner = ownerId(request);
      const exists = await trx.selectFrom('customers').select('id').where('id', '=', id).where('owner_id', '=', owner).forUpdate().executeTakeFirst();
      if (!exists) throw new HttpError(404, CustomerMessages.notFound);
      if (await customerHasOpenBooking(trx, id)) throw new HttpError(409, CustomerMessages.openBooking);
      const deleted = await deleteCustomer(trx, owner, id);
      if (!deleted) throw new HttpError(404, CustomerMessages.notFound);
      // The log names the customer by id only: the point of deleting is that the phone goes.
      await recordActivity(trx, request, { entity: 'customer', entityId: id, label: `#${id}`, action: 'deleted', before: null, after: null });
    });
    return { ok: true };
  });
};
