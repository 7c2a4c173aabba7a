/** A day worked is charged as its shift ends (paced like the charge pass, which catches up whatever this misses). */
import { handler } from '../../flotaModule';
import type { ChargePass } from '../chargePass';

export const onShiftEnded = handler('shiftEnded', 'after', (_context, { charges }: { charges: ChargePass | null }) => ({ ownerId, shift }) => {
  if (shift.driver_id !== null) charges?.chargeDriver(ownerId, shift.driver_id);
});
