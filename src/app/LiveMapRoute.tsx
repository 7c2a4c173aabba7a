import { ZonesOnMap } from '../features/alerts';
import { LiveMapPage } from '../features/liveMap';

/** Mapa en Vivo with the fleet's zones as a layer it toggles (issue 33). */
export function LiveMapRoute() {
  return <LiveMapPage mapOverlay={zonesLayer} />;
}

function zonesLayer(belowLayerId: string | undefined) {
  return <ZonesOnMap id="live-zones" belowLayerId={belowLayerId} />;
}
