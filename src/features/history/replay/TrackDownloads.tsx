import type { ShiftReplay } from '../../../../contract/replay';
import { downloadTextFile } from '../../../lib/download';
import type { ReplayTrack } from './replayTrack';
import { trackGpx, trackKml } from './trackExport';

/** "Descargar GPX" and "Descargar KML": the shift's recorded points for Google Earth, OsmAnd, QGIS... */
export function TrackDownloads({ track, replay }: { track: ReplayTrack; replay: ShiftReplay }) {
  const meta = { name: `Turno ${replay.shift_id} · ${replay.plate_number ?? 'Sin vehículo'} · ${replay.driver_name}` };
  const base = `turno-${replay.shift_id}-${replay.shift_start.slice(0, 10)}`;
  return (
    <>
      <button type="button" className="flota-button flota-button--secondary" onClick={() => downloadTextFile(`${base}.gpx`, trackGpx(track, meta), 'application/gpx+xml')}>
        Descargar GPX
      </button>
      <button type="button" className="flota-button flota-button--secondary" onClick={() => downloadTextFile(`${base}.kml`, trackKml(track, meta), 'application/vnd.google-earth.kml+xml')}>
        Descargar KML
      </button>
    </>
  );
}
