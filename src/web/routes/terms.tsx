/**
 * Terms and conditions (/terms): the rules of buying at the shop (spec 9).
 */
import { Link } from 'react-router';
import { BRAND } from '../../core/constants';
import { PolicyPage, type PolicySection } from '../components/layout/policy-page';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { Route } from './+types/terms';

/** Title, description and canonical URL. */
export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    origin: originFromMatches(matches),
    path: '/terms',
    title: 'Terms & Conditions',
    description: `The terms of buying at ${BRAND.name}: accounts, prices in rupees, payment through Razorpay, shipping, and our all-sales-final policy.`,
    type: 'article',
  });
}

const SECTIONS: PolicySection[] = [
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
  {
    id: 'payment',
    title: 'Orders and payment',
    body: (
      <p>
        You pay online through our payment partner Razorpay (UPI, cards, net banking and wallets). An order exists only once your payment
        has been verified; you then see it under <Link to="/orders">Your Orders</Link> and receive a confirmation e-mail. Stock is reserved
        at that moment; if the last piece sold out at the same instant, we cancel the order and return the full amount.
      </p>
    ),
  },
  {
    id: 'shipping',
    title: 'Shipping',
    body: (
      <p>
        Orders are processed within 1-2 business days (up to 4 in busy periods; orders after 5:00 PM IST count as the next day) and usually
        arrive within 3-14 business days. The full details, including transit times, delivery attempts and tracking, are in our{' '}
        <Link to="/shipping-policy">Shipping Policy</Link>.
      </p>
    ),
  },
  {
    id: 'final-sale',
    title: 'All sales are final',
    body: (
      <p>
        We offer <strong>no refunds, exchanges or credit</strong>. A damaged or wrong item must be reported within 24 hours of delivery with
        photos and the order number. Shipping and payment fees are non-refundable. See{' '}
        <Link to="/refund-policy">Cancellations and Refund</Link>.
      </p>
    ),
  },
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
        Write to <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> or use our <Link to="/contact">contact form</Link>. We
        answer Monday to Saturday, 10:00-18:00 IST.
      </p>
    ),
  },
];

/** The terms page. */
export default function Terms() {
  return (
    <PolicyPage
      title="Terms & Conditions"
      summary={<p>The short version: prices include GST, shipping is free, payment is online, and all sales are final.</p>}
      sections={SECTIONS}
    />
  );
}
