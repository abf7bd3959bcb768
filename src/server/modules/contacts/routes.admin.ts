/**
 * GET /api/contacts: the admin's list of contact messages. POST /api/contacts
 * (shoppers) lives in routes.store.ts.
 */
import { answers, adminContactMessageSchema } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactsQuerySchema } from '../../../core/schemas/admin-orders';
import { listContactMessages } from './service';

export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/contacts',
    {
      config: { permission: 'contacts.read' },
      schema: { querystring: contactsQuerySchema, response: answers({ 200: z.array(adminContactMessageSchema) }) },
    },
    async (req) => listContactMessages(app.db, req.query.search),
  );
};
