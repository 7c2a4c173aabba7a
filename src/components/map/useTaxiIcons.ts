/** The taxi icons added to a map once it has loaded (pass `load` to the map's onLoad); `ready` once TaxiLayer can draw. */
import { useCallback, useState } from 'react';
import { addTaxiIcons, type IconMap } from '../../lib/map/taxiIcon';

export function useTaxiIcons(): { ready: boolean; load(map: IconMap): void } {
  const [ready, setReady] = useState(false);
  const load = useCallback((map: IconMap) => {
    addTaxiIcons(map)
      .then(() => setReady(true))
      .catch((error: unknown) => console.error(error));
  }, []);
  return { ready, load };
}
