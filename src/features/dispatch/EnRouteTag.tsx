import { Marker } from 'react-map-gl/maplibre';
import { distanceText, etaText } from './distanceFormat';
import type { EnRoute } from './fleetTaxis';

/** Half the 50-px taxi icon and a little: the tag's point sits just above the taxi (as a candidate's). */
const ABOVE_TAXI: [number, number] = [0, -27];

/** "En camino · 4 min · 1,2 km" above the taxi coming to the pickup; it moves with the taxi and the estimate shrinks. */
export function EnRouteTag({ enRoute }: { enRoute: EnRoute }) {
  const { taxi, etaS, distanceM } = enRoute;
  return (
    <Marker longitude={taxi.longitude} latitude={taxi.latitude} anchor="bottom" offset={ABOVE_TAXI} style={{ zIndex: 2 }}>
      <span className="flota-enroute-pin" title={taxi.title} role="status" aria-label={`${taxi.title} en camino a la recogida: ${etaText(etaS)}, ${distanceText(distanceM)}`}>
        En camino · {etaText(etaS)} · {distanceText(distanceM)}
      </span>
    </Marker>
  );
}
