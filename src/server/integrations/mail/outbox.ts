/**
 * Durable mail: a mail is written to the mail_outbox table, then delivered; when the mail
 * server is down it stays there and is retried with backoff (30 s doubling, at most an hour apart)
 * until sent. Several instances can run the retry loop: rows are claimed with SKIP LOCKED and a
 * five-minute lease, so a mail is not sent twice by two instances at once. A mail that belongs to a
 * database change (an order's confirmation) is staged in that change's transaction and delivered
 * after the commit, so it exists exactly when the change does. Attachments are stored as references
 * (`{ kind: 'invoice', orderId }`) and rendered into files by `renderAttachment` at each delivery
 * attempt, so the outbox row stays small and the file shows the order as it is when sent.
 *
 * Deliveries after a commit run one at a time per process, oldest first (AFTER_COMMIT_CONCURRENCY):
 * a confirmation draws its invoice PDF (several ms of CPU), and fifty checkouts at once must not
 * draw fifty PDFs and hold fifty MIME messages while shoppers wait on the same thread. The first
 * AFTER_COMMIT_BACKLOG waiting keep their message in memory; past them only the mail's id waits, and
 * the row is read back when its turn comes, claimed only if nobody has (the retry loop after the
 * lease). Past AFTER_COMMIT_WAITING_IDS as well, a mail is left to the retry loop, which sends it
 * when its lease ends: a sale's burst of orders gets its confirmations in seconds, not minutes.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { preparedOnce, type Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailAttachmentRef, MailFile, Mailer, MailMessage } from './mailer';

/** A mail written to the outbox and not yet delivered. */
export type StagedMail = typeof mailOutbox.$inferSelect;

export interface MailQueue {
  /** Stores the mail, then tries to deliver it at once; never throws for a delivery failure. */
  enqueue(message: MailMessage): Promise<void>;
  /**
   * The outbox row for a mail that belongs to a database change, not yet written: the caller inserts
   * it into `mailOutbox` in that change's transaction, and hands it to `deliver` once that has
   * committed. It is leased for five minutes, so the retry loop leaves it to this caller.
   */
  stage(message: MailMessage): StagedMail;
  /**
   * Tries to deliver a staged mail once, in turn with other mails just committed (see the module's
   * note); resolves when it has been tried, at once when the backlog is full. Never throws (a
   * failure is retried later).
   */
  deliver(mail: StagedMail): Promise<void>;
  /** Delivers every due mail; returns how many were sent and how many failed again. */
  deliverDue(): Promise<{ sent: number; failed: number }>;
}

const LEASE_MS = 5 * 60_000;
/**
 * Mails delivered at once right after their commit, per process: one, so a shopper's mails go out
 * in the order their changes committed ("out for delivery" before "delivered").
 */
export const AFTER_COMMIT_CONCURRENCY = 1;
/**
 * Mails waiting for that with their message in memory (an order's confirmation is about 10 KB of
 * HTML and text); beyond it they wait by id, at the cost of reading their row back.
 */
export const AFTER_COMMIT_BACKLOG = 100;
/** Mails waiting by id beyond the backlog; past them, the retry loop sends them when their lease ends. */
export const AFTER_COMMIT_WAITING_IDS = 20_000;
const LEASE = sql.raw(`interval '${LEASE_MS / 1000} seconds'`);
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * Claims a mail that waited by id for a new lease, only while it is unsent and still under the lease
 * it was staged with (`stagedLease`); returns its row, or none. Prepared once per database: after a
 * sale's burst every order's confirmation runs it.
 */
