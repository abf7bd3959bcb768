/**
 * The admin area's frame: a compact top bar with the signed-in admin and links back to the shop and
 * the profile, and the admin sections in groups (sales, catalogue, homepage, shop settings), only
 * those the signed-in role may open (features/admin/staff-permissions.ts).
 * From 1024 px the sections are one row of tabs, the homepage's four behind a "Homepage" menu so
 * the row fits 1280 px; below that one "Sections" button opens them all, grouped, in two columns.
 * Both menus are disclosures: a button with aria-expanded, its links next in the tab order, closed
 * by Escape (focus back on the button), a press or focus outside, or choosing a link.
 */
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '../../../core/api-types';
import { BRAND } from '../../../core/constants';
import { mayOpen } from '../../features/admin/staff-permissions';
import { useDismiss } from '../../lib/use-dismiss';

interface Section {
  to: string;
  label: string;
}

interface Group {
  name: string;
  menu?: boolean;
  sections: Section[];
}

/** The admin sections by group; `menu` groups sit behind a menu button in the wide row. */
const GROUPS: Group[] = [
  {
    name: 'Sales',
    sections: [
      { to: '/admin/dashboard', label: 'Dashboard' },
      { to: '/admin/orders', label: 'Orders' },
      { to: '/admin/customers', label: 'Customers' },
      { to: '/admin/returns', label: 'Returns' },
      { to: '/admin/reviews', label: 'Reviews' },
      { to: '/admin/contacts', label: 'Messages' },
    ],
  },
  {
    name: 'Catalogue',
    sections: [
      { to: '/admin/products', label: 'Products' },
      { to: '/admin/categories', label: 'Categories' },
      { to: '/admin/coupons', label: 'Coupons' },
      { to: '/admin/search-synonyms', label: 'Synonyms' },
    ],
  },
  {
    name: 'Homepage',
    menu: true,
    sections: [
      { to: '/admin/hero-images', label: 'Hero Images' },
      { to: '/admin/vertical-videos', label: 'Videos' },
      { to: '/admin/photo-snapshots', label: 'Photos' },
      { to: '/admin/testimonials', label: 'Testimonials' },
    ],
  },
  {
    name: 'Shop',
    menu: true,
    sections: [
      { to: '/admin/settings', label: 'Settings' },
      { to: '/admin/staff', label: 'Staff' },
      { to: '/admin/activity', label: 'Activity' },
      { to: '/admin/import', label: 'Import' },
      { to: '/admin/redirects', label: 'Redirects' },
      { to: '/admin/security', label: 'My sign-in' },
    ],
  },
];

/** The groups with only the sections `user` may open; a group left empty is dropped. */
const groupsFor = (user: User): Group[] =>
  GROUPS.map((g) => ({ ...g, sections: g.sections.filter((s) => mayOpen(user, s.to)) })).filter((g) => g.sections.length > 0);

const isCurrent = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

const TAB = 'inline-flex items-center gap-1 border-b-2 px-3 py-2.5 text-sm font-medium';
const tabTone = (active: boolean) => (active ? 'border-brand text-brand' : 'border-transparent text-stone-600 hover:text-stone-900');
const MENU_LINK = 'block rounded-md px-3 py-2 text-sm font-medium';
const menuLinkTone = (active: boolean) => (active ? 'bg-brand-light text-brand' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900');

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true">
      <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Open state and closing rules of one disclosure. */
function useDisclosure() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, container, button, close);
  const panelId = useId();
  /** The menu button's props: its ref, state and the panel it opens. */
  const buttonProps = {
    ref: button,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((v) => !v),
  };
  return { open, close, container, buttonProps, panelId };
}

/** The links of `sections` as list items, closing their menu when one is chosen. */
function SectionLinks({ sections, onChoose }: { sections: Section[]; onChoose: () => void }) {
  return sections.map((s) => (
    <li key={s.to}>
      <NavLink to={s.to} onClick={onChoose} className={({ isActive }) => `${MENU_LINK} ${menuLinkTone(isActive)}`}>
        {s.label}
      </NavLink>
    </li>
  ));
}

/** A group of the wide row behind a menu button (the homepage's sections), marked when current. */
function GroupMenu({ name, sections }: { name: string; sections: Section[] }) {
  const { pathname } = useLocation();
  const { open, close, container, buttonProps, panelId } = useDisclosure();
  const active = sections.some((s) => isCurrent(pathname, s.to));
  return (
    <div ref={container} className="relative">
      <button {...buttonProps} className={`${TAB} ${tabTone(active)}`}>
        {name}
        <Chevron open={open} />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute left-0 top-full z-30 mt-1 w-48 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
      >
        <SectionLinks sections={sections} onChoose={close} />
      </ul>
    </div>
  );
}

/** The wide screens' row of section tabs, groups set apart by a rule. */
function SectionTabs({ groups }: { groups: Group[] }) {
  return (
    <ul className="hidden flex-wrap items-center lg:flex">
      {groups.map((group, g) => {
        const divider = g > 0 ? 'ml-2 border-l border-stone-200 pl-2' : '';
        if (group.menu) {
          return (
            <li key={group.name} className={divider}>
              <GroupMenu name={group.name} sections={group.sections} />
            </li>
          );
        }
        return group.sections.map((s, i) => (
          <li key={s.to} className={i === 0 ? divider : ''}>
            <NavLink to={s.to} className={({ isActive }) => `${TAB} ${tabTone(isActive)}`}>
              {s.label}
            </NavLink>
          </li>
        ));
      })}
    </ul>
  );
}

/** Small screens: one button naming the current section, opening every section grouped. */
function SectionsMenu({ groups }: { groups: Group[] }) {
  const { pathname } = useLocation();
  const { open, close, container, buttonProps, panelId } = useDisclosure();
  const current = groups.flatMap((g) => g.sections).find((s) => isCurrent(pathname, s.to));
  return (
    <div ref={container} className="px-2 pb-2 lg:hidden">
      <button
        {...buttonProps}
        className="flex w-full items-center justify-between rounded-md border border-stone-200 px-3 py-2 text-sm font-medium text-stone-900 hover:border-stone-300"
      >
        <span>
          <span className="text-stone-500">Sections:</span> {current?.label ?? 'Choose'}
        </span>
        <Chevron open={open} />
      </button>
      <div id={panelId} hidden={!open} className="mt-2 grid gap-4 rounded-lg border border-stone-200 bg-white p-3 sm:grid-cols-2">
        {groups.map((group) => (
          <div key={group.name}>
            <p id={`${panelId}-${group.name}`} className="px-3 text-xs font-semibold uppercase tracking-wide text-stone-500">
              {group.name}
            </p>
            <ul aria-labelledby={`${panelId}-${group.name}`} className="mt-1 grid grid-cols-2 gap-1">
              <SectionLinks sections={group.sections} onChoose={close} />
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Wraps an admin screen with the admin navigation. */
export function AdminShell({ user, children }: { user: User; children: ReactNode }) {
  const groups = groupsFor(user);
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
        <nav aria-label="Admin sections" className="mx-auto max-w-7xl px-2 sm:px-4">
          <SectionTabs groups={groups} />
          <SectionsMenu groups={groups} />
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
