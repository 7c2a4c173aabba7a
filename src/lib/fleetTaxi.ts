/**
 * A taxi on shift as a map of the fleet draws it: the one shape the live map hands out (its door's
 * `useLiveFleet`) and Despacho's map takes, so neither feature imports the other (src/app composes
 * them: app/DispatchRoute.tsx).
 */
import type { Availability } from '../../contract/api';

export interface FleetTaxi {
  shiftId: number;
  driverId: number;
  /** "Pedro Rojas · KXWZ47", on hover. */
  title: string;
  longitude: number;
  latitude: number;
  /** null while not known (drawn as Libre). */
  availability: Availability | null;
  /** No signal for a while: drawn grey. */
  stale: boolean;
}