const claimWaiting = preparedOnce((db) =>
  db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + ${LEASE}` })
    .where(
      and(
        eq(mailOutbox.id, sql.placeholder('id')),
        isNull(mailOutbox.sentAt),
        eq(mailOutbox.nextAttemptAt, sql.placeholder('stagedLease')),
      ),
    )
    .returning()
    .prepare('mail_outbox_claim_waiting'),
);

/** Records a delivered mail; prepared once per database (a checkout sends one mail). */
const markSent = preparedOnce((db) =>
  db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, sql.placeholder('id')))
    .prepare('mail_outbox_mark_sent'),
);

/**
 * Renders one attachment reference into a file; null when what it refers to has nothing to attach
 * (an order without an invoice): the mail then goes without it. Throwing makes the delivery fail and
 * be retried later, like a mail server error.
 */
export type AttachmentRenderer = (ref: MailAttachmentRef) => Promise<MailFile | null>;

/**
 * Builds the queue over a database and a mailer; `renderAttachment` turns attachment references
 * into files (without it, a mail with attachments fails and waits for a retry).
 */
export function createMailQueue(
  db: Database,
  mailer: Mailer,
  log?: { warn(obj: object, msg: string): void },
  opts: { renderAttachment?: AttachmentRenderer; backlog?: { messages: number; ids: number } } = {},
): MailQueue {
  const backlog = opts.backlog ?? { messages: AFTER_COMMIT_BACKLOG, ids: AFTER_COMMIT_WAITING_IDS };
  async function render(row: StagedMail): Promise<MailFile[] | undefined> {
    const refs = row.attachments ?? [];
    if (refs.length === 0) return undefined;
    const { renderAttachment } = opts;
    if (!renderAttachment) throw new Error('This mail has attachments but the queue has no renderer for them');
    const files: MailFile[] = [];
    for (const ref of refs) {
      const file = await renderAttachment(ref);
      if (file) files.push(file);
      else log?.warn({ mailId: row.id, attachment: ref }, 'mail attachment has nothing to attach; sending without it');
    }
    return files;
  }

  async function attempt(row: typeof mailOutbox.$inferSelect): Promise<boolean> {
    try {
      const files = await render(row);
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html, ...(files ? { files } : {}) });
      await markSent(db).execute({ id: row.id });
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log?.warn({ mailId: row.id, attempts: row.attempts, err: message }, 'mail delivery failed; will retry');
      await db
        .update(mailOutbox)
        .set({ lastError: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)) })
        .where(eq(mailOutbox.id, row.id));
      return false;
    }
  }

  const afterCommit = pLimit(AFTER_COMMIT_CONCURRENCY);

  /**
   * Delivers the staged mail `id` whose turn came after waiting by id: claims its row for a new lease
   * only while it is unsent and still under the lease it was staged with (`stagedLease`), so a mail
   * the retry loop took meanwhile is not sent twice. Resolves false when it was not claimed.
   */
  async function attemptWaiting(id: string, stagedLease: Date): Promise<boolean> {
    const [row] = await claimWaiting(db).execute({ id, stagedLease });
    return row ? attempt(row) : false;
  }

  function stage(message: MailMessage): StagedMail {
    const now = new Date();
    return {
      id: randomUUID(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments ?? [],
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      sentAt: null,
      lastError: null,
      createdAt: now,
    };
  }

  return {
    async enqueue(message) {
      const row = stage(message);
      await db.insert(mailOutbox).values(row);
      await attempt(row);
    },
    stage,
    deliver(mail) {
      const waiting = afterCommit.pendingCount;
      const done = () => undefined;
      if (waiting < backlog.messages) return afterCommit(() => attempt(mail)).then(done);
      // Not async, and nothing below keeps `mail`: only its id and lease wait.
      const { id, nextAttemptAt } = mail;
      if (waiting < backlog.messages + backlog.ids) return afterCommit(() => attemptWaiting(id, nextAttemptAt)).then(done);
      log?.warn({ mailId: id }, 'mail backlog full; the retry loop sends this mail when its lease ends');
      return Promise.resolve();
    },
    async deliverDue() {
      const claimed = await db.execute<{ id: string }>(sql`
        update ${mailOutbox} set ${sql.identifier('attempts')} = ${mailOutbox.attempts} + 1, ${sql.identifier('next_attempt_at')} = now() + ${LEASE}
        where ${mailOutbox.id} in (
          select ${mailOutbox.id} from ${mailOutbox}
          where ${mailOutbox.sentAt} is null and ${mailOutbox.nextAttemptAt} <= now()
          order by ${mailOutbox.nextAttemptAt} limit 50 for update skip locked
        ) returning ${mailOutbox.id}`);
      let sent = 0;
      let failed = 0;
      for (const { id } of claimed.rows) {
        const [row] = await db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
        if (!row) continue;
        if (await attempt(row)) sent++;
        else failed++;
      }
      return { sent, failed };
    },
  };
}
