import { useCallback, useState } from 'react';
import type { DeskUser } from '../../../contract/entities';
import { useAppDispatch } from '../../app/hooks';
import { CardListScreen } from '../../components/CardListScreen';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useFailureNotice } from '../../components/notifications/useFailureNotice';
import { failureWithReason } from '../../lib/apiError';
import { matchesSearch } from '../../lib/search';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserCard, userFullName } from './UserCard';
import { UserFormModal } from './UserFormModal';
import { unchangedFields, useDeleteDeskUserMutation, useGetDeskUsersQuery, useUpdateDeskUserMutation } from './usersApi';
import './users.css';

function registeredCount(count: number): string {
  return count === 1 ? '1 usuario de la mesa' : `${count} usuarios de la mesa`;
}

/** Which dialog is open: none, create/edit form, or a password reset. */
type Dialog = { kind: 'form'; user: DeskUser | null } | { kind: 'password'; user: DeskUser } | null;

/** Usuarios (owner only): the desk accounts of the fleet. */
export function UsersPage() {
  const dispatch = useAppDispatch();
  const { data, isLoading, error, refetch } = useGetDeskUsersQuery();
  const [updateUser] = useUpdateDeskUserMutation();
  const [deleteUser] = useDeleteDeskUserMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [query, setQuery] = useState('');
  const openCreate = useCallback(() => setDialog({ kind: 'form', user: null }), []);

  useFailureNotice(error, 'Error al cargar usuarios');

  async function run(action: () => Promise<unknown>, success: string, failure: string) {
    try {
      await action();
      dispatch(noticeShown('success', success));
    } catch (reason) {
      dispatch(noticeShown('error', failureWithReason(failure, reason)));
    }
  }

  const toggleActive = (user: DeskUser) =>
    run(
      () => updateUser({ id: user.id, changes: { ...unchangedFields(user), is_active: !user.is_active } }).unwrap(),
      user.is_active ? 'Usuario desactivado: sus sesiones se cerraron' : 'Usuario reactivado',
      user.is_active ? 'Error al desactivar usuario' : 'Error al reactivar usuario',
    );

  const users = data?.users ?? [];
  const cards = users
    .filter((user) => matchesSearch(query, [userFullName(user), user.rut, user.email]))
    .map((user) => (
      <UserCard
        key={user.id}
        user={user}
        actions={{
          onEdit: () => setDialog({ kind: 'form', user }),
          onToggleActive: () => void toggleActive(user),
          onResetPassword: () => setDialog({ kind: 'password', user }),
          onDelete: () => void run(() => deleteUser(user.id).unwrap(), 'Usuario eliminado correctamente', 'Error al eliminar usuario'),
        }}
      />
    ));

  let modal = null;
  if (dialog?.kind === 'form') modal = <UserFormModal key={dialog.user?.id ?? 'new'} user={dialog.user} onClose={() => setDialog(null)} />;
  if (dialog?.kind === 'password') modal = <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />;

  return (
    <div className="flota-users">
      <CardListScreen
        title="Usuarios"
        subtitle={data ? registeredCount(data.count) : undefined}
        createLabel="+ Nuevo Usuario"
        onCreate={openCreate}
        isLoading={isLoading}
        loaded={!!data}
        failure={error ? { message: 'No se pudieron cargar los usuarios.', onRetry: () => void refetch() } : undefined}
        total={users.length}
        emptyMessage="Aún no hay usuarios en la mesa: solo tú ingresas a esta flota"
        emptyActionLabel="Crear primer usuario"
        searchLabel="Buscar usuarios"
        searchPlaceholder="Buscar por nombre, RUT o correo"
        query={query}
        onQueryChange={setQuery}
        noMatchText="Ningún usuario coincide con la búsqueda."
        cards={cards}
        modal={modal}
      />
    </div>
  );
}
