/**
 * Domain errors services throw; one handler maps them to HTTP (docs/architecture.md#api-contract: 400, 401,
 * 403, 404, 409, 413, 429). Services never see HTTP otherwise.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message = 'Please log in to continue') => new AppError(401, message);
export const forbidden = (message = 'Access denied. Admin privileges required.') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
/** A dependency (Razorpay, mail) failed; answered as 502 without internals. */
export const badGateway = (message: string) => new AppError(502, message);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a UUID string; lets services answer 404 for malformed ids instead of a database error. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);
