/** The taxi of a followed trip moved: its open pages get the new view (in memory: nothing read per point). */
import { handler } from '../../flotaModule';
import type { TrackingLive } from '../trackingLive';

export const onPositionAccepted = handler('positionAccepted', 'after', (_context, { live }: { live: TrackingLive }) => (position) => live.onPosition(position));
