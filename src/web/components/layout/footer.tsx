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
  // Its look is the .foot-* classes in app.css, written once for the site.
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
          <dl className="foot-contact">
            <div>
              <dt>Support:</dt>
              <dd className="min-w-0 break-words">
                <SupportEmailLink className="foot-a" />
              </dd>
            </div>
            {support.phone ? (
              <div>
                <dt>Phone:</dt>
                <dd>
                  <SupportPhoneLink className="foot-a" />
                </dd>
              </div>
            ) : null}
            {whatsapp ? (
              <div>
                <dt>WhatsApp:</dt>
                <dd>
                  <a className="foot-a" href={whatsapp} target="_blank" rel="noopener noreferrer">
                    Chat with us on WhatsApp
                  </a>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Instagram:</dt>
              <dd>
                <a className="foot-a" href={instagramProfileUrl()} target="_blank" rel="noopener noreferrer">
                  {BRAND.socialHandle}
                </a>
              </dd>
            </div>
            <div>
              <dt>Hours:</dt>
              <dd>Mon–Sat, 10:00–18:00 IST</dd>
            </div>
          </dl>
        </div>
        <nav aria-label="Shop">
          <h2 className="foot-h">Shop</h2>
          <ul className="foot-links">
            {SHOP.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2 className="foot-h">Policies</h2>
          <ul className="foot-links">
            {POLICIES.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
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
