/**
 * GeoJSON import and export of the fleet's zones (POST /zones/import, GET /zones/export). A file that
 * is not JSON is refused here, before any request; the server refuses the rest (a bad zone, too many)
 * with its Spanish reason and saves nothing: the whole file or none of it.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import type { ZoneCollection } from '../../../contract/alerts';
import { BODY_LIMITS, megabytesText } from '../../../contract/bodyLimits';
import { apiErrorMessage } from '../../lib/apiError';
import { downloadTextFile } from '../../lib/download';
import { useImportZonesMutation, useLazyExportZonesQuery } from './alertsApi';

/** What the import route takes (its own body limit): said here rather than after an upload. */
const MAX_BODY_BYTES = BODY_LIMITS.zonesImport;
/** A file is read only up to this: indented GeoJSON (older exports, other tools) weighs a few times its compact form. */
const MAX_FILE_BYTES = 4 * MAX_BODY_BYTES;
const tooLarge = `El archivo es demasiado grande: sus zonas pesan más de ${megabytesText(MAX_BODY_BYTES)}. No se importó ninguna zona.`;

/** The file's text through FileReader, which every browser (and jsdom) has; Blob.text() jsdom lacks. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

export function ZonesFileButtons({ onImported }: { onImported(count: number): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [importZones, importing] = useImportZonesMutation();
  const [exportZones, exporting] = useLazyExportZonesQuery();
  const [problem, setProblem] = useState<string | null>(null);

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again after a fix must fire a change.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_FILE_BYTES) return setProblem(tooLarge);
    let text: string;
    try {
      text = await readText(file);
    } catch {
      return setProblem(`No se pudo leer «${file.name}». No se importó ninguna zona.`);
    }
    let collection: ZoneCollection;
    try {
      collection = JSON.parse(text) as ZoneCollection;
    } catch {
      return setProblem(`«${file.name}» no es un archivo GeoJSON válido: no se pudo leer como JSON. No se importó ninguna zona.`);
    }
    // What is sent is the collection as compact JSON: that is what the route's limit weighs.
    if (new Blob([JSON.stringify(collection)]).size > MAX_BODY_BYTES) return setProblem(tooLarge);
    const result = await importZones(collection);
    if ('data' in result && result.data) onImported(result.data.length);
    else setProblem(`${apiErrorMessage(result.error, 'No se pudo importar el archivo.')} No se importó ninguna zona.`);
  }

  async function download() {
    setProblem(null);
    const result = await exportZones();
    // Compact, as the import sends it: the largest fleet's file is about 13 MB, not the 40 MB indented.
    if (result.data) downloadTextFile('zonas.geojson', JSON.stringify(result.data), 'application/geo+json');
    else setProblem('No se pudieron exportar las zonas.');
  }

  return (
    <>
      <button type="button" className="flota-button flota-button--secondary" disabled={importing.isLoading} onClick={() => input.current?.click()}>
        {importing.isLoading ? 'Importando...' : 'Importar GeoJSON'}
      </button>
      <input ref={input} type="file" accept=".geojson,.json,application/geo+json,application/json" hidden aria-label="Archivo GeoJSON de zonas" onChange={(event) => void chosen(event)} />
      <button type="button" className="flota-button flota-button--secondary" disabled={exporting.isFetching} onClick={() => void download()}>
        Exportar GeoJSON
      </button>
      {problem && (
        <p className="flota-form-error flota-zones__file-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
