/**
 * Cart (/cart): line items with quantity and remove, the order summary with the automatic discount,
 * 'Proceed to Checkout' (validated first), 'Continue Shopping' and 'Clear Cart'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PricedLineItem } from '../../core/api-types';
import { productPath } from '../../core/addresses';
import { CART_QTY_MAX, CART_QTY_MIN } from '../../core/constants';
import { formatINR } from '../../core/money';
import { unitsToMultiItemDiscount } from '../../core/pricing';
import { Container, PageHeading } from '../components/layout/page';
import { Button, ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { QuantityStepper } from '../components/ui/quantity-stepper';
import { PageLoader } from '../components/ui/spinner';
import { useRequireAuth } from '../features/auth/use-require-auth';
import { cartQueryKey, useCartQuery, useClearCart, useRemoveCartItem, useUpdateCartItem, validateCart } from '../features/cart/api';
import { SummaryRows } from '../features/cart/order-summary';
import { pricingPreviewKey, usePricingPreview } from '../features/checkout/api';
import { useAppliedCoupon } from '../features/coupons/api';
import { CouponField } from '../features/coupons/coupon-field';
import { CouponOffers } from '../features/coupons/offers';
import { errorMessage } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { toast } from '../lib/toast';
import { variantCaption, variantLabel } from '../../core/colours';

/** Title of the cart page. */
export function meta() {
  return pageMeta('Your Cart', 'Review the items in your cart.');
}

