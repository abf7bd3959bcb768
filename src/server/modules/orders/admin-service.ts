/**
 * Orders as the admin reads and moves them (docs/architecture.md#order-lifecycle):
 * a filtered, paged list; one order with its customer; the status dropdown's moves
 * (made by orders/lifecycle.ts); a CSV export of the same filters.
 */
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../core/constants';
import type { AdminOrder, AdminOrderList, OrderCustomer, OrderFilters } from '../../../core/schemas/admin-orders';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { Database, Tx } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { isUuid, notFound } from '../../errors';
import { escapeLike } from '../../db/like';
import { recordAudit, type AuditActor } from '../audit/record';
import { accountMatch, phoneDigits } from '../users/account-search';
import { lockOrder, moveOrder, type OrderMover } from './lifecycle';
import { hydrateOrders } from './service';
import { istDateTime, istDayEnd, istDayStart } from '../../../core/india-time';

type OrderRow = typeof orders.$inferSelect;
interface CustomerCols {
  name: string;
  email: string;
  phone: string;
}

/** Lower-cased "first last" of the shipping address; the same expression as the orders_ship_name index. */
const shipName = sql`lower((${orders.shippingAddress} ->> 'firstName') || ' ' || (${orders.shippingAddress} ->> 'lastName'))`;
const shipLastName = sql`lower(${orders.shippingAddress} ->> 'lastName')`;

/**
 * The search condition. Each branch can use an index (schema.ts, "admin order search"), so a
 * search stays fast at 100,000 orders without any extension:
 * - the order reference starts with the term (last 8 characters of the id, any case, '#' allowed),
 *   or the term is the full id;
 * - the order's e-mail starts with it;
 * - the order's phone starts with its digits (spaces, dashes and a +91 prefix ignored);
 * - the shipping name starts with it ("asha", "asha v") or the last name does ("verma");
 * - the account's name contains it (starts with it, for a term under 3 characters), or the account's
 *   e-mail or phone starts with it (accounts are matched first, then their orders through the user
 *   index).
 */
async function searchCondition(db: Tx, raw: string): Promise<SQL> {
  const term = raw.trim().toLowerCase();
  const prefix = `${escapeLike(term)}%`;
  const parts: SQL[] = [sql`lower(${orders.email}) like ${prefix}`, sql`${shipName} like ${prefix}`, sql`${shipLastName} like ${prefix}`];
  const ref = term.replace(/^#/, '');
  if (/^[0-9a-f]{1,8}$/.test(ref)) parts.push(sql`right(${orders.id}::text, 8) like ${`${ref}%`}`);
  if (isUuid(ref)) parts.push(eq(orders.id, ref));
  const digits = phoneDigits(term);
  if (digits) parts.push(sql`${orders.phone} like ${`${digits}%`}`);
  const accounts = await db.select({ id: users.id }).from(users).where(accountMatch(term));
  // One array parameter however many accounts match (a list of parameters tops out at 65,535).
  if (accounts.length) parts.push(sql`${orders.userId} = any(${sql.param(accounts.map((a) => a.id))}::uuid[])`);
  return or(...parts)!;
}

/** The WHERE clause for the admin filters; dates are inclusive India (IST) days. */
async function filterCondition(db: Tx, filters: OrderFilters): Promise<SQL | undefined> {
  const conds: SQL[] = [];
  if (filters.status) conds.push(eq(orders.status, filters.status));
  if (filters.startDate) conds.push(gte(orders.createdAt, istDayStart(filters.startDate)));
  if (filters.endDate) conds.push(lt(orders.createdAt, istDayEnd(filters.endDate)));
  if (filters.search) conds.push(await searchCondition(db, filters.search));
  return conds.length ? and(...conds) : undefined;
}

const customerCols = { name: users.name, email: users.email, phone: users.phone };

/** The customer of an order: the account's name and e-mail, its phone or else the order's. */
function toCustomer(row: OrderRow, user: CustomerCols): OrderCustomer {
  return { name: user.name, email: user.email, phone: user.phone || row.phone };
}

/** Hydrates rows (with their account columns) into admin orders, keeping the rows' order. */
async function toAdminOrders(db: Tx, rows: { order: OrderRow; customer: CustomerCols }[]): Promise<AdminOrder[]> {
  const hydrated = await hydrateOrders(
    db,
    rows.map((r) => r.order),
  );
  return hydrated.map((order, i) => ({ ...order, customer: toCustomer(rows[i].order, rows[i].customer) }));
}

/**
 * GET /api/orders/admin/all: newest first, `limit` per page (default 20).
 * A page past the end answers no orders with the real totals. `totalPages` is at least 1.
 */
export async function listAdminOrders(db: Database, query: OrderFilters & { page: number; limit: number }): Promise<AdminOrderList> {
  // A broad search term (an e-mail prefix, a common surname) uses several indexes at once; that
  // relies on the planner costing set for every connection (db/client.ts RANDOM_PAGE_COST).
  const where = await filterCondition(db, query);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const rows = await db
    .select({ order: orders, customer: customerCols })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    orders: await toAdminOrders(db, rows),
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(count / query.limit)),
    totalOrders: count,
  };
}

