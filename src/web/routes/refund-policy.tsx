/**
 * Cancellations and Refund (/refund-policy). The returns part follows the shop's settings,
 * so the page never disagrees with what the order page offers: with a 0-day window it is the spec's
 * policy (all sales final; damage and wrong-item claims within 24 hours); otherwise
 * returns within the window for a refund and, when offered, size exchanges.
 */
import { Link, useRouteLoaderData } from 'react-router';
import { BRAND } from '../../core/constants';
import { DEFAULT_RETURNS_POLICY, type ReturnsPolicy } from '../../core/returns';
import { PolicyPage, type PolicySection } from '../components/layout/policy-page';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/refund-policy';
import { SupportEmailLink } from '../lib/support-contact';

/** "7 days" or "1 day". */
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** Title, description and canonical URL. */
export function meta({ matches }: Route.MetaArgs) {
  const policy = (matches[0] as { data?: { returns?: ReturnsPolicy } } | undefined)?.data?.returns ?? DEFAULT_RETURNS_POLICY;
  return seoMeta({
    origin: originFromMatches(matches),
    path: '/refund-policy',
    title: 'Cancellations and Refund',
    description:
      policy.windowDays > 0
        ? `Return an item to ${BRAND.name} within ${days(policy.windowDays)} of delivery for a refund${policy.sizeExchanges ? ' or another size' : ''}. How returns, exchanges and refunds work.`
        : `All sales at ${BRAND.name} are final. How to report a damaged or wrong item within 24 hours of delivery, and what we do about it.`,
    type: 'article',
  });
}

/** The sections stating the returns policy of a shop that takes returns (`windowDays` > 0). */
function returnSections(policy: ReturnsPolicy): PolicySection[] {
  const window = days(policy.windowDays);
  return [
    {
      id: 'returns',
      title: policy.sizeExchanges ? 'Returns and size exchanges' : 'Returns',
      body: (
        <>
          <p>
            You can return an item <strong>within {window} of delivery</strong>
            {policy.sizeExchanges ? (
              <>
                {' '}
                for a refund, or <strong>exchange it for another size</strong> of the same product at the same price while that size is in
                stock
              </>
            ) : (
              ' for a refund'
            )}
            . Items must be unworn and unwashed, with their tags.
          </p>
          <p>
            Open the order on <Link to="/orders">Your Orders</Link> and choose <strong>Return or exchange</strong>: pick the items and
            quantities, tell us why, and add photos if something is wrong with them. We reply within 2 working days and write to you at
            every step.
          </p>
          {policy.sizeExchanges ? (
            <p>
              We set the new size aside as soon as you ask, and send it once your return reaches us. A size that costs more or less than
              yours is not an exchange: return the item for a refund and order the new size.
            </p>
          ) : null}
        </>
      ),
    },
    {
      id: 'damaged',
      title: 'Damaged or wrong items',
      body: (
        <p>
          If your order arrives damaged or you received the wrong item, ask for a return within {window} of delivery with photos of the item
          and its packaging. Damaged or wrong items are replaced or refunded at no cost to you.
        </p>
      ),
    },
  ];
}

/** The spec's policy: all sales final; damage and wrong-item claims within 24 hours. */
const FINAL_SALE_SECTIONS: PolicySection[] = [
  {
    id: 'final',
    title: 'All sales are final',
    body: (
      <>
        <p>
          Every order is made final once payment is confirmed. We offer <strong>no refunds, no exchanges and no store credit</strong>,
          including for a change of mind or a size that does not fit, so please check the size and description before you order. Our team is
          glad to help you choose a size first through the <Link to="/contact">contact form</Link>.
        </p>
        <p>The only exception is a damaged or wrong item, described below.</p>
      </>
    ),
  },
];

const CANCELLATIONS: PolicySection = {
  id: 'cancellations',
  title: 'Cancellations',
  body: (
    <p>
      You can cancel an order until it ships: open it on <Link to="/orders">Your Orders</Link> and choose <strong>Cancel order</strong>. A
      prepaid order is refunded in full to your original payment method; a Cash on Delivery order has nothing to refund. Once an order has
      shipped it can no longer be cancelled. If a payment fails or you close the payment window, no order is placed and nothing is charged.
      If we are ever unable to fill a paid order (for example the last piece sold out at the same moment), we cancel it ourselves and return
      the full amount to your original payment method.
    </p>
  ),
};

const FINAL_SALE_DAMAGE: PolicySection[] = [
  {
    id: 'damaged',
    title: 'Damaged or wrong items',
    body: (
      <>
        <p>
          If your order arrives damaged or you received the wrong item, write to <SupportEmailLink />{' '}
          <strong>within 24 hours of delivery</strong> with:
        </p>
        <ul>
          <li>
            your <strong>order number</strong> (shown on Your Orders as Order #…);
          </li>
          <li>
            clear <strong>photos</strong> of the item, the damage or the wrong label, and the packaging it came in.
          </li>
        </ul>
        <p>
          Claims made after 24 hours, or without photos and the order number, cannot be accepted. Once we have checked your claim, we send
          the correct item or a replacement at no cost to you. If no replacement is available, we refund the price of the affected item to
          your original payment method.
        </p>
      </>
    ),
  },
];

const COMMON_SECTIONS: PolicySection[] = [
  {
    id: 'fees',
    title: 'Fees',
    body: (
      <p>
        <strong>Shipping and payment fees are non-refundable.</strong> Where a refund is made for an approved claim, it covers the price
        paid for the affected item.
      </p>
    ),
  },
  {
    id: 'how-refunds-work',
    title: 'How refunds reach you',
    body: (
      <p>
        Refunds for approved claims are issued through our payment partner Razorpay to the card, UPI account, bank account or wallet you
        paid with. Your bank usually shows them within 5-7 business days of our issuing them.
      </p>
    ),
  },
  {
    id: 'support',
    title: 'Support hours',
    body: (
      <p>
        We answer claims and questions <strong>Monday to Saturday, 10:00-18:00 IST</strong>.
      </p>
    ),
  },
];

/** The cancellations and refund policy page, stating the shop's returns policy (settings). */
export default function RefundPolicy() {
  const policy = useRouteLoaderData<typeof rootLoader>('root')?.returns ?? DEFAULT_RETURNS_POLICY;
  const takesReturns = policy.windowDays > 0;
  const sections = takesReturns
    ? [...returnSections(policy), CANCELLATIONS, ...COMMON_SECTIONS]
    : [...FINAL_SALE_SECTIONS, CANCELLATIONS, ...FINAL_SALE_DAMAGE, ...COMMON_SECTIONS];
  return (
    <PolicyPage
      title="Cancellations and Refund"
      summary={
        takesReturns ? (
          <p>
            Changed your mind or need another size? Return items within {days(policy.windowDays)} of delivery for a refund
            {policy.sizeExchanges ? ' or exchange them for another size' : ''}, from your order page.
          </p>
        ) : (
          <p>
            All sales are final: no refunds, exchanges or credit. If something arrives damaged or wrong, tell us within 24 hours of delivery
            with photos and your order number.
          </p>
        )
      }
      sections={sections}
    />
  );
}
