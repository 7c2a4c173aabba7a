import { useState } from 'react';
import { webhookEndpointRequestSchema, webhookEventTypeLabels, type SubscribableEventType, type WebhookEndpoint } from '../../../contract/notifications';
import { useAppDispatch } from '../../app/hooks';
import { Field } from '../../components/form/Field';
import { FormModal } from '../../components/form/FormModal';
import { useModalForm } from '../../components/form/useModalForm';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useCreateWebhookMutation, useUpdateWebhookMutation } from './notificationsApi';

/**
 * Add (endpoint = null) or edit a webhook endpoint: URL, description, events, active. Checked with
 * the contract's schema before sending; the server adds the address check (SSRF) and answers why.
 * A new endpoint's secret goes to `onCreated`, which shows it once.
 */
export function WebhookFormModal({
  endpoint,
  eventTypes,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  eventTypes: readonly SubscribableEventType[];
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpoint, secret: string) => void;
}) {
  const dispatch = useAppDispatch();
  const { values, change, errors, formError, submit } = useModalForm({ url: endpoint?.url ?? '', description: endpoint?.description ?? '' }, 'Error al guardar el webhook');
  const [events, setEvents] = useState<SubscribableEventType[]>(endpoint?.events ?? ['alert.sos']);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [createWebhook, creating] = useCreateWebhookMutation();
  const [updateWebhook, updating] = useUpdateWebhookMutation();

  const toggle = (type: SubscribableEventType) => setEvents((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]));

  async function handleSubmit() {
    const parsed = webhookEndpointRequestSchema.safeParse({ ...values, events, enabled });
    if (endpoint) {
      if (!(await submit(parsed, (changes) => updateWebhook({ id: endpoint.id, changes }).unwrap()))) return;
      dispatch(noticeShown('success', 'Webhook actualizado correctamente'));
      onClose();
      return;
    }
    let created: { endpoint: WebhookEndpoint; secret: string } | null = null;
    if (!(await submit(parsed, async (body) => (created = await createWebhook(body).unwrap())))) return;
    dispatch(noticeShown('success', 'Webhook agregado correctamente'));
    if (created) onCreated((created as { endpoint: WebhookEndpoint }).endpoint, (created as { secret: string }).secret);
  }

  return (
    <FormModal title={endpoint ? 'Editar webhook' : 'Nuevo webhook'} onClose={onClose} onSubmit={handleSubmit} busy={creating.isLoading || updating.isLoading} formError={formError}>
      <Field wide label="URL" error={errors.url} hint="Dirección pública http(s) que recibirá los eventos por POST">
        {(control) => <input {...control} type="url" value={values.url} onChange={change('url')} placeholder="https://ejemplo.cl/flota/webhook" autoComplete="off" inputMode="url" />}
      </Field>
      <Field wide label="Descripción (opcional)" error={errors.description}>
        {(control) => <input {...control} value={values.description} onChange={change('description')} placeholder="Central de monitoreo" autoComplete="off" />}
      </Field>
      <fieldset className="flota-webhook-form__events" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend>Eventos</legend>
        <div className="flota-webhook-form__grid">
          {eventTypes.map((type) => (
            <label key={type} className="flota-webhook-form__check">
              <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} /> {webhookEventTypeLabels[type]}
            </label>
          ))}
        </div>
        {errors.events && (
          <p id="webhook-events-error" className="flota-field__error" role="alert">
            {errors.events}
          </p>
        )}
      </fieldset>
      <label className="flota-webhook-form__check flota-webhook-form__active">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> Activo (desactivado no recibe eventos, pero sí el de Probar)
      </label>
    </FormModal>
  );
}
