/** Each new alert's webhooks and e-mails go into the outbox inside the transaction that stores the alert: both commit, or neither. */
import { handler } from '../../flotaModule';
import { enqueueAlertNotifications } from '../enqueue';

export const onAlertRaised = handler('alertRaised', 'inside', () => (alert, trx) => enqueueAlertNotifications(alert, trx));
