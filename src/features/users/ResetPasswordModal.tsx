import type { z } from 'zod';
import { deskUserUpdateSchema } from '../../../contract/api';
import type { DeskUser } from '../../../contract/entities';
import { useAppDispatch } from '../../app/hooks';
import { Field } from '../../components/form/Field';
import { FormModal } from '../../components/form/FormModal';
import { useModalForm } from '../../components/form/useModalForm';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { unchangedFields, useUpdateDeskUserMutation } from './usersApi';

/** A new password is required here (on the edit form a blank one keeps the old). */
const resetSchema = deskUserUpdateSchema.refine((changes) => changes.password !== undefined, { message: 'La contraseña es obligatoria', path: ['password'] });

/** The owner sets a new password for a desk user; their open sessions end at once. */
export function ResetPasswordModal({ user, onClose }: { user: DeskUser; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { values, change, errors, formError, submit } = useModalForm({ password: '' }, 'Error al restablecer la contraseña');
  const [updateUser, updating] = useUpdateDeskUserMutation();

  async function handleSubmit() {
    const parsed = resetSchema.safeParse({ ...unchangedFields(user), password: values.password }) as z.ZodSafeParseResult<z.output<typeof resetSchema>>;
    const saved = await submit(parsed, (changes) => updateUser({ id: user.id, changes }).unwrap());
    if (!saved) return;
    dispatch(noticeShown('success', 'Contraseña restablecida: las sesiones abiertas del usuario se cerraron'));
    onClose();
  }

  return (
    <FormModal title={`Restablecer contraseña de ${user.first_name} ${user.last_name}`} onClose={onClose} onSubmit={handleSubmit} busy={updating.isLoading} formError={formError}>
      <Field wide label="Nueva contraseña" error={errors.password} hint="Al menos 8 caracteres. Cierra las sesiones abiertas del usuario.">
        {(control) => <input {...control} type="password" value={values.password} onChange={change('password')} autoComplete="new-password" />}
      </Field>
    </FormModal>
  );
}
