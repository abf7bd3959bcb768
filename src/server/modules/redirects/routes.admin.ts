/**
 * The owner's redirects (docs/architecture.md#redirects), permission 'catalog.import':
 * - GET /api/admin/redirects?search=&page=: the list, 50 a page;
 * - POST /api/admin/redirects, PUT and DELETE /api/admin/redirects/{id}: one redirect;
 * - POST /api/admin/redirects/import: a CSV upload ("Redirect from","Redirect to" or "from","to").
 * Every write empties the response cache, so the storefront's kept table is read again on every
 * instance.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, messageSchema } from '../../../core/schemas/answers';
import { idParams } from '../../../core/schemas/common';
import {
  adminRedirectListSchema,
  adminRedirectSchema,
  redirectImportResultSchema,
  redirectInputSchema,
  redirectListQuerySchema,
} from '../../../core/schemas/redirects';
import { auditActor } from '../audit/record';
import { readUploadedCsv } from '../import/csv-upload';
import { createRedirect, deleteRedirect, importRedirects, listRedirects, updateRedirect } from './service';

const redirectId = idParams('Redirect not found');
const permission = 'catalog.import' as const;

/** Largest redirects CSV accepted (bytes). */
const MAX_CSV_BYTES = 5_000_000;

/** Registers the admin redirect calls (inside the admin scope, setup/api.ts). */
export const adminRedirectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  await app.register(fastifyMultipart);
  const changed = () => app.responseCache.invalidate();

  app.get(
    '/api/admin/redirects',
    { config: { permission }, schema: { querystring: redirectListQuerySchema, response: answers({ 200: adminRedirectListSchema }) } },
    async (req) => listRedirects(db, req.query),
  );

  app.post(
    '/api/admin/redirects',
    { config: { permission }, schema: { body: redirectInputSchema, response: answers({ 201: adminRedirectSchema }) } },
    async (req, reply) => {
      const saved = await createRedirect(db, auditActor(req), req.body);
      changed();
      return reply.status(201).send(saved);
    },
  );

  app.put(
    '/api/admin/redirects/:id',
    { config: { permission }, schema: { params: redirectId, body: redirectInputSchema, response: answers({ 200: adminRedirectSchema }) } },
    async (req) => {
      const saved = await updateRedirect(db, auditActor(req), req.params.id, req.body);
      changed();
      return saved;
    },
  );

  app.delete(
    '/api/admin/redirects/:id',
    { config: { permission }, schema: { params: redirectId, response: answers({ 200: messageSchema }) } },
    async (req) => {
      const done = await deleteRedirect(db, auditActor(req), req.params.id);
      changed();
      return done;
    },
  );

  app.post(
    '/api/admin/redirects/import',
    {
      config: { permission },
      schema: {
        description: 'A redirects CSV as multipart/form-data (field `file`)',
        response: answers({ 200: redirectImportResultSchema }),
      },
    },
    async (req) => {
      const result = await readUploadedCsv(req, MAX_CSV_BYTES, (reader) => importRedirects(db, auditActor(req), reader));
      changed();
      return result;
    },
  );
};
