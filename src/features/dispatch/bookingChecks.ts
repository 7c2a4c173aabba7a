/** booking_changed's schema, loaded with the first booking event, not with the first screen (issue 20's budget). */
export { bookingChangedPayloadSchema } from '../../../contract/socket';
