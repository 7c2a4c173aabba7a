import { ZonesOnMap } from '../features/alerts/ZonesOnMap';
import { DispatchPage } from '../features/dispatch/DispatchPage';

/** Despacho with the fleet's zones as a layer its map toggles (issue 33). */
export function DispatchRoute() {
  return <DispatchPage mapOverlay={zonesLayer} />;
}

function zonesLayer(belowLayerId: string | undefined) {
  return <ZonesOnMap id="dispatch-zones" belowLayerId={belowLayerId} />;
}
