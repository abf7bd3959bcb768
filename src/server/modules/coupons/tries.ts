/**
 * Wrong coupon codes per shopper (docs/decisions/0021-upload-limits.md "Request limits"): a code that
 * answers 'Invalid coupon code' (unknown, inactive or not started: docs/decisions/0007-coupon-codes.md)
 * counts as a failure for the signed-in shopper; past ABUSE_LIMITS.couponFailures (10 in 15
 * minutes) every call that carries a code answers 429 until the window ends. Calls without a code,
 * and codes that exist (expired, below the minimum, used up), never count, so a shopper editing a
 * cart is never locked out; guessing codes is. Counted by @fastify/rate-limit's store (Redis when
 * REDIS_URL is set, so all instances share the count; in process otherwise).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COUPON_MESSAGES } from '../../../core/coupons';
import { tooManyRequests } from '../../errors';
import { ABUSE_LIMITS } from '../../plugins/abuse-limits';

export interface CouponTryGuard {
  /**
   * Before pricing a code: throws 429 'Too many wrong coupon codes. Please try again in N
   * minutes.' (Retry-After set on `reply`, seconds) when the shopper has no tries left.
   */
  check(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts one wrong code for the shopper when `message` is the unknown-code answer; other outcomes are ignored. */
  record(req: FastifyRequest, message: string | undefined): Promise<void>;
}

/** "N seconds" under a minute, else "N minutes" (rounded up). */
function waitText(ms: number): string {
  if (ms < 60_000) return `${Math.max(1, Math.ceil(ms / 1000))} seconds`;
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Builds the guard once per app (a limiter per call would not share its count). Needs @fastify/rate-limit registered. */
export function createCouponTryGuard(app: FastifyInstance): CouponTryGuard {
  const { max, timeWindow } = ABUSE_LIMITS.couponFailures;
  // Coupon routes require a signed-in shopper; the address is only a fallback.
  const limiter = app.createRateLimit({ max, timeWindow, keyGenerator: (req) => `coupon-failures:${req.currentUser?.id ?? req.ip}` });
  return {
    async check(req, reply) {
      const state = await limiter(req, { increment: false });
      if (state.isAllowed || state.remaining > 0 || state.ttl <= 0) return;
      reply.header('retry-after', String(state.ttlInSeconds));
      throw tooManyRequests(`Too many wrong coupon codes. Please try again in ${waitText(state.ttl)}.`);
    },
    async record(req, message) {
      if (message === COUPON_MESSAGES.invalid) await limiter(req);
    },
  };
}
