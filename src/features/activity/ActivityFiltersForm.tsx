import { useState, type FormEvent } from 'react';
import { activityQuerySchema, fieldErrors, type ActivityResponse } from '../../../contract/api';
import { activityEntities, activityEntityLabels } from '../../../contract/entities';
import { Field } from '../../components/form/Field';
import { roleText } from './activityDisplay';

export interface ActivityFilters {
  actor: string;
  entity: string;
  start_date: string;
  end_date: string;
}

export const noFilters: ActivityFilters = { actor: '', entity: '', start_date: '', end_date: '' };

/** The filter bar: Buscar validates (contract rules) and applies; Limpiar empties and applies. */
export function ActivityFiltersForm({ actors, onApply }: { actors: ActivityResponse['actors']; onApply: (filters: ActivityFilters) => void }) {
  const [values, setValues] = useState(noFilters);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof ActivityFilters) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    const parsed = activityQuerySchema.safeParse(present);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(values);
  }

  function handleClear() {
    setValues(noFilters);
    setErrors({});
    onApply(noFilters);
  }

  return (
    <form className="flota-activity-filters" onSubmit={handleSubmit} noValidate aria-label="Filtros de la actividad">
      <Field label="Persona" error={errors.actor}>
        {(control) => (
          <select {...control} value={values.actor} onChange={set('actor')}>
            <option value="">Todas las personas</option>
            {actors.map((actor) => (
              <option key={actor.key} value={actor.key}>
                {actor.name} ({roleText(actor.role)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Tipo de registro" error={errors.entity}>
        {(control) => (
          <select {...control} value={values.entity} onChange={set('entity')}>
            <option value="">Todos</option>
            {activityEntities.map((entity) => (
              <option key={entity} value={entity}>
                {activityEntityLabels[entity]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Fecha Inicio" error={errors.start_date}>
        {(control) => <input {...control} type="date" value={values.start_date} onChange={set('start_date')} />}
      </Field>
      <Field label="Fecha Fin" error={errors.end_date}>
        {(control) => <input {...control} type="date" value={values.end_date} min={values.start_date || undefined} onChange={set('end_date')} />}
      </Field>
      <div className="flota-activity-filters__actions">
        <button type="submit" className="flota-button flota-button--primary">
          Buscar
        </button>
        <button type="button" className="flota-button flota-button--secondary" onClick={handleClear}>
          Limpiar
        </button>
      </div>
    </form>
  );
}
