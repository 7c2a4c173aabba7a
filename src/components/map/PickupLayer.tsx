/**
 * Despacho's pickup and its nearest free taxis' tags: DOM markers (a handful, never the fleet).
 * Each candidate's tag (its rank on the list and its estimate) stands above the taxi that
 * TaxiLayer draws; the pickup is above every candidate whatever order they were added in.
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

export function PickupLayer({ pickup, candidates = [] }: { pickup: PickupPin | null; candidates?: readonly CandidateTag[] }) {
  return (
    <>
      {candidates.map((candidate) => (
        <Marker key={candidate.key} longitude={candidate.longitude} latitude={candidate.latitude} anchor="bottom" offset={ABOVE_TAXI}>
          <span className="flota-candidate-pin" title={candidate.title}>
            <RankNumber rank={candidate.rank} />
            <span className="flota-candidate-pin__eta">{candidate.eta}</span>
          </span>
        </Marker>
      ))}
      {pickup && (
        // Above the candidates whatever order they were added in: a taxi next to the pickup must not hide it.
        <Marker longitude={pickup.longitude} latitude={pickup.latitude} anchor="bottom" style={{ zIndex: 1 }}>
          <span className="flota-pickup-pin" title={pickup.label}>
            Recogida
          </span>
        </Marker>
      )}
    </>
  );
}
