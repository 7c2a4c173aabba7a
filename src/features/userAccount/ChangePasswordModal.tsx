import { z } from 'zod';
import { passwordChangeSchema } from '../../../contract/api';
import { useAppDispatch } from '../../app/hooks';
import { Field } from '../../components/form/Field';
import { FormModal } from '../../components/form/FormModal';
import { useModalForm } from '../../components/form/useModalForm';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useChangeOwnPasswordMutation } from './userAccountApi';

/** The contract's rules plus the confirmation, which only the form has. */
const formSchema = passwordChangeSchema
  .extend({ confirm_password: z.string() })
  .refine((values) => values.new_password === values.confirm_password, { message: 'Las contraseñas no coinciden', path: ['confirm_password'] });

/** Self-service: the signed-in person changes their own password (the current one is required). */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { values, change, errors, formError, submit } = useModalForm({ current_password: '', new_password: '', confirm_password: '' }, 'Error al cambiar la contraseña');
  const [changePassword, changing] = useChangeOwnPasswordMutation();

  async function handleSubmit() {
    const saved = await submit(formSchema.safeParse(values), ({ current_password, new_password }) => changePassword({ current_password, new_password }).unwrap());
    if (!saved) return;
    dispatch(noticeShown('success', 'Contraseña actualizada correctamente'));
    onClose();
  }

  return (
    <FormModal title="Cambiar contraseña" onClose={onClose} onSubmit={handleSubmit} busy={changing.isLoading} formError={formError}>
      <Field wide label="Contraseña actual" error={errors.current_password}>
        {(control) => <input {...control} type="password" value={values.current_password} onChange={change('current_password')} autoComplete="current-password" />}
      </Field>
      <Field label="Nueva contraseña" error={errors.new_password} hint="Al menos 8 caracteres">
        {(control) => <input {...control} type="password" value={values.new_password} onChange={change('new_password')} autoComplete="new-password" />}
      </Field>
      <Field label="Repite la nueva contraseña" error={errors.confirm_password}>
        {(control) => <input {...control} type="password" value={values.confirm_password} onChange={change('confirm_password')} autoComplete="new-password" />}
      </Field>
    </FormModal>
  );
}
