import { formatDateTime } from '../../../contract/dateFormat';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { alertKindLabels, alertKinds, type Alert, type AlertKind, type AlertsQuery } from '../../../contract/alerts';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { PhoneLink } from '../../components/PhoneLink';
import { apiErrorMessage } from '../../lib/apiError';
import { useAcknowledgeAlertMutation, useGetAlertSummaryQuery, useGetAlertsQuery } from './alertsApi';
import { positionTimeText } from './positionTime';
import './alerts.css';

export type ShowAlertOnMap = (alert: Alert) => void;

const time = (iso: string) => formatDateTime(iso);

function AlertItem({ alert, onShowOnMap }: { alert: Alert; onShowOnMap?: ShowAlertOnMap }) {
  const [acknowledge, { isLoading, error }] = useAcknowledgeAlertMutation();
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const noteId = useId();
  // Any failure says so: a network error has no server text, and once showed nothing at all.
  const failure = error ? apiErrorMessage(error, 'No se pudo reconocer la alerta.') : null;
  const positionNote = positionTimeText(alert);
  const classes = ['flota-alert', alert.kind === 'sos' ? 'flota-alert--sos' : '', alert.acknowledged ? 'flota-alert--acknowledged' : ''].join(' ');
  return (
    <li className={classes} data-testid="alert">
      <div>
        <div className="flota-alert__title">{alert.title}</div>
        <div className="flota-alert__meta">
          {alertKindLabels[alert.kind]} · {time(alert.occurred_at)}
          {/* An SOS pressed again before anyone acknowledged it: one alert, counting the presses. */}
          {alert.presses > 1 && ` · Pulsado ${alert.presses} veces`}
          {alert.driver && ` · ${alert.driver.name}`}
          {alert.driver?.phone && (
            <>
              {' · '}
              <PhoneLink phone={alert.driver.phone} name={alert.driver.name} />
            </>
          )}
        </div>
        {alert.detail && <div className="flota-alert__meta flota-alert__detail">{alert.detail}</div>}
        {positionNote && <div className="flota-alert__meta">{positionNote}</div>}
        <div className={alert.acknowledged ? 'flota-alert__meta' : 'flota-alert__meta flota-alert__open'}>
          {alert.acknowledged ? `Reconocida por ${alert.acknowledged.by} · ${time(alert.acknowledged.at)}${alert.acknowledged.note ? ` · «${alert.acknowledged.note}»` : ''}` : 'Sin reconocer'}
        </div>
      </div>
      <div className="flota-alert__actions">
        {alert.position && onShowOnMap && alert.shift_id !== null && (
          <button type="button" className="flota-button flota-button--secondary" onClick={() => onShowOnMap(alert)}>
            Ver en el mapa
          </button>
        )}
        {!alert.acknowledged && !asking && (
          <button type="button" className="flota-button flota-button--primary" onClick={() => setAsking(true)}>
            Reconocer
          </button>
        )}
      </div>
      {!alert.acknowledged && asking && (
        <form
          className="flota-alert__ack"
          onSubmit={(event) => {
            event.preventDefault();
            void acknowledge({ id: alert.id, note });
          }}
        >
          <label htmlFor={noteId} className="flota-visually-hidden">
            Nota (opcional)
          </label>
          <input id={noteId} value={note} maxLength={500} placeholder="Nota (opcional)" onChange={(event) => setNote(event.target.value)} />
          <button type="submit" className="flota-button flota-button--primary" disabled={isLoading}>
            {isLoading ? 'Reconociendo...' : 'Confirmar'}
          </button>
          <button type="button" className="flota-button flota-button--secondary" onClick={() => setAsking(false)}>
            Cancelar
          </button>
        </form>
      )}
      {failure && (
        <div role="alert" className="flota-alert__meta">
          {failure}
        </div>
      )}
    </li>
  );
}

/** La bandeja: every desk role; newest first, live (the alerts channel writes each alert into it), filtered by kind and state. */
export function AlertsPage({ onShowOnMap }: { onShowOnMap?: ShowAlertOnMap }) {
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const kind = alertKinds.find((k) => k === params.get('kind')) as AlertKind | undefined;
  const state = params.get('state') === 'open' || params.get('state') === 'acknowledged' ? (params.get('state') as 'open' | 'acknowledged') : undefined;
  const query: AlertsQuery = { ...(kind ? { kind } : {}), ...(state ? { state } : {}) };
  const { data, isFetching, isError, refetch } = useGetAlertsQuery(query);
  // The count the socket keeps current (the page's own open_count is as of its reading).
  const openCount = useGetAlertSummaryQuery().data?.open_count ?? data?.open_count;
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <section aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Alertas" subtitle={data && openCount !== undefined ? `${openCount} sin reconocer` : 'Zonas, velocidad, sin señal y SOS de tu flota'} />
      <div className="flota-alerts-filters">
        <label>
          Tipo
          <select value={kind ?? ''} onChange={(event) => setFilter('kind', event.target.value)}>
            <option value="">Todos</option>
            {alertKinds.map((k) => (
              <option key={k} value={k}>
                {alertKindLabels[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Estado
          <select value={state ?? ''} onChange={(event) => setFilter('state', event.target.value)}>
            <option value="">Todas</option>
            <option value="open">Sin reconocer</option>
            <option value="acknowledged">Reconocidas</option>
          </select>
        </label>
      </div>
      {/* With no answer yet (first load, or Reintentar after a failure) the page says it is loading; it never shows an empty list. */}
      {!data ? (
        isFetching ? (
          <LoadingText>Cargando...</LoadingText>
        ) : (
          isError && <LoadFailure message="No se pudieron cargar las alertas." onRetry={() => void refetch()} />
        )
      ) : data.alerts.length === 0 ? (
        <EmptyState message="Sin alertas. Cuando un taxi entre o salga de una zona, exceda la velocidad, se quede sin señal o un conductor pida ayuda, aparecerá aquí." actionLabel="" />
      ) : (
        <ul className="flota-alerts-list" aria-label="Alertas">
          {data.alerts.map((alert) => <AlertItem key={alert.id} alert={alert} onShowOnMap={onShowOnMap} />)}
        </ul>
      )}
    </section>
  );
}
