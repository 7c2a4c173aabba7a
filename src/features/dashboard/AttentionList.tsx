import { formatDay } from '../../../contract/dateFormat';
import { formatPhoneCL } from '../../lib/format';
import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Shift } from '../../../contract/entities';
import { useAppSelector } from '../../app/hooks';
import { useNow } from '../../hooks/useNow';
import { Badge } from '../../components/Badge';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { offerTallyText } from '../../../contract/offerTally';
import { telHref } from '../../components/PhoneLink';
import { attentionItems, licenceWhen, silenceText, type AttentionItem } from './attention';
import { useGetAttentionBookingsQuery, useGetAttentionDriversQuery, useGetAttentionShiftsQuery } from './dashboardApi';

/** How often the active shifts are asked again, and how often the silences are re-measured. */
const POLL_MS = 30_000;
const CLOCK_MS = 15_000;

/** Shows a taxi on the live map (the app selects its shift there, then opens the map). */
export type ShowTaxi = (shift: Pick<Shift, 'id' | 'latitude' | 'longitude'>) => void;

const fullName = (who: { first_name: string; last_name: string }) => `${who.first_name} ${who.last_name}`.trim();
const driverLink = (driverId: number) => `/dashboard/drivers?conductor=${driverId}`;

function CallLink({ phone, name }: { phone: string | null; name: string }) {
  if (!phone) return null;
  return (
    <a className="flota-attention__action" href={telHref(phone)} aria-label={`Llamar a ${name} (${formatPhoneCL(phone)})`}>
      Llamar
    </a>
  );
}

function ItemBody({ item, onShowTaxi }: { item: AttentionItem; onShowTaxi?: ShowTaxi }) {
  if (item.kind === 'booking') {
    const { booking } = item;
    const who = booking.customer_name ?? formatPhoneCL(booking.customer_phone);
    return (
      <>
        <Badge tone="danger">Reserva sin taxi</Badge>
        <p className="flota-attention__text">
          <strong>Reserva #{booking.id}</strong> de {who} en {booking.pickup.label || 'un punto en el mapa'}:{' '}
          {booking.refusals ? `nadie aceptó (${offerTallyText(booking)})` : 'sin taxi libre'}, espera hace {silenceText(item.waitingSeconds)}
        </p>
        <span className="flota-attention__actions">
          <Link className="flota-attention__action" to="/dashboard/dispatch" aria-label={`Asignar a mano la reserva #${booking.id}`}>
            Asignar a mano
          </Link>
          <CallLink phone={booking.customer_phone} name={who} />
        </span>
      </>
    );
  }
  if (item.kind === 'licence') {
    const name = fullName(item.driver);
    return (
      <>
        <Badge tone={item.expired ? 'danger' : 'warning'}>{item.expired ? 'Licencia vencida' : 'Licencia vence pronto'}</Badge>
        <p className="flota-attention__text">
          <strong>{name}</strong>: licencia {item.driver.license_number ? `${item.driver.license_number} ` : ''}
          {licenceWhen(item.daysLeft)} ({formatDay(item.driver.license_expiry ?? '')})
        </p>
        <span className="flota-attention__actions">
          <Link className="flota-attention__action" to={driverLink(item.driver.id)} aria-label={`Ver conductor ${name}`}>
            Ver conductor
          </Link>
        </span>
      </>
    );
  }
  const { shift } = item;
  const name = fullName(shift);
  if (item.kind === 'noVehicle') {
    return (
      <>
        <Badge tone="warning">Sin vehículo</Badge>
        <p className="flota-attention__text">
          <strong>{name}</strong> está en turno sin vehículo asignado
        </p>
        <span className="flota-attention__actions">
          {shift.driver_id !== null && (
            <Link className="flota-attention__action" to={driverLink(shift.driver_id)} aria-label={`Ver conductor ${name}`}>
              Ver conductor
            </Link>
          )}
          <CallLink phone={item.phone} name={name} />
        </span>
      </>
    );
  }
  return (
    <>
      <Badge tone="danger">Sin señal</Badge>
      <p className="flota-attention__text">
        <strong>{name}</strong>
        {shift.plate_number ? (
          <>
            {' · taxi '}
            <span className="flota-attention__plate">{shift.plate_number}</span>
          </>
        ) : null}
        {item.hasPosition ? `: sin señal hace ${silenceText(item.silentSeconds)}` : `: sin posición desde que inició el turno, hace ${silenceText(item.silentSeconds)}`}
      </p>
      <span className="flota-attention__actions">
        <Link className="flota-attention__action" to="/dashboard/map" onClick={() => onShowTaxi?.(shift)} aria-label={`Ver en el mapa a ${name}`}>
          Ver en el mapa
        </Link>
        <CallLink phone={item.phone} name={name} />
      </span>
    </>
  );
}

