/**
 * Bearer-token auth (docs/architecture.md#accounts-and-sign-in): HS256 JWTs valid 7 days carrying the user id and the
 * user's token version; a password change bumps the version and so ends every earlier token.
 * Decorates `app.authenticate` (401 without a valid token), `app.requireAdmin` (403 unless a
 * staff role: core/permissions.ts) and `app.optionalUser` (sets `request.currentUser` when a valid token is present).
 */
import fastifyJwt from '@fastify/jwt';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaff } from '../../core/permissions';
import { users } from '../db/schema';
import { forbidden, isUuid, unauthorized } from '../errors';

export type UserRow = typeof users.$inferSelect;

interface TokenClaims {
  sub: string;
  tv: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    // Properties, not methods: they are handed to hooks detached from `app` (`onRequest: app.authenticate`).
    authenticate: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    optionalUser: (request: FastifyRequest) => Promise<void>;
    signToken(user: Pick<UserRow, 'id' | 'tokenVersion'>): string;
  }
  interface FastifyRequest {
    currentUser: UserRow | null;
  }
}

export const TOKEN_TTL = '7d';

export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyJwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_TTL },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('currentUser', null);

  // Every signed-in call reads its user: a prepared statement, built once.
  const userById = app.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');

  /** Resolves the bearer token to a live user, or null when absent, invalid, expired or revoked. */
  async function resolveUser(request: FastifyRequest): Promise<UserRow | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      return null;
    }
    if (!isUuid(claims.sub)) return null;
    const [user] = await userById.execute({ id: claims.sub });
    if (!user || user.tokenVersion !== claims.tv) return null;
    return user;
  }

  app.decorate('signToken', (user: Pick<UserRow, 'id' | 'tokenVersion'>) => app.jwt.sign({ sub: user.id, tv: user.tokenVersion }));
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
  });
});

/** The signed-in user of a request that passed `authenticate`; throws 401 otherwise. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
