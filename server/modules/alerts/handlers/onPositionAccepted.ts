/** Every accepted point goes through the events engine (zones, speeding, long stops): in memory, no database read per point. */
import { handler } from '../../flotaModule';
import type { AlertsParts } from '../parts';

export const onPositionAccepted = handler('positionAccepted', 'after', (_context, { engine }: AlertsParts) => (position) => engine.onPosition(position));
