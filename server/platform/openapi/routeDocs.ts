/**
 * The pieces every route's OpenAPI description is made of (its Fastify `schema`): the tags, the
 * security schemes, the shared error answers. Each module declares its routes' descriptions in its
 * own routeSpecs.ts, from contract/ schemas, with Spanish texts for the reference page.
 *
 * A route's `body` and `querystring` schemas also check its input before the handler runs, with the
 * `{error, fields}` Spanish 400 (platform/requestValidation.ts); `params` only describe.
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from './components';

export interface RouteDoc extends FastifySchema {
  summary: string;
  description?: string;
  tags: string[];
  security?: { [scheme: string]: string[] }[];
  response: Record<number, z.ZodType>;
}

/** A section of the reference page: a module declares its own (its module.ts's openApiTags). */
export interface OpenApiTag {
  name: string;
  description: string;
}

/** A module's tags by key, and their names for its routes' `tags: [Tags.x]`. */
export function tagNames<T extends Record<string, OpenApiTag>>(tags: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(tags).map(([key, tag]) => [key, tag.name])) as { [K in keyof T]: string };
}

/** The platform's own sections: the health check, and the driver's phone, whose routes several modules serve. */
export const platformTags = {
  health: { name: 'Estado', description: 'Para monitoreo; sin token.' },
  driverApp: { name: 'App del conductor', description: 'Lo que usa el teléfono del conductor (y el simulador).' },
} satisfies Record<string, OpenApiTag>;

export const Tags = tagNames(platformTags);

export const owner = [{ dueno: [] }];
export const driver = [{ conductor: [] }];
export const idParams = z.object({ id: z.string().regex(/^\d+$/).describe('Id numérico') });
export const ok = z.object({ ok: z.literal(true) });

/** The error answers a route can give, each with the shared Error body. */
export function errors(...codes: number[]): Record<number, z.ZodType> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));
}
