/**
 * Privacy policy (/privacy-policy): what the shop collects, why, who else sees it, and your rights.
 */
import { Link } from 'react-router';
import { BRAND, TOKEN_STORAGE_KEY } from '../../core/constants';
import { PolicyPage, type PolicySection } from '../components/layout/policy-page';
import { originFromMatches, seoMeta } from '../lib/seo';
import type { Route } from './+types/privacy-policy';
import { SupportEmailLink } from '../lib/support-contact';

/** Title, description and canonical URL. */
export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    origin: originFromMatches(matches),
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description: `What ${BRAND.name} collects (name, e-mail, phone, address, orders), why, who handles payments (Razorpay), and your rights over your data.`,
    type: 'article',
  });
}

const SECTIONS: PolicySection[] = [
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <>
        <p>We collect only what we need to sell and deliver to you:</p>
        <ul>
          <li>
            your <strong>name, e-mail address and phone number</strong>, when you sign up, order or write to us;
          </li>
          <li>
            your <strong>delivery address</strong>, when you save it on your profile or enter it at checkout;
          </li>
          <li>
            your <strong>orders</strong>: the items, sizes, amounts, discounts, payment reference and delivery status;
          </li>
          <li>the messages you send us through the contact form;</li>
          <li>
            technical records such as your IP address in our server logs, used to keep the shop secure (for example to limit repeated login
            attempts).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <p>
        To create and secure your account, to take payment and deliver your order, to send you one-time codes and order e-mails, to answer
        your messages, and to prevent fraud. We do not sell your data and we do not use it for advertising on other sites.
      </p>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Payments are handled by <strong>Razorpay</strong>. Your card number, UPI PIN and bank details are entered in Razorpay&apos;s secure
        checkout and <strong>never touch our servers</strong>; we receive only the payment reference and whether the payment succeeded.
        Razorpay&apos;s own privacy policy covers what it does with payment data.
      </p>
    ),
  },
  {
    id: 'mail',
    title: 'E-mails we send',
    body: (
      <p>
        We e-mail you one-time codes (to confirm your e-mail and to reset your password) and messages about your orders. These are part of
        the service. We send marketing e-mails only if you ask for them.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <p>
        We do not use advertising or tracking cookies. When you log in, your browser keeps a sign-in token in its local storage (under the
        name <code>{TOKEN_STORAGE_KEY}</code>) so that you stay signed in; logging out removes it. If you click Add to Cart or Buy Now
        before logging in, that choice is kept in the browser&apos;s session storage until you log in or close the tab.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who else sees your data',
    body: (
      <p>
        Our courier partners receive your name, delivery address and phone number to deliver your parcel; Razorpay processes your payment;
        our e-mail provider delivers our e-mails. Each receives only what it needs for that job. We share data with authorities only when
        Indian law requires it.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account while it is open. Order and payment records are kept for as long as Indian tax and accounting laws require,
        even after an account is closed. Contact messages are deleted once they are no longer needed to help you.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        You can see and correct your name, phone and address on your profile at any time. Under the Digital Personal Data Protection Act,
        2023 you may also ask us for a summary of the data we hold about you, ask us to correct or erase it, or withdraw your consent, by
        writing to us. We answer within 30 days. Passwords are stored only as secure hashes, and the site is served over an encrypted
        connection.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact and grievances',
    body: (
      <p>
        For any privacy question or grievance, write to <SupportEmailLink /> or use our <Link to="/contact">contact form</Link> (Monday to
        Saturday, 10:00-18:00 IST).
      </p>
    ),
  },
];

/** The privacy policy page. */
export default function PrivacyPolicy() {
  return (
    <PolicyPage
      title="Privacy Policy"
      summary={
        <p>
          We collect what we need to deliver your order, never see your card details, use no tracking cookies, and never sell your data.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
