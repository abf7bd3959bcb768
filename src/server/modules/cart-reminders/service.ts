/**
 * Abandoned-cart reminders (docs/architecture.md#abandoned-carts): the rule, the restore link's
 * action, the recovered order and the dashboard's figures.
 *
 * - `sendCartReminders` (the background job, every minute on every instance) finds signed-in
 *   shoppers' carts untouched for the settings' `firstAfterMinutes` (a cart is known by its last
 *   change, max(cart_items.updated_at); a checkout attempt started meanwhile counts as a touch), with
 *   consent, no order since that change and no first reminder for it, and none at all for the shopper
 *   in the last 7 days (one reminder cycle per shopper per 7 days); carts last changed more than 7
 *   days ago are left alone. The second reminder goes `secondAfterHours` after the first (when set),
 *   only while the cart is as reminded (unchanged, not restored), no order came, and with the coupon
 *   the owner picked when it is live for this shopper. Each reminder is claimed by inserting its
 *   `cart_reminders` row (`on conflict do nothing` on (shopper, cart change, step)) under the
 *   shopper's row lock, in the transaction that stages its message, so several instances send it once.
 * - `restoreCart` puts a reminder's lines back into its shopper's cart (never doubling them).
 * - `markRecoveredOrders` (the same job) gives each order placed within 7 days after a reminder to
 *   that reminder ("recovered").
 * - `cartReminderSummary` is the dashboard's "Carts reminded" and "Orders recovered".
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { variantLabel } from '../../../core/colours';
import { CART_QTY_MAX } from '../../../core/constants';
import { formatINR, toRupees } from '../../../core/money';
import type { WhatsAppTemplate } from '../../../core/whatsapp';
import type { Database, Tx } from '../../db/client';
import { cartItems, cartReminders, mailOutbox, products, variants } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { OPT_OUT_PAYLOAD } from '../../integrations/whatsapp/buttons';
import { stageWhatsApp, whatsappNumber } from '../../integrations/whatsapp/outbox';
import { priceRequestedLines } from '../cart/pricing';
import { priceWithCoupon } from '../coupons/service';
import { CART_LINK_NOT_VALID } from '../../../core/schemas/cart-reminders';
import { cartRestorePath, verifyCartReminderToken } from './links';
import { cartReminderMail } from './mail';

/** One reminder cycle per shopper in this many days; carts older than this are not reminded. */
export const REMINDER_CYCLE_DAYS = 7;
/** An order this many days after a reminder counts as recovered by it. */
export const RECOVERY_DAYS = 7;
/** The dashboard's window. */
export const SUMMARY_DAYS = 30;
/** Shoppers reminded per step in one run (the next run takes the rest). */
const BATCH = 100;

/** The settings the job reads (settings service: `cartReminders`, `whatsapp.templates`). */
export interface CartReminderSettings {
  cartReminders: { enabled: boolean; firstAfterMinutes: number; secondAfterHours: number | null; secondCouponCode: string | null };
  whatsapp: { templates: Partial<Record<string, WhatsAppTemplate>> };
}

export interface CartReminderDeps {
  db: Database;
  settings: () => Promise<CartReminderSettings>;
  /** The JWT secret, for the link's token (links.ts). */
  secret: string;
  /** The shop's address (PUBLIC_URL, else http://localhost:PORT), for the WhatsApp message's link. */
  shopAddress: () => string;
  /**
   * Outside production only (config `cartReminderLookAheadMinutes`, for browser tests): carts count
   * as untouched this much sooner. Always 0 in production.
   */
  lookAheadMs?: number;
}

/** A shopper due a reminder, as the candidate queries answer it. */
type Candidate = {
  user_id: string;
  changed_at: string;
  name: string;
  email: string;
  phone: string;
  whatsapp_offers: boolean;
  email_offers: boolean;
};

/** Consent as SQL on `u` (users): e-mail offers, or WhatsApp offers (when the shop has the template) and the number not on the STOP list. */
const consented = (whatsapp: boolean) =>
  whatsapp
    ? sql`(u.email_offers or (u.whatsapp_offers and not exists (
        select 1 from whatsapp_opt_outs w where w.phone = '91' || right(regexp_replace(u.phone, '\\D', '', 'g'), 10))))`
    : sql`u.email_offers`;

/**
 * The job: sends the first and second reminders due now (see the module's note), then marks the
 * recovered orders (`markRecoveredOrders`). Returns how many of each were sent and marked. Sends
 * nothing while the settings have reminders off. Database errors throw.
 */
