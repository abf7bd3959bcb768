/**
 * Shipping policy (/shipping-policy): processing, transit, delivery attempts and tracking.
 * Processing and delivery times follow the shop's delivery settings (dispatch and transit days, as
 * the delivery check on a product page does); the damaged-parcel and returns part follows the shop's
 * returns settings (docs/decisions/0016-returns-and-exchanges.md), as the refund policy does.
 */
import { Link, useRouteLoaderData } from 'react-router';
import { BRAND, DELIVERY_WINDOW_DAYS, ORDER_CUTOFF_HOUR_IST } from '../../core/constants';
import { DEFAULT_RETURNS_POLICY, type ReturnsPolicy } from '../../core/returns';
import type { PublicShopSettings } from '../../core/schemas/settings';
import { PolicyPage, type PolicySection } from '../components/layout/policy-page';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/shipping-policy';
import { SupportEmailLink } from '../lib/support-contact';

/** Title, description and canonical URL. */
export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    origin: originFromMatches(matches),
    path: '/shipping-policy',
    title: 'Shipping Policy',
    description: `Free shipping across India. When ${BRAND.name} orders ship and arrive, how tracking and delivery attempts work, and what to do about a damaged parcel.`,
    type: 'article',
  });
}

const SECTIONS: PolicySection[] = [
  {
    id: 'charges',
    title: 'Where we ship and what it costs',
    body: (
      <p>
        We deliver to every serviceable pincode in India, and shipping is <strong>free</strong> on every order. All prices on the site
        include GST, so the total you see at checkout is the total you pay.
      </p>
    ),
  },
  {
    id: 'attempts',
    title: 'Delivery attempts',
    body: (
      <p>
        Our couriers make <strong>2-3 delivery attempts</strong> and may call the phone number on your order before each one. Please make
        sure someone can receive the parcel. If every attempt fails, the parcel comes back to us and we will write to you about the next
        step.
      </p>
    ),
  },
  {
    id: 'tracking',
    title: 'Tracking your order',
    body: (
      <>
        <p>
          When your order ships we e-mail you its tracking details, and you can follow its status under{' '}
          <Link to="/orders">Your Orders</Link>. New tracking events may take <strong>up to 24 hours</strong> to appear.
        </p>
        <p>
          If your tracking shows <strong>no update for 48 hours</strong>, please contact support at <SupportEmailLink /> with your order
          number and we will chase the courier for you.
        </p>
      </>
    ),
  },
  {
    id: 'support',
    title: 'Support hours',
    body: (
      <p>
        Our team answers e-mails and contact messages <strong>Monday to Saturday, 10:00-18:00 IST</strong>.
      </p>
    ),
  },
];

/** "1 business day" or "2 business days". */
const businessDays = (n: number) => `${n} business day${n === 1 ? '' : 's'}`;
/** The delivery check's window for `transit` days: "3-5 days". */
const transitRange = (transit: number) => `${transit}-${transit + DELIVERY_WINDOW_DAYS} days`;
/** The fastest to the slowest transit, with the spread: "2-7 days". */
function transitSpan(d: PublicShopSettings['delivery']): string {
  const days = [d.transitDaysWithinState, d.transitDaysMetros, d.transitDaysRest];
  return `${Math.min(...days)}-${Math.max(...days) + DELIVERY_WINDOW_DAYS} days`;
}
/** The order cut-off as the page says it: 17 -> "5:00 PM". */
const cutoff = `${ORDER_CUTOFF_HOUR_IST > 12 ? ORDER_CUTOFF_HOUR_IST - 12 : ORDER_CUTOFF_HOUR_IST}:00 ${ORDER_CUTOFF_HOUR_IST >= 12 ? 'PM' : 'AM'}`;

/**
 * Processing and delivery times from the settings' delivery days, with the spread the delivery check
 * on a product page adds (docs/decisions/0008-pincodes-and-delivery-dates.md); without settings, the
 * delivery check alone.
 */
function timeSections(delivery: PublicShopSettings['delivery'] | null): PolicySection[] {
  const check = (
    <>
      Type your pincode under <strong>Check delivery</strong> on a product page for the date to expect.
    </>
  );
  return [
    {
      id: 'processing',
      title: 'Processing time',
      body: (
        <>
          <p>
            {delivery ? (
              <>
                We pack and hand your order to our courier within <strong>{businessDays(delivery.dispatchDays)}</strong> of placing it (once
                your payment is confirmed, for an online payment).{' '}
              </>
            ) : null}
            During sales and busy weeks processing can take longer.
          </p>
          <p>
            Orders placed <strong>after {cutoff} IST</strong> count as placed on the next business day. Business days are Monday to
            Saturday.
          </p>
        </>
      ),
    },
    {
      id: 'transit',
      title: 'Delivery time',
      body: delivery ? (
        <>
          <p>Once shipped, the time in transit depends on where you are:</p>
          <ul>
            <li>
              <strong>{transitRange(delivery.transitDaysWithinState)}</strong> within our state;
            </li>
            <li>
              <strong>{transitRange(delivery.transitDaysMetros)}</strong> to metro cities;
            </li>
            <li>
              <strong>{transitRange(delivery.transitDaysRest)}</strong> to the rest of India.
            </li>
          </ul>
          <p>
            {check} In peak periods such as the festive season and sales, allow <strong>1-3 extra days</strong>.
          </p>
        </>
      ) : (
        <p>{check}</p>
      ),
    },
  ];
}

/** What to do about a damaged parcel, and how a return or size exchange travels, under `policy`. */
function damageSection(policy: ReturnsPolicy): PolicySection {
  if (policy.windowDays === 0) {
    return {
      id: 'damage',
      title: 'Damaged parcels and wrong items',
      body: (
        <p>
          If your parcel arrives damaged or holds the wrong item, tell us <strong>within 24 hours of delivery</strong> with photos and your
          order number. The details are in our <Link to="/refund-policy">Cancellations and Refund policy</Link>.
        </p>
      ),
    };
  }
  const window = `${policy.windowDays} day${policy.windowDays === 1 ? '' : 's'}`;
  return {
    id: 'damage',
    title: policy.sizeExchanges ? 'Damaged parcels, returns and size exchanges' : 'Damaged parcels and returns',
    body: (
      <p>
        If your parcel arrives damaged, holds the wrong item{policy.sizeExchanges ? ' or the size does not fit' : ''}, ask for a return from
        your order page <strong>within {window} of delivery</strong>.
        {policy.sizeExchanges ? ' A new size ships as its own parcel, free and tracked like the first.' : ''} The details are in our{' '}
        <Link to="/refund-policy">Cancellations and Refund policy</Link>.
      </p>
    ),
  };
}

/** The shipping policy page. */
export default function ShippingPolicy() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const policy = root?.returns ?? DEFAULT_RETURNS_POLICY;
  const delivery = root?.delivery ?? null;
  const sections = [SECTIONS[0], ...timeSections(delivery), ...SECTIONS.slice(1, -1), damageSection(policy), ...SECTIONS.slice(-1)];
  return (
    <PolicyPage
      title="Shipping Policy"
      summary={
        <p>
          Free shipping across India.{' '}
          {delivery
            ? `Orders ship within ${businessDays(delivery.dispatchDays)} and usually arrive ${transitSpan(delivery)} after that.`
            : 'Check delivery on a product page gives the date for your pincode.'}
        </p>
      }
      sections={sections}
    />
  );
}