/** One order with its customer, or null for an unknown or malformed id. */
async function loadAdminOrder(db: Tx, orderId: string): Promise<AdminOrder | null> {
  if (!isUuid(orderId)) return null;
  const rows = await db
    .select({ order: orders, customer: customerCols })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  const [order] = await toAdminOrders(db, rows);
  return order ?? null;
}

/** GET /api/orders/admin/{id}: any order with its customer. Throws 404 for an unknown or malformed id. */
export async function getAdminOrder(db: Database, orderId: string): Promise<AdminOrder> {
  const order = await loadAdminOrder(db, orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

/**
 * PUT /api/orders/admin/{id}/status (the status dropdown, docs/decisions/0009-order-states-and-shipping.md): sets the status and
 * appends `{status, at, note}` to the timeline. Setting the current status again appends an entry
 * only when a note is given (a note on the current status); without one nothing changes.
 *
 * Only the moves without side effects are made here (`DROPDOWN_MOVES`, src/core/order-status.ts;
 * docs/decisions/0009-order-states-and-shipping.md): between the stages before shipping. A move an
 * explicit action owns (cancel and refund, ship, out for delivery, delivered, back undelivered, a
 * return, a refund) is refused with 400 and a message naming the action, so
 * an order is never cancelled without its refund, restock and coupon, nor delivered without its
 * mail and cash collected; a move the state machine refuses answers 409 with its message. Nothing
 * here moves money, stock or mail. The move is orders/lifecycle.ts `moveOrder` (rule 'dropdown', by
 * `change.by`: the admin, whose audit row 'order.status' lifecycle writes) under the order's row lock.
 * Throws 404 for an unknown order.
 */
export async function updateOrderStatus(
  db: Database,
  orderId: string,
  change: { status: OrderStatus; note: string; by: OrderMover },
  now: Date = new Date(),
): Promise<AdminOrder> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    await moveOrder(tx, row, { to: change.status, note: change.note, by: change.by, now, rule: 'dropdown' });
    return (await loadAdminOrder(tx, orderId))!;
  });
}

