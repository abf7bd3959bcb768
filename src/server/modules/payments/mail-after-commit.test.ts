import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { mailOutbox } from '../../db/schema';
import { AFTER_COMMIT_CONCURRENCY, createMailQueue } from '../../integrations/mail/outbox';

// Mails delivered right after their commit go out a few at a time, oldest first (outbox.ts).
let t: TestApp;
let inFlight = 0;
let mostInFlight = 0;
const sent: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      target: 'slow smtp',
      async send(message) {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent.push(message.subject);
        inFlight--;
      },
    },
  });
});
afterAll(() => t.close());

describe('mail delivered after a commit', () => {
  it('sends eight mails committed at once one at a time, in the order they were committed', async () => {
    const staged = Array.from({ length: 8 }, (_, i) =>
      t.app.mailQueue.stage({ to: 'asha@example.in', subject: `Mail ${i + 1}`, text: 'Hello', html: '<p>Hello</p>' }),
    );
    await t.db.insert(mailOutbox).values(staged);
    await Promise.all(staged.map((mail) => t.app.mailQueue.deliver(mail)));
    expect(sent).toEqual(staged.map((m) => m.subject));
    expect(mostInFlight).toBe(AFTER_COMMIT_CONCURRENCY);
    expect(await t.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).toEqual([]);
  });

  it('past the backlog keeps only ids waiting, sends those mails in turn, and never one the retry loop took meanwhile', async () => {
    const delivered: string[] = [];
    // One mail goes at once, two wait with their message, three by id; past that the retry loop sends them later.
    const queue = createMailQueue(
      t.db,
      {
        target: 'memory',
        async send(message) {
          delivered.push(message.subject);
        },
      },
      undefined,
      { backlog: { messages: 2, ids: 3 } },
    );
    const staged = Array.from({ length: 7 }, (_, i) =>
      queue.stage({ to: 'ravi@example.in', subject: `Sale mail ${i + 1}`, text: 'Hello', html: '<p>Hello</p>' }),
    );
    await t.db.insert(mailOutbox).values(staged);
    // The retry loop (another instance, the lease over) has claimed mail 4 before its turn came.
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '5 minutes'`, attempts: 2 })
      .where(eq(mailOutbox.id, staged[3].id));
    await Promise.all(staged.map((mail) => queue.deliver(mail)));
    expect(delivered).toEqual(['Sale mail 1', 'Sale mail 2', 'Sale mail 3', 'Sale mail 5', 'Sale mail 6']);
    const unsent = await t.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
    expect(unsent.map((m) => m.subject).sort()).toEqual(['Sale mail 4', 'Sale mail 7']);
  });
});
