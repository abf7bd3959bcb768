/**
 * The admin dashboard's figures: revenue and order counts for today and this month,
 * orders per status, low-stock variants (sold out and 1-5 left, each group listed on its own, issue
 * 18) and revenue per day over the last 30 days. Days are India (IST) days. Revenue is what the
 * orders brought in, in rupees: each order's grand total less its refunds (processed or on their
 * way; a failed one is still owed), so an order with one item of three returned counts the two kept
 * (docs/decisions/0017-refunds-and-credit-notes.md). Cancelled orders, and orders refunded in full, are
 * left out of both revenue and the order counts beside it (ordersByStatus counts all).
 * A Cash on Delivery order counts in revenue only once its cash is collected (on the day
 * it was placed); until then it is counted in `codToCollect` and in the orders beside the revenue.
 * `openReturns` counts return requests waiting for the shop.
 * `pendingReviews`: reviews waiting for moderation.
 */
import { and, asc, between, eq, gte, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '../../../core/constants';
import { toRupees } from '../../../core/money';
import {
  LOW_STOCK_MAX_ROWS,
  LOW_STOCK_THRESHOLD,
  NON_REVENUE_STATUSES,
  REVENUE_DAYS,
  type DashboardSummary,
} from '../../../core/schemas/admin-orders';
import type { Database } from '../../db/client';
import { orderRefunds, orders, products, variants } from '../../db/schema';
import { countOpenReturns } from '../returns/service';
import { pendingReviewCount } from '../reviews/service';
import { addIstDays, IST_SQL_INTERVAL, istDate, istDayStart, istMonthStart } from '../../../core/india-time';

/**
 * The IST date of an order's creation, in SQL: UTC wall time plus IST's fixed +5:30, so the
 * session's time zone setting does not matter.
 */
const istDay = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + ${sql.raw(IST_SQL_INTERVAL)}, 'YYYY-MM-DD')`;

/** An order's grand total less its refunds that were not refused (paise), in SQL. */
const keptPaise = sql<number>`(${orders.grandTotalPaise} - coalesce((select sum(${orderRefunds.amountPaise}) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.status} <> 'failed'), 0))`;

/**
 * GET /api/admin/dashboard. `now` decides "today" (tests pass a fixed clock). Revenue in rupees;
 * `revenueByDay` lists the 30 IST days ending today, oldest first, zero days included. Sizes with
 * `lowStockThreshold` pieces or fewer (the shop's setting) are low.
 */
export async function getDashboard(
  db: Database,
  now: Date = new Date(),
  lowStockThreshold: number = LOW_STOCK_THRESHOLD,
): Promise<DashboardSummary> {
  const today = istDate(now);
  const monthStart = istDayStart(istMonthStart(today));
  const firstChartDay = addIstDays(today, -(REVENUE_DAYS - 1));
  const chartStart = istDayStart(firstChartDay);
  const since = monthStart < chartStart ? monthStart : chartStart;
  const revenueOrder = notInArray(orders.status, [...NON_REVENUE_STATUSES]);

  const [perDay, statusRows, soldOut, low, [lowStockCounts], [codToCollect], openReturns, pendingReviews] = await Promise.all([
    // Per IST day since the earlier of the month's start and the chart's first day; up to 31 rows.
    db
      .select({
        day: istDay,
        revenue: sql<string>`coalesce(sum(${keptPaise}) filter (where ${orders.paymentStatus} <> 'pending'), 0)`,
        orders: sql<number>`count(*) filter (where case when ${orders.paymentStatus} = 'pending' then ${revenueOrder} else ${keptPaise} > 0 end)::int`,
      })
      .from(orders)
      .where(and(ne(orders.status, 'cancelled'), gte(orders.createdAt, since)))
      .groupBy(istDay),
    db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .groupBy(orders.status),
    lowStockRows(db, lte(variants.stockQty, 0)),
    lowStockThreshold >= 1 ? lowStockRows(db, between(variants.stockQty, 1, lowStockThreshold)) : Promise.resolve([]),
    db
      .select({
        soldOut: sql<number>`count(*) filter (where ${variants.stockQty} <= 0)::int`,
        low: sql<number>`count(*) filter (where ${variants.stockQty} > 0)::int`,
      })
      .from(variants)
      .where(and(eq(variants.isActive, true), lte(variants.stockQty, lowStockThreshold))),
    db
      // The cash the couriers still have to collect: each order's grand total less its store credit
      // and the advance paid online (core/cod-advance.ts codParts, docs/architecture.md#part-paid-cod).
      .select({
        orders: sql<number>`count(*)::int`,
        paise: sql<string>`coalesce(sum(${orders.grandTotalPaise} - ${orders.storeCreditPaise} - ${orders.codAdvancePaise}), 0)`,
      })
      .from(orders)
      .where(and(revenueOrder, eq(orders.paymentMethod, 'cod'), eq(orders.paymentStatus, 'pending'))),
    countOpenReturns(db),
    pendingReviewCount(db),
  ]);

  const byDay = new Map(perDay.map((r) => [r.day, { paise: Number(r.revenue), orders: r.orders }]));
  const sumFrom = (first: string) => {
    let paise = 0;
    let count = 0;
    for (const [day, v] of byDay) {
      if (day >= first && day <= today) {
        paise += v.paise;
        count += v.orders;
      }
    }
    return { revenue: toRupees(paise), orders: count };
  };
  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of statusRows) {
    if (row.status in ordersByStatus) ordersByStatus[row.status] = row.count;
  }
  const revenueByDay = Array.from({ length: REVENUE_DAYS }, (_, i) => {
    const date = addIstDays(firstChartDay, i);
    const v = byDay.get(date);
    return { date, revenue: toRupees(v?.paise ?? 0), orders: v?.orders ?? 0 };
  });
  return {
    today: sumFrom(today),
    month: sumFrom(istMonthStart(today)),
    ordersByStatus,
    lowStock: [...soldOut, ...low],
    lowStockCounts,
    lowStockThreshold,
    revenueByDay,
    codToCollect: { orders: codToCollect.orders, amount: toRupees(Number(codToCollect.paise)) },
    openReturns,
    pendingReviews,
  };
}

/**
 * The dashboard for a role without dashboard.revenue: the order counts, stock, returns and reviews,
 * without revenue (today's, the month's, per day) or the Cash on Delivery still to collect.
 */
export function withoutMoney(summary: DashboardSummary): DashboardSummary {
  const { revenueByDay: _chart, codToCollect: _cod, ...rest } = summary;
  return { ...rest, today: { orders: summary.today.orders }, month: { orders: summary.month.orders } };
}

/**
 * Active variants whose stock matches `stock` (each with its colour, null without colours), lowest
 * first then by product title, colour and size, at most
 * LOW_STOCK_MAX_ROWS. Sold-out and low sizes are fetched apart so that many sold-out sizes never
 * crowd the ones still selling out of the list.
 */
function lowStockRows(db: Database, stock: SQL | undefined) {
  return db
    .select({
      productId: products.id,
      title: products.title,
      variantId: variants.id,
      colour: variants.colour,
      size: variants.size,
      sku: variants.sku,
      stockQty: variants.stockQty,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.isActive, true), stock))
    .orderBy(asc(variants.stockQty), asc(products.title), asc(variants.colour), asc(variants.size), asc(variants.id))
    .limit(LOW_STOCK_MAX_ROWS);
}
