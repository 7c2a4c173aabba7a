/**
 * Each new alert's webhooks and e-mails go into the outbox inside the transaction that stores the
 * alert: both commit, or neither. The fleet's endpoints come from the module's per-fleet cache.
 */
import { handler } from '../../flotaModule';
import type { EndpointsCache } from '../endpointsCache';
import { enqueueAlertNotifications } from '../enqueue';

export const onAlertRaised = handler('alertRaised', 'inside', ({ clock }, { endpoints }: { endpoints: EndpointsCache }) => (alert, trx) =>
  enqueueAlertNotifications(alert, trx, clock.now(), endpoints.subscribedTo),
);