export async function sendCartReminders(deps: CartReminderDeps): Promise<{ first: number; second: number; recovered: number }> {
  const settings = await deps.settings();
  const rule = settings.cartReminders;
  // Orders after earlier reminders are counted even while reminders are off.
  if (!rule.enabled) return { first: 0, second: 0, recovered: await markRecoveredOrders(deps.db) };
  const template = settings.whatsapp.templates.cart_reminder;
  const hasTemplate = Boolean(template?.name && template.language);
  // The moment the rule compares with: now, or (browser tests only) a little later.
  const at = new Date(Date.now() + (deps.lookAheadMs ?? 0)).toISOString();
  const first = await deps.db.execute<Candidate>(sql`
    with carts as (select user_id, max(updated_at) as changed_at from cart_items group by user_id)
    select c.user_id, c.changed_at::text as changed_at, u.name, u.email, u.phone, u.whatsapp_offers, u.email_offers
    from carts c join users u on u.id = c.user_id
    where c.changed_at <= ${at}::timestamptz - make_interval(mins => ${rule.firstAfterMinutes}::int)
      and c.changed_at > ${at}::timestamptz - make_interval(days => ${REMINDER_CYCLE_DAYS}::int)
      and ${consented(hasTemplate)}
      and not exists (select 1 from checkout_attempts a where a.user_id = c.user_id
        and a.created_at > ${at}::timestamptz - make_interval(mins => ${rule.firstAfterMinutes}::int))
      and not exists (select 1 from orders o where o.user_id = c.user_id and o.created_at >= c.changed_at)
      and not exists (select 1 from cart_reminders r where r.user_id = c.user_id and r.step = 1
        and (r.cart_changed_at = c.changed_at or r.created_at > now() - make_interval(days => ${REMINDER_CYCLE_DAYS}::int)))
    order by c.changed_at
    limit ${BATCH}`);
  let sentFirst = 0;
  for (const candidate of first.rows) {
    if (await remind(deps, candidate, 1, null, hasTemplate ? template! : null)) sentFirst++;
  }
  let sentSecond = 0;
  if (rule.secondAfterHours !== null) {
    const second = await deps.db.execute<Candidate>(sql`
      select r.user_id, r.cart_changed_at::text as changed_at, u.name, u.email, u.phone, u.whatsapp_offers, u.email_offers
      from cart_reminders r join users u on u.id = r.user_id
      where r.step = 1 and r.order_id is null and r.restored_at is null
        and r.created_at <= ${at}::timestamptz - make_interval(hours => ${rule.secondAfterHours}::int)
        and r.created_at > ${at}::timestamptz - make_interval(hours => ${rule.secondAfterHours + 24}::int)
        and ${consented(hasTemplate)}
        and (select max(ci.updated_at) from cart_items ci where ci.user_id = r.user_id) = r.cart_changed_at
        and not exists (select 1 from orders o where o.user_id = r.user_id and o.created_at >= r.cart_changed_at)
        and not exists (select 1 from cart_reminders r2 where r2.user_id = r.user_id and r2.cart_changed_at = r.cart_changed_at and r2.step = 2)
      order by r.created_at
      limit ${BATCH}`);
    for (const candidate of second.rows) {
      if (await remind(deps, candidate, 2, rule.secondCouponCode, hasTemplate ? template! : null)) sentSecond++;
    }
  }
  return { first: sentFirst, second: sentSecond, recovered: await markRecoveredOrders(deps.db) };
}

/** Thrown inside the claim's transaction to undo it: no channel could carry the message. */
class NoChannel extends Error {}

/**
 * Claims and stages one reminder: prices the cart as it is (nothing buyable: no reminder), checks
 * the coupon (step 2), then in one transaction locks the shopper, inserts the reminder row only if
 * the cart is still unchanged and no order came since (and, step 1, no reminder in the cycle), and
 * stages its WhatsApp message or mail. Resolves true when sent, false when someone else claimed it
 * or it no longer applies.
 */
