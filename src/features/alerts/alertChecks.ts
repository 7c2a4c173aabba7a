/** The alert payloads' schema, loaded with the first event (zod stays out of the first screen). */
export { alertRaisedPayloadSchema } from '../../../contract/alerts';
