/**
 * Admin homepage content routes: list, add, replace and delete hero
 * banners, vertical videos, Instagram photos and testimonials, and order the image banners. Every
 * route is admin-only; bodies are the shared schemas of src/core/schemas/admin-homepage.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bannerOrderSchema,
  heroBannerSchema,
  instagramPhotoSchema,
  testimonialSchema,
  verticalVideoSchema,
} from '../../../core/schemas/admin-homepage';
import { idParams } from '../../../core/schemas/common';
import * as content from './service';

// A malformed id is a 404, like an unknown one (idParams).
const bannerId = idParams('Hero media not found');
const videoId = idParams('Video not found');
const photoId = idParams('Photo not found');
const testimonialId = idParams('Testimonial not found');
const BASE = '/api/admin/homepage';

export const adminHomepageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(`${BASE}/banners`, async () => content.listBanners(db));
  app.post(`${BASE}/banners`, { schema: { body: heroBannerSchema } }, async (req, reply) =>
    reply.status(201).send(await content.createBanner(db, req.body)),
  );
  // Static path: wins over /banners/:id in the router.
  app.put(`${BASE}/banners/order`, { schema: { body: bannerOrderSchema } }, async (req) => content.reorderBanners(db, req.body.ids));
  app.put(`${BASE}/banners/:id`, { schema: { params: bannerId, body: heroBannerSchema } }, async (req) =>
    content.updateBanner(db, req.params.id, req.body),
  );
  app.delete(`${BASE}/banners/:id`, { schema: { params: bannerId } }, async (req) => content.deleteBanner(db, req.params.id));

  app.get(`${BASE}/videos`, async () => content.listVideos(db));
  app.post(`${BASE}/videos`, { schema: { body: verticalVideoSchema } }, async (req, reply) =>
    reply.status(201).send(await content.createVideo(db, req.body)),
  );
  app.put(`${BASE}/videos/:id`, { schema: { params: videoId, body: verticalVideoSchema } }, async (req) =>
    content.updateVideo(db, req.params.id, req.body),
  );
  app.delete(`${BASE}/videos/:id`, { schema: { params: videoId } }, async (req) => content.deleteVideo(db, req.params.id));

  app.get(`${BASE}/instagram`, async () => content.listPhotos(db));
  app.post(`${BASE}/instagram`, { schema: { body: instagramPhotoSchema } }, async (req, reply) =>
    reply.status(201).send(await content.createPhoto(db, req.body)),
  );
  app.put(`${BASE}/instagram/:id`, { schema: { params: photoId, body: instagramPhotoSchema } }, async (req) =>
    content.updatePhoto(db, req.params.id, req.body),
  );
  app.delete(`${BASE}/instagram/:id`, { schema: { params: photoId } }, async (req) => content.deletePhoto(db, req.params.id));

  app.get(`${BASE}/testimonials`, async () => content.listTestimonials(db));
  app.post(`${BASE}/testimonials`, { schema: { body: testimonialSchema } }, async (req, reply) =>
    reply.status(201).send(await content.createTestimonial(db, req.body)),
  );
  app.put(`${BASE}/testimonials/:id`, { schema: { params: testimonialId, body: testimonialSchema } }, async (req) =>
    content.updateTestimonial(db, req.params.id, req.body),
  );
  app.delete(`${BASE}/testimonials/:id`, { schema: { params: testimonialId } }, async (req) =>
    content.deleteTestimonial(db, req.params.id),
  );
};