async function remind(
  deps: CartReminderDeps,
  who: Candidate,
  step: 1 | 2,
  couponCode: string | null,
  template: WhatsAppTemplate | null,
): Promise<boolean> {
  const { db } = deps;
  const stored = await db
    .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, who.user_id));
  const priced = await priceRequestedLines(db, who.user_id, stored);
  if (priced.lines.length === 0) return false;
  const items = priced.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity }));
  const valuePaise = priced.totals.subTotal;
  let coupon: string | null = null;
  if (step === 2 && couponCode) {
    const { outcome } = await priceWithCoupon(db, {
      userId: who.user_id,
      code: couponCode,
      totals: priced.totals,
      hasPaidOrder: priced.hasPaidOrder,
      now: new Date(),
    });
    if (outcome.valid) coupon = couponCode;
  }
  const wantsWhatsApp = template !== null && who.whatsapp_offers && whatsappNumber(who.phone) !== null;
  const id = randomUUID();
  const path = cartRestorePath(deps.secret, id);
  try {
    return await db.transaction(async (tx) => {
      // The shopper's reminders take turns, so the 7-day cycle holds across instances.
      await tx.execute(sql`select 1 from users where id = ${who.user_id}::uuid for update`);
      const claimed = await tx.execute<{ id: string }>(sql`
        insert into cart_reminders (id, user_id, cart_changed_at, step, items, value_paise, channel, coupon_code)
        select ${id}::uuid, ${who.user_id}::uuid, ${who.changed_at}::timestamptz, ${step}::int, ${JSON.stringify(items)}::jsonb,
          ${valuePaise}::int, ${wantsWhatsApp ? 'whatsapp' : 'email'}, ${coupon}
        where (select max(updated_at) from cart_items where user_id = ${who.user_id}::uuid) = ${who.changed_at}::timestamptz
          and not exists (select 1 from orders o where o.user_id = ${who.user_id}::uuid and o.created_at >= ${who.changed_at}::timestamptz)
          and (${step}::int = 2 or not exists (select 1 from cart_reminders r where r.user_id = ${who.user_id}::uuid and r.step = 1
            and r.created_at > now() - make_interval(days => ${REMINDER_CYCLE_DAYS}::int)))
        on conflict do nothing
        returning id`);
      if (claimed.rows.length === 0) return false;
      const lines = priced.lines.map((l) => ({ title: l.title, variant: variantLabel(l), quantity: l.quantity }));
      if (wantsWhatsApp) {
        const what = lines.length === 1 ? lines[0].title : `${lines[0].title} and ${lines.length - 1} more`;
        const worth = `${what}, worth ${formatINR(toRupees(valuePaise))}${coupon ? ` (code ${coupon} takes a little extra off)` : ''}`;
        const staged = await stageWhatsApp(tx, {
          kind: 'cart_reminder',
          to: who.phone,
          params: [who.name.split(' ')[0] || 'there', worth, `${deps.shopAddress().replace(/\/+$/, '')}${path}`],
          buttons: [{ type: 'quick_reply', payload: OPT_OUT_PAYLOAD }],
          userId: who.user_id,
        });
        if (staged.staged) return true;
        if (!who.email_offers) throw new NoChannel();
        await tx.update(cartReminders).set({ channel: 'email' }).where(eq(cartReminders.id, id));
      }
      if (!who.email_offers) throw new NoChannel();
      const mail = cartReminderMail({ to: who.email, name: who.name, step, lines, valuePaise, couponCode: coupon, path });
      await tx.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      return true;
    });
  } catch (err) {
    if (err instanceof NoChannel) return false;
    throw err;
  }
}

/** What restoring a reminder did: lines put back, and what could not be (in words), and the coupon to use. */
export interface RestoreOutcome {
  restored: number;
  problems: string[];
  couponCode: string | null;
}

/** 403 for a link that is not the shop's. */
export const CART_LINK_INVALID = CART_LINK_NOT_VALID;
/** 403 for a reminder of another shopper. */
export const CART_LINK_OTHER_ACCOUNT =
  'This link was sent to another account. Sign out, then sign in with the account the reminder was sent to.';

/**
 * Puts reminder `reminderId`'s lines back into shopper `userId`'s cart: each line's quantity becomes
 * at least the reminded one (never added on top, so a second click changes nothing), at most the
 * stock; a size no longer on sale or sold out is left out and named in `problems`. Marks the
 * reminder restored (the first time). Throws 403 (CART_LINK_INVALID) for a wrong token, 404 when
 * the reminder is gone, 403 (CART_LINK_OTHER_ACCOUNT) when it is another shopper's.
 */
