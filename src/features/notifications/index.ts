/** Notificaciones (webhooks, e-mail): what src/app may use of this feature. */
export { NotificationsPage } from './NotificationsPage';
