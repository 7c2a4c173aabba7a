import { formatDateTime, formatTime } from '../../../contract/dateFormat';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { alertKindLabels, alertKinds, type Alert, type AlertKind, type AlertsQuery } from '../../../contract/alerts';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { PhoneLink } from '../../components/PhoneLink';
import { apiErrorMessage } from '../../lib/apiError';
import { groupAlerts, type AlertGroup } from './alertGroups';
import { AlertsBulkBar } from './AlertsBulkBar';
import { MuteZoneButton, ZoneMutesLine } from './ZoneMutes';
import { useAcknowledgeAlertMutation, useAcknowledgeAlertsMutation, useGetAlertSummaryQuery, useGetAlertsQuery } from './alertsApi';
import { positionTimeText } from './positionTime';
import './alerts.css';

export type ShowAlertOnMap = (alert: Alert) => void;

const time = (iso: string) => formatDateTime(iso);

interface ItemProps {
  group: AlertGroup;
  onShowOnMap?: ShowAlertOnMap;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

function AlertItem({ group, onShowOnMap, selected, onSelect }: ItemProps) {
  const [alert] = group.alerts;
  const count = group.alerts.length;
  const [acknowledgeOne, one] = useAcknowledgeAlertMutation();
  const [acknowledgeMany, many] = useAcknowledgeAlertsMutation();
  const { isLoading, error } = count > 1 ? many : one;
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const noteId = useId();
  // Any failure says so: a network error has no server text, and once showed nothing at all.
  const failure = error ? apiErrorMessage(error, count > 1 ? 'No se pudieron reconocer las alertas.' : 'No se pudo reconocer la alerta.') : null;
  const positionNote = positionTimeText(alert);
  const classes = ['flota-alert', alert.kind === 'sos' ? 'flota-alert--sos' : '', alert.acknowledged ? 'flota-alert--acknowledged' : ''].join(' ');
  return (
    <li className={classes} data-testid="alert">
      <div>
        <div className="flota-alert__title">
          {!alert.acknowledged && (
            <input type="checkbox" className="flota-alert__select" checked={selected} aria-label={`Seleccionar: ${alert.title}`} onChange={(event) => onSelect(event.target.checked)} />
          )}
          {alert.title}
          {/* One taxi, one kind, one episode: the repeats are counted, not listed. */}
          {count > 1 && (
            <span className="flota-alert__count" aria-label={`${count} alertas`}>
              ×{count}
            </span>
          )}
        </div>
        <div className="flota-alert__meta">
          {alertKindLabels[alert.kind]} · {time(alert.occurred_at)}
          {/* An SOS pressed again before anyone acknowledged it: one alert, counting the presses. */}
          {alert.presses > 1 && ` · Pulsado ${alert.presses} veces`}
          {count > 1 && ` · ${count} seguidas desde las ${formatTime(group.alerts[count - 1].occurred_at)}`}
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
        {!alert.acknowledged && <MuteZoneButton alert={alert} />}
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
            if (count > 1) void acknowledgeMany({ ids: group.alerts.map((member) => member.id), note });
            else void acknowledgeOne({ id: alert.id, note });
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
  const groups = useMemo(() => groupAlerts(data?.alerts ?? []), [data?.alerts]);
  // Ticked entries, by their newest alert's id; an entry acknowledged meanwhile drops out.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const selectedIds = groups.filter((group) => ticked.has(group.key) && !group.alerts[0].acknowledged).flatMap((group) => group.alerts.map((alert) => alert.id));
  const tick = (key: number, on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
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
      <ZoneMutesLine />
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
        <>
          <AlertsBulkBar selectedIds={selectedIds} kind={kind} anyOpen={data.alerts.some((alert) => !alert.acknowledged)} onDone={() => setTicked(new Set())} />
          <ul className="flota-alerts-list" aria-label="Alertas">
            {groups.map((group) => (
              <AlertItem key={group.key} group={group} onShowOnMap={onShowOnMap} selected={ticked.has(group.key)} onSelect={(on) => tick(group.key, on)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
