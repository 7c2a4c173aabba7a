/** Desk sign-in (POST /auth/login, GET /auth/me), the desk roles, and the own-password change. */
import { z } from 'zod';
import './zodConfig';
import { MAX_PASSWORD_LENGTH, password, trimmed } from './fields';
import { LoginMessages } from './loginMessages';
import { deskRoles } from './roles';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './fields';

export { deskRoles, deskRoleLabels } from './roles';
export const deskRoleSchema = z.enum(deskRoles);
export type DeskRole = z.infer<typeof deskRoleSchema>;

/**
 * The signed-in person (login and /auth/me): their own id, RUT, names and email, the fleet's
 * company_name (and the fleet's other fields, such as fleet_code), and their role.
 */
export const userSchema = z.object({
  id: z.number().int(),
  rut: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company_name: z.string(),
  /** The fleet's code drivers sign in with (setup link /conductor?flota=<code>). */
  fleet_code: z.string(),
  role: deskRoleSchema,
});
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({
  // A RUT is at most 12 characters with dots and dash; more is not one (and never becomes a limiter key).
  rut: trimmed.min(1, LoginMessages.rutRequired).max(20, 'RUT inválido'),
  password: z.string().min(1, LoginMessages.passwordRequired).max(MAX_PASSWORD_LENGTH, 'La contraseña es demasiado larga'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PUT /auth/password: the signed-in person's own password. */
export const passwordChangeSchema = z.object({
  current_password: z.string({ error: 'Ingresa tu contraseña actual' }).min(1, 'Ingresa tu contraseña actual'),
  new_password: password,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
