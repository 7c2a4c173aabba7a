/**
 * Alertas' channel on the desk's socket (app/realtimeChannels.ts registers it). The layout holds it
 * for the whole session, so every desk user hears a new alert on any screen: the inbox and the open
 * count are read again, a toast says what happened, and an SOS also beeps and raises the banner.
 */
import { createAction } from '@reduxjs/toolkit';
import { SocketEvent } from '../../../contract/socketEvents';
import { LIST } from '../../app/api';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import type { ChannelDispatch, RealtimeChannel } from '../../lib/realtime/channel';
import { alertsApi } from './alertsApi';
import type * as AlertChecks from './alertChecks';
import { playSosBeep } from './sosSound';

let checksLoading: Promise<typeof AlertChecks> | null = null;
const loadChecks = () => (checksLoading ??= import(/* webpackChunkName: "socket-payloads" */ './alertChecks'));

export const alertsOpened = createAction('alerts/opened');
export const alertsClosed = createAction('alerts/closed');

const reload = (dispatch: ChannelDispatch) =>
  dispatch(
    alertsApi.util.invalidateTags([
      { type: 'Alert', id: LIST },
      { type: 'Alert', id: 'SUMMARY' },
    ]),
  );

export const alertsChannel: RealtimeChannel = {
  name: 'alerts',
  openOn: alertsOpened.match,
  releaseOn: alertsClosed.match,
  attach: ({ dispatch }) => ({
    events: {
      [SocketEvent.alertRaised]: (payload: unknown) => {
        reload(dispatch);
        void loadChecks().then(({ alertRaisedPayloadSchema }) => {
          const parsed = alertRaisedPayloadSchema.safeParse(payload);
          if (!parsed.success) return;
          const { alert } = parsed.data;
          if (alert.kind === 'sos') playSosBeep();
          dispatch(noticeShown(alert.kind === 'sos' ? 'error' : 'info', `Alerta: ${alert.title}`));
        });
      },
      [SocketEvent.alertChanged]: () => reload(dispatch),
    },
    onReconnect: () => reload(dispatch),
  }),
};
