/**
 * POST /api/contacts: open to guests and signed-in shoppers; whether the
 * sender is registered comes from the token, never from the body.
 */
import { answers } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_THANKS } from '../../../core/constants';
import { contactSchema } from '../../../core/schemas/contact';
import { contactMessages } from '../../db/schema';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contacts',
    {
      onRequest: app.optionalUser,
      schema: { body: contactSchema, response: answers({ 201: z.object({ message: z.string(), _id: z.string() }) }) },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const user = req.currentUser;
      const { name, email, phone, comment } = req.body;
      const [saved] = await app.db
        .insert(contactMessages)
        .values({ name, email, phone, comment, registeredUser: Boolean(user), userId: user?.id ?? null })
        .returning({ id: contactMessages.id });
      return reply.status(201).send({ message: CONTACT_THANKS, _id: saved.id });
    },
  );
};