/**
 * "Requiere atención" on Panel de Control: bookings nobody accepted, taxis without signal and for how
 * long, shifts without a vehicle, licences expired or expiring within 30 days; each with a link to
 * where it is handled.
 */
/**
 * `openAlerts`: Alertas' open count, shown first; `extra`: what other features add (documents,
 * drivers behind on their account), `extraRows` how many rows that is, so the heading's count is the
 * rows' count. Both composed in app/, which says with `othersSettled` when their answers are
 * in. The list shows "Cargando pendientes..." until every part has answered, then all of it in one
 * frame: a part arriving late would push the lines under it down as the user reads (CLS).
 */
export function AttentionList({ onShowTaxi, openAlerts, extra, extraRows = 0, othersSettled = true }: { onShowTaxi?: ShowTaxi; openAlerts?: ReactNode; extra?: ReactNode; extraRows?: number; othersSettled?: boolean }) {
  const shiftsQuery = useGetAttentionShiftsQuery(undefined, { pollingInterval: POLL_MS, refetchOnMountOrArgChange: true });
  const driversQuery = useGetAttentionDriversQuery(undefined, { refetchOnMountOrArgChange: 60 });
  // A booking nobody took is the most urgent line: it comes live through Despacho's socket channel
  // (the app holds it while the dashboard shows). A failure here (an older server, a role without
  // Despacho) leaves the rest of the list as it was.
  const bookingsQuery = useGetAttentionBookingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const staleAfterSeconds = useAppSelector((state) => state.config.staleAfterSeconds);
  const now = useNow(CLOCK_MS);
  const titleId = useId();
  const shifts = shiftsQuery.data;
  const drivers = driversQuery.data;
  const bookings = bookingsQuery.data;
  const items = useMemo(() => (shifts && drivers ? attentionItems({ shifts, drivers, bookings, now, staleAfterSeconds }) : []), [shifts, drivers, bookings, now, staleAfterSeconds]);

  const rows = items.length + extraRows;
  const settling = shiftsQuery.isLoading || driversQuery.isLoading || bookingsQuery.isLoading || !othersSettled;

  function content() {
    if (!shifts || !drivers) {
      return (
        <LoadFailure
          message="No se pudo revisar qué requiere atención."
          onRetry={() => {
            if (shiftsQuery.isError) void shiftsQuery.refetch();
            if (driversQuery.isError) void driversQuery.refetch();
          }}
        />
      );
    }
    if (items.length === 0 && extraRows === 0) return <p className="flota-attention__empty">Todo en orden: ninguna reserva sin taxi, taxi sin señal, turno sin vehículo ni licencia por vencer.</p>;
    if (items.length === 0) return null;
    return (
      <ul className="flota-attention__list" aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.key} className={`flota-attention__item flota-attention__item--${item.kind}`}>
            <ItemBody item={item} onShowTaxi={onShowTaxi} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="flota-attention" aria-labelledby={titleId}>
      <h2 id={titleId} className="flota-section-title">
        Requiere atención{rows > 0 ? ` (${rows})` : ''}
      </h2>
      {settling ? (
        <LoadingText>Cargando pendientes...</LoadingText>
      ) : (
        <>
          {openAlerts}
          {content()}
          {extra}
        </>
      )}
    </section>
  );
}
