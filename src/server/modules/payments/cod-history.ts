/**
 * The shopper's Cash on Delivery history as the COD rules read it (docs/architecture.md#cash-on-delivery,
 * docs/architecture.md#part-paid-cod): the order an earlier call with the same keys placed, the
 * shopper's undelivered COD orders and those refused at the door, read in the placement's own statement
 * as its guard (`codGuard`) or on their own (`codHistoryRefusal`, `refusedCodOrders`). Shared by the COD
 * create-order (cod.ts) and part-paid COD's placement (cod-advance-placement.ts), so neither imports
 * the other's module.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { COD_REFUSALS } from '../../../core/cod-eligibility';
import { IN_TRANSIT_STATUSES, PRE_SHIPMENT_STATUSES } from '../../../core/order-status';
import { fixedStatement, type Database } from '../../db/client';
import { checkoutAttempts, orderEvents, orders } from '../../db/schema';
import type { PlacementGuard } from '../orders/place-order';

/** Statuses of an order that has not reached the shopper yet (counted against the open COD limit). */
const UNDELIVERED = [...PRE_SHIPMENT_STATUSES, ...IN_TRANSIT_STATUSES];
/** How long the same cart submitted again is taken as the same order (without an Idempotency-Key). */
export const SAME_CART_WINDOW_MS = 60_000;

export const COD_MESSAGES = {
  ...COD_REFUSALS,
  open: (max: number) =>
    `You already have ${max} Cash on Delivery ${max === 1 ? 'order' : 'orders'} on the way. Please pay online, or wait for ${max === 1 ? 'it' : 'them'} to arrive.`,
  returned: (refused: number) =>
    `Cash on Delivery is not available because ${refused} earlier Cash on Delivery ${refused === 1 ? 'order was' : 'orders were'} refused at delivery. Please pay online.`,
  key: 'Idempotency-Key must be 1 to 200 visible characters',
  keyReused: 'This Idempotency-Key was already used for a different order. Use a new key for a new checkout.',
} as const;

const p = (name: string) => sql.placeholder(name);

/**
 * The order an earlier call with one of these keys placed (`codKeys`), within the window for cart keys
 * (`codSince`, null for a client's key), by the shopper `codUserId`.
 */
const earlierOrder = sql`select ${checkoutAttempts.orderId} from ${checkoutAttempts} where ${checkoutAttempts.userId} = ${p(
  'codUserId',
)}::uuid and ${checkoutAttempts.idempotencyKey} = any(${p('codKeys')}::text[]) and ${checkoutAttempts.status} = 'completed' and (${p(
  'codSince',
)}::timestamptz is null or ${checkoutAttempts.createdAt} >= ${p('codSince')}::timestamptz) order by ${checkoutAttempts.createdAt} desc limit 1`;
export const earlierOrderStatement = fixedStatement(earlierOrder);

/** The values of `earlierOrder` (and of the COD guard) for one call. */
export function earlierOrderValues(userId: string, keys: string[], now: number) {
  const since = keys[0].startsWith('cart:') ? new Date(now - SAME_CART_WINDOW_MS).toISOString() : null;
  return { codUserId: userId, codKeys: keys, codSince: since };
}

/** The order an earlier call with one of these keys placed (within the window for cart keys), or null. */
export async function placedEarlier(db: Database, userId: string, keys: string[], now: number): Promise<string | null> {
  const { rows } = await db.execute<{ order_id: string | null }>(earlierOrderStatement(earlierOrderValues(userId, keys, now)));
  return rows[0]?.order_id ?? null;
}

/**
 * The orders of a shopper for the refused-COD rule (docs/architecture.md#cash-on-delivery): their
 * account's, or any with the same phone or e-mail (lower-cased), so a new account with the same phone
 * does not start again at zero. Each part has its index (orders by user, `orders_phone_idx`,
 * `orders_email_lower_idx`).
 */
function shopperOrders(userId: SQLWrapper, phone: SQLWrapper, email: SQLWrapper): SQL {
  return sql`(${orders.userId} = ${userId}::uuid or (${orders.phone} = ${phone}::text and ${phone}::text <> '') or lower(${orders.email}) = lower(${email}::text))`;
}

