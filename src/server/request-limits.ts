/**
 * The largest urlencoded, JSON or text body any route takes. Every form is a few short fields;
 * the largest, an order of 200 lines (`items[199][num]=99999&…`), is under 16 KiB. Fastify counts
 * the bytes as they arrive and refuses (413) once they pass this, or at once when the declared
 * Content-Length does.
 */
export const BODY_MAX_BYTES = 64 * 1024;

/**
 * Node's server options that bound how long one request may take to arrive, headers and body:
 * past `requestTimeoutMs` the connection is answered 408 and closed, however slowly it trickles.
 * Node looks for overdue requests at an interval (30 s by default), here a tenth of the timeout,
 * at most a second, so the deadline holds to within that.
 */
export function requestTimeouts(requestTimeoutMs: number) {
  const connectionsCheckingInterval = Math.min(1000, Math.max(10, Math.floor(requestTimeoutMs / 10)));
  return {
    requestTimeout: requestTimeoutMs,
    http: { requestTimeout: requestTimeoutMs, headersTimeout: requestTimeoutMs, connectionsCheckingInterval },
  };
}
