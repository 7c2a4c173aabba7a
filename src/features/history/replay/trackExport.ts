/**
 * A shift's track as GPX 1.1 and KML 2.2, as traccar offers them: every recorded point with its time
 * (UTC), cut into segments where the map does not join two points (a gap over MAX_INTERPOLATION_MS),
 * so a GPS tool draws the same route the replay does. Written by hand: two small, fixed XML shapes,
 * no library worth its weight for them.
 */
import { MAX_INTERPOLATION_MS, type ReplayTrack } from './replayTrack';

export interface TrackMeta {
  /** "Turno 123 · AB1234 · Ana Pérez" */
  name: string;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const coordinate = (value: number) => value.toFixed(6);

/** Index ranges [from, to) of the runs of points the map joins. */
export function trackSegments(track: ReplayTrack): Array<[number, number]> {
  const segments: Array<[number, number]> = [];
  let from = 0;
  for (let i = 1; i < track.times.length; i += 1) {
    if (track.times[i] - track.times[i - 1] > MAX_INTERPOLATION_MS) {
      segments.push([from, i]);
      from = i;
    }
  }
  if (track.times.length) segments.push([from, track.times.length]);
  return segments;
}

export function trackGpx(track: ReplayTrack, meta: TrackMeta): string {
  const name = escapeXml(meta.name);
  const segments = trackSegments(track).map(([from, to]) => {
    const points: string[] = [];
    for (let i = from; i < to; i += 1) {
      points.push(`<trkpt lat="${coordinate(track.latitudes[i])}" lon="${coordinate(track.longitudes[i])}"><time>${iso(track.times[i])}</time></trkpt>`);
    }
    return `<trkseg>\n${points.join('\n')}\n</trkseg>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Flota" xmlns="http://www.topografix.com/GPX/1/1">',
    `<metadata><name>${name}</name><time>${iso(track.start)}</time></metadata>`,
    `<trk><name>${name}</name>`,
    ...segments,
    '</trk>',
    '</gpx>',
    '',
  ].join('\n');
}

export function trackKml(track: ReplayTrack, meta: TrackMeta): string {
  const name = escapeXml(meta.name);
  const tracks = trackSegments(track).map(([from, to]) => {
    const whens: string[] = [];
    const coords: string[] = [];
    for (let i = from; i < to; i += 1) {
      whens.push(`<when>${iso(track.times[i])}</when>`);
      coords.push(`<gx:coord>${coordinate(track.longitudes[i])} ${coordinate(track.latitudes[i])} 0</gx:coord>`);
    }
    return `<gx:Track>\n${whens.join('\n')}\n${coords.join('\n')}\n</gx:Track>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">',
    `<Document><name>${name}</name>`,
    `<Placemark><name>${name}</name>`,
    '<gx:MultiTrack>',
    ...tracks,
    '</gx:MultiTrack>',
    '</Placemark>',
    '</Document>',
    '</kml>',
    '',
  ].join('\n');
}
