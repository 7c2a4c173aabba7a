import { useMemo } from 'react';
import type { Shift } from '../../../../contract/entities';
import { TrailLayer } from '../../../components/map/TrailLayer';
import { useGetShiftTrailQuery } from '../state/liveMapApi';
import { trailGeoJson } from './mapGeo';

/** The path the selected taxi has driven this shift, drawn under the taxis (once their layer exists). */
export function TaxiTrail({ shift, beforeId }: { shift: Shift; beforeId?: string }) {
  const { data } = useGetShiftTrailQuery(shift.id, { refetchOnMountOrArgChange: true });
  const { latitude, longitude, last_location_time: timestamp } = shift;
  const geojson = useMemo(() => {
    const latest = latitude !== null && longitude !== null && timestamp ? { latitude, longitude, timestamp } : null;
    return trailGeoJson(data?.locations ?? [], latest);
  }, [data, latitude, longitude, timestamp]);
  return <TrailLayer id="trail" data={geojson} opacity={0.8} beforeId={beforeId} />;
}
