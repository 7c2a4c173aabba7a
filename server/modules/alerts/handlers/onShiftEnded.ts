/** A shift ended: the engine forgets its taxi. */
import { handler } from '../../flotaModule';
import type { AlertsParts } from '../parts';

export const onShiftEnded = handler('shiftEnded', 'after', (_context, { engine }: AlertsParts) => ({ shift }) => engine.forget(shift.id));
