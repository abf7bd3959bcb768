/**
 * The dashboard's abandoned-cart figures (docs/architecture.md#abandoned-carts): carts reminded and
 * orders recovered over the last 30 days, with the recovered value in rupees for a role with
 * dashboard.revenue (the server leaves it out for the others). Hidden until the first reminder.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatINR } from '../../../core/money';
import type { CartReminderSummaryAnswer } from '../../../core/schemas/cart-reminders';
import { apiFetch } from '../../lib/api';

/** The panel; nothing while loading, on error, or before any reminder was sent. */
export function CartRemindersPanel({ showSettingsLink }: { showSettingsLink: boolean }) {
  const summary = useQuery({
    queryKey: ['admin', 'cart-reminders', 'summary'],
    queryFn: () => apiFetch<CartReminderSummaryAnswer>('/api/admin/cart-reminders/summary', { auth: true }),
  });
  const s = summary.data;
  if (!s || s.remindersSent === 0) return null;
  return (
    <section aria-labelledby="cart-reminders-heading" className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="cart-reminders-heading" className="text-sm font-semibold text-stone-900">
          Abandoned carts, last {s.days} days
        </h3>
        {showSettingsLink ? (
          <Link to="/admin/settings#cart-reminders" className="text-xs font-medium text-brand hover:underline">
            Reminder settings
          </Link>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-stone-500">Carts reminded</dt>
          <dd className="mt-1 text-2xl font-semibold text-stone-900" data-testid="carts-reminded">
            {s.cartsReminded}
          </dd>
          <dd className="text-stone-500">{s.remindersSent} reminder(s) sent</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-stone-500">Orders recovered</dt>
          <dd className="mt-1 text-2xl font-semibold text-stone-900" data-testid="orders-recovered">
            {s.ordersRecovered}
          </dd>
          {s.recoveredValue !== undefined ? <dd className="text-stone-500">worth {formatINR(s.recoveredValue)}</dd> : null}
        </div>
      </dl>
    </section>
  );
}
