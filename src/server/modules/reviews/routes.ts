/**
 * Review routes:
 * - GET /api/products/{id}/reviews?sort=newest|helpful&page=: summary and a page of approved reviews.
 * - GET /api/products/{id}/reviews/mine (shopper): may they review it, sizes bought, their review.
 * - POST /api/products/{id}/reviews (shopper): create or edit their review (201 created, 200 edited);
 *   403 'You can review products from your delivered orders' otherwise. Rate-limited like contacts.
 * - POST /api/reviews/{id}/helpful (shopper): one "Helpful" vote per shopper; 30 votes a minute per address.
 * - POST /api/reviews/upload-target (shopper who may review `productId`): where a photo goes
 *   (the media rules' review_photos folder: images up to 5MB; one file per target, the shopper's
 *   daily upload quota, docs/decisions/0021-upload-limits.md).
 * - GET /api/admin/reviews?status=&page=, PUT /api/admin/reviews/{id}/status {status},
 *   PUT /api/admin/reviews/{id}/reply {reply} (admin).
 */
import {
  answers,
  adminReviewPageSchema,
  adminReviewSchema,
  myReviewStateSchema,
  ownReviewSchema,
  reviewPageSchema,
  uploadTargetAnswerSchema,
} from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../core/schemas/common';
import {
  adminReviewsQuerySchema,
  reviewInputSchema,
  reviewReplySchema,
  reviewStatusSchema,
  reviewsQuerySchema,
  reviewUploadTargetSchema,
} from '../../../core/schemas/reviews';
import { ABUSE_LIMITS } from '../../plugins/abuse-limits';
import { requireUser } from '../../plugins/auth';
import { auditActor } from '../audit/record';
import { shopperUploadTarget } from '../media/routes';
import {
  PRODUCT_NOT_FOUND,
  REVIEW_NOT_FOUND,
  assertCanReview,
  listAdminReviews,
  listProductReviews,
  moderateReview,
  myReviewState,
  replyToReview,
  submitReview,
  voteHelpful,
} from './service';

const productParams = idParams(PRODUCT_NOT_FOUND);
const reviewParams = idParams(REVIEW_NOT_FOUND);
/** Submissions and uploads per IP per minute (as POST /api/contacts). */
const submitLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** Registers the public, shopper and admin review calls. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/products/:id/reviews',
    { schema: { params: productParams, querystring: reviewsQuerySchema, response: answers({ 200: reviewPageSchema }) } },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return listProductReviews(db, req.params.id, req.query.sort, req.query.page);
    },
  );

  app.get(
    '/api/products/:id/reviews/mine',
    { ...auth, schema: { params: productParams, response: answers({ 200: myReviewStateSchema }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return myReviewState(db, requireUser(req).id, req.params.id);
    },
  );

  app.post(
    '/api/products/:id/reviews',
    {
      ...auth,
      config: submitLimit,
      schema: {
        params: productParams,
        body: reviewInputSchema,
        response: answers({ 200: ownReviewSchema.nullable(), 201: ownReviewSchema.nullable() }),
      },
    },
    async (req, reply) => {
      const store = app.mediaStore;
      const { created, review } = await submitReview(db, requireUser(req).id, req.params.id, req.body, (publicId, url) =>
        store.servesImage(publicId, url),
      );
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.post(
    '/api/reviews/:id/helpful',
    {
      ...auth,
      config: { rateLimit: ABUSE_LIMITS.helpfulVote },
      schema: { params: reviewParams, response: answers({ 200: z.object({ helpfulCount: z.number() }) }) },
    },
    async (req) => voteHelpful(db, requireUser(req).id, req.params.id),
  );

  app.post(
    '/api/reviews/upload-target',
    { ...auth, config: submitLimit, schema: { body: reviewUploadTargetSchema, response: answers({ 200: uploadTargetAnswerSchema }) } },
    async (req, reply) => {
      await assertCanReview(db, requireUser(req).id, req.body.productId);
      return shopperUploadTarget(app, req, reply, 'review_photos');
    },
  );
};

/** Registers the admin review calls (inside the admin scope, setup/api.ts). */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/api/admin/reviews',
    {
      config: { permission: 'reviews.read' },
      schema: { querystring: adminReviewsQuerySchema, response: answers({ 200: adminReviewPageSchema }) },
    },
    async (req) => listAdminReviews(db, req.query.status, req.query.page),
  );
  app.put(
    '/api/admin/reviews/:id/status',
    {
      config: { permission: 'reviews.moderate' },
      schema: { params: reviewParams, body: reviewStatusSchema, response: answers({ 200: adminReviewSchema }) },
    },
    async (req) => {
      const review = await moderateReview(db, req.params.id, req.body.status, auditActor(req));
      app.responseCache.invalidate();
      return review;
    },
  );
  app.put(
    '/api/admin/reviews/:id/reply',
    {
      config: { permission: 'reviews.reply' },
      schema: { params: reviewParams, body: reviewReplySchema, response: answers({ 200: adminReviewSchema }) },
    },
    async (req) => {
      const review = await replyToReview(db, req.params.id, req.body.reply, auditActor(req));
      app.responseCache.invalidate();
      return review;
    },
  );
};
