/**
 * The contract's socket payload schemas, in a chunk of their own: zod loads when the live map opens
 * its socket, not with the first screen (the /login budget, issue 20). liveMapChannel.ts imports
 * this lazily and checks every payload with it.
 */
export { availabilityChangedPayloadSchema, locationUpdateSchema, shiftEndedPayloadSchema, shiftStartedPayloadSchema } from '../../../../contract/socket';
