/**
 * Auth routes: register-start, resend-otp, verify-otp, login (and its two-step code),
 * forgot-password-start, verify-reset-otp, reset-password. Bodies are validated with the shared
 * schemas of src/core, so messages match the forms. Every sign-in writes a session
 * (`app.signToken`, docs/architecture.md#accounts-and-sign-in).
 *
 * Login: a right password answers the token, or `{ twoStepRequired, challenge }` when the account
 * has two-step sign-in on; the challenge (a JWT under its own HKDF key, 5 minutes, bound to the
 * token version) comes back with a code to POST /api/auth/login/two-step. A wrong code counts as a
 * failure in the login limits, like a wrong password. An account with no password (moved from the
 * old shop) gets 409 'password-not-set' and a password-reset code.
 *
 * Limits, each a 429 with Retry-After and a message: every route, requests per IP per minute (route
 * config); login, wrong passwords per account and IP, per IP, and a slow-down per account
 * (login-limits.ts, docs/decisions/0020-login-limits.md); the other routes, requests per account
 * (e-mail or verification) per 15 minutes.
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isUuid, tooManyRequests, unauthorized } from '../../errors';
import { answers, loginAnswerSchema, messageSchema, verificationStartedSchema } from '../../../core/schemas/answers';
import { loginStepSchema, passwordNotSetSchema, twoStepLoginSchema } from '../../../core/schemas/auth-two-step';
import { users } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  loginSchema,
  resendOtpSchema,
  resetPasswordSchema,
  signupSchema,
  verifyOtpSchema,
} from '../../../core/schemas/auth';
import {
  checkPassword,
  forgotPasswordStart,
  mustSetUpTwoStep,
  recordFailedSignIn,
  registerStart,
  resendCode,
  resetPassword,
  toUser,
  TooManyTries,
  verifyResetCode,
  verifySignup,
} from './service';
import { CHALLENGE_TTL_MS, checkTotp, derivedKey, twoStepKeys, useRecoveryCode, WRONG_CODE, WRONG_RECOVERY_CODE } from './two-step';

const CHALLENGE_EXPIRED = 'Your sign-in took too long. Please log in again.';

/** Runs a handler, sending the Retry-After of a TooManyTries (429) it throws. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TooManyTries) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** The account a request is about: its e-mail, else its verification id (per-account limits). */
function accountKey(request: FastifyRequest): string {
  const body = (request.body ?? {}) as { email?: unknown; verificationId?: unknown };
  if (typeof body.email === 'string') return `account:${body.email.trim().toLowerCase()}`;
  if (typeof body.verificationId === 'string') return `verification:${body.verificationId}`;
  return `ip:${request.ip}`;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.authDeps;
  // Per IP (route config) and per account (this handler, after the body is parsed): 429 with
  // Retry-After and a message (OWASP ASVS 2.2.1).
  const accountLimiter = app.createRateLimit({ max: app.authAccountLimitMax, timeWindow: '15 minutes', keyGenerator: accountKey });
  const perAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await accountLimiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw tooManyRequests(`Too many attempts for this account. Please try again in ${Math.ceil(result.ttl / 60_000)} minutes.`);
    }
  };
  const limited = { ...app.authRateLimit };
  const started = answers({ 200: verificationStartedSchema });
  const said = answers({ 200: messageSchema });
  const signedIn = answers({ 200: loginAnswerSchema.extend({ message: z.string() }) });

  app.post(
    '/api/auth/register-start',
    { schema: { body: signupSchema, response: started }, config: limited, preHandler: perAccount },
    async (req) => registerStart(deps, req.body),
  );
  app.post(
    '/api/auth/resend-otp',
    { schema: { body: resendOtpSchema, response: said }, config: limited, preHandler: perAccount },
    async (req) => resendCode(deps, req.body.verificationId),
  );
  app.post(
    '/api/auth/verify-otp',
    { schema: { body: verifyOtpSchema, response: signedIn }, config: limited, preHandler: perAccount },
    async (req) => verifySignup(deps, req.body.verificationId, req.body.code, (user) => app.signToken(user, req, 'new account')),
  );
  const keys = twoStepKeys(app.config.jwtSecret);
  const challengeKey = derivedKey(app.config.jwtSecret, 'two-step-challenge');
  const signChallenge = (user: UserRow) =>
    app.jwt.sign(
      { sub: user.id, tv: user.tokenVersion },
      { key: challengeKey, expiresIn: `${CHALLENGE_TTL_MS / 1000}s`, clockTimestamp: deps.now().getTime() },
    );
  /** The account a challenge names, or 401 when it is forged, expired or its account changed since. */
  const challengeUser = async (challenge: string): Promise<UserRow> => {
    let claims: { sub?: unknown; tv?: unknown };
    try {
      claims = app.jwt.verify(challenge, { key: challengeKey, clockTimestamp: deps.now().getTime() });
    } catch {
      throw unauthorized(CHALLENGE_EXPIRED);
    }
    const [user] = isUuid(claims.sub) ? await app.db.select().from(users).where(eq(users.id, claims.sub)) : [];
    if (!user || user.tokenVersion !== claims.tv || !user.totpEnabledAt) throw unauthorized(CHALLENGE_EXPIRED);
    return user;
  };
  /** Signs `user` in (a session, audited for staff) and answers the token and the user. */
  const signInAnswer = async (user: UserRow, req: FastifyRequest, how: string) => ({
    token: await app.signToken(user, req, how),
    user: toUser(user, await mustSetUpTwoStep(app.db, user)),
  });

  app.post(
    '/api/auth/login',
    { schema: { body: loginSchema, response: answers({ 200: loginStepSchema, 409: passwordNotSetSchema }) }, config: limited },
    async (req, reply) => {
      const attempt = await app.loginLimiter.count(req.body.email, req.ip);
      if (attempt.refused) {
        reply.header('retry-after', String(attempt.refused.retryAfterSeconds));
        throw tooManyRequests(attempt.refused.message);
      }
      try {
        const step = await checkPassword(deps, req.body, req.ip);
        // A wrong password stays counted, and so does a code mailed to an account without one.
        if (step.outcome === 'wrong') throw unauthorized('Invalid email or password');
        if (step.outcome === 'password-not-set') {
          return reply.code(409).send({ message: step.message, code: 'password-not-set' as const, verificationId: step.verificationId });
        }
        await attempt.giveBack();
        if (step.user.totpEnabledAt) return { twoStepRequired: true as const, challenge: signChallenge(step.user) };
        return await signInAnswer(step.user, req, 'password');
      } catch (err) {
        // Only a wrong password (401) stays counted; an outage is not the shopper's try.
        if (!(err instanceof AppError && err.statusCode === 401)) await attempt.giveBack();
        throw err;
      }
    },
  );
  app.post(
    '/api/auth/login/two-step',
    { schema: { body: twoStepLoginSchema, response: answers({ 200: loginAnswerSchema }) }, config: limited },
    async (req, reply) => {
      const user = await challengeUser(req.body.challenge);
      const attempt = await app.loginLimiter.count(user.email, req.ip);
      if (attempt.refused) {
        reply.header('retry-after', String(attempt.refused.retryAfterSeconds));
        throw tooManyRequests(attempt.refused.message);
      }
      const { code, recoveryCode } = req.body;
      const right =
        code !== undefined
          ? await checkTotp(app.db, keys, user, code, deps.now().getTime())
          : await useRecoveryCode(app.db, keys, user.id, recoveryCode!);
      if (!right) {
        // Counted like a wrong password (docs/decisions/0020-login-limits.md).
        await recordFailedSignIn(app.db, user, user.email, req.ip, code !== undefined ? 'wrong two-step code' : 'wrong recovery code');
        throw unauthorized(code !== undefined ? WRONG_CODE : WRONG_RECOVERY_CODE);
      }
      await attempt.giveBack();
      return signInAnswer(user, req, code !== undefined ? 'two-step code' : 'recovery code');
    },
  );
  app.post(
    '/api/auth/forgot-password-start',
    { schema: { body: forgotPasswordSchema, response: started }, config: limited, preHandler: perAccount },
    async (req) => forgotPasswordStart(deps, req.body.email),
  );
  app.post(
    '/api/auth/verify-reset-otp',
    { schema: { body: verifyOtpSchema, response: said }, config: limited, preHandler: perAccount },
    async (req, reply) => withRetryAfter(reply, () => verifyResetCode(deps, req.body.verificationId, req.body.code)),
  );
  app.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordSchema, response: said }, config: limited, preHandler: perAccount },
    async (req, reply) => withRetryAfter(reply, () => resetPassword(deps, req.body)),
  );
};
