/**
 * Reglas (issue 33, item 3): which alert kinds, for which zones and which taxis, reach the desk and
 * which e-mail addresses. Listed, created, edited and deleted here by the Dueño and the Administrador
 * (the Zonas screen is theirs alone). No zone or taxi ticked means all of them; webhooks are set per
 * endpoint in Notificaciones.
 */
import { useState, type FormEvent } from 'react';
import { alertKindLabels, alertKinds, type AlertKind, type AlertRule, type Zone } from '../../../contract/alerts';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { apiErrorMessage } from '../../lib/apiError';
import { useDeleteAlertRuleMutation, useGetAlertRulesQuery, useSaveAlertRuleMutation } from './alertsApi';

interface Draft {
  id: number | null;
  name: string;
  kinds: AlertKind[];
  zoneIds: number[];
  /** Empty: every taxi. */
  vehicleIds: number[];
  desk: boolean;
  emails: string;
}

/** A taxi a rule may be limited to: the vehicle and its plate. */
export interface RuleTaxi {
  id: number;
  plate: string;
}

const EMPTY: Draft = { id: null, name: '', kinds: [], zoneIds: [], vehicleIds: [], desk: true, emails: '' };

function draftOf(rule: AlertRule): Draft {
  return { id: rule.id, name: rule.name, kinds: rule.kinds, zoneIds: rule.zone_ids ?? [], vehicleIds: rule.vehicle_ids ?? [], desk: rule.desk, emails: rule.email_to.join(', ') };
}

const toggled = <T,>(list: readonly T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

export function RulesSection({ zones, taxis, taxisFailed }: { zones: readonly Zone[]; taxis: readonly RuleTaxi[] | null; taxisFailed: boolean }) {
  const { data: rules, isLoading, isError, refetch } = useGetAlertRulesQuery();
  const [saveRule, saving] = useSaveAlertRuleMutation();
  const [deleteRule] = useDeleteAlertRuleMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [saved, setSaved] = useState<string | null>(null);
  const zoneName = (id: number) => zones.find((zone) => zone.id === id)?.name ?? `Zona ${id}`;
  const plateOf = (id: number) => taxis?.find((taxi) => taxi.id === id)?.plate ?? `Vehículo ${id}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const email_to = draft.emails.split(/[\s,;]+/).filter(Boolean);
    const result = await saveRule({ id: draft.id, rule: { name: draft.name, kinds: draft.kinds, zone_ids: draft.zoneIds.length ? draft.zoneIds : null, vehicle_ids: draft.vehicleIds.length ? draft.vehicleIds : null, desk: draft.desk, email_to } });
    if ('data' in result && result.data) {
      setSaved(`Regla «${result.data.name}» guardada.`);
      setDraft(EMPTY);
      saving.reset();
    }
  }

  return (
    <section className="flota-rules" aria-labelledby="flota-rules-title">
      <h2 className="flota-section-title" id="flota-rules-title">
        Reglas
      </h2>
      <p className="flota-zones__hint">Qué alertas llegan al escritorio y a qué correos. Los webhooks se configuran en Notificaciones.</p>
      {isError && !rules && <LoadFailure message="No se pudieron cargar las reglas." onRetry={() => void refetch()} />}
      {isLoading ? (
        <LoadingText>Cargando reglas...</LoadingText>
      ) : rules?.length ? (
        <ul className="flota-rules__list">
          {rules.map((rule) => (
            <li key={rule.id}>
              <span>
                <strong>{rule.name}</strong>: {rule.kinds.map((kind) => alertKindLabels[kind]).join(', ')} · {rule.zone_ids ? rule.zone_ids.map(zoneName).join(', ') : 'Todas las zonas'} · {rule.vehicle_ids ? rule.vehicle_ids.map(plateOf).join(', ') : 'Todos los taxis'} ·{' '}
                {[rule.desk ? 'Escritorio' : null, ...rule.email_to].filter(Boolean).join(', ')}
              </span>
              <button type="button" className="flota-button flota-button--secondary" onClick={() => setDraft(draftOf(rule))} aria-label={`Editar ${rule.name}`}>
                Editar
              </button>
              <button type="button" className="flota-button flota-button--secondary" onClick={() => void deleteRule(rule.id)} aria-label={`Eliminar ${rule.name}`}>
                Eliminar
              </button>
            </li>
          ))}
        </ul>
      ) : (
        !isError && <p>Sin reglas: ninguna alerta se avisa.</p>
      )}
      <form className="flota-zones__form" onSubmit={(event) => void save(event)} aria-label={draft.id === null ? 'Nueva regla' : 'Editar regla'}>
        <h3 className="flota-section-title">{draft.id === null ? 'Nueva regla' : 'Editar regla'}</h3>
        <label>
          Nombre de la regla
          <input value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} maxLength={80} required />
        </label>
        <fieldset className="flota-rules__choices">
          <legend>Tipos de alerta</legend>
          {alertKinds.map((kind) => (
            <label key={kind}>
              <input type="checkbox" checked={draft.kinds.includes(kind)} onChange={() => setDraft({ ...draft, kinds: toggled(draft.kinds, kind) })} /> {alertKindLabels[kind]}
            </label>
          ))}
        </fieldset>
        {zones.length > 0 && (
          <fieldset className="flota-rules__choices">
            <legend>Zonas (ninguna marcada: todas)</legend>
            {zones.map((zone) => (
              <label key={zone.id}>
                <input type="checkbox" checked={draft.zoneIds.includes(zone.id)} onChange={() => setDraft({ ...draft, zoneIds: toggled(draft.zoneIds, zone.id) })} /> {zone.name}
              </label>
            ))}
          </fieldset>
        )}
        {taxisFailed && !taxis ? (
          <p className="flota-form-error" role="alert">
            No se pudieron cargar los taxis: la regla conserva los que ya tenía.
          </p>
        ) : (
          taxis &&
          taxis.length > 0 && (
            <fieldset className="flota-rules__choices">
              <legend>Taxis (ninguno marcado: todos)</legend>
              {taxis.map((taxi) => (
                <label key={taxi.id}>
                  <input type="checkbox" checked={draft.vehicleIds.includes(taxi.id)} onChange={() => setDraft({ ...draft, vehicleIds: toggled(draft.vehicleIds, taxi.id) })} /> {taxi.plate}
                </label>
              ))}
            </fieldset>
          )
        )}
        <label className="flota-rules__check">
          <input type="checkbox" checked={draft.desk} onChange={(event) => setDraft({ ...draft, desk: event.target.checked })} /> Avisar en el escritorio
        </label>
        <label>
          Correos (separados por coma, opcional)
          <input value={draft.emails} onChange={(event) => setDraft({ ...draft, emails: event.target.value })} />
        </label>
        {saving.error && (
          <p className="flota-form-error" role="alert">
            {apiErrorMessage(saving.error, 'No se pudo guardar la regla.')}
          </p>
        )}
        {saved && <p role="status">{saved}</p>}
        <button type="submit" className="flota-button flota-button--primary" disabled={saving.isLoading}>
          {saving.isLoading ? 'Guardando...' : 'Guardar regla'}
        </button>
        {draft.id !== null && (
          <button type="button" className="flota-button flota-button--secondary" onClick={() => setDraft(EMPTY)}>
            Cancelar
          </button>
        )}
      </form>
    </section>
  );
}
