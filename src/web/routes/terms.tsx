/**
 * Terms and conditions (/terms): the rules of buying at the shop. Payment (Cash on Delivery
 * and its fee and limit), delivery times, cancellations, returns and exchanges, and refunds follow the
 * shop's settings (root loader), so the terms never promise more or less than checkout, the order
 * page and the refund policy do.
 */
import { Link, useRouteLoaderData } from 'react-router';
import { BRAND } from '../../core/constants';
import { formatINR } from '../../core/money';
import { DAMAGE_CLAIM_HOURS, DEFAULT_RETURNS_POLICY, daysText, returnsPromise, type ReturnsPolicy } from '../../core/returns';
import type { PublicShopSettings } from '../../core/schemas/settings';
import { PolicyPage, type PolicySection } from '../components/layout/policy-page';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/terms';
import { SupportEmailLink } from '../lib/support-contact';

/** Title, description and canonical URL. */
export function meta({ matches }: Route.MetaArgs) {
  const policy = (matches[0] as { data?: { returns?: ReturnsPolicy } } | undefined)?.data?.returns ?? DEFAULT_RETURNS_POLICY;
  return seoMeta({
    origin: originFromMatches(matches),
    path: '/terms',
    title: 'Terms & Conditions',
    description: `The terms of buying at ${BRAND.name}: accounts, prices in rupees, payment, delivery, cancellations and ${
      policy.windowDays > 0 ? `returns within ${daysText(policy.windowDays)} of delivery` : 'our all-sales-final policy'
    }.`,
    type: 'article',
  });
}

/** Sections that do not depend on the settings: before the shop's own promises. */
const OPENING: PolicySection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <p>
        These terms apply to every visit to the {BRAND.name} online shop and to every order placed on it. By creating an account or placing
        an order you accept them, together with our <Link to="/shipping-policy">Shipping Policy</Link>,{' '}
        <Link to="/refund-policy">Cancellations and Refund</Link> policy and <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <p>
        You can browse without an account; to buy, you sign up with your name, e-mail address, Indian mobile number and a password, and
        confirm your e-mail with a one-time code. Keep your password to yourself: you are responsible for orders placed from your account.
        We deliver within India only.
      </p>
    ),
  },
  {
    id: 'prices',
    title: 'Products and prices',
    body: (
      <>
        <p>
          Prices are in Indian rupees (₹) and <strong>include GST</strong>; shipping is free. Colours on screen can differ slightly from the
          fabric, and handmade and hand-printed pieces vary a little from one to the next.
        </p>
        <p>
          Discounts apply automatically and are never combined: <strong>20% off</strong> when your cart holds 3 or more items, otherwise{' '}
          <strong>5% off your first order</strong>. If a price is shown wrongly by mistake, we will tell you before shipping and you may
          choose not to go ahead.
        </p>
      </>
    ),
  },
];

/** Sections that do not depend on the settings: after the shop's own promises. */
const CLOSING: PolicySection[] = [
  {
    id: 'use',
    title: 'Using the site',
    body: (
      <p>
        The photographs, text and designs on this site belong to {BRAND.name}; please do not copy them for commercial use. Do not misuse the
        site, for example by trying to break into accounts or by sending automated traffic.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <p>
        We take care to describe products accurately and to deliver them on time. Our responsibility for any order is limited to the amount
        you paid for it, except where Indian law does not allow such a limit. These terms are governed by the laws of India.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Write to <SupportEmailLink /> or use our <Link to="/contact">contact form</Link>. We answer Monday to Saturday, 10:00-18:00 IST.
      </p>
    ),
  },
];

/** Orders and payment: online through Razorpay, and Cash on Delivery as the settings offer it. */
function paymentSection(cod: PublicShopSettings['cod'] | null): PolicySection {
  return {
    id: 'payment',
    title: 'Orders and payment',
    body: (
      <>
        <p>
          You can pay online through our payment partner Razorpay (UPI, cards, net banking and wallets). An online order exists only once
          your payment has been verified; you then see it under <Link to="/orders">Your Orders</Link> and receive a confirmation e-mail.
          Stock is reserved at that moment; if the last piece sold out at the same instant, we cancel the order and return the full amount.
        </p>
        {cod?.enabled ? (
          <p>
            Or choose <strong>Cash on Delivery</strong> at checkout and pay in cash or by UPI when your parcel arrives: for orders up to{' '}
            {formatINR(cod.maxOrderTotal)}
            {cod.fee > 0 ? (
              <>
                , with a <strong>Cash on Delivery fee of {formatINR(cod.fee)}</strong> added to the order
              </>
            ) : (
              ', at no extra fee'
            )}
            , where the delivery check on a product page says it is available. Such an order is placed at once, with nothing to pay until it
            arrives.
          </p>
        ) : cod ? (
          <p>Payment is online only: we do not offer Cash on Delivery at present.</p>
        ) : (
          <p>Where Cash on Delivery is offered, checkout shows it with its fee and limit.</p>
        )}
      </>
    ),
  };
}

