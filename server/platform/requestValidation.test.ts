/**
 * The validator compiler on a bare Fastify with the app's error handler: what a client reads when a
 * route's body or query schema refuses its input, and what the handler receives when it does not.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import '../../contract/zodConfig';
import { flotaErrorHandler } from './errorHandler';
import { Messages } from './errors';
import { blanksAsAbsent, describesOnly, zodRequestValidator } from './requestValidation';

const body = z.object({ name: z.string().trim().min(1, 'Ingresa el nombre'), seats: z.coerce.number().int().min(1, 'Al menos un asiento').optional() });
const filter = z.object({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida').optional() });

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setErrorHandler(flotaErrorHandler);
  app.setValidatorCompiler(zodRequestValidator);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/things', { schema: { body } }, async (request) => ({ got: request.body }));
  typed.get('/strict', { schema: { querystring: filter } }, async (request) => ({ got: request.query }));
  typed.get('/lenient', { schema: { querystring: blanksAsAbsent(filter.extend({})) } }, async (request) => ({ got: request.query }));
  typed.get('/described', { schema: { querystring: describesOnly(z.object({ n: z.number() })) } }, async (request) => ({ got: request.query }));
  typed.get('/things/:id', { schema: { params: z.object({ id: z.string().regex(/^\d+$/) }) } }, async (request) => ({ got: request.params }));
  await app.ready();
});
afterAll(() => app.close());

const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const answer = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }) });
  return { status: answer.statusCode, body: answer.json() };
};

it('hands the handler the parsed body (trimmed, coerced)', async () => {
  expect(await call('POST', '/things', { name: '  Ana ', seats: '4' })).toEqual({ status: 200, body: { got: { name: 'Ana', seats: 4 } } });
});

it('refuses a bad body with the Spanish {error, fields} 400, first field first', async () => {
  expect(await call('POST', '/things', { name: ' ', seats: 0 })).toEqual({
    status: 400,
    body: { error: 'Ingresa el nombre', fields: { name: 'Ingresa el nombre', seats: 'Al menos un asiento' } },
  });
});

it("says a missing field's blank text, as the form shows it", async () => {
  expect(await call('POST', '/things', {})).toEqual({ status: 400, body: { error: 'Ingresa el nombre', fields: { name: 'Ingresa el nombre' } } });
});

it('refuses a body that is not an object, and a NUL character, in Spanish', async () => {
  expect(await call('POST', '/things', ['x'])).toEqual({ status: 400, body: { error: Messages.badRequest } });
  expect(await call('POST', '/things', { name: 'a\u0000b' })).toEqual({ status: 400, body: { error: Messages.forbiddenCharacter, fields: { name: Messages.forbiddenCharacter } } });
});

it('checks a query as given, or without its blanks where the route says a blank means absent', async () => {
  expect(await call('GET', '/strict?from=')).toEqual({ status: 400, body: { error: 'Fecha inválida', fields: { from: 'Fecha inválida' } } });
  expect(await call('GET', '/lenient?from=')).toEqual({ status: 200, body: { got: {} } });
  expect(await call('GET', '/lenient?from=2026-12-07')).toEqual({ status: 200, body: { got: { from: '2026-12-07' } } });
});

it('lets a described-only schema and path parameters through unchecked (an :id that names nothing is its route 404)', async () => {
  expect(await call('GET', '/described?n=abc')).toEqual({ status: 200, body: { got: { n: 'abc' } } });
  expect(await call('GET', '/things/abc')).toEqual({ status: 200, body: { got: { id: 'abc' } } });
});
