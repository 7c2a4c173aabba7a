/** Errors that become `{error, fields?}` answers. Texts are Spanish, shown to the user as given. */
import type { z } from 'zod';
import { fieldErrors } from '../contract/api';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const Messages = {
  notFound: 'Recurso no encontrado',
  badRequest: 'Solicitud inválida',
  internal: 'Error interno del servidor',
  sessionExpired: 'Sesión expirada. Ingresa nuevamente.',
  badCredentials: 'RUT o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos e intenta nuevamente.',
  tooLarge: 'La solicitud es demasiado grande',
  checkFields: 'Revisa los datos ingresados',
} as const;

/** Parses a body with a contract schema; a 400 with per-field texts when it does not fit. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new HttpError(400, Messages.badRequest);
  }
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = Object.values(fields)[0];
  throw new HttpError(400, first ?? Messages.checkFields, fields);
}