function CartLine({ item }: { item: PricedLineItem }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const busy = update.isPending || remove.isPending;
  const max = Math.min(CART_QTY_MAX, Math.max(item.stockQty, item.quantity, CART_QTY_MIN));
  // Straight to the product's page, opened on the line's colour.
  const href = productPath(item, item.colour);
  return (
    <li className="flex gap-4 py-6 sm:gap-6">
      {/* The title links to the product too: this image link is one more click target, not a second link to read. */}
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="block w-24 shrink-0 self-start overflow-hidden rounded-md bg-stone-100 sm:w-28"
      >
        {item.image ? (
          <img src={item.image} alt="" width={112} height={140} loading="lazy" className="aspect-[4/5] h-auto w-full object-cover" />
        ) : (
          <div className="aspect-[4/5]" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 className="font-medium text-stone-900">
              <Link to={href} className="hover:text-brand">
                {item.title}
              </Link>
            </h3>
            {item.size ? (
              <p className="mt-1 text-sm text-stone-600">{variantCaption(variantLabel({ colour: item.colour, size: item.size }))}</p>
            ) : null}
            <p className="mt-1 text-sm text-stone-600">
              {formatINR(item.unitPrice)} each
              {item.compareAtPrice && item.compareAtPrice > item.unitPrice ? (
                <s className="ml-2 text-stone-500">{formatINR(item.compareAtPrice)}</s>
              ) : null}
            </p>
          </div>
          <p className="font-semibold text-stone-900">{formatINR(item.lineTotal)}</p>
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <QuantityStepper
            size="sm"
            value={item.quantity}
            min={CART_QTY_MIN}
            max={max}
            disabled={busy}
            label={`Quantity of ${item.title}`}
            onChange={(quantity) =>
              update.mutate(
                { productId: item.productId, variantId: item.variantId, quantity },
                { onError: (e) => toast.error(errorMessage(e, 'Failed to update item')) },
              )
            }
          />
          <button
            type="button"
            className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
            disabled={busy}
            aria-label={`Remove ${item.title}${item.size ? ` (${item.colour ? `${item.colour} / ${item.size}` : `size ${item.size}`})` : ''}`}
            onClick={() =>
              remove.mutate(
                { productId: item.productId, variantId: item.variantId },
                {
                  onSuccess: () => toast.success('Item removed'),
                  onError: (e) => toast.error(errorMessage(e, 'Failed to remove item')),
                },
              )
            }
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path
                d="M4 6h12M8 6V4h4v2m-6 0 .7 10h6.6L14 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

/** The cart page. */
export default function CartPage() {
  const status = useRequireAuth({ resumeTo: '/cart' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCartQuery();
  const clear = useClearCart();
  const [checkingOut, setCheckingOut] = useState(false);
  const toasted = useRef(false);
  const [coupon, setCoupon] = useAppliedCoupon();
  const lines = useMemo(
    () => (cart.data?.items ?? []).map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity })),
    [cart.data],
  );
  // With a coupon the summary is the server's preview of these lines with it.
  const withCoupon = usePricingPreview(coupon && lines.length > 0 ? lines : null, coupon);

  useEffect(() => {
    if (cart.isError && !toasted.current) {
      toasted.current = true;
      toast.error(errorMessage(cart.error, 'Failed to fetch cart'));
    }
  }, [cart.isError, cart.error]);

  if (status !== 'signed-in' || cart.isPending) {
    return <PageLoader text="Loading your cart..." />;
  }

  const items = cart.data?.items ?? [];
  const summary = (coupon ? withCoupon.data?.summary : undefined) ?? cart.data?.summary;

  if (items.length === 0 || !summary) {
    return (
      <Container>
        <EmptyState
          title="Your cart is empty"
          description="Looks like you haven't added anything yet. Explore our latest styles."
          action={<ButtonLink to="/products">Continue Shopping</ButtonLink>}
        />
      </Container>
    );
  }

  const needed = unitsToMultiItemDiscount(summary.itemCount);

  const onCheckout = async () => {
    setCheckingOut(true);
    try {
      await validateCart();
      await navigate('/checkout', {
        state: {
          fromBuyNow: false,
          items: lines,
        },
      });
    } catch (error) {
      // The 409 names what changed (stock, price, availability); show the cart as it is now.
      toast.error(errorMessage(error, 'Cart validation failed'));
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      setCheckingOut(false);
    }
  };

  return (
    <Container className="py-10 sm:py-14">
      <PageHeading
        title="Shopping Cart"
        aside={
          <span>
            {summary.itemCount} {summary.itemCount === 1 ? 'item' : 'items'}
          </span>
        }
      />
      <div className="mt-2 grid gap-10 lg:grid-cols-[1fr_380px] lg:gap-14">
        <section aria-labelledby="cart-items-heading">
          {/* The lines' titles are h3 under this h2, as the summary's h2 beside it. */}
          <h2 id="cart-items-heading" className="sr-only">
            Items in your cart
          </h2>
          <ul className="divide-y divide-stone-200 border-b border-stone-200">
            {items.map((item) => (
              <CartLine key={`${item.productId}:${item.variantId ?? ''}`} item={item} />
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <ButtonLink to="/products" variant="ghost">
              ← Continue Shopping
            </ButtonLink>
            <Button
              variant="danger"
              loading={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: () => toast.success('Cart cleared'),
                  onError: (e) => toast.error(errorMessage(e, 'Failed to clear cart')),
                })
              }
            >
              Clear Cart
            </Button>
          </div>
        </section>
        <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-stone-200 bg-stone-50 p-6 lg:sticky lg:top-24">
          <h2 id="summary-heading" className="mb-5 font-display text-xl font-semibold text-stone-900">
            Order Summary
          </h2>
          {needed > 0 ? (
            <p className="mb-5 rounded-md bg-rose-50 px-3 py-2.5 text-sm font-medium text-rose-800">
              Add {needed} more item(s) to unlock 20% off.
            </p>
          ) : null}
          <CouponField
            items={lines}
            applied={coupon}
            result={withCoupon.data?.coupon}
            onApplied={(code, pricing) => {
              queryClient.setQueryData(pricingPreviewKey(lines, code), pricing);
              setCoupon(code);
            }}
            onRemove={() => setCoupon(null)}
            offers={(apply, busy) => <CouponOffers subTotal={summary.subTotal} onUse={apply} busy={busy} />}
          />
          <SummaryRows summary={summary}>
            <Button size="lg" className="mt-6 w-full" loading={checkingOut} onClick={() => void onCheckout()}>
              Proceed to Checkout
            </Button>
            <p className="mt-3 text-center text-xs text-stone-500">Secure payment · UPI, cards, net banking, wallets</p>
          </SummaryRows>
        </aside>
      </div>
    </Container>
  );
}
