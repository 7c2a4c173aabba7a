/**
 * What one request's body may weigh, per route (docs/api.md, "Body limits"). Over it the server
 * answers 413 `{error: "La solicitud es demasiado grande"}`, `Expect: 100-continue` included.
 * deploy/nginx/flota-proxy.conf lets each through with 1 MB to spare, so the refusal a client reads
 * is the server's own. A route whose largest valid body outgrows its limit gets a line here.
 */
const MB = 1024 * 1024;

export const BODY_LIMITS = {
  /** Every body not listed below: a location batch of 500 points is about 60 KB. */
  default: 1 * MB,
  /** PUT /documents/:id/file: a 5 MB scan, and room for the route's own "El archivo supera los 5 MB". */
  documentFile: 6 * MB,
  /**
   * POST /zones/import: the fleet's own export of the largest set its limits allow (1,000 zones of
   * 500 vertices, coordinates kept at 1e-7°, names of 80 characters) weighs at most about 14 MB.
   */
  zonesImport: 16 * MB,
  /** POST /dispatch/places/import: 500 places, every text at its longest in 3-byte characters, about 1.7 MB. */
  placesImport: 2 * MB,
} as const;

/** "16 MB": how the screens say a limit. */
export const megabytesText = (bytes: number) => `${Math.round(bytes / MB)} MB`;
