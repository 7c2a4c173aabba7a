import { formatRut } from '../../../contract/rut';
import { deskRoleLabels, type DeskUser } from '../../../contract/entities';
import { ActiveBadge, Badge } from '../../components/Badge';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { EmailText } from '../../components/EmailText';
import { EntityCard } from '../../components/EntityCard';

export const userFullName = (user: Pick<DeskUser, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();

export interface UserCardActions {
  onEdit: () => void;
  onToggleActive: () => void;
  onResetPassword: () => void;
  onDelete: () => void;
}

/** A desk account in the grid: who, role, state, and what the owner can do with it. */
export function UserCard({ user, actions }: { user: DeskUser; actions: UserCardActions }) {
  const name = userFullName(user);
  return (
    <EntityCard
      leading={
        <span className="flota-card__mark flota-driver-avatar" aria-hidden="true">
          {`${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase()}
        </span>
      }
      title={name}
      subtitle={`RUT ${formatRut(user.rut)}`}
      badges={
        <>
          <Badge tone={user.role === 'administrador' ? 'warning' : 'neutral'}>{deskRoleLabels[user.role]}</Badge>
          <ActiveBadge active={user.is_active} />
        </>
      }
      details={[{ label: 'Correo', value: <EmailText email={user.email} /> }]}
      actions={
        <>
          <button type="button" className="flota-button flota-button--secondary" aria-label={`Editar ${name}`} onClick={actions.onEdit}>
            Editar
          </button>
          <button type="button" className="flota-button flota-button--secondary" aria-label={`${user.is_active ? 'Desactivar' : 'Reactivar'} ${name}`} onClick={actions.onToggleActive}>
            {user.is_active ? 'Desactivar' : 'Reactivar'}
          </button>
          <button type="button" className="flota-button flota-button--secondary" aria-label={`Restablecer contraseña de ${name}`} onClick={actions.onResetPassword}>
            Contraseña
          </button>
          <ConfirmDeleteButton subject={name} onConfirm={actions.onDelete} />
        </>
      }
    />
  );
}
