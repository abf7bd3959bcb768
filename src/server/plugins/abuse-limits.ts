/**
 * Request limits on calls that cost the shop CPU or disk, or let a caller guess
 * (docs/decisions/0021-upload-limits.md "Request limits"). Each `rateLimit` value is a route's
 * `config` for @fastify/rate-limit (registered in app.ts: per client address, shared through Redis
 * when REDIS_URL is set, 429 'Too many attempts. Please try again in N seconds.' with Retry-After).
 */

/** Per client address per minute unless said otherwise. */
export const ABUSE_LIMITS = {
  /** Invoice and credit note PDFs: each render is ~50 ms of CPU; a shopper opens a few. */
  pdf: { max: 20, timeWindow: '1 minute' },
  /** "Check delivery" and the checkout's pincode autofill; generous for addresses shared by many (mobile networks). */
  pincode: { max: 60, timeWindow: '1 minute' },
  /** "Helpful" votes: one per review per shopper anyway; this bounds hammering with accounts. */
  helpfulVote: { max: 30, timeWindow: '1 minute' },
  /** Posts to the disk store's upload endpoint (each file up to 100MB for the admin's videos). */
  upload: { max: 60, timeWindow: '1 minute' },
  /** Upload targets a shopper asks for (review and return photos); the daily quota is separate. */
  uploadTarget: { max: 10, timeWindow: '1 minute' },
  /** Wrong coupon codes per shopper (not per address) in 15 minutes; valid codes and previews without one never count. */
  couponFailures: { max: 10, timeWindow: '15 minutes' },
} as const;
