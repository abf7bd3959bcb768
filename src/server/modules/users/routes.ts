/**
 * The signed-in user's own account (docs/architecture.md#accounts-and-sign-in): the profile (GET and
 * PUT /api/users/me; e-mail and role are not editable here), the signed-in sessions (list, sign one
 * other out, sign out every other, log this one out) and two-step sign-in (status, enrol, confirm, new recovery codes,
 * turn off). These stay open to a staff member the shop requires two-step of who has none yet:
 * they are not admin routes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaff } from '../../../core/permissions';
import { answers, messageSchema, userSchema } from '../../../core/schemas/answers';
import {
  recoveryCodesSchema,
  sessionListSchema,
  twoStepBeginSchema,
  twoStepCodeSchema,
  twoStepDisableSchema,
  twoStepStatusSchema,
} from '../../../core/schemas/auth-two-step';
import { idParams } from '../../../core/schemas/common';
import { profileUpdateSchema } from '../../../core/schemas/profile';
import { users } from '../../db/schema';
import { badRequest, tooManyRequests } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { recordAudit } from '../audit/record';
import { verifyPassword } from '../auth/password';
import { staffTwoStepRequired, toUser } from '../auth/service';
import { listSessions, revokeOtherSessions, revokeSession, selfActor } from '../auth/sessions';
import {
  beginEnrolment,
  checkTotp,
  clearTwoStep,
  confirmEnrolment,
  replaceRecoveryCodes,
  twoStepKeys,
  useRecoveryCode,
  WRONG_CODE,
} from '../auth/two-step';
import { saveWhatsAppConsent } from '../whatsapp/consent';

const WRONG_PROOF = 'That code or password is not right.';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.authDeps.now();
  const keys = twoStepKeys(app.config.jwtSecret);
  const signedIn = { onRequest: app.authenticate };
  // Codes and passwords typed here are guesses like a login's: the same per-IP route limit.
  const guarded = { onRequest: app.authenticate, config: { ...app.authRateLimit } };

  app.get('/api/users/me', { ...signedIn, schema: { response: answers({ 200: userSchema }) } }, async (req) =>
    toUser(requireUser(req), req.signIn?.twoStepSetupRequired ?? false),
  );

  app.put('/api/users/me', { ...signedIn, schema: { body: profileUpdateSchema, response: answers({ 200: userSchema }) } }, async (req) => {
    const user = requireUser(req);
    const { name, phone, address } = req.body;
    // 400 with errors.pincode when the pincode is in another state (modules/pincodes).
    if (address) await app.pincodes.checkAddress(address);
    // WhatsApp consents; offers turned on again take the number off the STOP list (modules/whatsapp/consent.ts).
    await saveWhatsAppConsent(app.db, user.id, req.body, phone || user.phone);
    const [updated] = await app.db
      .update(users)
      .set({
        ...(name ? { name } : {}),
        ...(phone !== undefined ? { phone } : {}),
        // Offers and cart reminders by e-mail (docs/architecture.md#abandoned-carts).
        ...(req.body.emailOffers !== undefined ? { emailOffers: req.body.emailOffers } : {}),
        ...(address ? { address: { ...address, line2: address.line2 ?? '', country: 'India' as const } } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    return toUser(updated, req.signIn?.twoStepSetupRequired ?? false);
  });

  // Sessions: where the account is signed in.
  app.get('/api/users/me/sessions', { ...signedIn, schema: { response: answers({ 200: sessionListSchema }) } }, async (req) =>
    listSessions(app.db, requireUser(req).id, req.signIn?.sessionId ?? null, now()),
  );
  app.delete(
    '/api/users/me/sessions/:id',
    { ...signedIn, schema: { params: idParams('Open session not found'), response: answers({ 200: messageSchema }) } },
    async (req) => {
      const user = requireUser(req);
      if (req.params.id === req.signIn?.sessionId) throw badRequest('This is the device you are using: log out to end it.');
      await revokeSession(app.db, user, req.params.id, selfActor(user, req.ip), now());
      return { message: 'Signed out.' };
    },
  );
  // Logging out: this device's session ends on the server, not only in the browser.
  app.post('/api/users/me/sign-out', { ...signedIn, schema: { response: answers({ 200: messageSchema }) } }, async (req) => {
    const user = requireUser(req);
    const sessionId = req.signIn?.sessionId;
    if (sessionId) await revokeSession(app.db, user, sessionId, selfActor(user, req.ip), now());
    return { message: 'Signed out.' };
  });
  app.post(
    '/api/users/me/sessions/sign-out-others',
    { ...signedIn, schema: { response: answers({ 200: messageSchema }) } },
    async (req) => {
      const user = requireUser(req);
      const ended = await revokeOtherSessions(app.db, user, req.signIn?.sessionId ?? null, selfActor(user, req.ip), now());
      return {
        message: ended === 0 ? 'You were not signed in anywhere else.' : `Signed out of ${ended} other session${ended === 1 ? '' : 's'}.`,
      };
    },
  );

  // Two-step sign-in.
  app.get('/api/users/me/two-step', { ...signedIn, schema: { response: answers({ 200: twoStepStatusSchema }) } }, async (req) => {
    const user = requireUser(req);
    return {
      enabled: user.totpEnabledAt !== null,
      enabledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: user.totpEnabledAt ? user.recoveryCodeHashes.length : 0,
      required: isStaff(user.role) && (await staffTwoStepRequired(app.db)),
    };
  });
  app.post(
    '/api/users/me/two-step/begin',
    { ...guarded, schema: { response: answers({ 200: twoStepBeginSchema }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return beginEnrolment(app.db, keys, requireUser(req));
    },
  );
  app.post(
    '/api/users/me/two-step/confirm',
    { ...guarded, schema: { body: twoStepCodeSchema, response: answers({ 200: recoveryCodesSchema }) } },
    async (req, reply) => {
      const user = requireUser(req);
      const recoveryCodes = await app.db.transaction(async (tx) => {
        const codes = await confirmEnrolment(tx, keys, user, req.body.code, now());
        if (isStaff(user.role)) {
          await recordAudit(tx, selfActor(user, req.ip), {
            action: 'auth.two-step-enable',
            entity: 'user',
            entityId: user.id,
            summary: 'Turned on two-step sign-in',
          });
        }
        return codes;
      });
      reply.header('cache-control', 'no-store');
      return { recoveryCodes };
    },
  );
  app.post(
    '/api/users/me/two-step/recovery-codes',
    { ...guarded, schema: { body: twoStepCodeSchema, response: answers({ 200: recoveryCodesSchema }) } },
    async (req, reply) => {
      const user = requireUser(req);
      if (!user.totpEnabledAt) throw badRequest('Two-step sign-in is off.');
      if (!(await checkTotp(app.db, keys, user, req.body.code, now().getTime()))) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
      const recoveryCodes = await app.db.transaction((tx) => replaceRecoveryCodes(tx, keys, user.id, now()));
      reply.header('cache-control', 'no-store');
      return { recoveryCodes };
    },
  );
  app.post(
    '/api/users/me/two-step/disable',
    { ...guarded, schema: { body: twoStepDisableSchema, response: answers({ 200: messageSchema }) } },
    async (req, reply) => {
      const user = requireUser(req);
      if (!user.totpEnabledAt) throw badRequest('Two-step sign-in is already off.');
      // A wrong code or password counts in the login limits, as at the login.
      const attempt = await app.loginLimiter.count(user.email, req.ip);
      if (attempt.refused) {
        reply.header('retry-after', String(attempt.refused.retryAfterSeconds));
        throw tooManyRequests(attempt.refused.message);
      }
      const { code, recoveryCode, password } = req.body;
      const right =
        code !== undefined
          ? await checkTotp(app.db, keys, user, code, now().getTime())
          : recoveryCode !== undefined
            ? await useRecoveryCode(app.db, keys, user.id, recoveryCode)
            : await verifyPassword(password!, user.passwordHash);
      if (!right) throw badRequest(WRONG_PROOF, { code: WRONG_PROOF });
      await attempt.giveBack();
      await app.db.transaction(async (tx) => {
        await clearTwoStep(tx, user.id, now());
        if (isStaff(user.role)) {
          await recordAudit(tx, selfActor(user, req.ip), {
            action: 'auth.two-step-disable',
            entity: 'user',
            entityId: user.id,
            summary: 'Turned off two-step sign-in',
          });
        }
      });
      return { message: 'Two-step sign-in is off.' };
    },
  );
};
