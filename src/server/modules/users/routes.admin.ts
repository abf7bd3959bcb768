/**
 * The owner's hold on a staff member's sign-in (docs/architecture.md#accounts-and-sign-in),
 * permission 'staff.manage': see their signed-in sessions, sign them out everywhere, and reset
 * their two-step sign-in when they lost their phone (which signs them out everywhere too). Each
 * change is audited ('auth.session-revoke', 'auth.two-step-reset').
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ROLES } from '../../../core/permissions';
import { answers, messageSchema } from '../../../core/schemas/answers';
import { sessionListSchema } from '../../../core/schemas/auth-two-step';
import { idParams } from '../../../core/schemas/common';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit/record';
import { endAllSessions, listSessions } from '../auth/sessions';
import { clearTwoStep } from '../auth/two-step';

const NO_SUCH_STAFF = 'Staff member not found';
const staffParams = idParams(NO_SUCH_STAFF);

/** The staff account `id` (locked for update inside `tx`), or 404. */
async function staffMember(tx: Tx, id: string, lock = false) {
  const query = tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_SUCH_STAFF);
  return row;
}

export const adminSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.authDeps.now();
  const manage = { config: { permission: 'staff.manage' as const } };

  app.get(
    '/api/admin/staff/:id/sessions',
    { ...manage, schema: { params: staffParams, response: answers({ 200: sessionListSchema }) } },
    async (req) => {
      const member = await staffMember(app.db, req.params.id);
      return listSessions(app.db, member.id, req.currentUser?.id === member.id ? (req.signIn?.sessionId ?? null) : null, now());
    },
  );

  app.post(
    '/api/admin/staff/:id/sessions/sign-out-all',
    { ...manage, schema: { params: staffParams, response: answers({ 200: messageSchema }) } },
    async (req) => {
      const ended = await app.db.transaction(async (tx) => {
        const member = await staffMember(tx, req.params.id, true);
        const count = await endAllSessions(tx, member.id, now());
        await recordAudit(tx, auditActor(req), {
          action: 'auth.session-revoke',
          entity: 'user',
          entityId: member.id,
          summary: `Signed ${member.name} (${member.email}) out everywhere`,
        });
        return count;
      });
      return { message: `Signed out everywhere (${ended} session${ended === 1 ? '' : 's'}).` };
    },
  );

  app.post(
    '/api/admin/staff/:id/two-step/reset',
    { ...manage, schema: { params: staffParams, response: answers({ 200: messageSchema }) } },
    async (req) => {
      const me = requireUser(req);
      if (me.id === req.params.id) throw badRequest('Turn your own two-step sign-in off on My sign-in.');
      await app.db.transaction(async (tx) => {
        const member = await staffMember(tx, req.params.id, true);
        if (!member.totpEnabledAt && !member.totpSecret) throw badRequest(`${member.name} has no two-step sign-in to reset.`);
        await clearTwoStep(tx, member.id, now());
        await endAllSessions(tx, member.id, now());
        await recordAudit(tx, auditActor(req), {
          action: 'auth.two-step-reset',
          entity: 'user',
          entityId: member.id,
          summary: `Reset the two-step sign-in of ${member.name} (${member.email}) and signed them out everywhere`,
        });
      });
      return { message: 'Two-step sign-in reset. They sign in with their password and can set it up again.' };
    },
  );
};
