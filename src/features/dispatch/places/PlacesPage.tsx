/**
 * Lugares: the fleet's saved places, which the pickup field suggests by name, address or another
 * name. Add, edit and delete one at a time, or import a CSV or GeoJSON file (all or none).
 */
import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SavedPlace } from '../../../../contract/api';
import { useAppDispatch } from '../../../app/hooks';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { TableMessage } from '../../../components/DataTable';
import { EntityTable, type EntityColumn } from '../../../components/EntityTable';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingText } from '../../../components/LoadingText';
import { noticeShown } from '../../../components/notifications/notificationsSlice';
import { PageHeader } from '../../../components/PageHeader';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/apiError';
import { useDeletePlaceMutation, useGetPlacesQuery, useImportPlacesMutation } from '../dispatchApi';
import { PlaceFormModal } from './PlaceFormModal';
import { readPlacesFile } from './placesFile';
import './places.css';

const placeColumns: EntityColumn<SavedPlace>[] = [
  { header: 'Dirección', cell: (place) => place.address || '—' },
  { header: 'Otros nombres', cell: (place) => place.aliases.join(', ') || '—' },
  { header: 'Coordenadas', cell: (place) => `${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)}`, className: 'flota-places__point' },
];

/** The server names a bad row "places.3.latitude": the desk reads "Lugar 4". */
function importProblems(failure: unknown): string[] {
  return Object.entries(apiFieldErrors(failure)).map(([field, text]) => {
    const row = /^places\.(\d+)/.exec(field);
    return row ? `Lugar ${Number(row[1]) + 1}: ${text}` : text;
  });
}

/** FileReader rather than Blob.text(): the same everywhere the desk runs, jsdom included. */
function fileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer el archivo'));
    reader.readAsText(file);
  });
}

export function PlacesPage() {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const { data: places, isLoading, isError, refetch } = useGetPlacesQuery();
  const [deletePlace] = useDeletePlaceMutation();
  const [importPlaces, { isLoading: importing }] = useImportPlacesMutation();
  const [editing, setEditing] = useState<SavedPlace | 'new' | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = readPlacesFile(file.name, await fileText(file));
    setProblems(read.problems);
    if (read.problems.length) return;
    try {
      const answer = await importPlaces({ places: read.places }).unwrap();
      dispatch(noticeShown('success', answer.created === 1 ? 'Se importó 1 lugar' : `Se importaron ${answer.created} lugares`));
    } catch (failure) {
      const rows = importProblems(failure);
      setProblems(rows.length ? rows : [apiErrorMessage(failure, 'No se pudo importar el archivo. Intenta nuevamente.')]);
    }
  }

  async function remove(place: SavedPlace) {
    try {
      await deletePlace(place.id).unwrap();
      dispatch(noticeShown('success', `Lugar eliminado: ${place.name}`));
    } catch (failure) {
      dispatch(noticeShown('error', apiErrorMessage(failure, 'No se pudo eliminar el lugar.')));
    }
  }

  return (
    <section className="flota-places" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Lugares" subtitle="Los lugares de la flota que Despacho sugiere al escribir la recogida">
        <Link className="flota-button" to="/dashboard/dispatch">
          Volver a Despacho
        </Link>
      </PageHeader>
      <div className="flota-places__actions">
        <button type="button" className="flota-button flota-button--primary" onClick={() => setEditing('new')}>
          Agregar lugar
        </button>
        <label className="flota-button flota-places__import">
          {importing ? 'Importando...' : 'Importar CSV o GeoJSON'}
          <input type="file" accept=".csv,.txt,.geojson,.json,text/csv,application/geo+json,application/json" onChange={(event) => void importFile(event)} disabled={importing} />
        </label>
        <p className="flota-places__format">CSV con columnas nombre; direccion; otros_nombres (separados por |); latitud; longitud. GeoJSON: puntos con la propiedad nombre.</p>
      </div>
      {problems.length > 0 && (
        <div className="flota-form-error" role="alert">
          <p>No se importó nada. Revisa el archivo:</p>
          <ul>
            {problems.slice(0, 10).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {isLoading ? (
        <LoadingText>Cargando lugares...</LoadingText>
      ) : isError && !places ? (
        <LoadFailure message="No se pudieron cargar los lugares." onRetry={() => void refetch()} />
      ) : !places?.length ? (
        <TableMessage>Aún no hay lugares guardados. Agrega el terminal, el hospital o la plaza: Despacho los sugerirá al escribir.</TableMessage>
      ) : (
        <EntityTable
          caption="Lugares guardados"
          rows={places}
          rowKey={(place) => place.id}
          title={{ header: 'Nombre', cell: (place) => place.name }}
          columns={placeColumns}
          actions={(place) => (
            <>
              <button type="button" className="flota-button" onClick={() => setEditing(place)} aria-label={`Editar ${place.name}`}>
                Editar
              </button>
              <ConfirmDeleteButton subject={place.name} onConfirm={() => void remove(place)} />
            </>
          )}
          actionsClassName="flota-places__row-actions"
          boxClassName="flota-places__box"
          className="flota-places__table"
        />
      )}
      {editing && <PlaceFormModal place={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
