/**
 * The shop's settings over HTTP:
 * - GET /api/admin/settings, PUT /api/admin/settings: staff with 'settings.write' (401 without a valid
 *   token, 403 for others); the body is `shopSettingsSchema` (rupees), 400 with field messages
 *   otherwise; a change of a tax field (`TAX_SETTINGS_FIELDS`) without 'settings.tax' is 403, nothing saved.
 * - PUT /api/admin/settings/staff-policy: the owner ('staff.manage'): refund limits per role and the
 *   two-step rule (`staffPolicySchema`; 400 requiring two-step while one's own is off); answers the settings.
 * - GET /api/settings/public: what the storefront may show (`PublicShopSettings`), for anyone.
 * Decorates `app.settings` (the cached service) for other modules. A save drops the response
 * cache here and, through Redis, on every instance; each instance's settings copy goes with it.
 */
import { answers, publicShopSettingsSchema, shopSettingsAnswerSchema } from '../../../core/schemas/answers';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { can, missingPermission } from '../../../core/permissions';
import { shopSettingsSchema, staffPolicySchema } from '../../../core/schemas/settings';
import { badRequest, forbidden } from '../../errors';
import { auditActor } from '../audit/record';
import { createSettingsService, type SettingsService } from './service';

/** The answer to requiring two-step sign-in of staff before turning on one's own. */
export const TWO_STEP_YOURSELF_FIRST = 'Turn on your own two-step sign-in (My sign-in) before requiring it of every staff account.';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

export const settingsPlugin = fp(
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const settings = createSettingsService(app.db);
    app.decorate('settings', settings);
    app.responseCache.onInvalidate(() => settings.forget());

    app.get('/api/settings/public', { schema: { response: answers({ 200: publicShopSettingsSchema }) } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return settings.getPublic();
    });
  },
  { name: 'settings' },
);

/** GET and PUT /api/admin/settings (inside the admin scope, setup/api.ts). */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/settings',
    { config: { permission: 'settings.write' }, schema: { response: answers({ 200: shopSettingsAnswerSchema }) } },
    async () => app.settings.get(),
  );
  app.put(
    '/api/admin/settings',
    {
      config: { permission: 'settings.write' },
      schema: { body: shopSettingsSchema, response: answers({ 200: shopSettingsAnswerSchema }) },
    },
    async (request) => {
      const mayChangeTax = can(request.currentUser?.role, 'settings.tax');
      const saved = await app.settings.save(request.body, auditActor(request), {
        refuseTaxChange: mayChangeTax ? undefined : () => forbidden(missingPermission('settings.tax')),
      });
      // Pages and answers that show settings are rebuilt; other instances drop their copies too.
      app.responseCache.invalidate();
      return saved;
    },
  );
  app.put(
    '/api/admin/settings/staff-policy',
    {
      config: { permission: 'staff.manage' },
      schema: { body: staffPolicySchema, response: answers({ 200: shopSettingsAnswerSchema }) },
    },
    async (request) => {
      // Requiring two-step of staff while one's own is off would hold oneself at My sign-in.
      if (request.body.staffTwoStepRequired && !request.currentUser?.totpEnabledAt) throw badRequest(TWO_STEP_YOURSELF_FIRST);
      const saved = await app.settings.saveStaffPolicy(request.body, auditActor(request));
      app.responseCache.invalidate();
      return saved;
    },
  );
};
