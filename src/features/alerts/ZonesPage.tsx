import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { zoneKindLabels, zoneKinds, type ZoneKind, type ZoneRequest } from '../../../contract/alerts';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { useCreateZoneMutation, useDeleteZoneMutation, useGetZonesQuery } from './alertsApi';
import { RulesSection } from './RulesSection';
import type { DrawMode, DrawnShape } from './ZonesMap';
import './zones.css';

const ZonesMap = lazy(() => import(/* webpackChunkName: "zones-map" */ './ZonesMap'));

const errorText = (error: unknown) => (error && typeof error === 'object' && 'data' in error ? ((error.data as { error?: string } | undefined)?.error ?? 'No se pudo guardar la zona.') : 'No se pudo guardar la zona.');
const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));

/** Zonas (Dueño and Administrador): draw a polygon or a circle on the map, name it and save it; the list beside, with delete. */
export function ZonesPage() {
  const titleId = useId();
  const { data, isLoading, isError, refetch } = useGetZonesQuery();
  const [createZone, creating] = useCreateZoneMutation();
  const [deleteZone] = useDeleteZoneMutation();
  const [mode, setMode] = useState<DrawMode>(null);
  const [shape, setShape] = useState<DrawnShape | null>(null);
  // The drawing tools wait for the map: a click before it loaded drew nothing, with no word why.
  const [mapReady, setMapReady] = useState(false);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ZoneKind>('paradero');
  const [color, setColor] = useState('#2563eb');
  const [speed, setSpeed] = useState('');
  const [dwell, setDwell] = useState('');
  const [saved, setSaved] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!shape) return;
    const body: ZoneRequest = { name, kind, color, geometry: shape.geometry, radius_m: shape.radius_m, speed_limit_kmh: optionalNumber(speed), dwell_minutes: optionalNumber(dwell) };
    const result = await createZone(body);
    if ('data' in result) {
      setSaved(`Zona «${result.data?.name}» guardada.`);
      setShape(null);
      setMode(null);
      setName('');
    }
  }

  return (
    <section aria-labelledby={titleId} className="flota-zones">
      <PageHeader id={titleId} title="Zonas" subtitle="Paraderos, zonas de servicio y restringidas: entradas, salidas, permanencia y velocidad generan alertas" />
      <div className="flota-zones__layout">
        <div className="flota-zones__map">
          <div className="flota-zones__tools" role="toolbar" aria-label="Dibujar">
            <button type="button" className={`flota-button ${mode === 'polygon' ? 'flota-button--primary' : 'flota-button--secondary'}`} aria-pressed={mode === 'polygon'} disabled={!mapReady} onClick={() => setMode('polygon')}>
              Dibujar polígono
            </button>
            <button type="button" className={`flota-button ${mode === 'circle' ? 'flota-button--primary' : 'flota-button--secondary'}`} aria-pressed={mode === 'circle'} disabled={!mapReady} onClick={() => setMode('circle')}>
              Dibujar círculo
            </button>
            {mode && <span className="flota-zones__hint">{mode === 'polygon' ? 'Haz clic en cada vértice y en el primero para cerrar.' : 'Haz clic en el centro y arrastra hasta el radio.'}</span>}
          </div>
          <Suspense fallback={<LoadingText>Cargando mapa...</LoadingText>}>
            <ZonesMap zones={data?.zones ?? []} mode={mode} onDrawn={(drawn) => setShape(drawn)} onReady={() => setMapReady(true)} />
          </Suspense>
        </div>
        <aside className="flota-zones__side">
          <form className="flota-zones__form" onSubmit={(event) => void save(event)} aria-label="Nueva zona">
            <h2 className="flota-section-title">Nueva zona</h2>
            <p className="flota-zones__hint">{shape ? (shape.geometry.type === 'Point' ? `Círculo de ${shape.radius_m} m dibujado.` : `Polígono de ${shape.geometry.coordinates[0].length - 1} vértices dibujado.`) : 'Dibuja la forma en el mapa.'}</p>
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
            {creating.error && (
              <p className="flota-form-error" role="alert">
                {errorText(creating.error)}
              </p>
            )}
            {saved && <p role="status">{saved}</p>}
            <button type="submit" className="flota-button flota-button--primary" disabled={!shape || creating.isLoading}>
              {creating.isLoading ? 'Guardando...' : 'Guardar zona'}
            </button>
          </form>
          <h2 className="flota-section-title">Zonas de la flota</h2>
          {isError && !data && <LoadFailure message="No se pudieron cargar las zonas." onRetry={() => void refetch()} />}
          {isLoading ? (
            <LoadingText>Cargando...</LoadingText>
          ) : data?.zones.length ? (
            <ul className="flota-zones__list">
              {data.zones.map((zone) => (
                <li key={zone.id}>
                  <span className="flota-zones__swatch" style={{ background: zone.color }} aria-hidden="true" />
                  <span>
                    <strong>{zone.name}</strong> · {zoneKindLabels[zone.kind]}
                    {zone.speed_limit_kmh !== null && ` · ${zone.speed_limit_kmh} km/h`}
                    {zone.dwell_minutes !== null && ` · ${zone.dwell_minutes} min`}
                  </span>
                  <button type="button" className="flota-button flota-button--secondary" onClick={() => void deleteZone(zone.id)} aria-label={`Eliminar ${zone.name}`}>
                    Eliminar
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>Aún no hay zonas: dibuja la primera en el mapa.</p>
          )}
          <RulesSection zones={data?.zones ?? []} />
        </aside>
      </div>
    </section>
  );
}
