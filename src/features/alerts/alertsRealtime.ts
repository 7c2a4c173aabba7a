/**
 * Alertas' channel on the desk's socket (app/realtimeChannels.ts registers it). The layout holds it
 * for the whole session, so every desk user hears a new alert on any screen: the alert is written
 * into the cached inbox pages and the open counts (./alertsCache.ts), with no request; a toast says
 * what happened, and an SOS also beeps and raises the banner. An event heard while a page is loading
 * is written again into its answer; one heard while the counts are loading has them read once more,
 * since counting twice would be wrong (lib/realtime/followedQueries.ts).
 */
import { createAction } from '@reduxjs/toolkit';
import type { Alert, AlertsQuery } from '../../../contract/alerts';
import { SocketEvent } from '../../../contract/socketEvents';
import { LIST } from '../../app/api';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import type { ChannelDispatch, RealtimeChannel } from '../../lib/realtime/channel';
import { followQueries } from '../../lib/realtime/followedQueries';
import { addCounts, countsChange, placeAlert, stateOf, type AlertState } from './alertsCache';
import { alertsApi } from './alertsApi';
import type * as AlertChecks from './alertChecks';
import { playSosBeep } from './sosSound';

let checksLoading: Promise<typeof AlertChecks> | null = null;
const loadChecks = () => (checksLoading ??= import(/* webpackChunkName: "socket-payloads" */ './alertChecks'));

/** The alerts' notices: after three, one counter with a link to the inbox. */
const ALERT_NOTICES = { key: 'alerts', many: 'alertas nuevas', to: '/dashboard/alerts', linkText: 'Ver alertas' };

export const alertsOpened = createAction('alerts/opened');
export const alertsClosed = createAction('alerts/closed');

const reload = (dispatch: ChannelDispatch) =>
  dispatch(
    alertsApi.util.invalidateTags([
      { type: 'Alert', id: LIST },
      { type: 'Alert', id: 'SUMMARY' },
    ]),
  );

interface Heard {
  alert: Alert;
  raised: boolean;
}

type CacheState = Parameters<typeof alertsApi.util.selectCachedArgsForQuery>[0];

export const alertsChannel: RealtimeChannel = {
  name: 'alerts',
  openOn: alertsOpened.match,
  releaseOn: alertsClosed.match,
  attach: ({ dispatch, getState }) => {
    const cachedPages = () => alertsApi.util.selectCachedArgsForQuery(getState() as CacheState, 'getAlerts');
    const readSummary = () => void dispatch(alertsApi.endpoints.getAlertSummary.initiate(undefined, { forceRefetch: true, subscribe: false }));
    /** What this desk knows of each alert it has heard of: whether the counts hold it as open. */
    const known = new Map<number, AlertState>();
    const listedState = (id: number): AlertState | undefined => {
      for (const query of cachedPages()) {
        const listed = alertsApi.endpoints.getAlerts.select(query)(getState() as CacheState).data?.alerts.find((alert) => alert.id === id);
        if (listed) return stateOf(listed);
      }
      return undefined;
    };

    // Whether the event being heard leaves the counts to the server: read once it is heard (read
    // inside the patch, the reading would count as on its way while its own event came, and go twice).
    let readAfter = false;
    const counts = followQueries<Heard>({
      endpoints: ['getAlertSummary'],
      patch({ alert, raised }) {
        const change = countsChange(known.get(alert.id) ?? listedState(alert.id), alert, raised);
        known.set(alert.id, stateOf(alert));
        if (change === 'unknown') {
          readAfter = true;
          return;
        }
        if (!change.open_count && !change.open_sos) return;
        dispatch(
          alertsApi.util.updateQueryData('getAlertSummary', undefined, (summary) => {
            readAfter = addCounts(summary, change);
          }),
        );
      },
      afterAnswer: 'refetch',
      refetch: readSummary,
      getState,
    });
    const pages = followQueries<Heard>({
      endpoints: ['getAlerts'],
      patch({ alert }) {
        for (const query of cachedPages()) dispatch(alertsApi.util.updateQueryData('getAlerts', query, (page) => placeAlert(page, query, alert)));
      },
      afterAnswer: 'replay',
      refetch: (_endpoint, query) => void dispatch(alertsApi.endpoints.getAlerts.initiate(query as AlertsQuery, { forceRefetch: true, subscribe: false })),
      getState,
    });
    const heard = (event: Heard) => {
      // The counts first: they ask the pages what this alert was before the pages take it.
      counts.heard(event);
      pages.heard(event);
      if (readAfter) {
        readAfter = false;
        readSummary();
      }
    };

    return {
      events: {
        [SocketEvent.alertRaised]: (payload: unknown) => {
          void loadChecks().then(({ alertRaisedPayloadSchema }) => {
            const parsed = alertRaisedPayloadSchema.safeParse(payload);
            if (!parsed.success) return reload(dispatch);
            const { alert } = parsed.data;
            heard({ alert, raised: true });
            if (alert.kind === 'sos') playSosBeep();
            // An SOS always has its own notice; the rest collapse into one counter after three (a busy night).
            if (alert.kind === 'sos') dispatch(noticeShown('error', `Alerta: ${alert.title}`));
            else dispatch(noticeShown('info', `Alerta: ${alert.title}`, ALERT_NOTICES));
          });
        },
        [SocketEvent.alertChanged]: (payload: unknown) => {
          void loadChecks().then(({ alertChangedPayloadSchema }) => {
            const parsed = alertChangedPayloadSchema.safeParse(payload);
            if (parsed.success) heard({ alert: parsed.data.alert, raised: false });
            else reload(dispatch);
          });
        },
      },
      onAction(action) {
        counts.saw(action);
        pages.saw(action);
      },
      onJoined() {
        counts.joined();
        pages.joined();
      },
      onReconnect: () => reload(dispatch),
      onClose() {
        counts.clear();
        pages.clear();
        known.clear();
      },
    };
  },
};
