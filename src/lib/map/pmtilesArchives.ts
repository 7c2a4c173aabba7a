/**
 * One pmtiles Protocol for the app, and the archives it reads: the archive whose header the app
 * reads to choose a style (raster or vector) is the one MapLibre's tiles then come from, so its
 * header and root directory are fetched once.
 */
import { PMTiles, Protocol } from 'pmtiles';

export const pmtilesProtocol = new Protocol();

/** The archive at `url` (absolute), registered with the protocol the first time it is asked for. */
export function pmtilesArchive(url: string): PMTiles {
  let archive = pmtilesProtocol.get(url);
  if (!archive) {
    archive = new PMTiles(url);
    pmtilesProtocol.add(archive);
  }
  return archive;
}