/** The CSV columns of the export. */
export const CSV_COLUMNS = [
  'Order ref',
  'Date (IST)',
  'Status',
  'Customer',
  'Email',
  'Phone',
  'Items',
  'Subtotal',
  'Discount',
  'Total',
  'City',
  'State',
  'Pincode',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A text starting with
 * = + - @ (or a tab or carriage return) gets a leading single quote so a spreadsheet shows it as
 * text instead of running it as a formula.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;
const rupees = (paise: number) => (paise / 100).toFixed(2);
const EXPORT_BATCH = 500;

/**
 * GET /api/orders/admin/export.csv: every order matching the filters, newest first, as CSV text
 * chunks (UTF-8 with a byte-order mark so spreadsheet apps read Indian names right; CRLF line
 * ends). Money in rupees with 2 decimals; dates as IST wall time 'YYYY-MM-DD HH:mm'. The matching
 * ids are read before this resolves (so a failing query is an error answer, not a cut-off file);
 * the rows are then read `batchSize` orders at a time, so 100,000 orders never sit in memory at once.
 * With `opts.audit` (the staff member exporting), the export of customers' data is logged first
 * ('customers.export', its own transaction: docs/architecture.md#staff-and-roles "Audit rows"), once
 * the ids are read, so a refused or failed export logs nothing.
 */
export async function exportOrdersCsv(
  db: Database,
  filters: OrderFilters,
  opts: { batchSize?: number; audit?: AuditActor } = {},
): Promise<AsyncGenerator<string>> {
  const batchSize = opts.batchSize ?? EXPORT_BATCH;
  const where = await filterCondition(db, filters);
  const ids = (await db.select({ id: orders.id }).from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id))).map(
    (r) => r.id,
  );
  const actor = opts.audit;
  if (actor) {
    await db.transaction((tx) =>
      recordAudit(tx, actor, { action: 'customers.export', entity: 'order', summary: exportSummary(ids.length, filters) }),
    );
  }
  return csvChunks(db, ids, batchSize);
}

/** 'Exported 12 orders with customers' names, e-mails, phones and addresses (status shipped, 2026-12-01 to 2026-12-06)'. */
function exportSummary(count: number, filters: OrderFilters): string {
  const which = [
    filters.status && `status ${filters.status}`,
    (filters.startDate || filters.endDate) && `${filters.startDate ?? 'the start'} to ${filters.endDate ?? 'today'}`,
    filters.search && `search "${filters.search}"`,
  ].filter(Boolean);
  const counted = `${count} ${count === 1 ? 'order' : 'orders'}`;
  return `Exported ${counted} with customers' names, e-mails, phones and addresses as CSV${which.length ? ` (${which.join(', ')})` : ''}`;
}

/** The header line, then one chunk of CSV lines per batch of ids (in the ids' order). */
async function* csvChunks(db: Database, ids: string[], batchSize: number): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...CSV_COLUMNS])}`;
  for (let i = 0; i < ids.length; i += batchSize) {
    const batch = ids.slice(i, i + batchSize);
    const [rows, lines] = await Promise.all([
      db
        .select({ order: orders, customer: customerCols })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, batch)),
      db
        .select({
          orderId: orderItems.orderId,
          title: orderItems.title,
          variantName: orderItems.variantName,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, batch))
        .orderBy(asc(orderItems.position)),
    ]);
    const byId = new Map(rows.map((r) => [r.order.id, r]));
    const itemsOf = new Map<string, string[]>();
    for (const l of lines) {
      const text = `${l.title}${l.variantName ? ` (${l.variantName})` : ''} x${l.quantity}`;
      itemsOf.set(l.orderId, [...(itemsOf.get(l.orderId) ?? []), text]);
    }
    let chunk = '';
    for (const id of batch) {
      const entry = byId.get(id);
      if (!entry) continue; // deleted since the id list was read
      const { order, customer } = entry;
      const who = toCustomer(order, customer);
      const items = (itemsOf.get(id) ?? []).join('; ');
      chunk += csvLine([
        orderRef(order.id),
        istDateTime(order.createdAt),
        order.status,
        who.name,
        who.email,
        who.phone,
        items,
        rupees(order.subTotalPaise),
        rupees(order.discountPaise),
        rupees(order.grandTotalPaise),
        order.shippingAddress.city,
        order.shippingAddress.state,
        order.shippingAddress.pincode,
      ]);
    }
    yield chunk;
  }
}
