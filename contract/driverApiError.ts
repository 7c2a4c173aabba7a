/** A refused driver-API request, as both of its clients (the simulator, the /conductor page) see it. */
export class DriverApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the request never reached the server (no connection). */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DriverApiError';
  }
}