export async function restoreCart(
  db: Database,
  secret: string,
  userId: string,
  input: { reminderId: string; token: string },
): Promise<RestoreOutcome> {
  if (!verifyCartReminderToken(secret, input.reminderId, input.token)) throw forbidden(CART_LINK_INVALID);
  const [reminder] = await db.select().from(cartReminders).where(eq(cartReminders.id, input.reminderId));
  if (!reminder) throw notFound('This reminder is no longer there. Open your cart instead.');
  if (reminder.userId !== userId) throw forbidden(CART_LINK_OTHER_ACCOUNT);
  const variantIds = reminder.items.map((i) => i.variantId);
  const rows =
    variantIds.length === 0
      ? []
      : await db
          .select({
            variantId: variants.id,
            productId: variants.productId,
            size: variants.size,
            colour: variants.colour,
            stockQty: variants.stockQty,
            on: sql<boolean>`${variants.isActive} and ${products.isActive}`,
            title: products.title,
          })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(inArray(variants.id, variantIds));
  const byId = new Map(rows.map((r) => [r.variantId, r]));
  const problems: string[] = [];
  let restored = 0;
  await db.transaction(async (tx) => {
    for (const item of reminder.items) {
      const v = byId.get(item.variantId);
      if (!v || !v.on) {
        problems.push(v ? `${v.title} (${variantLabel(v)}) is no longer on sale` : 'An item is no longer on sale');
        continue;
      }
      if (v.stockQty <= 0) {
        problems.push(`${v.title} (${variantLabel(v)}) is sold out`);
        continue;
      }
      const quantity = Math.min(item.quantity, v.stockQty, CART_QTY_MAX);
      if (quantity < item.quantity) problems.push(`Only ${quantity} of ${v.title} (${variantLabel(v)}) left: your cart has ${quantity}`);
      await tx
        .insert(cartItems)
        .values({ userId, productId: v.productId, variantId: v.variantId, quantity })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.variantId],
          set: {
            quantity: sql`greatest(${cartItems.quantity}, excluded.quantity)`,
            updatedAt: sql`case when ${cartItems.quantity} < excluded.quantity then now() else ${cartItems.updatedAt} end`,
          },
        });
      restored++;
    }
    await tx
      .update(cartReminders)
      .set({ restoredAt: sql`coalesce(${cartReminders.restoredAt}, now())` })
      .where(eq(cartReminders.id, reminder.id));
  });
  return { restored, problems, couponCode: reminder.couponCode };
}

/**
 * Marks recovered orders (run by the job, so the order placement keeps its transaction as it is): each
 * order not yet counted, placed within RECOVERY_DAYS after one of its shopper's reminders, goes on
 * the latest reminder sent before it, when that reminder has no order yet (the earliest such order
 * wins). Safe on several instances: a second run's UPDATE re-reads `order_id` under the row lock.
 * Returns how many reminders were marked.
 */
export async function markRecoveredOrders(db: Tx): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    with matched as (
      select distinct on (o.id) o.id as order_id, o.created_at, r.id as reminder_id
      from orders o
      join cart_reminders r on r.user_id = o.user_id and r.created_at <= o.created_at
        and o.created_at < r.created_at + make_interval(days => ${RECOVERY_DAYS}::int)
      where o.created_at > now() - make_interval(days => ${RECOVERY_DAYS + 1}::int)
        and not exists (select 1 from cart_reminders x where x.order_id = o.id)
      order by o.id, r.created_at desc, r.step desc
    ),
    first_order as (
      select distinct on (reminder_id) reminder_id, order_id from matched order by reminder_id, created_at, order_id
    )
    update cart_reminders r set order_id = f.order_id from first_order f
    where r.id = f.reminder_id and r.order_id is null
    returning r.id`);
  return result.rows.length;
}

/** The dashboard's figures over the last SUMMARY_DAYS days (rupees). */
export interface CartReminderSummary {
  days: number;
  /** Carts (a shopper's cart as last changed) that got a reminder. */
  cartsReminded: number;
  /** Reminders sent (first and second). */
  remindersSent: number;
  /** Orders placed after those reminders, not cancelled, and their value (grand totals, rupees). */
  ordersRecovered: number;
  recoveredValue: number;
}

/** "Carts reminded" and "Orders recovered" over reminders sent in the last SUMMARY_DAYS days (cancelled orders left out). */
export async function cartReminderSummary(db: Database, now: Date = new Date()): Promise<CartReminderSummary> {
  const since = new Date(now.getTime() - SUMMARY_DAYS * 86_400_000).toISOString();
  const [row] = (
    await db.execute<{ carts: number; reminders: number; orders: number; paise: string }>(sql`
      with recent as (select * from cart_reminders where created_at > ${since}::timestamptz)
      select
        (select count(distinct (user_id, cart_changed_at)) from recent)::int as carts,
        (select count(*) from recent)::int as reminders,
        (select count(*) from orders o where o.id in (select order_id from recent) and o.status <> 'cancelled')::int as orders,
        (select coalesce(sum(o.grand_total_paise), 0) from orders o where o.id in (select order_id from recent) and o.status <> 'cancelled')::text as paise`)
  ).rows;
  return {
    days: SUMMARY_DAYS,
    cartsReminded: row.carts,
    remindersSent: row.reminders,
    ordersRecovered: row.orders,
    recoveredValue: toRupees(Number(row.paise)),
  };
}

/** The reminders of one shopper, newest first (tests and support). */
export function remindersOf(db: Database, userId: string) {
  return db
    .select()
    .from(cartReminders)
    .where(eq(cartReminders.userId, userId))
    .orderBy(sql`${cartReminders.createdAt} desc`);
}
