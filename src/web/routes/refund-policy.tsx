/**
 * Cancellations and Refund (/refund-policy): all sales final; damage and wrong-item claims (spec 9).
 */
import { Link } from 'react-router';
import { BRAND } from '../../core/constants';
import { PolicyPage, type PolicySection } from '../components/layout/policy-page';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { Route } from './+types/refund-policy';

/** Title, description and canonical URL. */
export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    origin: originFromMatches(matches),
    path: '/refund-policy',
    title: 'Cancellations and Refund',
    description: `All sales at ${BRAND.name} are final. How to report a damaged or wrong item within 24 hours of delivery, and what we do about it.`,
    type: 'article',
  });
}

const SECTIONS: PolicySection[] = [
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
  {
    id: 'cancellations',
    title: 'Cancellations',
    body: (
      <p>
        Because we start packing orders as soon as they are paid, an order cannot be cancelled once its payment has been confirmed. If a
        payment fails or you close the payment window, no order is placed and nothing is charged. If we are ever unable to fill a paid order
        (for example the last piece sold out at the same moment), we cancel it ourselves and return the full amount to your original payment
        method.
      </p>
    ),
  },
  {
    id: 'damaged',
    title: 'Damaged or wrong items',
    body: (
      <>
        <p>
          If your order arrives damaged or you received the wrong item, write to{' '}
          <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> <strong>within 24 hours of delivery</strong> with:
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

/** The cancellations and refund policy page. */
export default function RefundPolicy() {
  return (
    <PolicyPage
      title="Cancellations and Refund"
      summary={
        <p>
          All sales are final: no refunds, exchanges or credit. If something arrives damaged or wrong, tell us within 24 hours of delivery
          with photos and your order number.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
