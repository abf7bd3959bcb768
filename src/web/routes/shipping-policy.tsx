/**
 * Shipping policy (/shipping-policy): processing, transit, delivery attempts and tracking (spec 9);
 * the damaged-parcel and returns part follows the shop's returns settings (issue 21), as the refund
 * policy does.
 */
import { Link, useRouteLoaderData } from 'react-router';
import { BRAND } from '../../core/constants';
import { DEFAULT_RETURNS_POLICY, type ReturnsPolicy } from '../../core/returns';
import { PolicyPage, type PolicySection } from '../components/layout/policy-page';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/shipping-policy';

/** Title, description and canonical URL. */
export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    origin: originFromMatches(matches),
    path: '/shipping-policy',
    title: 'Shipping Policy',
    description: `Free shipping across India. ${BRAND.name} orders ship in 1-2 business days and arrive in 3-14 business days; how tracking and delivery attempts work.`,
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
    id: 'processing',
    title: 'Processing time',
    body: (
      <>
        <p>
          We pack and hand your order to our courier within <strong>1-2 business days</strong> of your payment being confirmed. During sales
          and busy weeks processing can take <strong>up to 4 business days</strong>.
        </p>
        <p>
          Orders placed <strong>after 5:00 PM IST</strong> count as placed on the next business day. Business days are Monday to Saturday,
          excluding public holidays.
        </p>
      </>
    ),
  },
  {
    id: 'transit',
    title: 'Delivery time',
    body: (
      <>
        <p>Once shipped, the time in transit depends on where you are:</p>
        <ul>
          <li>
            <strong>2-4 days</strong> within the same city as our warehouse;
          </li>
          <li>
            <strong>3-7 days</strong> to the rest of India;
          </li>
          <li>
            <strong>5-10 days</strong> to remote areas (for example parts of the North-East, Jammu and Kashmir, Ladakh, the Andaman and
            Nicobar Islands and Lakshadweep).
          </li>
        </ul>
        <p>
          From order to doorstep, delivery takes <strong>3-14 business days</strong> in all. In peak periods such as the festive season and
          sales, allow <strong>1-3 extra days</strong>.
        </p>
      </>
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
          If your tracking shows <strong>no update for 48 hours</strong>, please contact support at{' '}
          <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> with your order number and we will chase the courier for you.
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
  const policy = useRouteLoaderData<typeof rootLoader>('root')?.returns ?? DEFAULT_RETURNS_POLICY;
  const sections = [...SECTIONS.slice(0, -1), damageSection(policy), ...SECTIONS.slice(-1)];
  return (
    <PolicyPage
      title="Shipping Policy"
      summary={<p>Free shipping across India. Orders ship within 1-2 business days and usually arrive within 3-14 business days.</p>}
      sections={sections}
    />
  );
}
