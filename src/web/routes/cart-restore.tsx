/**
 * /cart/restore/{reminderId}/{token}: the link of an abandoned-cart reminder (mail or WhatsApp;
 * docs/architecture.md#abandoned-carts). A signed-out visitor signs in first and comes back here;
 * then the reminded lines go back into the cart (POST /api/cart/restore; never doubled), the second
 * reminder's coupon is put in the checkout's coupon box, and checkout opens. When some lines could
 * not be restored (sold out, no longer on sale, fewer left) the page says which before going on.
 * Another account's link or a wrong one is refused with a clear message.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { BRAND } from '../../core/constants';
import type { CartRestoreResult } from '../../core/schemas/cart-reminders';
import { AuthCard } from '../components/layout/auth-card';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { PageLoader } from '../components/ui/spinner';
import { useRequireAuth } from '../features/auth/use-require-auth';
import { cartQueryKey } from '../features/cart/api';
import { COUPON_STORAGE_KEY } from '../features/coupons/api';
import { apiFetch, ApiRequestError, errorMessage } from '../lib/api';
import { clearToken } from '../lib/auth';
import { pageMeta } from '../lib/meta';

/** Title; a signed link's page stays out of search engines. */
export function meta() {
  return [
    ...pageMeta('Your saved cart', `Pick up your ${BRAND.name} cart where you left it.`),
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

/** Puts the reminder's coupon in the box checkout reads (features/coupons/api.ts). */
function keepCoupon(code: string | null) {
  if (!code) return;
  try {
    window.sessionStorage.setItem(COUPON_STORAGE_KEY, code);
  } catch {
    // Private mode without storage: the mail still shows the code.
  }
}

/** The link's page. */
export default function CartRestore() {
  const { id = '', token = '' } = useParams();
  const location = useLocation();
  const status = useRequireAuth({ resumeTo: location.pathname });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<CartRestoreResult | null>(null);
  const [error, setError] = useState<{ message: string; otherAccount: boolean } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (status !== 'signed-in' || started.current) return;
    started.current = true;
    apiFetch<CartRestoreResult>('/api/cart/restore', {
      method: 'POST',
      auth: true,
      body: { reminderId: id, token },
      fallbackMessage: 'Could not restore your cart. Please try again.',
    })
      .then(async (done) => {
        keepCoupon(done.couponCode);
        await queryClient.invalidateQueries({ queryKey: cartQueryKey });
        if (done.problems.length === 0 && done.restored > 0) await navigate('/checkout', { replace: true });
        else setResult(done);
      })
      .catch((err: unknown) =>
        setError({
          message: errorMessage(err, 'This link is not valid. Open your cart instead.'),
          otherAccount: err instanceof ApiRequestError && err.status === 403 && /another account/.test(err.message),
        }),
      );
  }, [status, id, token, navigate, queryClient]);

  if (error) {
    return (
      <AuthCard title="Your saved cart">
        <Alert>{error.message}</Alert>
        <div className="mt-4 flex flex-wrap gap-3">
          {error.otherAccount ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                started.current = false;
                setError(null);
                clearToken();
              }}
            >
              Sign in with another account
            </Button>
          ) : null}
          <Link to="/cart" className="inline-flex items-center text-sm font-semibold text-brand hover:underline">
            Open your cart
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!result) return <PageLoader text="Restoring your cart..." />;
  return (
    <AuthCard
      title="Your saved cart"
      subtitle={
        result.restored > 0 ? 'We put your items back in your cart, with these changes:' : 'None of the items could go back in your cart:'
      }
    >
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-stone-700">
        {result.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      {result.couponCode ? (
        <p className="mb-4 text-sm text-stone-700">
          Your code <strong className="font-mono">{result.couponCode}</strong> is ready at checkout.
        </p>
      ) : null}
      {result.restored > 0 ? (
        <Button type="button" className="w-full" onClick={() => void navigate('/checkout', { replace: true })}>
          Continue to checkout
        </Button>
      ) : (
        <Link to="/products" className="text-sm font-semibold text-brand hover:underline">
          Browse the shop
        </Link>
      )}
    </AuthCard>
  );
}
