/**
 * Checkout (/checkout): delivery address (saved or new), payment method, the server-priced order
 * summary and the Razorpay payment, or Cash on Delivery (offered with
 * its fee and limit from the shop settings; above the limit it is shown unavailable, and the server
 * decides in the end). Items arrive in router state from the cart or 'Buy Now'; without state the
 * server cart is used. A placed order, either way, opens its order-placed page (/orders/{id}/confirmed).
 * The payment flow is features/checkout/use-place-order.ts; COD's rule is core/cod-eligibility.ts.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import type { CouponResult, PricingSummary, PricedLineItem, User } from '../../core/api-types';
import { formatINR, toPaise, toRupees } from '../../core/money';
import { DEFAULT_RETURNS_POLICY, returnsPromise } from '../../core/returns';
import type { LineItemInput } from '../../core/schemas/checkout';
import { Container } from '../components/layout/page';
import { Alert } from '../components/ui/alert';
import { Badge } from '../components/ui/badge';
import { Button, ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { PageLoader } from '../components/ui/spinner';
import { useRequireAuth } from '../features/auth/use-require-auth';
import { useCartQuery } from '../features/cart/api';
import { SummaryRows } from '../features/cart/order-summary';
import { AddressFields } from '../features/checkout/address-form';
import { useMeQuery } from '../features/account/api';
import { pricingPreviewKey, usePricingPreview } from '../features/checkout/api';
import { codSplit, useCodOption, usePlaceOrder } from '../features/checkout/use-place-order';
import {
  StoreCreditChoice,
  storeCreditPayLabel,
  useStoreCreditOption,
  type StoreCreditOption,
} from '../features/checkout/store-credit-option';
import { useAppliedCoupon } from '../features/coupons/api';
import { CouponField } from '../features/coupons/coupon-field';
import { pageMeta } from '../lib/meta';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/checkout';
import { variantCaption, variantLabel } from '../../core/colours';
import { WhatsAppConsentFields } from '../features/checkout/whatsapp-consent';
import { MethodPriceNote, usePrepaidDiscount, type PrepaidDiscount } from '../features/checkout/prepaid-discount-option';

/** Where the browser loads Razorpay Checkout from. */
export function loader({ context }: Route.LoaderArgs) {
  return { razorpayCheckoutUrl: context.razorpayCheckoutUrl };
}

/** Title of the checkout page. */
export function meta() {
  return pageMeta('Checkout', 'Complete your purchase securely.');
}

interface CheckoutState {
  fromBuyNow: boolean;
  items: LineItemInput[];
}

function readCheckoutState(state: unknown): CheckoutState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as { fromBuyNow?: unknown; items?: unknown };
  if (!Array.isArray(s.items)) return null;
  const items: LineItemInput[] = [];
  for (const raw of s.items as unknown[]) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as { productId?: unknown; variantId?: unknown; quantity?: unknown };
    if (typeof r.productId !== 'string' || typeof r.quantity !== 'number') continue;
    items.push({
      productId: r.productId,
      variantId: typeof r.variantId === 'string' ? r.variantId : null,
      quantity: r.quantity,
    });
  }
  return { fromBuyNow: s.fromBuyNow === true, items };
}

// The phone pay bar loads after the page: it is not needed for the first paint, and it keeps the
// checkout's first load within the storefront JavaScript budget.
const StickyPayBar = lazy(() => import('../features/checkout/sticky-pay-bar').then((m) => ({ default: m.StickyPayBar })));

