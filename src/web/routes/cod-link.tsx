/**
 * /cod/{id}/{confirm|cancel}?token=… (the Confirm and Cancel links of a Cash on Delivery order's mail,
 * inside the site layout; docs/architecture.md#cod-confirmation): shows the order (reference, items,
 * total, deadline in India time) and one button; only that button's POST confirms or cancels, so a
 * mail scanner opening the link changes nothing. No sign-in: the token is the authorisation. A wrong
 * link, an order cancelled or already confirmed say so.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BRAND } from '../../core/constants';
import { DAY_LONG_MONTH_TIME, formatIndiaTime } from '../../core/india-time';
import { formatINR } from '../../core/money';
import type { CodLinkOrder, CodLinkResult } from '../../core/schemas/cod-confirmation';
import { AuthCard } from '../components/layout/auth-card';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { PageLoader } from '../components/ui/spinner';
import { apiFetch, errorMessage } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** Title; a signed link's page stays out of search engines. */
export function meta() {
  return [
    ...pageMeta('Your Cash on Delivery order', `Confirm or cancel your ${BRAND.name} order.`),
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

/** What the page says of the order as it is now, or null when the button is still to press. */
function outcome(order: CodLinkOrder): string | null {
  if (order.status === 'cancelled' || order.status === 'refunded') return 'This order is cancelled.';
  if (order.action === 'confirm' && order.codConfirmation === 'confirmed')
    return 'This order is confirmed. Please keep the cash ready when it arrives.';
  if (order.action === 'cancel' && !['placed', 'confirmed', 'processing', 'packed'].includes(order.status)) {
    return 'This order has shipped and can no longer be cancelled.';
  }
  return null;
}

/** The link's page. */
export default function CodLink() {
  const { id = '', action = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<CodLinkResult | null>(null);
  const path = `/api/cod-links/${encodeURIComponent(id)}/${encodeURIComponent(action)}`;
  const order = useQuery({
    queryKey: ['cod-link', id, action, token],
    queryFn: () => apiFetch<CodLinkOrder>(`${path}?token=${encodeURIComponent(token)}`, { fallbackMessage: 'This link is not valid' }),
    retry: false,
  });
  const act = useMutation({
    mutationFn: () => apiFetch<CodLinkResult>(path, { method: 'POST', body: { token }, fallbackMessage: 'Please try again' }),
    onSuccess: setDone,
  });
  const confirming = action === 'confirm';
  const title = confirming ? 'Confirm your order' : 'Cancel your order';

  if (order.isError) {
    return (
      <AuthCard title={title}>
        <Alert>{errorMessage(order.error, 'This link is not valid')}</Alert>
        <p className="mt-4 text-sm text-stone-600">
          <Link to="/orders" className="font-semibold text-brand hover:underline">
            Open your orders
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (!order.data) return <PageLoader text="Opening your order..." />;
  const shown = done?.order ?? order.data;
  const said = done?.message ?? outcome(shown);
  return (
    <AuthCard title={title} subtitle={`Order #${shown.reference} · ${formatINR(shown.total)} to pay in cash on delivery`}>
      <ul className="mb-4 space-y-1 text-sm text-stone-700">
        {shown.items.map((item, i) => (
          <li key={i}>
            {item.quantity} × {item.title}
            {item.variantName ? ` (${item.variantName})` : ''}
          </li>
        ))}
      </ul>
      {said ? (
        <Alert tone="success">{said}</Alert>
      ) : (
        <>
          {shown.until ? (
            <p className="mb-4 text-sm text-stone-600">Please answer by {formatIndiaTime(shown.until, DAY_LONG_MONTH_TIME)}.</p>
          ) : null}
          {act.isError ? (
            <div className="mb-4">
              <Alert>{errorMessage(act.error, 'Please try again')}</Alert>
            </div>
          ) : null}
          <Button
            size="lg"
            variant={confirming ? 'primary' : 'danger'}
            className="w-full"
            loading={act.isPending}
            onClick={() => act.mutate()}
          >
            {confirming ? 'Yes, confirm my order' : 'Yes, cancel my order'}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
