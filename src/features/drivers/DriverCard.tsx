import type { ReactNode } from 'react';
import { formatRut } from '../../../contract/rut';
import type { Driver } from '../../../contract/entities';
import { ActiveBadge, Badge, OnShiftBadge } from '../../components/Badge';
import { EditDeleteActions, type EditDeleteHandlers } from '../../components/EditDeleteActions';
import { EmailText } from '../../components/EmailText';
import { PhoneLink } from '../../components/PhoneLink';
import { EntityCard, type CardDetail } from '../../components/EntityCard';
import { licenceExpiryText, licenceStatus } from '../../lib/licence';

export function driverFullName(driver: Pick<Driver, 'first_name' | 'last_name'>): string {
  return `${driver.first_name} ${driver.last_name}`.trim();
}

function initials(driver: Driver): string {
  return `${driver.first_name.charAt(0)}${driver.last_name.charAt(0)}`.toUpperCase();
}

export function LicenceBadge({ expiry, now }: { expiry: string | null; now: Date }) {
  const status = licenceStatus(expiry, now);
  if (status === 'expired') return <Badge tone="danger">Licencia vencida</Badge>;
  if (status === 'expiringSoon') return <Badge tone="warning">Licencia vence pronto</Badge>;
  return null;
}

interface DriverCardProps {
  driver: Driver;
  now: Date;
  actions: EditDeleteHandlers | null;
  onShift: boolean;
  highlighted?: boolean;
  /** What other features add below the badges (Vencimientos), composed in app/. */
  extra?: ReactNode;
}

/** A driver in the grid: who, how to reach them, their licence and vehicle, and the actions (none when read-only). */
export function DriverCard({ driver, now, actions, onShift, highlighted, extra }: DriverCardProps) {
  const name = driverFullName(driver);
  const details: CardDetail[] = [
    { label: 'Teléfono', value: driver.phone ? <PhoneLink phone={driver.phone} name={name} /> : 'Sin teléfono' },
    { label: 'Correo', value: driver.email ? <EmailText email={driver.email} /> : 'Sin correo' },
  ];
  if (driver.license_number) {
    const expiry = driver.license_expiry ? ` · ${licenceExpiryText(driver.license_expiry, now)}` : '';
    details.push({ label: 'Licencia', value: `${driver.license_number}${expiry}` });
  }
  details.push({ label: 'Vehículo', value: driver.plate_number ? <span className="flota-plate-text">{driver.plate_number}</span> : 'Sin asignar' });

  return (
    <EntityCard
      leading={
        <span className="flota-card__mark flota-driver-avatar" aria-hidden="true">
          {initials(driver)}
        </span>
      }
      title={name}
      subtitle={`RUT ${formatRut(driver.rut)}`}
      badges={
        <>
          <ActiveBadge active={driver.is_active} />
          <OnShiftBadge onShift={onShift} />
          <LicenceBadge expiry={driver.license_expiry} now={now} />
          {extra}
        </>
      }
      details={details}
      actions={actions && <EditDeleteActions subject={name} handlers={actions} />}
      highlighted={highlighted}
    />
  );
}
