/** What a taxi marker says, shared by every map that draws taxis (components/map/TaxiLayer). */
import type { FeatureCollection, Point } from 'geojson';
import type { Availability } from '../../../contract/api';

export interface TaxiMarkerProperties {
  /** Written on the marker's dark band: the taxi's number ('#12'), or a rank ('1') where the layer says so. */
  number: number;
  /** Drawn grey: no signal for a while, or the live connection is down (not current). */
  stale: boolean;
  /** Colours the marker (Ocupado, Fuera de servicio); absent while not known (yellow, as Libre). */
  availability?: Availability;
  /** A name written under the marker, for layers labelled by name. */
  label?: string;
}

export type TaxiMarkerCollection<P extends TaxiMarkerProperties = TaxiMarkerProperties> = FeatureCollection<Point, P>;

/** Taxis as markers from anything with a position; `describe` says what each marker shows. */
export function taxiMarkers<T>(items: readonly T[], position: (item: T) => [number, number], describe: (item: T, index: number) => TaxiMarkerProperties): TaxiMarkerCollection {
  return {
    type: 'FeatureCollection',
    features: items.map((item, index) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: position(item) }, properties: describe(item, index) })),
  };
}
