/**
 * Reading PostgreSQL errors: the SQLSTATE code (and constraint) of a failed statement, found through
 * the errors that wrap it (Drizzle wraps the driver's error in `cause`; node-postgres and PGlite
 * both put the SQLSTATE in `code`). See docs/architecture.md for how services map them to 4xx.
 */

/** The SQLSTATE codes the services act on (PostgreSQL manual, appendix A). */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** ON DELETE RESTRICT. */
  restrictViolation: '23001',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  /** Bad UTF-8 in text (e.g. a NUL byte). */
  characterNotInRepertoire: '22021',
  untranslatableCharacter: '22P05',
} as const;

/** How many wrapped errors are looked through. */
const MAX_DEPTH = 5;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The error and those it wraps through `cause`, outermost first (at most five). */
export function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown; cause?: unknown }> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < MAX_DEPTH; e = (e as { cause?: unknown }).cause, depth++) {
    yield e;
  }
}

/** The PostgreSQL error (SQLSTATE code, constraint, detail) behind a driver or Drizzle error, or null. */
export function pgErrorOf(error: unknown): { code: string; constraint?: string; detail?: string } | null {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return e as { code: string; constraint?: string; detail?: string };
  }
  return null;
}

/** The SQLSTATE code behind an error, or undefined when it is not a database error. */
export function pgCode(error: unknown): string | undefined {
  return pgErrorOf(error)?.code;
}

/** True when the database refused the statement with one of these SQLSTATE codes. */
export function isPgError(error: unknown, ...codes: string[]): boolean {
  const code = pgCode(error);
  return code !== undefined && codes.includes(code);
}

/** True for a unique_violation (23505), optionally only of a constraint whose name contains `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === PG_ERROR.uniqueViolation && (constraint === undefined || (pg.constraint?.includes(constraint) ?? false));
}
