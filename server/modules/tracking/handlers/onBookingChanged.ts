/** A booking changed: its link is made once a taxi has it, and its open pages read it again. */
import { handler } from '../../flotaModule';
import type { TrackingLive } from '../trackingLive';

export const onBookingChanged = handler('bookingChanged', 'after', (_context, { live }: { live: TrackingLive }) => ({ ownerId, booking }) => live.onBookingChanged(ownerId, booking));
