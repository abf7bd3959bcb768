/**
 * The admin's customers (docs/architecture.md#customers): shopper accounts (role 'customer'), found
 * by name, e-mail or phone (`accountMatch`), newest first, with their order counts; one account with
 * its saved address, consent, store credit, the old shop's data and its latest orders. Reads only.
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { toRupees } from '../../../core/money';
import {
  CUSTOMER_RECENT_ORDERS,
  CUSTOMERS_PAGE_SIZE,
  type AdminCustomer,
  type AdminCustomerList,
  type AdminCustomerSummary,
  type CustomerListQuery,
} from '../../../core/schemas/admin-customers';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema';
import { isUuid, notFound } from '../../errors';
import { refusedCodOrders } from '../payments/cod';
import { accountMatch } from '../users/account-search';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

// The outer row's id is written out: in a one-table select Drizzle names columns without their table,
// which inside the subquery would mean the order's own id.
const orderCount = sql<number>`(select count(*) from ${orders} where ${orders.userId} = "users"."id")::int`;

type UserRow = typeof users.$inferSelect;

const summary = (u: UserRow, orderTotal: number): AdminCustomerSummary => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  createdAt: u.createdAt.toISOString(),
  orderCount: orderTotal,
  imported: u.importedFrom !== null,
  hasPassword: u.passwordHash !== '',
});

/** GET /api/admin/customers: one page (CUSTOMERS_PAGE_SIZE) of shoppers matching `query.search`, newest first. */
export async function listCustomers(db: Database, query: CustomerListQuery): Promise<AdminCustomerList> {
  const where = and(eq(users.role, 'customer'), query.search ? accountMatch(query.search) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const totalPages = Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE));
  const rows = await db
    .select({ user: users, orderCount })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(CUSTOMERS_PAGE_SIZE)
    .offset((query.page - 1) * CUSTOMERS_PAGE_SIZE);
  return { customers: rows.map((r) => summary(r.user, r.orderCount)), currentPage: query.page, totalPages, total };
}

/**
 * GET /api/admin/customers/{id}: the shopper with id `id`, with their refused COD orders against the
 * settings' `maxRefused` (payments/cod.ts `refusedCodOrders`). Throws 404 for another id or a staff account.
 */
export async function getCustomer(db: Database, id: string, maxRefused: number): Promise<AdminCustomer> {
  if (!isUuid(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  if (!user) throw notFound(CUSTOMER_NOT_FOUND);
  const [recent, [totals]] = await Promise.all([
    db
      .select({
        id: orders.id,
        status: orders.status,
        grandTotalPaise: orders.grandTotalPaise,
        paymentMethod: orders.paymentMethod,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt))
      .limit(CUSTOMER_RECENT_ORDERS),
    db
      .select({
        count: count(),
        spentPaise: sql<number>`coalesce(sum(${orders.grandTotalPaise}) filter (where ${ne(orders.status, 'cancelled')}), 0)::bigint`,
      })
      .from(orders)
      .where(eq(orders.userId, id)),
  ]);
  const refused = await refusedCodOrders(db, { userId: user.id, phone: user.phone, email: user.email });
  const from = user.importedFrom;
  return {
    ...summary(user, totals.count),
    address: user.address ?? null,
    spent: toRupees(Number(totals.spentPaise)),
    whatsapp: { updates: user.whatsappUpdates, offers: user.whatsappOffers },
    storeCredit: toRupees(user.storeCreditPaise),
    cod: { refused, off: refused >= maxRefused },
    importedFrom: from
      ? {
          tags: from.tags,
          note: from.note ?? '',
          totalOrders: from.totalOrders,
          totalSpent: toRupees(from.totalSpentPaise),
          acceptsEmailMarketing: from.acceptsEmailMarketing,
          taxExempt: from.taxExempt ?? false,
        }
      : null,
    orders: recent.map((o) => ({
      _id: o.id,
      status: o.status,
      total: toRupees(o.grandTotalPaise),
      paymentMethod: o.paymentMethod,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}
