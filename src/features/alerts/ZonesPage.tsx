import { lazy, Suspense, useId, useRef, useState } from 'react';
import { zoneKindLabels, type Zone } from '../../../contract/alerts';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { apiErrorMessage } from '../../lib/apiError';
import { useCreateZoneMutation, useDeleteZoneMutation, useGetZonesQuery, useUpdateZoneMutation } from './alertsApi';
import { RulesSection, type RuleTaxi } from './RulesSection';
import { ZoneForm, type ZoneFields } from './ZoneForm';
import { ZonesFileButtons } from './ZonesFileButtons';
import type { DrawMode, DrawnShape } from './ZonesMap';
import './zones.css';

/** What works in the circle mode: a drag from the centre, or a click on the centre and another on the radius. */
export const CIRCLE_HINT = 'Arrastra desde el centro hasta el radio, o haz clic en el centro y otra vez en el radio.';

const ZonesMap = lazy(() => import(/* webpackChunkName: "zones-map" */ './ZonesMap'));

const shapeOf = (zone: Zone): DrawnShape => ({ geometry: zone.geometry, radius_m: zone.radius_m });
const shapeNote = (shape: DrawnShape | null, editing: boolean) =>
  shape
    ? `${shape.geometry.type === 'Point' ? `Círculo de ${shape.radius_m} m` : `Polígono de ${shape.geometry.coordinates[0].length - 1} vértices`}${editing ? '' : ' dibujado'}.${editing ? ' Arrastra sus vértices o la forma entera en el mapa.' : ''}`
    : 'Dibuja la forma en el mapa.';

/**
 * Zonas (Dueño and Administrador): draw a polygon or a circle on the map, name it and save it; the
 * list beside, where "Editar" puts a zone's shape on the map to drag and its fields in the form, and
 * "Eliminar" removes it; GeoJSON import and export above the map.
 */
