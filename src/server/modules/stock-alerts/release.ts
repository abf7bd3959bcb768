/**
 * Sending back-in-stock alerts when stock comes back (docs/architecture.md#back-in-stock). Called
 * by the inventory ledger (modules/inventory/ledger.ts) after any change that raised a size's stock
 * (an admin's restock, an import, a cancelled order's or a returned parcel's units, an exchange's
 * released reservation), inside that change's transaction:
 *
 * - the waiting alerts of the size (confirmed, not yet notified), oldest confirmation first, at most
 *   `units × shop_settings.back_in_stock_factor`, are claimed by one UPDATE that sets `notified_at`
 *   (`FOR UPDATE SKIP LOCKED` in the choosing step); only while the size and its product are on sale;
 * - each claimed alert's message is staged in the same transaction: on WhatsApp (the 'back_in_stock'
 *   template, integrations/whatsapp/outbox.ts) for an alert that chose it, else, or when WhatsApp
 *   cannot carry it (no template, no offers consent, STOP), as a `mail_outbox` row due at once (the
 *   outbox's retry loop sends it within half a minute of the commit). A phone-only guest whose
 *   WhatsApp cannot be sent has no other address: the alert is claimed and nothing goes out.
 *
 * So a rolled-back restock sends nothing and claims nothing, and a committed one has claimed and
 * queued each alert exactly once. Two restocks of one size at once cannot claim one alert twice:
 * the second waits on the size's row lock (the ledger's UPDATE of `variants`) until the first
 * commits, and its UPDATE of `stock_alerts` reads the claims the first committed.
 */
import { inArray, sql } from 'drizzle-orm';
import { variantLabel } from '../../../core/colours';
import type { Tx } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import { OPT_OUT_PAYLOAD } from '../../integrations/whatsapp/buttons';
import { stageWhatsApp } from '../../integrations/whatsapp/outbox';
import { backInStockMail, backInStockPath, type BackInStockItem } from './mail';

let shopAddress = () => 'http://localhost:3000';

/**
 * Sets where the shop is (PUBLIC_URL, else http://localhost:PORT), for the link a WhatsApp alert
 * carries in its text (a mail's link is filled in as it is sent). Called once as the app is built.
 */
export function setShopAddress(address: () => string): void {
  shopAddress = address;
}

/** An alert claimed for sending. */
type Claimed = {
  id: string;
  user_id: string | null;
  email: string | null;
  phone: string | null;
  channel: 'whatsapp' | 'email';
  title: string;
  handle: string;
  colour: string | null;
  size: string;
};

/**
 * Claims and stages the alerts `units` pieces of `variantId` coming back pay for (see the module's
 * note). `units` is the rise of the stock (whole pieces); nothing happens for 0 or less. Returns the
 * number of alerts claimed. Database errors throw (and roll the caller's change back).
 */
export async function releaseStockAlerts(tx: Tx, variantId: string, units: number): Promise<number> {
  if (!(units > 0)) return 0;
  const result = await tx.execute<Claimed>(sql`
    with due as (
      select a.id from stock_alerts a
      where a.variant_id = ${variantId}::uuid and a.notified_at is null and a.confirmed_at is not null
        and exists (
          select 1 from variants v join products p on p.id = v.product_id
          where v.id = a.variant_id and v.is_active and p.is_active
        )
      order by a.confirmed_at, a.id
      limit (${units}::int * coalesce((select back_in_stock_factor from shop_settings limit 1), 3))
      for update of a skip locked
    ),
    claimed as (
      update stock_alerts s set notified_at = now() from due where s.id = due.id
      returning s.id, s.user_id, s.email, s.phone, s.channel, s.confirmed_at
    )
    select c.id, c.user_id, c.email, c.phone, c.channel, p.title, p.handle, v.colour, v.size
    from claimed c
    join variants v on v.id = ${variantId}::uuid
    join products p on p.id = v.product_id
    order by c.confirmed_at, c.id`);
  const claimed = result.rows;
  if (claimed.length === 0) return 0;
  const userIds = [...new Set(claimed.map((c) => c.user_id).filter((id): id is string => id !== null))];
  const people = new Map(
    userIds.length === 0
      ? []
      : (
          await tx
            .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((u) => [u.id, u] as const),
  );
  const mails = [];
  for (const alert of claimed) {
    const item: BackInStockItem = { title: alert.title, handle: alert.handle, colour: alert.colour, size: alert.size };
    const person = alert.user_id ? people.get(alert.user_id) : undefined;
    const phone = alert.phone ?? person?.phone ?? '';
    if (alert.channel === 'whatsapp' && phone) {
      const staged = await stageWhatsApp(tx, {
        kind: 'back_in_stock',
        to: phone,
        params: [
          person?.name.split(' ')[0] || 'there',
          `${item.title} (${variantLabel(item)})`,
          `${shopAddress().replace(/\/+$/, '')}${backInStockPath(item)}`,
        ],
        buttons: [{ type: 'quick_reply', payload: OPT_OUT_PAYLOAD }],
        ...(alert.user_id ? { userId: alert.user_id } : {}),
      });
      if (staged.staged) continue;
    }
    const to = alert.email ?? person?.email ?? null;
    // A phone-only guest whose WhatsApp cannot be sent has no other way to be told.
    if (!to) continue;
    mails.push({ ...backInStockMail({ to, name: person?.name ?? null, item }) });
  }
  if (mails.length > 0) {
    await tx.insert(mailOutbox).values(mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html })));
  }
  return claimed.length;
}