/** "1 business day" or "2 business days". */
const businessDays = (n: number) => `${n} business day${n === 1 ? '' : 's'}`;

/** Delivery times from the settings (dispatch and transit days), and the delivery check for a date. */
function shippingSection(delivery: PublicShopSettings['delivery'] | null): PolicySection {
  return {
    id: 'shipping',
    title: 'Shipping',
    body: (
      <p>
        {delivery ? (
          <>
            We hand your order to the courier within {businessDays(delivery.dispatchDays)}; it then usually takes{' '}
            {daysText(delivery.transitDaysWithinState)} within our state, {daysText(delivery.transitDaysMetros)} to metro cities and{' '}
            {daysText(delivery.transitDaysRest)} to the rest of India.{' '}
          </>
        ) : null}
        Type your pincode under <strong>Check delivery</strong> on a product page for the date to expect. Tracking and delivery attempts are
        described in our <Link to="/shipping-policy">Shipping Policy</Link>.
      </p>
    ),
  };
}

/** Cancellations: until the order ships. */
const CANCELLATIONS: PolicySection = {
  id: 'cancellations',
  title: 'Cancellations',
  body: (
    <p>
      You can cancel an order until it ships: open it on <Link to="/orders">Your Orders</Link> and choose <strong>Cancel order</strong>. A
      prepaid order is refunded in full to your original payment method; a Cash on Delivery order has nothing to refund. Once an order has
      shipped it can no longer be cancelled.
    </p>
  ),
};

/** Returns and exchanges as the settings offer them; with a 0-day window, the spec's final-sale policy. */
function returnsSection(policy: ReturnsPolicy): PolicySection {
  if (policy.windowDays <= 0) {
    return {
      id: 'returns',
      title: 'All sales are final',
      body: (
        <p>
          We offer <strong>no refunds, exchanges or credit</strong> for a change of mind or a size that does not fit. A damaged or wrong
          item must be reported within {DAMAGE_CLAIM_HOURS} hours of delivery with photos and the order number. See{' '}
          <Link to="/refund-policy">Cancellations and Refund</Link>.
        </p>
      ),
    };
  }
  return {
    id: 'returns',
    title: policy.sizeExchanges ? 'Returns and exchanges' : 'Returns',
    body: (
      <p>
        You can return an item <strong>within {daysText(policy.windowDays)} of delivery</strong> for a refund
        {policy.sizeExchanges ? (
          <>
            , or <strong>exchange it for another size</strong> of the same product at the same price while that size is in stock
          </>
        ) : null}
        , from the order&apos;s page on <Link to="/orders">Your Orders</Link>. Items must be unworn and unwashed, with their tags. Damaged
        or wrong items are replaced or refunded at no cost to you. See <Link to="/refund-policy">Cancellations and Refund</Link>.
      </p>
    ),
  };
}

/** Refunds: what they cover and how they reach the shopper (as the refund policy says). */
const REFUNDS: PolicySection = {
  id: 'refunds',
  title: 'Refunds',
  body: (
    <p>
      A refund covers the price you paid for the items, discounts included; shipping and payment fees are non-refundable. Online payments
      are refunded through Razorpay to the card, UPI account, bank account or wallet you paid with, and your bank usually shows them within
      5-7 business days. A Cash on Delivery order is refunded by bank transfer or UPI.
    </p>
  ),
};

/** The terms page, with the shop's payment, delivery and returns rules from its settings. */
export default function Terms() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const policy = root?.returns ?? DEFAULT_RETURNS_POLICY;
  const cod = root?.cod ?? null;
  const sections = [
    ...OPENING,
    paymentSection(cod),
    shippingSection(root?.delivery ?? null),
    CANCELLATIONS,
    returnsSection(policy),
    REFUNDS,
    ...CLOSING,
  ];
  return (
    <PolicyPage
      title="Terms & Conditions"
      summary={
        <p>
          The short version: prices include GST, shipping is free, you pay online{cod?.enabled ? ' or cash on delivery' : ''} and can cancel
          until your order ships. {returnsPromise(policy)}
        </p>
      }
      sections={sections}
    />
  );
}
