/**
 * A booking just assigned: `booking.assigned` to the subscribed endpoints, after dispatch committed
 * (bookingAssigned.ts says why after), with the tracking link made first if tracking's own handler
 * has not yet.
 */
import { handler } from '../../flotaModule';
import { bookingAssignedListener } from '../bookingAssigned';

export const onBookingChanged = handler('bookingChanged', 'after', ({ db, log, services: { tracking } }) => {
  const listener = bookingAssignedListener({ db, log, ensureLinkFor: tracking.ensureLinkFor });
  return ({ ownerId, booking }) => listener(ownerId, booking);
});
