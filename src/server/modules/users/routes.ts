/**
 * The signed-in user's profile: GET and PUT /api/users/me. E-mail and role
 * are not editable here.
 */
import { eq } from 'drizzle-orm';
import { answers, userSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileUpdateSchema } from '../../../core/schemas/profile';
import { users } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { toUser } from '../auth/service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/users/me', { onRequest: app.authenticate, schema: { response: answers({ 200: userSchema }) } }, async (req) =>
    toUser(requireUser(req)),
  );

  app.put(
    '/api/users/me',
    { onRequest: app.authenticate, schema: { body: profileUpdateSchema, response: answers({ 200: userSchema }) } },
    async (req) => {
      const user = requireUser(req);
      const { name, phone, address } = req.body;
      // 400 with errors.pincode when the pincode is in another state (modules/pincodes).
      if (address) await app.pincodes.checkAddress(address);
      const [updated] = await app.db
        .update(users)
        .set({
          ...(name ? { name } : {}),
          ...(phone !== undefined ? { phone } : {}),
          ...(address ? { address: { ...address, line2: address.line2 ?? '', country: 'India' as const } } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return toUser(updated);
    },
  );
};
