/**
 * Auth routes: register-start, resend-otp, verify-otp, login,
 * forgot-password-start, verify-reset-otp, reset-password. Bodies are validated with the shared
 * schemas of src/core, so messages match the forms.
 *
 * Limits, each a 429 with Retry-After and a message: every route, requests per IP per minute (route
 * config); login, wrong passwords per account and IP, per IP, and a slow-down per account
 * (login-limits.ts, docs/decisions/0020-login-limits.md); the other routes, requests per account
 * (e-mail or verification) per 15 minutes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, tooManyRequests } from '../../errors';
import { answers, loginAnswerSchema, messageSchema, verificationStartedSchema } from '../../../core/schemas/answers';
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
  forgotPasswordStart,
  login,
  registerStart,
  resendCode,
  resetPassword,
  TooManyTries,
  verifyResetCode,
  verifySignup,
} from './service';

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
    async (req) => verifySignup(deps, req.body.verificationId, req.body.code, (user) => app.signToken(user)),
  );
  app.post(
    '/api/auth/login',
    { schema: { body: loginSchema, response: answers({ 200: loginAnswerSchema }) }, config: limited },
    async (req, reply) => {
      const attempt = await app.loginLimiter.count(req.body.email, req.ip);
      if (attempt.refused) {
        reply.header('retry-after', String(attempt.refused.retryAfterSeconds));
        throw tooManyRequests(attempt.refused.message);
      }
      try {
        const result = await login(deps, req.body, (user) => app.signToken(user));
        await attempt.giveBack();
        return result;
      } catch (err) {
        // Only a wrong password (401) stays counted; an outage is not the shopper's try.
        if (!(err instanceof AppError && err.statusCode === 401)) await attempt.giveBack();
        throw err;
      }
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
