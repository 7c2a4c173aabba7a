/**
 * The pieces every route's OpenAPI description is made of (its Fastify `schema`): the tags, the
 * security schemes, the shared error answers. Each module declares its routes' descriptions in its
 * own routeSpecs.ts, from contract/ schemas, with Spanish texts for the reference page.
 *
 * The schemas describe; the handlers still validate with parseBody (platform/errors.ts), so every
 * 400 keeps its `{error, fields}` Spanish body (see platform/openapi/plugin.ts).
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

export const Tags = {
  health: 'Estado',
  auth: 'Sesión',
  drivers: 'Conductores',
  vehicles: 'Vehículos',
  shifts: 'Turnos',
  driverApp: 'App del conductor',
  users: 'Usuarios',
  activity: 'Actividad',
  dispatch: 'Despacho',
  reports: 'Reportes',
} as const;

export const owner = [{ dueno: [] }];
export const driver = [{ conductor: [] }];
export const idParams = z.object({ id: z.string().regex(/^\d+$/).describe('Id numérico') });
export const ok = z.object({ ok: z.literal(true) });

/** The error answers a route can give, each with the shared Error body. */
export function errors(...codes: number[]): Record<number, z.ZodType> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));
}
