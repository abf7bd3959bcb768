/**
 * The admin area's frame: a compact top bar with the admin sections, the signed-in admin, and links
 * back to the shop and the profile. Horizontally scrollable on phones.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '../../../core/api-types';
import { BRAND } from '../../../core/constants';

const SECTIONS = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/returns', label: 'Returns' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/search-synonyms', label: 'Synonyms' },
  { to: '/admin/hero-images', label: 'Hero Images' },
  { to: '/admin/vertical-videos', label: 'Videos' },
  { to: '/admin/photo-snapshots', label: 'Photos' },
  { to: '/admin/testimonials', label: 'Testimonials' },
  { to: '/admin/contacts', label: 'Messages' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/settings', label: 'Settings' },
] as const;

/** Wraps an admin screen with the admin navigation. */
export function AdminShell({ user, children }: { user: User; children: ReactNode }) {
  // On a phone the section tabs scroll sideways: keep the current one in view, so the owner sees
  // where they are and that more tabs follow.
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/admin/dashboard" className="font-serif text-lg font-semibold text-stone-900">
            {BRAND.name} <span className="text-brand">Admin</span>
          </Link>
          <div className="flex items-center gap-4 text-sm">
            <span className="hidden text-stone-500 sm:inline">{user.email}</span>
            {/* A full page load, so the shop's header shows the categories as just edited. */}
            <Link to="/" reloadDocument className="font-medium text-stone-700 hover:text-brand">
              View shop
            </Link>
            <Link to="/profile" className="font-medium text-stone-700 hover:text-brand">
              Profile
            </Link>
          </div>
        </div>
        <nav ref={nav} aria-label="Admin sections" className="mx-auto max-w-7xl overflow-x-auto px-2 sm:px-4">
          <ul className="flex gap-1 whitespace-nowrap">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  className={({ isActive }) =>
                    `inline-block border-b-2 px-3 py-2.5 text-sm font-medium ${
                      isActive ? 'border-brand text-brand' : 'border-transparent text-stone-600 hover:text-stone-900'
                    }`
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
