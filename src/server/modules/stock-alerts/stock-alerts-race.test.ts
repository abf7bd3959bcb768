/**
 * Two restocks of one size at the same moment (docs/architecture.md#back-in-stock): each claims the
 * alerts its own pieces pay for, nobody is told twice and nobody is skipped, round after round.
 * Meant for PostgreSQL (TEST_DB=postgres), where the two transactions really overlap; on PGlite
 * they run one after the other and the same rules hold.
 */
import { eq, inArray, isNotNull, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { mailOutbox, stockAlerts } from '../../db/schema';
import { changeStock } from '../inventory/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUNDS = 8;
const WAITING = 10;

describe('two restocks of one size at once', () => {
  it('tell each waiting shopper once, pieces × factor (3) of them in sign-up order', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 0 }] });
      const variantId = bySize.M.id;
      const emails: string[] = [];
      for (let i = 0; i < WAITING; i++) {
        const { user } = await createUser(t.app, t.db);
        await t.db
          .insert(stockAlerts)
          .values({ variantId, userId: user.id, channel: 'email', confirmedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) });
        emails.push(user.email);
      }
      // 1 + 2 pieces at once: 3 × 3 = 9 of the 10.
      await Promise.all(
        [1, 2].map((delta) =>
          t.db.transaction(async (tx) => {
            await changeStock(tx, { variantId, delta, reason: 'adjustment', note: `Race ${round}` });
          }),
        ),
      );
      const told = await t.db
        .select({ userId: stockAlerts.userId })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.variantId, variantId), isNotNull(stockAlerts.notifiedAt)));
      expect(told.length).toBe(9);
      const mails = await t.db.select({ to: mailOutbox.to }).from(mailOutbox).where(inArray(mailOutbox.to, emails));
      // Each of the first nine once; the last to sign up still waits.
      expect(mails.map((m) => m.to).sort()).toEqual(emails.slice(0, 9).sort());
    }
  });
});
