/**
 * The daily low-stock mail: once a day, from 09:00 India time, every staff member keeping the
 * catalogue (catalog.write: core/permissions.ts) gets one mail listing the active sizes with the shop's low-stock threshold (settings) or fewer pieces, lowest
 * first, each named as variantLabel gives it ("Maroon / M", or "size M" without colours). Several instances may run the job: the run is claimed by inserting (job, India date) into
 * `job_runs` in the same transaction that stages the mails in the outbox, so exactly one instance
 * sends them, and a run that fails rolls its claim back and is tried again on the next tick. The
 * mails are then delivered through the outbox (retried when the mail server is down).
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { variantLabel } from '../../../core/colours';
import { BRAND } from '../../../core/constants';
import { rolesWith } from '../../../core/permissions';
import type { Database } from '../../db/client';
import { jobRuns, mailOutbox, products, users, variants } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import { escapeHtml, layout } from '../../integrations/mail/templates';
import { istDate, istWallClock } from '../../../core/india-time';

export const LOW_STOCK_MAIL_JOB = 'low-stock-mail';
/** The India-time hour from which the day's mail goes out. */
export const LOW_STOCK_MAIL_HOUR_IST = 9;
/** Most sizes one mail lists; the rest are counted. */
export const LOW_STOCK_MAIL_MAX_ROWS = 200;

export interface LowStockMailDeps {
  db: Database;
  mailQueue: MailQueue;
  /** The shop's threshold, pieces (settings `inventory.lowStockThreshold`). */
  lowStockThreshold(): Promise<number>;
}

/** What a run did: sent (to `recipients` admins), nothing low today, already sent today, or before 09:00 IST. */
export type LowStockMailResult =
  | { status: 'sent'; date: string; recipients: number; sizes: number }
  | { status: 'nothing-low' | 'already-sent' | 'too-early'; date: string };

interface LowSize {
  title: string;
  /** Null for a product without colours. */
  colour: string | null;
  size: string;
  sku: string;
  stockQty: number;
}

/** The mail to one admin listing `rows` of `total` low sizes. */
export function lowStockMail(opts: {
  to: string;
  name: string;
  date: string;
  threshold: number;
  rows: LowSize[];
  total: number;
}): MailMessage {
  const { rows, total, threshold } = opts;
  const soldOut = rows.filter((r) => r.stockQty <= 0).length;
  const subject = `Low stock on ${opts.date}: ${total} ${total === 1 ? 'size' : 'sizes'} at ${threshold} or fewer`;
  const more = total > rows.length ? total - rows.length : 0;
  const line = (r: LowSize) =>
    `${r.stockQty <= 0 ? 'SOLD OUT' : `${r.stockQty} left`} - ${r.title}, ${r.colour ? variantLabel(r) : `size ${r.size}`} (SKU ${r.sku})`;
  const text = [
    `Hi ${opts.name},`,
    '',
    `${total} ${total === 1 ? 'size has' : 'sizes have'} ${threshold} or fewer pieces in stock${soldOut ? ` (${soldOut} sold out)` : ''}:`,
    '',
    ...rows.map(line),
    ...(more ? [`…and ${more} more.`] : []),
    '',
    'Restock them from Admin > Products; the threshold is in Admin > Settings.',
    '',
    `— ${BRAND.name}`,
  ].join('\n');
  const cells = rows
    .map(
      (r) =>
        `<tr><td style="padding:4px 8px;border-bottom:1px solid #e7e5e4">${escapeHtml(r.title)}</td><td style="padding:4px 8px;border-bottom:1px solid #e7e5e4">${escapeHtml(variantLabel(r))}</td><td style="padding:4px 8px;border-bottom:1px solid #e7e5e4">${escapeHtml(r.sku)}</td><td style="padding:4px 8px;border-bottom:1px solid #e7e5e4;text-align:right;${r.stockQty <= 0 ? 'color:#b91c1c;font-weight:bold' : ''}">${r.stockQty <= 0 ? 'Sold out' : r.stockQty}</td></tr>`,
    )
    .join('');
  const html = layout(
    'Low stock today',
    `<p>Hi ${escapeHtml(opts.name)},</p><p>${total} ${total === 1 ? 'size has' : 'sizes have'} ${threshold} or fewer pieces in stock${soldOut ? ` (${soldOut} sold out)` : ''}.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;width:100%"><tr><th align="left" style="padding:4px 8px">Product</th><th align="left" style="padding:4px 8px">Variant</th><th align="left" style="padding:4px 8px">SKU</th><th align="right" style="padding:4px 8px">Stock</th></tr>${cells}</table>
${more ? `<p>…and ${more} more.</p>` : ''}<p>Restock them from Admin &gt; Products; the threshold is in Admin &gt; Settings.</p>`,
  );
  return { to: opts.to, subject, text, html };
}

/**
 * Sends today's low-stock mail if it is due: at or after 09:00 IST and not yet sent today by any
 * instance. Mails nobody when no size is low (the day still counts as done). `now` is the clock.
 */
export async function sendDailyLowStockMail(deps: LowStockMailDeps, now: Date = new Date()): Promise<LowStockMailResult> {
  const date = istDate(now);
  if (istWallClock(now).getUTCHours() < LOW_STOCK_MAIL_HOUR_IST) return { status: 'too-early', date };
  const threshold = await deps.lowStockThreshold();
  const outcome = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values({ job: LOW_STOCK_MAIL_JOB, period: date, ranAt: now })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    if (claimed.length === 0) return { status: 'already-sent' as const };
    const low = and(eq(variants.isActive, true), lte(variants.stockQty, threshold));
    const [{ total }] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(variants)
      .where(low);
    const admins = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(inArray(users.role, rolesWith('catalog.write')));
    if (total === 0 || admins.length === 0) return { status: 'nothing-low' as const };
    const rows = await tx
      .select({ title: products.title, colour: variants.colour, size: variants.size, sku: variants.sku, stockQty: variants.stockQty })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(low)
      .orderBy(asc(variants.stockQty), asc(products.title), asc(variants.colour), asc(variants.size), asc(variants.id))
      .limit(LOW_STOCK_MAIL_MAX_ROWS);
    const staged: StagedMail[] = admins.map((a) =>
      deps.mailQueue.stage(lowStockMail({ to: a.email, name: a.name, date, threshold, rows, total })),
    );
    await tx.insert(mailOutbox).values(staged);
    return { status: 'sent' as const, staged, sizes: total };
  });
  if (outcome.status !== 'sent') return { status: outcome.status, date };
  for (const mail of outcome.staged) await deps.mailQueue.deliver(mail);
  return { status: 'sent', date, recipients: outcome.staged.length, sizes: outcome.sizes };
}
