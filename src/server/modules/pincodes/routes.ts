/**
 * GET /api/pincodes/{pincode}, for anyone: `PincodeCheck` for a known pincode; 404
 * 'We could not find this pincode' for an unknown one and 404 'Please enter a valid 6-digit
 * pincode' for anything that is not 6 digits starting 1-9 (a path that names nothing).
 * `cache-control: no-cache`: the dates move with the clock and the settings. Look-ups are limited
 * per address (ABUSE_LIMITS.pincode: 60 a minute, then 429).
 */
import { answers, pincodeCheckSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PINCODE_PATTERN } from '../../../core/pincode-check';
import { ABUSE_LIMITS } from '../../plugins/abuse-limits';
import type { PincodeService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pincode places and delivery dates (built in app.ts, before the payment deps that use it). */
    pincodes: PincodeService;
  }
}

export const pincodeParams = z.object({
  pincode: z.string().regex(PINCODE_PATTERN, 'Please enter a valid 6-digit pincode'),
});

export const pincodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pincodes/:pincode',
    { config: { rateLimit: ABUSE_LIMITS.pincode }, schema: { params: pincodeParams, response: answers({ 200: pincodeCheckSchema }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.pincodes.lookup(req.params.pincode);
    },
  );
};
