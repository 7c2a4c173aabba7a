/** Errors that become `{error, fields?}` answers. Texts are Spanish, shown to the user as given. */
import type { z } from 'zod';
import { fieldErrors } from '../../contract/api';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra answer headers (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const Messages = {
  notFound: 'Recurso no encontrado',
  driverNotFound: 'Conductor no encontrado',
  vehicleNotFound: 'Vehículo no encontrado',
  driverRutTaken: 'Ya existe un conductor con ese RUT',
  vehiclePlateTaken: 'Ya existe un vehículo con esa patente',
  rutLocked: 'El RUT no se puede modificar',
  plateLocked: 'La patente no se puede modificar',
  vehicleJustAssigned: 'Ese vehículo se acaba de asignar a otro conductor. Intenta nuevamente.',
  driverOnShift: 'No se puede eliminar un conductor con un turno activo',
  vehicleOnShift: 'No se puede eliminar un vehículo en un turno activo',
  badRequest: 'Solicitud inválida',
  internal: 'Error interno del servidor',
  databaseUnavailable: 'La base de datos no está disponible en este momento. Intenta nuevamente en unos segundos.',
  sessionExpired: 'Sesión expirada. Ingresa nuevamente.',
  badCredentials: 'RUT o contraseña incorrectos',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos e intenta nuevamente.',
  tooLarge: 'La solicitud es demasiado grande',
  notJson: 'Envía los datos como JSON (Content-Type: application/json)',
  originNotAllowed: 'Origen no permitido',
  checkFields: 'Revisa los datos ingresados',
  required: 'Este campo es obligatorio',
  forbiddenCharacter: 'El texto contiene caracteres no permitidos',
  jsonTooDeep: 'Los datos enviados tienen demasiados niveles anidados',
  jsonTooManyItems: 'Los datos enviados tienen una lista demasiado larga',
} as const;

/**
 * The path of the first string holding a NUL character, which PostgreSQL text cannot store.
 * A loop over an explicit stack, not recursion: however deep a value is, it cannot overflow the
 * call stack (the edge already refuses JSON deeper than MAX_JSON_DEPTH; a query string is flat).
 */
export function nulPath(value: unknown): string[] | null {
  // Each entry points at its parent instead of copying its path: linear however deep the value is.
  interface Step {
    value: unknown;
    key: string;
    parent: Step | null;
  }
  const stack: Step[] = [{ value, key: '', parent: null }];
  while (stack.length) {
    const step = stack.pop() as Step;
    if (typeof step.value === 'string') {
      if (!step.value.includes('\u0000')) continue;
      const path: string[] = [];
      for (let at: Step | null = step; at?.parent; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    if (step.value && typeof step.value === 'object') {
      // Pushed in reverse so the first key is looked at first, as a reader would.
      const entries = Object.entries(step.value);
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i][1], key: entries[i][0], parent: step });
    }
  }
  return null;
}

/** Parses a body with a contract schema; a 400 with per-field texts when it does not fit. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new HttpError(400, Messages.badRequest);
  }
  const input = (body ?? {}) as Record<string, unknown>;
  const nul = nulPath(input);
  if (nul) throw new HttpError(400, Messages.forbiddenCharacter, { [nul.join('.') || '_']: Messages.forbiddenCharacter });
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  // A missing required string gets zod's English type error; the contract's Spanish "required"
  // text is what the same field says when blank, so ask again with blanks.
  const missing = result.error.issues
    .filter((issue) => issue.code === 'invalid_type' && issue.path.length === 1 && input[String(issue.path[0])] == null)
    .map((issue) => String(issue.path[0]));
  if (missing.length) {
    const retry = schema.safeParse({ ...input, ...Object.fromEntries(missing.map((key) => [key, ''])) });
    const blankFields = retry.success ? {} : fieldErrors(retry.error);
    for (const key of missing) fields[key] = blankFields[key] ?? Messages.required;
  }
  const first = Object.values(fields)[0];
  throw new HttpError(400, first ?? Messages.checkFields, fields);
}
