import { useId, useState } from 'react';
import type { WebhookEndpoint } from '../../../contract/notifications';
import { useAppDispatch } from '../../app/hooks';
import { CardSkeleton } from '../../components/CardSkeleton';
import { EmptyState } from '../../components/EmptyState';
import { CardGrid } from '../../components/EntityCard';
import { LoadFailure } from '../../components/LoadFailure';
import { PageHeader } from '../../components/PageHeader';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useFailureNotice } from '../../components/notifications/useFailureNotice';
import { failureWithReason } from '../../lib/apiError';
import { DeliveriesModal } from './DeliveriesModal';
import { EmailStatus } from './EmailStatus';
import { useDeleteWebhookMutation, useGetNotificationsStatusQuery, useGetWebhooksQuery, useRevealWebhookSecretMutation, useTestWebhookMutation } from './notificationsApi';
import { SecretModal } from './SecretModal';
import { WebhookCard } from './WebhookCard';
import { WebhookFormModal } from './WebhookFormModal';
import './notifications.css';

/** How often the list asks again while a delivery is pending. */
const POLL_MS = 3000;

type Dialog =
  | { kind: 'form'; endpoint: WebhookEndpoint | null }
  | { kind: 'secret'; secret: string; created: boolean }
  | { kind: 'deliveries'; endpoint: WebhookEndpoint }
  | null;

function endpointCount(count: number, max: number): string {
  return `${count === 1 ? '1 webhook' : `${count} webhooks`} de ${max} posibles`;
}

/** Notificaciones (Dueño and Administrador): where the fleet's alerts go besides the desk: webhooks and e-mail. */
export function NotificationsPage() {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const webhooksId = useId();
  const status = useGetNotificationsStatusQuery();
  const [pending, setPending] = useState(false);
  // While a delivery waits (a Probar just pressed, a retry), the cards ask again: their counts and last attempt follow.
  const { data: endpoints, isLoading, error, refetch } = useGetWebhooksQuery(undefined, { pollingInterval: pending ? POLL_MS : 0 });
  const anyPending = (endpoints ?? []).some((endpoint) => endpoint.counts.pending > 0);
  if (anyPending !== pending) setPending(anyPending);
  const [deleteWebhook] = useDeleteWebhookMutation();
  const [testWebhook] = useTestWebhookMutation();
  const [revealSecret] = useRevealWebhookSecretMutation();
  const [testing, setTesting] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  useFailureNotice(error, 'Error al cargar los webhooks');

  async function run(action: () => Promise<unknown>, success: string | null, failure: string) {
    try {
      await action();
      if (success) dispatch(noticeShown('success', success));
    } catch (reason) {
      dispatch(noticeShown('error', failureWithReason(failure, reason)));
    }
  }

  const test = (endpoint: WebhookEndpoint) =>
    run(
      async () => {
        setTesting(endpoint.id);
        try {
          await testWebhook(endpoint.id).unwrap();
        } finally {
          setTesting(null);
        }
      },
      'Evento de prueba en cola: revisa Entregas en unos segundos',
      'Error al enviar la prueba',
    );

  const reveal = (endpoint: WebhookEndpoint) => run(async () => setDialog({ kind: 'secret', secret: await revealSecret(endpoint.id).unwrap(), created: false }), null, 'Error al mostrar el secreto');

  const eventTypes = status.data?.event_types.map((e) => e.type) ?? [];
  const max = status.data?.webhooks.max_endpoints ?? 10;
  const list = endpoints ?? [];
  const canAdd = list.length < max && eventTypes.length > 0;
  const openCreate = () => setDialog({ kind: 'form', endpoint: null });

  function webhooks() {
    if (isLoading) return <CardSkeleton count={2} />;
    if (!endpoints) return error ? <LoadFailure message="No se pudieron cargar los webhooks." onRetry={() => void refetch()} /> : null;
    if (!list.length) return <EmptyState message="Aún no hay webhooks: agrega uno para que tus sistemas reciban las alertas de la flota." actionLabel="Agregar primer webhook" onAction={canAdd ? openCreate : undefined} />;
    return (
      <CardGrid label="Webhooks">
        {list.map((endpoint) => (
          <WebhookCard
            key={endpoint.id}
            endpoint={endpoint}
            testing={testing === endpoint.id}
            actions={{
              onEdit: () => setDialog({ kind: 'form', endpoint }),
              onTest: () => void test(endpoint),
              onDeliveries: () => setDialog({ kind: 'deliveries', endpoint }),
              onRevealSecret: () => void reveal(endpoint),
              onDelete: () => void run(() => deleteWebhook(endpoint.id).unwrap(), 'Webhook eliminado correctamente', 'Error al eliminar el webhook'),
            }}
          />
        ))}
      </CardGrid>
    );
  }

  let modal = null;
  if (dialog?.kind === 'form')
    modal = (
      <WebhookFormModal
        key={dialog.endpoint?.id ?? 'new'}
        endpoint={dialog.endpoint}
        eventTypes={eventTypes}
        onClose={() => setDialog(null)}
        onCreated={(_endpoint, secret) => setDialog({ kind: 'secret', secret, created: true })}
      />
    );
  if (dialog?.kind === 'secret') modal = <SecretModal secret={dialog.secret} created={dialog.created} onClose={() => setDialog(null)} />;
  if (dialog?.kind === 'deliveries') modal = <DeliveriesModal endpoint={dialog.endpoint} onClose={() => setDialog(null)} />;

  return (
    <section aria-labelledby={titleId} className="flota-notifications">
      <PageHeader id={titleId} title="Notificaciones" subtitle="Dónde avisa Flota, además de la mesa: correo y webhooks" />
      <EmailStatus status={status.data} isLoading={status.isLoading} failed={!!status.error} onRetry={() => void status.refetch()} />
      <section aria-labelledby={webhooksId} className="flota-notifications__webhooks">
        <div className="flota-notifications__head">
          <div>
            <h2 id={webhooksId} className="flota-notifications__title">
              Webhooks
            </h2>
            <p className="flota-notifications__subtitle">
              {endpoints ? endpointCount(list.length, max) : 'Avisos firmados por HTTP a tus sistemas, con reintentos y registro de entregas.'}
            </p>
          </div>
          {endpoints && list.length > 0 && (
            <button type="button" className="flota-button flota-button--primary" onClick={openCreate} disabled={!canAdd}>
              + Nuevo webhook
            </button>
          )}
        </div>
        {webhooks()}
      </section>
      {modal}
    </section>
  );
}
