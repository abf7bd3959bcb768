/**
 * /admin/dashboard: 'Admin Dashboard', 'Welcome back, {name}', a link to the
 * profile and the tiles in their three groups; above them today's and this month's revenue
 * and orders, orders by status, failed refunds with a retry, low-stock variants (sold out
 * apart from 1-5 left) and a 30-day revenue chart; the Reviews tile shows how many reviews
 * wait for moderation. The money figures (revenue, the chart, COD to collect) show only to a role
 * with dashboard.revenue (the server leaves them out of its answer for the others), failed refunds to
 * one with orders.refund, abandoned carts reminded and recovered (features/admin/cart-reminders-panel.tsx), and each tile only to a role that
 * may open its screen (features/admin/staff-permissions.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ORDER_STATUSES } from '../../../core/constants';
import { formatINR } from '../../../core/money';
import type { DashboardSummary } from '../../../core/schemas/admin-orders';
import { CartRemindersPanel } from '../../features/admin/cart-reminders-panel';
import { UnsettledRefundsPanel } from '../../features/admin/unsettled-refunds-panel';
import { LowStockPanel } from '../../features/admin/low-stock-panel';
import { statusLabel } from '../../features/admin/orders/order-status';
import { RevenueChart } from '../../features/admin/revenue-chart';
import { allows, mayOpen } from '../../features/admin/staff-permissions';
import { apiFetch } from '../../lib/api';
import { useAdmin } from './admin-layout';

const TILE_GROUPS = [
  {
    title: 'Homepage content',
    tiles: [
      { to: '/admin/hero-images', label: 'Hero Images', hint: 'Banner images and the hero video' },
      { to: '/admin/vertical-videos', label: 'Vertical Videos', hint: 'Watch & Shop clips' },
      { to: '/admin/photo-snapshots', label: 'Photo Snapshots', hint: 'Instagram photos' },
      { to: '/admin/testimonials', label: 'Testimonials', hint: 'What customers say' },
    ],
  },
  {
    title: 'E-commerce',
    tiles: [
      { to: '/admin/products', label: 'Products', hint: 'Catalogue, sizes and stock' },
      { to: '/admin/orders', label: 'Orders', hint: 'Status, details and export' },
      { to: '/admin/coupons', label: 'Coupons', hint: 'Codes, limits and dates' },
      { to: '/admin/search-synonyms', label: 'Search Synonyms', hint: 'Words that find the same products' },
    ],
  },
  {
    title: 'Customer support',
    tiles: [
      { to: '/admin/contacts', label: 'Contact Messages', hint: 'Messages from the contact form' },
      { to: '/admin/reviews', label: 'Reviews', hint: 'Approve, hide and reply to reviews' },
    ],
  },
  {
    title: 'Shop',
    tiles: [{ to: '/admin/settings', label: 'Settings', hint: 'GSTIN, cash on delivery, delivery and GST rates' }],
  },
] as const;

function Figure({ label, value, sub, to }: { label: string; value: string; sub: string; to?: string }) {
  const body = (
    <>
      <p className="text-xs font-medium uppercase tracking-wide text-stone-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-stone-900">{value}</p>
      <p className="text-sm text-stone-500">{sub}</p>
    </>
  );
  return to ? (
    <Link to={to} className="block rounded-xl border border-stone-200 bg-white p-4 hover:border-brand">
      {body}
    </Link>
  ) : (
    <div className="rounded-xl border border-stone-200 bg-white p-4">{body}</div>
  );
}

/** The admin dashboard. */
export default function AdminDashboard() {
  const admin = useAdmin();
  const summary = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => apiFetch<DashboardSummary>('/api/admin/dashboard', { auth: true, fallbackMessage: 'Failed to load dashboard' }),
  });
  const s = summary.data;
  const revenue = allows(admin, 'dashboard.revenue');
  const groups = TILE_GROUPS.map((g) => ({ ...g, tiles: g.tiles.filter((tile) => mayOpen(admin, tile.to)) })).filter(
    (g) => g.tiles.length > 0,
  );

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-stone-900">Admin Dashboard</h1>
          <p className="mt-1 text-stone-600">Welcome back, {admin.name}</p>
        </div>
        <Link to="/profile" className="text-sm font-medium text-brand hover:underline">
          Go to profile
        </Link>
      </div>

      <section aria-labelledby="figures-heading" className="space-y-4">
        <h2 id="figures-heading" className="sr-only">
          Sales at a glance
        </h2>
        {summary.isError ? (
          <p className="rounded-lg bg-red-50 p-4 text-sm text-red-700">{summary.error.message}</p>
        ) : (
          <>
            <div className={`grid grid-cols-2 gap-4 ${revenue ? 'lg:grid-cols-5' : 'lg:grid-cols-3'}`}>
              {revenue ? (
                <>
                  <Figure
                    label="Today's revenue"
                    value={s ? formatINR(s.today.revenue ?? 0) : '…'}
                    sub={s ? `${s.today.orders} order(s) today` : ' '}
                  />
                  <Figure
                    label="This month"
                    value={s ? formatINR(s.month.revenue ?? 0) : '…'}
                    sub={s ? `${s.month.orders} order(s) this month` : ' '}
                  />
                </>
              ) : null}
              <Figure
                label="Awaiting dispatch"
                value={
                  s
                    ? String(s.ordersByStatus.placed + s.ordersByStatus.confirmed + s.ordersByStatus.processing + s.ordersByStatus.packed)
                    : '…'
                }
                sub="placed, confirmed, processing or packed"
              />
              <Figure
                label="Low stock"
                value={s ? String(s.lowStockCounts.soldOut + s.lowStockCounts.low) : '…'}
                sub={s ? `${s.lowStockCounts.soldOut} sold out, ${s.lowStockCounts.low} with 1-5 left` : ' '}
              />
              <Figure
                label="Open returns"
                value={s ? String(s.openReturns) : '…'}
                sub="returns and exchanges to handle"
                to="/admin/returns"
              />
            </div>
            {revenue ? (
              <p className="text-xs text-stone-500" data-testid="cod-to-collect">
                Revenue counts Cash on Delivery orders once their cash is collected
                {s?.codToCollect && s.codToCollect.orders > 0
                  ? `: ${formatINR(s.codToCollect.amount)} in ${s.codToCollect.orders} COD order(s) still to collect.`
                  : '.'}
              </p>
            ) : null}
            <div className="grid gap-4 lg:grid-cols-3">
              {revenue ? (
                <div className="rounded-xl border border-stone-200 bg-white p-4 lg:col-span-2">
                  <h3 className="mb-2 text-sm font-semibold text-stone-900">Revenue, last 30 days</h3>
                  {s ? <RevenueChart days={s.revenueByDay ?? []} /> : <div className="h-64" />}
                </div>
              ) : null}
              <div className="rounded-xl border border-stone-200 bg-white p-4">
                <h3 className="mb-3 text-sm font-semibold text-stone-900">Orders by status</h3>
                <ul className="space-y-1.5 text-sm">
                  {ORDER_STATUSES.map((status) => (
                    <li key={status} className="flex justify-between">
                      <Link to={`/admin/orders?status=${status}`} className="text-stone-600 hover:text-brand">
                        {statusLabel(status)}
                      </Link>
                      <span className="font-medium text-stone-900">{s ? s.ordersByStatus[status] : '…'}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            {allows(admin, 'orders.refund') ? <UnsettledRefundsPanel /> : null}
            <CartRemindersPanel showSettingsLink={mayOpen(admin, '/admin/settings')} />
            {s && s.lowStock.length > 0 && <LowStockPanel summary={s} />}
          </>
        )}
      </section>

      {groups.map((group) => (
        <section key={group.title} aria-labelledby={`group-${group.title}`}>
          <h2 id={`group-${group.title}`} className="mb-3 text-lg font-semibold text-stone-900">
            {group.title}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {group.tiles.map((tile) => (
              <Link
                key={tile.to}
                to={tile.to}
                className="rounded-xl border border-stone-200 bg-white p-5 transition hover:border-brand hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand"
              >
                <span className="block font-semibold text-stone-900">{tile.label}</span>
                <span className="mt-1 block text-sm text-stone-500">{tile.hint}</span>
                {tile.to === '/admin/reviews' && s ? (
                  <span className="mt-2 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                    {s.pendingReviews} pending
                  </span>
                ) : null}
              </Link>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
