/**
 * The plugins every route relies on, in order: errors, text checks, security headers, rate limits,
 * auth, the response cache and kept categories, the API document, media files and store, and the
 * Razorpay and Shiprocket stand-ins when no real keys are set.
 */
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from '../app';
import { isPublicMediaPath, uploadedMediaCacheHeaders } from '../integrations/media-store/disk-store';
import { razorpaySandbox } from '../integrations/razorpay/sandbox';
import { shiprocketStandIn } from '../integrations/shiprocket/stand-in';
import { listCategories } from '../modules/catalog/service';
import { mediaStorePlugin } from '../modules/media/routes';
import { authPlugin } from '../plugins/auth';
import { cachePlugin, keptUntilInvalidated } from '../plugins/cache';
import { errorsPlugin } from '../plugins/errors';
import { securityHeadersPlugin } from '../plugins/security-headers';
import { wellFormedTextPlugin } from '../plugins/well-formed-text';
import { registerLimits } from './limits';

/** Registers the shared plugins (before any route). */
export async function registerPlatform(app: FastifyInstance, opts: BuildOptions): Promise<void> {
  const { config } = opts;
  await app.register(errorsPlugin);
  await app.register(wellFormedTextPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.isProduction });
  await registerLimits(app, opts);
  await app.register(authPlugin);
  await app.register(cachePlugin, { redisUrl: config.redisUrl, ttlMs: opts.cacheTtlMs ?? config.responseCacheTtlMs });
  app.decorate(
    'activeCategories',
    keptUntilInvalidated(app.responseCache, () => listCategories(opts.db, { activeOnly: true }), 60_000),
  );
  // The API document at /api/docs, from the routes' zod schemas (requests and answers).
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Rangmanch store API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const mediaDir = path.join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '30d',
    // Return photos are the shopper's: served only on signed URLs (modules/media/private-photos.ts).
    allowedPath: (pathName) => isPublicMediaPath(pathName),
    setHeaders: uploadedMediaCacheHeaders(mediaDir),
  });
  await app.register(mediaStorePlugin, { cloudinaryApiBase: opts.cloudinaryApiBase, now: opts.now });
  await registerStandIns(app, opts);
}

/** The Razorpay sandbox and Shiprocket stand-in, each when its real keys are not set. */
async function registerStandIns(app: FastifyInstance, { config }: BuildOptions): Promise<void> {
  if (config.razorpay.sandbox) {
    await app.register(razorpaySandbox, {
      prefix: '/razorpay-sandbox',
      keyId: config.razorpay.keyId,
      keySecret: config.razorpay.keySecret,
      webhookSecret: config.razorpay.webhookSecret,
      // The sandbox delivers webhooks like Razorpay would, so the demo exercises that path too.
      webhookUrl: `http://127.0.0.1:${config.port}/api/payments/razorpay/webhook`,
      webhookDelayMs: 3000,
    });
  }
  if (config.shiprocket.standIn) {
    await app.register(shiprocketStandIn, {
      prefix: '/shiprocket-sandbox',
      email: config.shiprocket.email,
      password: config.shiprocket.password,
      webhook: { url: `http://127.0.0.1:${config.port}/api/shipping/tracking-webhook`, token: config.shiprocket.webhookToken },
    });
  }
}
