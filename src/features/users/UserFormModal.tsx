import { deskUserCreateSchema, deskUserUpdateSchema } from '../../../contract/api';
import type { DeskUser } from '../../../contract/entities';
import { useAppDispatch } from '../../app/hooks';
import { Field } from '../../components/form/Field';
import { FormModal } from '../../components/form/FormModal';
import { useModalForm } from '../../components/form/useModalForm';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { unchangedFields, useCreateDeskUserMutation, useUpdateDeskUserMutation } from './usersApi';

function initialValues(user: DeskUser | null) {
  return {
    rut: user?.rut ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'operador',
    password: '',
  };
}

/** Create (user = null) or edit a desk account; validated with the contract schemas before sending. */
export function UserFormModal({ user, onClose }: { user: DeskUser | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { values, change, errors, formError, submit } = useModalForm(initialValues(user), 'Error al guardar usuario');
  const [createUser, creating] = useCreateDeskUserMutation();
  const [updateUser, updating] = useUpdateDeskUserMutation();

  async function handleSubmit() {
    const saved = user
      ? await submit(deskUserUpdateSchema.safeParse({ ...unchangedFields(user), ...values, password: undefined }), (changes) => updateUser({ id: user.id, changes }).unwrap())
      : await submit(deskUserCreateSchema.safeParse(values), (body) => createUser(body).unwrap());
    if (!saved) return;
    dispatch(noticeShown('success', user ? 'Usuario actualizado correctamente' : 'Usuario creado correctamente'));
    onClose();
  }

  return (
    <FormModal title={user ? 'Editar Usuario' : 'Nuevo Usuario'} onClose={onClose} onSubmit={handleSubmit} busy={creating.isLoading || updating.isLoading} formError={formError}>
      <Field wide label="RUT" error={errors.rut} hint={user ? 'El RUT no se puede cambiar' : 'Con dígito verificador, por ejemplo 12.345.678-5'}>
        {(control) => <input {...control} value={values.rut} onChange={change('rut')} readOnly={!!user} placeholder="12.345.678-5" autoComplete="off" />}
      </Field>
      <Field label="Nombre" error={errors.first_name}>
        {(control) => <input {...control} value={values.first_name} onChange={change('first_name')} autoComplete="off" />}
      </Field>
      <Field label="Apellido" error={errors.last_name}>
        {(control) => <input {...control} value={values.last_name} onChange={change('last_name')} autoComplete="off" />}
      </Field>
      <Field wide label="Correo" error={errors.email}>
        {(control) => <input {...control} type="email" value={values.email} onChange={change('email')} autoComplete="off" />}
      </Field>
      <Field wide={!!user} label="Rol" error={errors.role} hint="Administrador: todo menos usuarios. Operador: ve la flota, no la modifica.">
        {(control) => (
          <select {...control} value={values.role} onChange={change('role')}>
            <option value="administrador">Administrador</option>
            <option value="operador">Operador</option>
          </select>
        )}
      </Field>
      {!user && (
        <Field label="Contraseña inicial" error={errors.password} hint="Al menos 8 caracteres; entrégasela a la persona">
          {(control) => <input {...control} type="password" value={values.password} onChange={change('password')} autoComplete="new-password" />}
        </Field>
      )}
    </FormModal>
  );
}
