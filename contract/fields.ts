/** Field schemas several resources' requests share (inside contract/ only; the barrels do not re-export them). */
import { z } from 'zod';
import './zodConfig';
import { isValidRut, normalizeRut } from './rut';

export const MIN_PASSWORD_LENGTH = 8;
/** Longest password a login reads: scrypt of a megabyte would be work an attacker chooses. */
export const MAX_PASSWORD_LENGTH = 256;

/** Times as the API sends them: ISO 8601 UTC; dates: YYYY-MM-DD. */
export const isoTime = z.string();
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const trimmed = z.string().trim();
/** Optional text: blank or missing becomes null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const rutField = trimmed
  .min(1, 'El RUT es obligatorio')
  .refine(isValidRut, 'RUT inválido: revisa el dígito verificador')
  .transform((rut) => normalizeRut(rut) as string);

export const password = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(1, 'La contraseña es obligatoria')
  .max(MAX_PASSWORD_LENGTH, 'La contraseña es demasiado larga')
  .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`);

/** On update: blank or missing keeps the stored password; anything else must be a valid new one. */
export const optionalNewPassword = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(password.optional());
