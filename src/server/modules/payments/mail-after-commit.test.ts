import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { mailOutbox } from '../../db/schema';
import { AFTER_COMMIT_CONCURRENCY } from '../../integrations/mail/outbox';

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
});
