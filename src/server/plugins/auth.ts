/**
 * Bearer-token auth (docs/architecture.md#accounts-and-sign-in): HS256 JWTs valid 7 days carrying
 * the user id, the user's token version (a bump ends every earlier token) and the signed-in
 * session's id (`sid`, modules/auth/sessions.ts; a revoked session ends its token at once).
 * Tokens from before sessions (no `sid`) still work for shoppers until they expire; a staff role
 * must have a session. One query per request reads the user, the session and whether the shop
 * requires two-step sign-in of staff; the session's last_seen_at, address and browser are written
 * at most once a minute.
 *
 * Decorates `app.authenticate` (401 without a valid token), `app.requireAdmin` (403 unless a
 * staff role: core/permissions.ts; 403 'Set up two-step sign-in first (My sign-in)' for staff the
 * shop requires two-step of and who have none), `app.optionalUser` (sets `request.currentUser`
 * when a valid token is present) and `app.signToken` (signs in: writes a session, answers a token).
 */
import fastifyJwt from '@fastify/jwt';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaff } from '../../core/permissions';
import { shopSettings, userSessions, users } from '../db/schema';
import { forbidden, isUuid, unauthorized } from '../errors';
import { startSession, TOUCH_EVERY_MS, type SigningInUser } from '../modules/auth/sessions';

export type UserRow = typeof users.$inferSelect;

interface TokenClaims {
  sub: string;
  tv: number;
  /** The session's id; absent in tokens signed before sessions existed. */
  sid?: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/** What the auth plugin learnt about a signed-in request besides its user. */
export interface SignInState {
  /** The session of the token, null for a token from before sessions. */
  sessionId: string | null;
  /** A staff account the shop requires two-step sign-in of, still without it. */
  twoStepSetupRequired: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    // Properties, not methods: they are handed to hooks detached from `app` (`onRequest: app.authenticate`).
    authenticate: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    optionalUser: (request: FastifyRequest) => Promise<void>;
    /**
     * Signs `user` in: writes a session (with the device and address of `request` when given) and,
     * for staff, an 'auth.sign-in' audit row (`how`: 'password' unless said); answers the token.
     */
    signToken(user: SigningInUser & Pick<UserRow, 'tokenVersion'>, request?: FastifyRequest, how?: string): Promise<string>;
  }
  interface FastifyRequest {
    currentUser: UserRow | null;
    signIn: SignInState | null;
  }
}

export const TOKEN_TTL = '7d';
export const TWO_STEP_SETUP_FIRST = 'Set up two-step sign-in first (My sign-in)';

export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyJwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_TTL },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('currentUser', null);
  app.decorateRequest('signIn', null);

  // Every signed-in call reads its user, its session and the shop's two-step rule for staff in one
  // round trip: a prepared statement, built once.
  const userAndSession = app.db
    .select({
      user: users,
      sessionId: userSessions.id,
      revokedAt: userSessions.revokedAt,
      lastSeenAt: userSessions.lastSeenAt,
      staffTwoStepRequired: sql<boolean>`coalesce((select ${shopSettings.staffTwoStepRequired} from ${shopSettings} where ${shopSettings.id} = 1), false)`,
    })
    .from(users)
    .leftJoin(userSessions, and(eq(userSessions.id, sql.placeholder('sid')), eq(userSessions.userId, users.id)))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');

  /** Writes the session's last sight (at most once a minute: the WHERE skips a fresher row). */
  async function touch(request: FastifyRequest, sessionId: string, now: Date) {
    await app.db
      .update(userSessions)
      .set({ lastSeenAt: now, ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) })
      .where(and(eq(userSessions.id, sessionId), lt(userSessions.lastSeenAt, new Date(now.getTime() - TOUCH_EVERY_MS))));
  }

  /** Resolves the bearer token to a live user, or null when absent, invalid, expired or revoked. */
  async function resolveUser(request: FastifyRequest): Promise<UserRow | null> {
    request.signIn = null;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      return null;
    }
    if (!isUuid(claims.sub) || (claims.sid !== undefined && !isUuid(claims.sid))) return null;
    const [row] = await userAndSession.execute({ id: claims.sub, sid: claims.sid ?? null });
    if (!row || row.user.tokenVersion !== claims.tv) return null;
    const staff = isStaff(row.user.role);
    if (claims.sid) {
      if (!row.sessionId || row.revokedAt) return null;
      const now = app.authDeps.now();
      if (row.lastSeenAt && now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touch(request, row.sessionId, now);
    } else if (staff) {
      // Staff sign in again once to get a session they can see and end.
      return null;
    }
    request.signIn = {
      sessionId: claims.sid ?? null,
      twoStepSetupRequired: staff && row.staffTwoStepRequired && !row.user.totpEnabledAt,
    };
    return row.user;
  }

  app.decorate('signToken', async (user: SigningInUser & Pick<UserRow, 'tokenVersion'>, request?: FastifyRequest, how = 'password') => {
    const device = { ip: request?.ip ?? '', userAgent: request?.headers['user-agent'] ?? '' };
    const sid = await startSession(app.db, user, device, how, app.authDeps.now());
    return app.jwt.sign({ sub: user.id, tv: user.tokenVersion, sid });
  });
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.currentUser = await resolveUser(request);
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.currentUser = await resolveUser(request);
    if (!request.currentUser) throw unauthorized();
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.currentUser = await resolveUser(request);
    if (!request.currentUser) throw unauthorized();
    if (!isStaff(request.currentUser.role)) throw forbidden();
    if (request.signIn?.twoStepSetupRequired) throw forbidden(TWO_STEP_SETUP_FIRST);
  });
});

/** The signed-in user of a request that passed `authenticate`; throws 401 otherwise. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
