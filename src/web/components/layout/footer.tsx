/**
 * The site footer: tagline, support e-mail and phone (Settings, as the invoice
 * prints them), WhatsApp support chat (when the settings have a number), social handle,
 * policies, copyright.
 */
import { Link } from 'react-router';
import { BRAND } from '../../../core/constants';
import { whatsAppChatUrl } from '../../lib/whatsapp';
import { instagramProfileUrl } from '../../lib/brand';
import { SupportEmailLink, SupportPhoneLink, useSupportContact } from '../../lib/support-contact';
import { Logo } from './logo';

const POLICIES = [
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/refund-policy', label: 'Cancellations and Refund' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/shipping-policy', label: 'Shipping Policy' },
] as const;

const SHOP = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'All Products' },
  { to: '/contact', label: 'Contact' },
  { to: '/orders', label: 'Your Orders' },
] as const;

/**
 * The footer shown on every page. `year` comes with the page's data (the root loader), so the
 * browser hydrates the same copyright line the server wrote, even for a page cached over New Year.
 */
export function Footer({ year, whatsappNumber }: { year: number; whatsappNumber: string }) {
  const whatsapp = whatsAppChatUrl(whatsappNumber);
  const support = useSupportContact();
  return (
    <footer className="mt-auto border-t border-stone-200 bg-stone-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <Link to="/" className="inline-block rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand">
            <Logo />
          </Link>
          <p className="mt-4 font-display text-lg text-stone-700">{BRAND.tagline}</p>
          <dl className="mt-6 space-y-2 text-sm text-stone-600">
            <div className="flex gap-2">
              <dt className="font-medium text-stone-800">Support:</dt>
              <dd className="min-w-0 break-words">
                <SupportEmailLink className="underline-offset-4 hover:text-brand hover:underline" />
              </dd>
            </div>
            {support.phone ? (
              <div className="flex gap-2">
                <dt className="font-medium text-stone-800">Phone:</dt>
                <dd>
                  <SupportPhoneLink className="underline-offset-4 hover:text-brand hover:underline" />
                </dd>
              </div>
            ) : null}
            {whatsapp ? (
              <div className="flex gap-2">
                <dt className="font-medium text-stone-800">WhatsApp:</dt>
                <dd>
                  <a
                    className="underline-offset-4 hover:text-brand hover:underline"
                    href={whatsapp}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Chat with us on WhatsApp
                  </a>
                </dd>
              </div>
            ) : null}
            <div className="flex gap-2">
              <dt className="font-medium text-stone-800">Instagram:</dt>
              <dd>
                <a
                  className="underline-offset-4 hover:text-brand hover:underline"
                  href={instagramProfileUrl()}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {BRAND.socialHandle}
                </a>
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="font-medium text-stone-800">Hours:</dt>
              <dd>Mon–Sat, 10:00–18:00 IST</dd>
            </div>
          </dl>
        </div>
        <nav aria-label="Shop">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-stone-500">Shop</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {SHOP.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-stone-700 hover:text-brand">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-stone-500">Policies</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {POLICIES.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-stone-700 hover:text-brand">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-200">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-stone-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {year} Rangmanch. All rights reserved.</p>
          <p>All prices in ₹ include GST · Free shipping across India</p>
        </div>
      </div>
    </footer>
  );
}
