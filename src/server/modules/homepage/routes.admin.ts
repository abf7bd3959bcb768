/**
 * Admin homepage content routes: list, add, replace and delete hero
 * banners, vertical videos, Instagram photos and testimonials, and order the image banners. Every
 * route is admin-only; bodies are the shared schemas of src/core/schemas/admin-homepage.ts.
 */
import { z } from 'zod';
import {
  answers,
  heroBannerAnswerSchema,
  instagramPhotoAnswerSchema,
  messageSchema,
  testimonialAnswerSchema,
  verticalVideoAnswerSchema,
} from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bannerOrderSchema,
  heroBannerSchema,
  instagramPhotoSchema,
  testimonialSchema,
  verticalVideoSchema,
} from '../../../core/schemas/admin-homepage';
import { idParams } from '../../../core/schemas/common';
import { auditActor } from '../audit/record';
import * as content from './admin-service';

// A malformed id is a 404, like an unknown one (idParams).
const bannerId = idParams('Hero media not found');
const videoId = idParams('Video not found');
const photoId = idParams('Photo not found');
const testimonialId = idParams('Testimonial not found');
const BASE = '/api/admin/homepage';

export const adminHomepageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    `${BASE}/banners`,
    { config: { permission: 'content.write' }, schema: { response: answers({ 200: z.array(heroBannerAnswerSchema) }) } },
    async () => content.listBanners(db),
  );
  app.post(
    `${BASE}/banners`,
    { config: { permission: 'content.write' }, schema: { body: heroBannerSchema, response: answers({ 201: heroBannerAnswerSchema }) } },
    async (req, reply) => reply.status(201).send(await content.createBanner(db, req.body, auditActor(req))),
  );
  // Static path: wins over /banners/:id in the router.
  app.put(
    `${BASE}/banners/order`,
    {
      config: { permission: 'content.write' },
      schema: { body: bannerOrderSchema, response: answers({ 200: z.array(heroBannerAnswerSchema) }) },
    },
    async (req) => content.reorderBanners(db, req.body.ids, auditActor(req)),
  );
  app.put(
    `${BASE}/banners/:id`,
    {
      config: { permission: 'content.write' },
      schema: { params: bannerId, body: heroBannerSchema, response: answers({ 200: heroBannerAnswerSchema }) },
    },
    async (req) => content.updateBanner(db, req.params.id, req.body, auditActor(req)),
  );
  app.delete(
    `${BASE}/banners/:id`,
    { config: { permission: 'content.write' }, schema: { params: bannerId, response: answers({ 200: messageSchema }) } },
    async (req) => content.deleteBanner(db, req.params.id, auditActor(req)),
  );

  app.get(
    `${BASE}/videos`,
    { config: { permission: 'content.write' }, schema: { response: answers({ 200: z.array(verticalVideoAnswerSchema) }) } },
    async () => content.listVideos(db),
  );
  app.post(
    `${BASE}/videos`,
    {
      config: { permission: 'content.write' },
      schema: { body: verticalVideoSchema, response: answers({ 201: verticalVideoAnswerSchema }) },
    },
    async (req, reply) => reply.status(201).send(await content.createVideo(db, req.body, auditActor(req))),
  );
  app.put(
    `${BASE}/videos/:id`,
    {
      config: { permission: 'content.write' },
      schema: { params: videoId, body: verticalVideoSchema, response: answers({ 200: verticalVideoAnswerSchema }) },
    },
    async (req) => content.updateVideo(db, req.params.id, req.body, auditActor(req)),
  );
  app.delete(
    `${BASE}/videos/:id`,
    { config: { permission: 'content.write' }, schema: { params: videoId, response: answers({ 200: messageSchema }) } },
    async (req) => content.deleteVideo(db, req.params.id, auditActor(req)),
  );

  app.get(
    `${BASE}/instagram`,
    { config: { permission: 'content.write' }, schema: { response: answers({ 200: z.array(instagramPhotoAnswerSchema) }) } },
    async () => content.listPhotos(db),
  );
  app.post(
    `${BASE}/instagram`,
    {
      config: { permission: 'content.write' },
      schema: { body: instagramPhotoSchema, response: answers({ 201: instagramPhotoAnswerSchema }) },
    },
    async (req, reply) => reply.status(201).send(await content.createPhoto(db, req.body, auditActor(req))),
  );
  app.put(
    `${BASE}/instagram/:id`,
    {
      config: { permission: 'content.write' },
      schema: { params: photoId, body: instagramPhotoSchema, response: answers({ 200: instagramPhotoAnswerSchema }) },
    },
    async (req) => content.updatePhoto(db, req.params.id, req.body, auditActor(req)),
  );
  app.delete(
    `${BASE}/instagram/:id`,
    { config: { permission: 'content.write' }, schema: { params: photoId, response: answers({ 200: messageSchema }) } },
    async (req) => content.deletePhoto(db, req.params.id, auditActor(req)),
  );

  app.get(
    `${BASE}/testimonials`,
    { config: { permission: 'content.write' }, schema: { response: answers({ 200: z.array(testimonialAnswerSchema) }) } },
    async () => content.listTestimonials(db),
  );
  app.post(
    `${BASE}/testimonials`,
    { config: { permission: 'content.write' }, schema: { body: testimonialSchema, response: answers({ 201: testimonialAnswerSchema }) } },
    async (req, reply) => reply.status(201).send(await content.createTestimonial(db, req.body, auditActor(req))),
  );
  app.put(
    `${BASE}/testimonials/:id`,
    {
      config: { permission: 'content.write' },
      schema: { params: testimonialId, body: testimonialSchema, response: answers({ 200: testimonialAnswerSchema }) },
    },
    async (req) => content.updateTestimonial(db, req.params.id, req.body, auditActor(req)),
  );
  app.delete(
    `${BASE}/testimonials/:id`,
    { config: { permission: 'content.write' }, schema: { params: testimonialId, response: answers({ 200: messageSchema }) } },
    async (req) => content.deleteTestimonial(db, req.params.id, auditActor(req)),
  );
};
