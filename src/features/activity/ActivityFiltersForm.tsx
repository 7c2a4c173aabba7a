import { useState, type FormEvent } from 'react';
import { activityQuerySchema, fieldErrors, type ActivityResponse } from '../../../contract/api';
import { activityEntities, activityEntityLabels } from '../../../contract/entities';
import { usePermissions } from '../../app/hooks';
import { DateRangeFields } from '../../components/form/DateRangeFields';
import { Field } from '../../components/form/Field';
import { FilterBar } from '../../components/form/FilterBar';
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
  // Entries about desk accounts are the Dueño's only (the server leaves them out for the others).
  const { manageUsers } = usePermissions();
  const entities = activityEntities.filter((entity) => entity !== 'user' || manageUsers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof ActivityFilters) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

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
    <FilterBar className="flota-activity-filters" label="Filtros de la actividad" onSubmit={handleSubmit} onClear={handleClear}>
      <Field label="Persona" error={errors.actor}>
        {(control) => (
          <select {...control} value={values.actor} onChange={(event) => set('actor')(event.target.value)}>
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
          <select {...control} value={values.entity} onChange={(event) => set('entity')(event.target.value)}>
            <option value="">Todos</option>
            {entities.map((entity) => (
              <option key={entity} value={entity}>
                {activityEntityLabels[entity]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <DateRangeFields start={values.start_date} end={values.end_date} onStartChange={set('start_date')} onEndChange={set('end_date')} errors={errors} />
    </FilterBar>
  );
}
