import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Browser-facing security headers, the same on every answer: a CSP without inline or eval script,
 * no framing, nosniff, a strict referrer policy, COOP/CORP; HSTS only when the shop is served over
 * https. They never vary per request, so they are built once here and set with one call per
 * answer — building them per request (as a general-purpose middleware does) cost a tenth of a
 * catalogue read.
 */
export function securityHeadersFor(publicUrl: string): Record<string, string> {
  const https = publicUrl.startsWith('https:');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
  };
}

const API_KEEPS = new Set([
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
]);

/**
 * API answers are data, never a document a browser renders or frames: a CSP that allows nothing
 * says so, with the rest of the set that still applies (OWASP REST Security Cheat Sheet).
 */
export function apiSecurityHeadersFor(publicUrl: string): Record<string, string> {
  const page = securityHeadersFor(publicUrl);
  const kept = Object.entries(page).filter(([name]) => API_KEEPS.has(name));
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    ...Object.fromEntries(kept),
  };
}

export const securityHeaders = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  const pages = securityHeadersFor(opts.publicUrl);
  const api = apiSecurityHeadersFor(opts.publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : pages);
    done();
  });
});