export function ZonesPage({ taxis, taxisFailed }: { taxis: readonly RuleTaxi[] | null; taxisFailed: boolean }) {
  const titleId = useId();
  const { data, isFetching, isError, refetch } = useGetZonesQuery();
  const [createZone, creating] = useCreateZoneMutation();
  const [updateZone, updating] = useUpdateZoneMutation();
  const [deleteZone, deleting] = useDeleteZoneMutation();
  const [mode, setMode] = useState<DrawMode>(null);
  const mapArea = useRef<HTMLDivElement>(null);
  const [shape, setShape] = useState<DrawnShape | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The drawing tools wait for the map: a click before it loaded drew nothing, with no word why.
  const [mapReady, setMapReady] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // A new form (fresh fields) after each save and for each zone edited.
  const [formKey, setFormKey] = useState(0);
  const editing = data?.zones.find((zone) => zone.id === editingId) ?? null;
  const saving = editing ? updating : creating;

  function startDrawing(next: 'polygon' | 'circle') {
    setEditingId(null);
    setShape(null);
    setMode(next);
    setSaved(null);
  }
  function startEditing(zone: Zone) {
    // The list sits below the map (far below on a phone): Editar brings the map, fitted to the shape, into view.
    mapArea.current?.scrollIntoView?.({ block: 'nearest' });
    setEditingId(zone.id);
    setShape(shapeOf(zone));
    setMode('edit');
    setSaved(null);
    creating.reset();
    updating.reset();
    setFormKey((key) => key + 1);
  }
  function stopEditing() {
    setEditingId(null);
    setShape(null);
    setMode(null);
    setFormKey((key) => key + 1);
  }

  async function save(fields: ZoneFields) {
    if (!shape) return;
    const body = { ...fields, geometry: shape.geometry, radius_m: shape.radius_m };
    const result = editing ? await updateZone({ id: editing.id, zone: body }) : await createZone(body);
    if ('data' in result && result.data) {
      setSaved(`Zona «${result.data.name}» guardada.`);
      stopEditing();
    }
  }

  async function remove(zone: Zone) {
    const result = await deleteZone(zone.id);
    if (!('error' in result)) {
      setSaved(`Zona «${zone.name}» eliminada.`);
      if (editingId === zone.id) stopEditing();
    }
  }

  return (
    <section aria-labelledby={titleId} className="flota-zones">
      <PageHeader id={titleId} title="Zonas" subtitle="Paraderos, zonas de servicio y restringidas: entradas, salidas, permanencia y velocidad generan alertas" />
      <div className="flota-zones__layout">
        <div className="flota-zones__map" ref={mapArea}>
          <div className="flota-zones__tools" role="toolbar" aria-label="Dibujar">
            <button type="button" className={`flota-button ${mode === 'polygon' ? 'flota-button--primary' : 'flota-button--secondary'}`} aria-pressed={mode === 'polygon'} disabled={!mapReady} onClick={() => startDrawing('polygon')}>
              Dibujar polígono
            </button>
            <button type="button" className={`flota-button ${mode === 'circle' ? 'flota-button--primary' : 'flota-button--secondary'}`} aria-pressed={mode === 'circle'} disabled={!mapReady} onClick={() => startDrawing('circle')}>
              Dibujar círculo
            </button>
            <ZonesFileButtons onImported={(count) => setSaved(count === 1 ? '1 zona importada.' : `${count} zonas importadas.`)} />
            {mode && mode !== 'edit' && <span className="flota-zones__hint">{mode === 'polygon' ? 'Haz clic en cada vértice y en el primero para cerrar.' : CIRCLE_HINT}</span>}
          </div>
          <Suspense fallback={<LoadingText>Cargando mapa...</LoadingText>}>
            <ZonesMap zones={data?.zones ?? []} mode={mode} editing={editing} onDrawn={(drawn) => setShape(drawn)} onReady={() => setMapReady(true)} />
          </Suspense>
        </div>
        <aside className="flota-zones__side">
          <ZoneForm
            key={formKey}
            zone={editing}
            title={editing ? `Editar zona «${editing.name}»` : 'Nueva zona'}
            shapeNote={shapeNote(shape, editing !== null)}
            canSave={shape !== null}
            saving={saving.isLoading}
            submitLabel={editing ? 'Guardar cambios' : 'Guardar zona'}
            onSubmit={(fields) => void save(fields)}
          >
            {saving.error && (
              <p className="flota-form-error" role="alert">
                {apiErrorMessage(saving.error, 'No se pudo guardar la zona.')}
              </p>
            )}
            {editing && (
              <button type="button" className="flota-button flota-button--secondary" onClick={stopEditing}>
                Cancelar edición
              </button>
            )}
          </ZoneForm>
          {saved && (
            <p role="status" className="flota-zones__saved">
              {saved}
            </p>
          )}
          {deleting.error && (
            <p className="flota-form-error" role="alert">
              {apiErrorMessage(deleting.error, 'No se pudo eliminar la zona.')}
            </p>
          )}
          <h2 className="flota-section-title">Zonas de la flota</h2>
          {isError && !data && <LoadFailure message="No se pudieron cargar las zonas." onRetry={() => void refetch()} />}
          {/* Reintentar after a failure loads again: "Cargando...", never "Aún no hay zonas" before the answer. */}
          {isFetching && !data ? (
            <LoadingText>Cargando...</LoadingText>
          ) : data?.zones.length ? (
            <ul className="flota-zones__list">
              {data.zones.map((zone) => (
                <li key={zone.id} aria-current={zone.id === editingId ? 'true' : undefined}>
                  <span className="flota-zones__swatch" style={{ background: zone.color }} aria-hidden="true" />
                  <span className="flota-zones__label">
                    <strong>{zone.name}</strong> · {zoneKindLabels[zone.kind]}
                    {zone.speed_limit_kmh !== null && ` · ${zone.speed_limit_kmh} km/h`}
                    {zone.dwell_minutes !== null && ` · ${zone.dwell_minutes} min`}
                    {zone.active_hours && ` · ${zone.active_hours.from}–${zone.active_hours.to}`}
                  </span>
                  <button type="button" className="flota-button flota-button--secondary" disabled={!mapReady} onClick={() => startEditing(zone)} aria-label={`Editar ${zone.name}`}>
                    Editar
                  </button>
                  <button type="button" className="flota-button flota-button--secondary" onClick={() => void remove(zone)} aria-label={`Eliminar ${zone.name}`}>
                    Eliminar
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            !isError && <p>Aún no hay zonas: dibuja la primera en el mapa o importa un archivo GeoJSON.</p>
          )}
          <RulesSection zones={data?.zones ?? []} taxis={taxis} taxisFailed={taxisFailed} />
        </aside>
      </div>
    </section>
  );
}
