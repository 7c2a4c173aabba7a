import { webhookEventTypeLabels, type WebhookEndpoint } from '../../../contract/notifications';
import { Badge } from '../../components/Badge';
import { DataTable, TableMessage } from '../../components/DataTable';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { Modal } from '../../components/Modal';
import { formatDateTime } from '../../lib/format';
import { useGetWebhookDeliveriesQuery } from './notificationsApi';
import { deliveryStatusLabels, deliveryStatusTones } from './WebhookCard';

/** A cell's column name where a phone stacks the row as a card (the headers stay for screen readers, so hidden from them here). */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span className="flota-deliveries__label" aria-hidden="true">
      {`${children}: `}
    </span>
  );
}

/** How often the open log asks again: a test sent a moment ago shows as delivered without a reload. */
const POLL_MS = 3000;

/** An endpoint's last 50 deliveries: event, state, attempts, last answer or error, next attempt. */
export function DeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { data, isLoading, error, refetch } = useGetWebhookDeliveriesQuery(endpoint.id, { pollingInterval: POLL_MS });
  let content;
  if (isLoading) content = <LoadingText>Cargando entregas...</LoadingText>;
  else if (!data) content = error ? <LoadFailure message="No se pudieron cargar las entregas." onRetry={() => void refetch()} /> : null;
  else if (!data.length) content = <TableMessage>Aún no hay entregas. Usa Probar para enviar un evento de prueba.</TableMessage>;
  else
    content = (
      <DataTable boxClassName="flota-deliveries__box" className="flota-deliveries">
        <caption className="flota-visually-hidden">Entregas de {endpoint.url}</caption>
        <thead>
          <tr>
            <th scope="col">Evento</th>
            <th scope="col">Estado</th>
            <th scope="col">Intentos</th>
            <th scope="col">Respuesta</th>
            <th scope="col">Creado</th>
            <th scope="col">Próximo intento / entregado</th>
          </tr>
        </thead>
        <tbody>
          {data.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                {webhookEventTypeLabels[delivery.event_type]}
                <div className="flota-deliveries__id">{delivery.event_id}</div>
              </td>
              <td>
                <Badge tone={deliveryStatusTones[delivery.status]}>{deliveryStatusLabels[delivery.status]}</Badge>
              </td>
              <td>{`${delivery.attempts} de ${delivery.max_attempts}`}</td>
              <td>{delivery.last_status_code ? `HTTP ${delivery.last_status_code}` : (delivery.last_error ?? '—')}{delivery.last_status_code && delivery.last_error && delivery.status !== 'delivered' ? ` · ${delivery.last_error}` : ''}</td>
              <td>
                <PhoneLabel>Creado</PhoneLabel>
                {formatDateTime(delivery.created_at)}
              </td>
              <td>
                <PhoneLabel>{delivery.delivered_at ? 'Entregado' : 'Próximo intento'}</PhoneLabel>
                {delivery.delivered_at ? formatDateTime(delivery.delivered_at) : delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    );
  return (
    <Modal title="Entregas" subtitle={endpoint.url} onClose={onClose} closeLabel="Cerrar" wide>
      {content}
    </Modal>
  );
}
