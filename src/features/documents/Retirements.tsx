/** Vehicles near or past the maximum age the fleet allows (Antigüedad máxima). */
import type { ExpiriesResponse } from '../../../contract/documents';
import { expiryText } from './expiryText';

export function Retirements({ retirements, now }: { retirements: ExpiriesResponse['retirements']; now: Date }) {
  return (
    <section className="flota-expiries__retirements" aria-label="Antigüedad máxima">
      <h2 className="flota-section-title">Antigüedad máxima</h2>
      <ul>
        {retirements.map((vehicle) => (
          <li key={vehicle.vehicle_id}>
            <strong>{vehicle.plate_number}</strong> ({vehicle.year}): {vehicle.days_left < 0 ? 'debía retirarse' : 'debe retirarse'} el {expiryText({ expires_on: vehicle.retires_on }, now).replace(/^vence el |^venció el /, '')}
          </li>
        ))}
      </ul>
    </section>
  );
}
