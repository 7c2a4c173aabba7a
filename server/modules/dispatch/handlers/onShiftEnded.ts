/** A shift ended: its taxi leaves the index and the states. */
import { handler } from '../../flotaModule';

export const onShiftEnded = handler('shiftEnded', 'after', ({ services: { dispatch } }) => ({ shift }) => dispatch.onShiftEnded(shift.id));
