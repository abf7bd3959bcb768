/**
 * Search routes:
 * - GET /api/search/suggestions?q=: the header's as-you-type suggestions, for anyone; browsers may
 *   keep an answer for 30 seconds (the same letters typed again within a search cost nothing).
 * - GET, POST /api/admin/search-synonyms; PUT, DELETE /api/admin/search-synonyms/{id}: the owner's
 *   synonym groups, admins only (401 without a valid token, 403 for others). A change empties the
 *   response cache on every instance, so listings cached meanwhile show it at once.
 * Every emptying of the response cache (these changes, catalogue writes, another instance's) also
 * drops the search dictionary the matcher keeps in memory (./matcher.ts).
 */
import { answers, messageSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../core/schemas/common';
import { adminSynonymSchema, suggestionsQuerySchema, suggestionsSchema, synonymInputSchema } from '../../../core/schemas/search';
import { auditActor } from '../audit/record';
import { forgetSearchDictionary } from './matcher';
import { createSynonym, deleteSynonym, listSynonyms, searchSuggestions, updateSynonym } from './service';
import { z } from 'zod';

const synonymId = idParams('Synonym group not found');

/** Registers the suggestions and the admin synonym calls. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.responseCache.onInvalidate(() => forgetSearchDictionary(db));

  app.get(
    '/api/search/suggestions',
    { schema: { querystring: suggestionsQuerySchema, response: answers({ 200: suggestionsSchema }) } },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return searchSuggestions(db, req.query.q);
    },
  );
};

/** Registers the admin synonym calls (inside the admin scope, setup/api.ts). */
export const adminSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/api/admin/search-synonyms',
    { config: { permission: 'catalog.write' }, schema: { response: answers({ 200: z.array(adminSynonymSchema) }) } },
    async () => listSynonyms(db),
  );
  app.post(
    '/api/admin/search-synonyms',
    { config: { permission: 'catalog.write' }, schema: { body: synonymInputSchema, response: answers({ 201: adminSynonymSchema }) } },
    async (req, reply) => {
      const created = await createSynonym(db, req.body, auditActor(req));
      app.responseCache.invalidate();
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/api/admin/search-synonyms/:id',
    {
      config: { permission: 'catalog.write' },
      schema: { params: synonymId, body: synonymInputSchema, response: answers({ 200: adminSynonymSchema }) },
    },
    async (req) => {
      const updated = await updateSynonym(db, req.params.id, req.body, auditActor(req));
      app.responseCache.invalidate();
      return updated;
    },
  );
  app.delete(
    '/api/admin/search-synonyms/:id',
    { config: { permission: 'catalog.write' }, schema: { params: synonymId, response: answers({ 200: messageSchema }) } },
    async (req) => {
      const deleted = await deleteSynonym(db, req.params.id, auditActor(req));
      app.responseCache.invalidate();
      return deleted;
    },
  );
};
