/**
 * Despacho's pickup and its nearest free taxis' tags: DOM markers (a handful, never the fleet).
 * Each candidate's tag (its rank on the list and its estimate) stands above the taxi that
 * TaxiLayer draws. The pickup is a dot on its point with its label hanging below it, past a taxi
 * icon's half: a candidate standing at the pickup keeps its tag (above it) in view, and the tags
 * are drawn over the label should they ever meet.
 */
import { Marker } from 'react-map-gl/maplibre';
import { RankNumber } from '../RankNumber';
import './pickupLayer.css';

export interface PickupPin {
  latitude: number;
  longitude: number;
  label: string;
}

export interface CandidateTag {
  key: number;
  latitude: number;
  longitude: number;
  rank: number;
  /** The estimate as the list says it ('3 min'). */
  eta: string;
  /** Who and which car, on hover. */
  title: string;
}

/** Half the 50-px taxi icon and a little: the tag's point sits just above the taxi. */
const ABOVE_TAXI: [number, number] = [0, -27];
const PICKUP_DOT_CENTRE: [number, number] = [0, -5];

export function PickupLayer({ pickup, candidates = [] }: { pickup: PickupPin | null; candidates?: readonly CandidateTag[] }) {
  return (
    <>
      {candidates.map((candidate) => (
        <Marker key={candidate.key} longitude={candidate.longitude} latitude={candidate.latitude} anchor="bottom" offset={ABOVE_TAXI} style={{ zIndex: 2 }}>
          <span className="flota-candidate-pin" title={candidate.title}>
            <RankNumber rank={candidate.rank} />
            <span className="flota-candidate-pin__eta">{candidate.eta}</span>
          </span>
        </Marker>
      ))}
      {pickup && (
        // The dot's centre on the point (half its 10 px above the anchor); the label below the taxi icon's reach.
        <Marker longitude={pickup.longitude} latitude={pickup.latitude} anchor="top" offset={PICKUP_DOT_CENTRE} style={{ zIndex: 1 }}>
          <span className="flota-pickup-marker" title={pickup.label}>
            <span className="flota-pickup-marker__dot" aria-hidden="true" />
            <span className="flota-pickup-pin">Recogida</span>
          </span>
        </Marker>
      )}
    </>
  );
}
