/**
 * Rate limits (docs/decisions/0020-login-limits.md): Redis when REDIS_URL is set, shared across
 * instances; in-process otherwise. Registers @fastify/rate-limit (per-route limits) and decorates
 * the login limiter.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { BuildOptions } from '../app';
import { createLoginLimiter, DEFAULT_LOGIN_LIMITS } from '../modules/auth/login-limits';

/** Connects Redis when configured: waits until it is ready, or 2 s (limits then fail open). */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  // Without an offline queue, a limit checked before the connection is up would be skipped:
  // start once Redis is ready, or after 2 s without it (limits then fail open: skipOnError below).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** Registers the rate limits and the login limiter. */
export async function registerLimits(app: FastifyInstance, opts: BuildOptions): Promise<void> {
  const { config } = opts;
  const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : null;
  const accountLimit = opts.authAccountLimitMax ?? DEFAULT_LOGIN_LIMITS.accountIpFailures;
  app.decorate(
    'loginLimiter',
    createLoginLimiter({
      settings: {
        ...DEFAULT_LOGIN_LIMITS,
        accountIpFailures: accountLimit,
        ipFailures: accountLimit * 5,
        accountFailuresBeforeDelay: accountLimit * 10,
        ...opts.loginLimits,
      },
      redis,
      now: () => (opts.now ? opts.now().getTime() : Date.now()),
      onRedisError: (err) => app.log.warn({ err: err.message }, 'redis unavailable: login limits counted in this process'),
    }),
  );
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'store-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
}
