/** Desk accounts (Usuarios, the owner only): GET/POST /users, PUT/DELETE /users/:id. */
import { z } from 'zod';
import './zodConfig';
import { singleLine } from './plainText';
import { deskRoleSchema } from './auth';
import { isoTime, optionalNewPassword, password, rutField, trimmed } from './fields';

/** A desk account as the owner's Usuarios screen lists it (never a password). */
export const deskUserSchema = z.object({
  id: z.number().int(),
  rut: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: deskRoleSchema,
  is_active: z.boolean(),
  created_at: isoTime,
});
export type DeskUser = z.infer<typeof deskUserSchema>;

const personName = {
  first_name: singleLine(trimmed.min(1, 'El nombre es obligatorio').max(80, 'El nombre es demasiado largo')),
  last_name: singleLine(trimmed.min(1, 'El apellido es obligatorio').max(80, 'El apellido es demasiado largo')),
  email: trimmed
    .min(1, 'El correo es obligatorio')
    .max(120, 'El correo es demasiado largo')
    .refine((email) => z.email().safeParse(email).success, 'Correo electrónico inválido'),
};
/** The owner is the one Dueño: desk accounts are administrators or operators. */
const deskUserRole = z.enum(['administrador', 'operador'], { error: 'Elige un rol: Administrador u Operador' });

export const deskUserCreateSchema = z.object({ rut: rutField, password, role: deskUserRole, ...personName });
/**
 * PUT /users/:id: names, email, role, active; a new password resets it (and, like deactivating,
 * ends the user's sessions). The RUT may be sent back but not changed.
 */
export const deskUserUpdateSchema = z.object({
  rut: z.string().optional(),
  password: optionalNewPassword,
  role: deskUserRole,
  is_active: z.boolean({ error: 'Indica si el usuario está activo' }).optional(),
  ...personName,
});
export type DeskUserCreateInput = z.input<typeof deskUserCreateSchema>;
export type DeskUserUpdateInput = z.input<typeof deskUserUpdateSchema>;
export const deskUsersResponseSchema = z.object({ users: z.array(deskUserSchema), count: z.number().int() });
export type DeskUsersResponse = z.infer<typeof deskUsersResponseSchema>;
export const deskUserResponseSchema = z.object({ user: deskUserSchema });
export type DeskUserResponse = z.infer<typeof deskUserResponseSchema>;
