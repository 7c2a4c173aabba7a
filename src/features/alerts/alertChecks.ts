/** The alert payloads' schemas, loaded with the first event (zod stays out of the first screen). */
export { alertChangedPayloadSchema, alertRaisedPayloadSchema } from '../../../contract/alerts';
