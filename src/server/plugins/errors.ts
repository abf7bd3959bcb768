/**
 * The one error handler (docs/architecture.md#api-contract): `{ message, errors? }` with the right status;
 * a 5xx never leaks its cause. Also answers unknown /api paths with a JSON 404.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorChain, isPgError, PG_ERROR } from '../db/pg-errors';
import { AppError } from '../errors';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * True when the error (or one it wraps: Drizzle wraps driver errors in `cause`) says the database
 * cannot be reached; such requests get 503 and the process stays up.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    const message = e.message;
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}

/** Maps a zod issue path like "/shippingAddress/pincode" to the field key "shippingAddress.pincode". */
const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') {
        // A path names a record; one that cannot exist is "nothing there" (docs/architecture.md#api-contract: 404 for a
        // malformed id too). The schema's message says what was not found (idParams in core).
        return reply.status(404).send({ message: error.validation[0]?.message ?? 'Not found' });
      }
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldOf(issue.instancePath);
        errors[key] ??= issue.message ?? 'Invalid value';
      }
      const first = error.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request', errors });
    }
    if (isPgError(error, PG_ERROR.characterNotInRepertoire, PG_ERROR.untranslatableCharacter)) {
      // A NUL or otherwise unstorable character in text: bad input, not a server fault.
      return reply.status(400).send({ message: 'Text contains invalid characters' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'The shop is briefly unavailable. Please try again in a few seconds.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'Request is too large' });
    if (status === 429) return reply.status(429).send({ message: error.message || 'Too many requests. Please try again later.' });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
            ? 'Invalid request body'
            : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 ? status : 500).send({ message: 'Something went wrong. Please try again.' });
  });
});
