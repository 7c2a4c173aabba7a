import { webhookEventTypeLabels, type DeliveryStatus, type WebhookEndpoint } from '../../../contract/notifications';
import { ActiveBadge, Badge, type BadgeTone } from '../../components/Badge';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { EntityCard } from '../../components/EntityCard';
import { formatDateTime } from '../../lib/format';

export const deliveryStatusLabels: Record<DeliveryStatus, string> = { pending: 'Pendiente', delivered: 'Entregado', failed: 'Fallido' };
export const deliveryStatusTones: Record<DeliveryStatus, BadgeTone> = { pending: 'warning', delivered: 'success', failed: 'danger' };

export interface WebhookCardActions {
  onEdit: () => void;
  onTest: () => void;
  onDeliveries: () => void;
  onRevealSecret: () => void;
  onDelete: () => void;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The host of the URL, for the card's title (the full URL is the subtitle). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** One endpoint: where it points, what it receives, how its deliveries went, and what a manager can do. */
export function WebhookCard({ endpoint, testing, actions }: { endpoint: WebhookEndpoint; testing: boolean; actions: WebhookCardActions }) {
  const name = endpoint.description ?? hostOf(endpoint.url);
  const last = endpoint.last_delivery;
  return (
    <EntityCard
      leading={
        <span className="flota-card__mark flota-webhook-mark" aria-hidden="true">
          {'{ }'}
        </span>
      }
      title={name}
      subtitle={<span className="flota-webhook-url">{endpoint.url}</span>}
      badges={
        <>
          <ActiveBadge active={endpoint.enabled} />
          {last && <Badge tone={deliveryStatusTones[last.status]}>{`Última: ${deliveryStatusLabels[last.status]}`}</Badge>}
        </>
      }
      details={[
        { label: 'Eventos', value: endpoint.events.map((type) => webhookEventTypeLabels[type]).join(', ') },
        { label: 'Entregas (7 días)', value: [counted(endpoint.counts.delivered, 'entregada', 'entregadas'), counted(endpoint.counts.pending, 'pendiente', 'pendientes'), counted(endpoint.counts.failed, 'fallida', 'fallidas')].join(' · ') },
        {
          label: 'Último intento',
          value: last ? `${formatDateTime(last.at)}${last.status_code ? ` · HTTP ${last.status_code}` : ''}${last.error ? ` · ${last.error}` : ''}` : 'Sin entregas aún',
        },
        { label: 'Secreto', value: <code>{`whsec_${endpoint.secret_hint}`}</code> },
      ]}
      actions={
        <>
          <button type="button" className="flota-button flota-button--secondary" aria-label={`Probar ${name}`} onClick={actions.onTest} disabled={testing}>
            {testing ? 'Enviando…' : 'Probar'}
          </button>
          <button type="button" className="flota-button flota-button--secondary" aria-label={`Entregas de ${name}`} onClick={actions.onDeliveries}>
            Entregas
          </button>
          <button type="button" className="flota-button flota-button--secondary" aria-label={`Editar ${name}`} onClick={actions.onEdit}>
            Editar
          </button>
          <button type="button" className="flota-button flota-button--secondary" aria-label={`Mostrar el secreto de ${name}`} onClick={actions.onRevealSecret}>
            Secreto
          </button>
          <ConfirmDeleteButton subject={name} onConfirm={actions.onDelete} />
        </>
      }
    />
  );
}
