/**
 * A zone's fields: name, kind, colour, speed limit, dwell time and active hours. The same form makes
 * a new zone and edits one (its values then start from the zone); the shape comes from the map.
 */
import { TimeField } from '../../components/form/TimeField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { zoneKindLabels, zoneKinds, type Zone, type ZoneKind, type ZoneRequest } from '../../../contract/alerts';

export type ZoneFields = Omit<ZoneRequest, 'geometry' | 'radius_m'>;

const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));

export function ZoneForm({ zone, title, shapeNote, canSave, saving, submitLabel, onSubmit, children }: { zone: Zone | null; title: string; shapeNote: string; canSave: boolean; saving: boolean; submitLabel: string; onSubmit(fields: ZoneFields): void; children?: ReactNode }) {
  const [name, setName] = useState(zone?.name ?? '');
  const [kind, setKind] = useState<ZoneKind>(zone?.kind ?? 'paradero');
  const [color, setColor] = useState(zone?.color ?? '#2563eb');
  const [speed, setSpeed] = useState(zone?.speed_limit_kmh?.toString() ?? '');
  const [dwell, setDwell] = useState(zone?.dwell_minutes?.toString() ?? '');
  // Active hours are off (always active) unless asked for: from and to only then.
  const [hoursOn, setHoursOn] = useState(zone?.active_hours != null);
  const [from, setFrom] = useState(zone?.active_hours?.from ?? '08:00');
  const [to, setTo] = useState(zone?.active_hours?.to ?? '20:00');

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ name, kind, color, speed_limit_kmh: optionalNumber(speed), dwell_minutes: optionalNumber(dwell), active_hours: hoursOn ? { from, to } : null });
  }

  return (
    <form className="flota-zones__form" onSubmit={submit} aria-label={title}>
      <h2 className="flota-section-title">{title}</h2>
      <p className="flota-zones__hint">{shapeNote}</p>
      <label>
        Nombre
        <input value={name} onChange={(event) => setName(event.target.value)} maxLength={80} required />
      </label>
      <label>
        Tipo
        <select value={kind} onChange={(event) => setKind(event.target.value as ZoneKind)}>
          {zoneKinds.map((k) => (
            <option key={k} value={k}>
              {zoneKindLabels[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Color
        <input type="color" value={color} onChange={(event) => setColor(event.target.value)} />
      </label>
      <label>
        Límite de velocidad (km/h, opcional)
        <input inputMode="numeric" value={speed} onChange={(event) => setSpeed(event.target.value)} />
      </label>
      <label>
        Permanencia máxima (minutos, opcional)
        <input inputMode="numeric" value={dwell} onChange={(event) => setDwell(event.target.value)} />
      </label>
      <label className="flota-zones__check">
        <input type="checkbox" checked={hoursOn} onChange={(event) => setHoursOn(event.target.checked)} /> Activa solo en un horario
      </label>
      {hoursOn && (
        <div className="flota-zones__hours">
          <label>
            Desde
            <TimeField value={from} onValueChange={setFrom} required />
          </label>
          <label>
            Hasta
            <TimeField value={to} onValueChange={setTo} required />
          </label>
        </div>
      )}
      {children}
      <button type="submit" className="flota-button flota-button--primary" disabled={!canSave || saving}>
        {saving ? 'Guardando...' : submitLabel}
      </button>
    </form>
  );
}
