/** A shift ended: its points are packed later, by the trail packing pass (when it runs in this server). */
import { handler } from '../../flotaModule';
import type { TrailPackPass } from '../packed/trailPackPass';

export const onShiftEnded = handler('shiftEnded', 'after', (_context, { trailPacking }: { trailPacking: TrailPackPass | null }) => ({ shift }) => trailPacking?.packLater(shift.id));
