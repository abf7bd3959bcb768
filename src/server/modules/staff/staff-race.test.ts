/**
 * Races of staff management (PostgreSQL runs them for real; PGlite in turn): two owners demoting
 * each other at once leave one owner (the owner rows are locked in the transaction), and one
 * invitation link accepted twice at once makes one account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAST_OWNER_MESSAGE } from '../../../core/staff-roles';
import { users } from '../../db/schema';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUNDS = 6;

describe('staff races', () => {
  it('two owners demoting (or removing) each other at once leave exactly one owner', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Every earlier round left one owner: take it away so this round starts with exactly two.
      await t.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'owner'));
      const a = await createUser(t.app, t.db, { role: 'owner' });
      const b = await createUser(t.app, t.db, { role: 'owner' });
      const remove = round % 2 === 1;
      const [ab, ba] = await Promise.all([
        remove
          ? t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${b.user.id}`, headers: a.headers })
          : t.app.inject({ method: 'PATCH', url: `/api/admin/staff/${b.user.id}`, headers: a.headers, payload: { role: 'manager' } }),
        remove
          ? t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${a.user.id}`, headers: b.headers })
          : t.app.inject({ method: 'PATCH', url: `/api/admin/staff/${a.user.id}`, headers: b.headers, payload: { role: 'manager' } }),
      ]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      // The loser is refused as the last owner, or, when the winner's change ended its session first, signed out.
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 409], `round ${round}`).toContain(statuses[1]);
      const loser = ab.statusCode === 200 ? ba : ab;
      if (loser.statusCode === 409) expect(loser.json().message).toBe(LAST_OWNER_MESSAGE);
      const owners = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'owner'));
      expect(owners, `round ${round}`).toHaveLength(1);
    }
  });

  it('one invitation accepted twice at once makes one account', async () => {
    const owner = await createUser(t.app, t.db, { role: 'owner', name: 'Priya Owner' });
    for (let round = 0; round < ROUNDS; round++) {
      const email = `twin-${round}-${Date.now()}@example.in`;
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/staff/invitations',
        headers: owner.headers,
        payload: { email, role: 'support' },
      });
      const token = await vi.waitFor(() => {
        const found = t.mails.findLast((m) => m.to === email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
        if (!found) throw new Error('no mail yet');
        return found;
      });
      const accept = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/staff-invitations/${token}/accept`,
          payload: { name: 'Twin Member', password: 'Support@2026' },
        });
      const results = await Promise.all([accept(), accept()]);
      expect(results.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 404]);
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
    }
  });
});
