import { ZonesOnMap } from '../features/alerts';
import { DispatchPage } from '../features/dispatch';
import { useLiveFleet } from '../features/liveMap';

/**
 * Despacho with the fleet's zones as a layer its map toggles (issue 33), and every taxi on shift on
 * its map, lent by the live map (its channel moves them, availability colours them), so the desk
 * sees the free taxis before any pickup and the assigned one coming.
 */
export function DispatchRoute() {
  const fleet = useLiveFleet();
  return <DispatchPage mapOverlay={zonesLayer} fleet={fleet} />;
}

function zonesLayer(belowLayerId: string | undefined) {
  return <ZonesOnMap id="dispatch-zones" belowLayerId={belowLayerId} />;
}
