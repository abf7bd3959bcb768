/**
 * The hardening headers on every answer, as helmet (helmetjs) makes them: its defaults, with
 * the changes below. The pages' Content-Security-Policy is set by plugins/ssr.ts, with hashes of
 * their inline scripts, so every header here is the same for every request: helmet works them out
 * once, at start, and each reply gets them from that list. (`@fastify/helmet` built helmet's
 * middleware anew on every request, 5-8% of the CPU of a cached read.)
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The headers helmet sets with `options`, by lower-case name, found by running its own middleware
 * once on a response that only records them. Throws what helmet throws for bad options.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // Helmet 8 throws a bad option's error itself; the callback only says the headers are set.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/** Sets helmet's headers on every reply; `hsts` only where the shop is served over HTTPS (production). */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { hsts: boolean }) => {
  const headers = helmetHeaders({
    // Pages get their own policy with hashes of their inline scripts (plugins/ssr.ts).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // The payment widget opens Razorpay windows; keep the opener for it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