function SectionCard({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`step-${step}`} className="rounded-xl border border-stone-200 bg-white p-5 sm:p-7">
      <h2 id={`step-${step}`} className="flex items-center gap-3 font-display text-xl font-semibold text-stone-900">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-stone-900 font-sans text-sm text-white">{step}</span>
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function ChoiceCard({
  checked,
  onSelect,
  name,
  value,
  disabled = false,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  name: string;
  value: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
        disabled
          ? 'cursor-not-allowed border-stone-200 bg-stone-50 opacity-70'
          : checked
            ? 'cursor-pointer border-stone-900 bg-stone-50 ring-1 ring-stone-900'
            : 'cursor-pointer border-stone-300 hover:border-stone-500'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="mt-1 h-4 w-4 accent-[#e11d48]"
      />
      <div className="min-w-0 flex-1">{children}</div>
    </label>
  );
}

function SummaryItems({ items }: { items: PricedLineItem[] }) {
  return (
    <ul className="mb-6 divide-y divide-stone-200 border-b border-stone-200">
      {items.map((item) => (
        <li key={`${item.productId}:${item.variantId ?? ''}`} className="flex gap-3 py-3">
          <div className="relative w-14 shrink-0">
            {item.image ? (
              <img src={item.image} alt="" width={56} height={70} className="aspect-[4/5] w-14 rounded-md bg-stone-100 object-cover" />
            ) : (
              <div className="aspect-[4/5] w-14 rounded-md bg-stone-100" />
            )}
            <span className="absolute -right-2 -top-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-stone-700 px-1 text-[11px] font-semibold text-white">
              {item.quantity}
            </span>
          </div>
          <div className="min-w-0 flex-1 text-sm">
            <p className="line-clamp-2 font-medium text-stone-900">{item.title}</p>
            {item.size ? <p className="text-stone-500">{variantCaption(variantLabel({ colour: item.colour, size: item.size }))}</p> : null}
          </div>
          <p className="text-sm font-medium text-stone-900">{formatINR(item.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}

interface ReadyProps {
  user: User;
  fromBuyNow: boolean;
  items: LineItemInput[];
  pricedItems: PricedLineItem[] | null;
  summary: PricingSummary | null;
  razorpayCheckoutUrl: string;
  /** The applied coupon code and what the server said about it. */
  coupon: string | null;
  couponResult: CouponResult | undefined;
  onCouponChange: (code: string | null) => void;
}

/** Step 1: the saved address or a new one (with "save to my profile"); submitting the form pays. */
function AddressSection({ user, checkout }: { user: User; checkout: PlaceOrderState }) {
  const { saved, addressChoice, setAddressChoice, form, saveAddress, setSaveAddress, onPay } = checkout;
  return (
    <SectionCard step={1} title="Delivery address">
      <div className="space-y-3" role="radiogroup" aria-label="Delivery address">
        {saved && user.address ? (
          <ChoiceCard name="address" value="saved" checked={addressChoice === 'saved'} onSelect={() => setAddressChoice('saved')}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-stone-900">{user.name}</span>
              <Badge tone="brand">Saved</Badge>
            </div>
            <address className="mt-1 text-sm not-italic leading-relaxed text-stone-600">
              {user.address.line1}
              {user.address.line2 ? `, ${user.address.line2}` : ''}
              <br />
              {user.address.city}, {user.address.state} {user.address.pincode}
              <br />
              {user.phone} · <span className="wrap-anywhere">{user.email}</span>
            </address>
          </ChoiceCard>
        ) : null}
        {saved ? (
          <ChoiceCard name="address" value="new" checked={addressChoice === 'new'} onSelect={() => setAddressChoice('new')}>
            <span className="font-semibold text-stone-900">Use a new address</span>
          </ChoiceCard>
        ) : null}
      </div>
      {addressChoice === 'new' ? (
        <form
          className={saved ? 'mt-6 border-t border-stone-200 pt-6' : ''}
          noValidate
          aria-label="New delivery address"
          onSubmit={(e) => {
            e.preventDefault();
            void onPay();
          }}
        >
          <AddressFields form={form} />
          <label className="mt-6 flex cursor-pointer items-start gap-3 text-sm text-stone-700">
            <input
              type="checkbox"
              checked={saveAddress}
              onChange={(e) => setSaveAddress(e.target.checked)}
              className="mt-0.5 h-4 w-4 rounded accent-[#e11d48]"
            />
            <span>
              Save this address to my profile
              {user.address ? <span className="block text-xs text-stone-500">It replaces the address saved now.</span> : null}
            </span>
          </label>
        </form>
      ) : null}
    </SectionCard>
  );
}

/**
 * Step 2: pay online (with the prepaid discount it saves), or Cash on Delivery with its fee and limit
 * (or why it is unavailable) and, when the shop asks for one, the advance paid online first.
 */
function PaymentSection({ codOption, creditSpend, prepaid }: { codOption: CodOption; creditSpend: number; prepaid: PrepaidDiscount }) {
  const { cod, fee, unavailable, paying, setMethod } = codOption;
  const split = codSplit(codOption, creditSpend);
  return (
    <SectionCard step={2} title="Payment method">
      <div className="space-y-3" role="radiogroup" aria-label="Payment method">
        <ChoiceCard name="payment" value="online" checked={!paying} onSelect={() => setMethod('online')}>
          <span className="font-semibold text-stone-900">Pay online (UPI, Cards, Net Banking, Wallets)</span>
          <span className="mt-1 block text-sm text-stone-600">Secured by Razorpay. You will confirm the payment in a secure window.</span>
          <MethodPriceNote kind="saving" amount={prepaid.discount} />
        </ChoiceCard>
        {cod ? (
          <ChoiceCard name="payment" value="cod" checked={paying} disabled={unavailable !== null} onSelect={() => setMethod('cod')}>
            <span className="font-semibold text-stone-900">Cash on Delivery</span>
            <span className="mt-1 block text-sm text-stone-600">
              {unavailable ??
                `Pay in cash or by UPI when your order arrives. ${fee > 0 ? `${formatINR(fee)} fee` : 'No extra fee'}; for orders up to ${formatINR(cod.maxOrderTotal)}.`}
            </span>
            {unavailable ? null : <MethodPriceNote kind="fee" amount={fee} />}
            {split && !unavailable ? (
              <span className="mt-1 block text-sm font-medium text-stone-900" data-testid="cod-advance">
                Pay {formatINR(split.advance)} now, {formatINR(split.cash)} on delivery
              </span>
            ) : null}
          </ChoiceCard>
        ) : null}
      </div>
    </SectionCard>
  );
}

/** The order summary beside the form: lines, coupon, totals, the pay button and the terms. */
function SummaryAside({
  props,
  codOption,
  prepaid,
  credit,
  pay,
  payButtonRef,
}: {
  props: ReadyProps;
  codOption: CodOption;
  prepaid: PrepaidDiscount;
  credit: StoreCreditOption;
  pay: PlaceOrderState;
  payButtonRef: RefObject<HTMLDivElement | null>;
}) {
  const { items, pricedItems, summary, coupon, couponResult, onCouponChange } = props;
  const queryClient = useQueryClient();
  // The returns promise under the pay button follows the shop's settings (root loader).
  const returnsPolicy = useRouteLoaderData<typeof rootLoader>('root')?.returns ?? DEFAULT_RETURNS_POLICY;
  const { processing, payError, onPay } = pay;
  return (
    <aside aria-labelledby="checkout-summary" className="h-fit rounded-xl border border-stone-200 bg-stone-50 p-6 lg:sticky lg:top-24">
      <h2 id="checkout-summary" className="mb-5 font-display text-xl font-semibold text-stone-900">
        Order Summary
      </h2>
      {pricedItems ? <SummaryItems items={pricedItems} /> : null}
      <CouponField
        items={items}
        applied={coupon}
        result={couponResult}
        onApplied={(code, pricing) => {
          queryClient.setQueryData(pricingPreviewKey(items, code), pricing);
          onCouponChange(code);
        }}
        onRemove={() => onCouponChange(null)}
      />
      {summary ? (
        <SummaryRows
          summary={summary}
          codFee={codOption.paying && !credit.coversAll ? codOption.fee : 0}
          prepaidDiscount={!codOption.paying || credit.coversAll ? prepaid.discount : 0}
          storeCredit={credit.use ? credit.spend : 0}
        />
      ) : null}
      <div ref={payButtonRef} className="mt-6 space-y-3">
        {payError ? <Alert>{payError}</Alert> : null}
        <Button size="lg" className="w-full" onClick={() => void onPay()} disabled={processing} aria-busy={processing || undefined}>
          {processing
            ? 'Processing...'
            : (advanceLabel(codOption, credit) ??
              storeCreditPayLabel(credit, codOption.paying) ??
              (codOption.paying
                ? `Place order · ${formatINR(codOption.total ?? 0)}`
                : prepaid.onlineTotal !== null
                  ? `Pay ${formatINR(prepaid.onlineTotal)}`
                  : 'Pay'))}
        </Button>
        <p className="text-center text-xs text-stone-500">
          By placing this order you agree to our{' '}
          <Link to="/terms" className="underline underline-offset-2 hover:text-brand">
            terms
          </Link>
          . {returnsPromise(returnsPolicy)}
        </p>
      </div>
    </aside>
  );
}

/** The Cash on Delivery option of the payment step. */
type CodOption = ReturnType<typeof useCodOption>;

/**
 * What both pay buttons say for a COD order that pays an advance online first, "Pay ₹200 now"
 * (of what is due after store credit; docs/architecture.md#part-paid-cod); null for any other.
 */
function advanceLabel(codOption: CodOption, credit: StoreCreditOption): string | null {
  const split = codOption.paying && !credit.coversAll ? codSplit(codOption, credit.use ? credit.spend : 0) : null;
  return split ? `Pay ${formatINR(split.advance)} now` : null;
}
/** The address step's state and the payment flow (features/checkout/use-place-order.ts). */
type PlaceOrderState = ReturnType<typeof usePlaceOrder>;

/** The checkout once the shopper and the lines are known: address, payment method and summary. */
function CheckoutForm(props: ReadyProps) {
  const { user, summary } = props;
  const payButtonRef = useRef<HTMLDivElement>(null);
  const codOption = useCodOption(summary);
  // Paid online or wholly with store credit, the order costs its goods less the prepaid discount.
  const prepaid = usePrepaidDiscount(summary);
  const credit = useStoreCreditOption(
    prepaid.onlineTotal,
    codOption.paying ? codOption.total : prepaid.onlineTotal,
    codOption.paying ? 'cod' : 'razorpay',
  );
  const pay = usePlaceOrder({ ...props, payingCod: codOption.paying, storeCredit: credit });
  const { paying, total } = codOption;
  // "You save" counts the prepaid discount while it applies (paying online, or all with store credit).
  const prepaidApplies = !paying || credit.coversAll;
  const saving = summary ? toRupees(toPaise(summary.savings) + (prepaidApplies ? toPaise(prepaid.discount) : 0)) : 0;

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_400px] lg:gap-12">
      <div className="space-y-6">
        <AddressSection user={user} checkout={pay} />
        <PaymentSection codOption={codOption} creditSpend={credit.use ? credit.spend : 0} prepaid={prepaid} />
        <WhatsAppConsentFields consent={pay.whatsapp} />
        <StoreCreditChoice option={credit} />
      </div>
      <SummaryAside props={props} codOption={codOption} prepaid={prepaid} credit={credit} pay={pay} payButtonRef={payButtonRef} />
      {summary ? (
        <Suspense fallback={null}>
          <StickyPayBar
            payButton={payButtonRef}
            total={formatINR(
              credit.use ? credit.rest : paying ? (total ?? summary.grandTotal) : (prepaid.onlineTotal ?? summary.grandTotal),
            )}
            detail={saving > 0 ? `You save ${formatINR(saving)}` : paying ? 'Cash on Delivery' : 'Inclusive of all taxes'}
          >
            <Button onClick={() => void pay.onPay()} disabled={pay.processing} aria-busy={pay.processing || undefined}>
              {pay.processing
                ? 'Processing...'
                : credit.coversAll
                  ? 'Pay with store credit'
                  : (advanceLabel(codOption, credit) ?? (paying ? 'Place order' : 'Pay now'))}
            </Button>
          </StickyPayBar>
        </Suspense>
      ) : null}
    </div>
  );
}

/** The checkout page. */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const status = useRequireAuth();
  const location = useLocation();
  const routed = useMemo(() => readCheckoutState(location.state), [location.state]);
  const cartMode = !routed?.fromBuyNow;
  const me = useMeQuery();
  const cart = useCartQuery();
  const items =
    routed && routed.items.length > 0
      ? routed.items
      : cart.data
        ? cart.data.items.map((i) => ({
            productId: i.productId,
            variantId: i.variantId,
            quantity: i.quantity,
          }))
        : null;
  const [coupon, setCoupon] = useAppliedCoupon();
  const preview = usePricingPreview(items, coupon);

  const waitingForCart = !routed && cart.isPending;
  const loading = status !== 'signed-in' || me.isPending || waitingForCart || (items !== null && items.length > 0 && preview.isPending);

  const header = (
    <div className="mb-8">
      <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">Checkout</h1>
      <p className="mt-2 text-stone-600">{cartMode ? 'Review your order and complete payment' : 'Complete your purchase'}</p>
    </div>
  );

  let body: ReactNode;
  if (loading) {
    body = <PageLoader text="Loading checkout..." />;
  } else if (!items || items.length === 0) {
    body = (
      <EmptyState
        title="No items to checkout"
        description="Your cart is empty. Add something you love and come back."
        action={<ButtonLink to="/products">Continue Shopping</ButtonLink>}
      />
    );
  } else if (!me.data) {
    body = <EmptyState icon="alert" title="Failed to load profile" description="Please refresh the page to try again." />;
  } else {
    const fallback = cartMode && cart.data ? cart.data : null;
    body = (
      <CheckoutForm
        user={me.data}
        fromBuyNow={!cartMode}
        items={items}
        pricedItems={preview.data?.items ?? fallback?.items ?? null}
        summary={preview.data?.summary ?? fallback?.summary ?? null}
        razorpayCheckoutUrl={loaderData.razorpayCheckoutUrl}
        coupon={coupon}
        couponResult={preview.data?.coupon}
        onCouponChange={setCoupon}
      />
    );
  }

  return (
    <div className="bg-stone-50/60">
      <Container className="py-10 sm:py-14">
        {header}
        {body}
      </Container>
    </div>
  );
}
