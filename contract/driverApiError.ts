/** A refused driver-API request, as both of its clients (the simulator, the /conductor page) see it. */
export class DriverApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the request never reached the server (no connection). */
    readonly status: number,
    message: string,
    /** A 429's Retry-After: the seconds after which the same request may be sent again (null otherwise). */
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'DriverApiError';
  }
}