/** `count(*) filter (...)` of the rows `where` selects that came back undelivered (no 'delivered' in their timeline). */
function refusedCount(where: SQL): SQL {
  return sql`count(*) filter (where ${where} and not exists (select 1 from ${orderEvents} delivered where delivered.order_id = ${orders.id} and delivered.status = 'delivered'))`;
}

/** The shopper's history the placement checks first: see `codGuard`. */
export interface CodHistory {
  /** The order an earlier call with these keys placed, or null. */
  twin: string | null;
  /** The shopper's undelivered COD orders. */
  open_orders: number;
  /** The shopper's COD orders returned without delivery. */
  returned_undelivered: number;
  ok: boolean;
}

const codHistory = sql`select h.*, h.twin is null and h.returned_undelivered < ${p('codMaxReturned')}::int and h.open_orders < ${p(
  'codMaxOpen',
)}::int as ok from (select (${earlierOrder}) as twin, (count(*) filter (where ${orders.userId} = ${p('codUserId')}::uuid and ${
  orders.status
} = any(${p('codUndelivered')}::text[])))::int as open_orders, (${refusedCount(
  sql`${orders.status} = 'returned'`,
)})::int as returned_undelivered from ${orders} where ${shopperOrders(p('codUserId'), p('codPhone'), p('codEmail'))} and ${
  orders.paymentMethod
} = 'cod') h`;

/**
 * The placement's guard (orders/place-order.ts): in its statement, after the shopper's lock, the
 * order an earlier call with these keys placed, the shopper's undelivered COD orders and their COD
 * orders returned without delivery; ok when there is no twin and both are under their limits.
 */
export function codGuard(
  userId: string,
  contact: { phone: string; email: string },
  keys: string[],
  now: number,
  limits: { maxOpenOrders: number; maxRefused: number },
): PlacementGuard<CodHistory> {
  return {
    name: 'cod',
    select: codHistory,
    values: {
      ...earlierOrderValues(userId, keys, now),
      codPhone: contact.phone,
      codEmail: contact.email,
      codUndelivered: UNDELIVERED,
      codMaxOpen: limits.maxOpenOrders,
      codMaxReturned: limits.maxRefused,
    },
  };
}

const codHistoryStatement = fixedStatement(codHistory);

/**
 * The shopper's COD history read now, without a lock (part-paid COD asks before taking the advance,
 * docs/architecture.md#part-paid-cod; the placement checks again under the lock): the refusal message
 * (COD_MESSAGES.returned or .open), or null when the shopper may place another COD order.
 */
export async function codHistoryRefusal(
  db: Database,
  userId: string,
  contact: { phone: string; email: string },
  limits: { maxOpenOrders: number; maxRefused: number },
): Promise<string | null> {
  const guard = codGuard(userId, contact, [`none:${userId}`], Date.now(), limits);
  const { rows } = await db.execute<CodHistory & Record<string, unknown>>(codHistoryStatement(guard.values));
  return rows[0] ? codHistoryMessage(rows[0], limits) : null;
}

/** The shopper's words for a COD history the guard refused (no twin): too many refused, or too many open. */
export function codHistoryMessage(
  history: Pick<CodHistory, 'ok' | 'returned_undelivered'>,
  limits: { maxOpenOrders: number; maxRefused: number },
) {
  if (history.ok) return null;
  if (history.returned_undelivered >= limits.maxRefused) return COD_MESSAGES.returned(history.returned_undelivered);
  return COD_MESSAGES.open(limits.maxOpenOrders);
}

/**
 * How many COD orders of the shopper `userId` (their account, or the same phone or e-mail, see
 * `shopperOrders`) came back undelivered: the refused-COD rule's count, for the checkout's reason
 * and the admin's customer view.
 */
export async function refusedCodOrders(db: Database, contact: { userId: string; phone: string | null; email: string }): Promise<number> {
  const { rows } = await db.execute<{ refused: number }>(
    sql`select (${refusedCount(sql`${orders.status} = 'returned'`)})::int as refused from ${orders} where ${shopperOrders(
      sql`${contact.userId}`,
      sql`${contact.phone ?? ''}`,
      sql`${contact.email}`,
    )} and ${orders.paymentMethod} = 'cod'`,
  );
  return Number(rows[0]?.refused ?? 0);
}
