/**
 * The site header: logo, main links, Categories dropdown, product search,
 * account and cart links behind the login gate, and the small-screen toggle menu. Menus close on
 * selection, on Escape (focus returns to their button) and on a click outside; the dropdown's
 * links are reachable with the arrow keys as well as Tab.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCartQuery } from '../../features/cart/api';
import { useWishlistMerge } from '../../features/wishlist/api';
import { WishlistLink } from '../../features/wishlist/wishlist-link';
import { getToken, savePostLoginAction, useAuthStatus } from '../../lib/auth';
import { categoryHref, type MenuGroup } from '../../lib/categories';
import { useDismiss } from '../../lib/use-dismiss';
import { HeaderSearch } from '../../features/search/header-search';
import { Logo } from './logo';

function useGatedNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  return (to: '/cart' | '/profile') => (event: MouseEvent<HTMLAnchorElement>) => {
    if (getToken()) return;
    event.preventDefault();
    savePostLoginAction({ type: 'navigate', payload: { to }, returnTo: location.pathname });
    void navigate('/login');
  };
}

// The header's look is the .nav-link, .bar-icon and .i-* classes in app.css: every page carries
// one class name where it carried a dozen utilities, and no inline SVG per icon.

function CategoryList({ categories, onSelect }: { categories: MenuGroup[]; onSelect: () => void }) {
  if (categories.length === 0) {
    return <p className="px-4 py-3 text-sm text-stone-500">No categories available</p>;
  }
  return (
    <ul className="py-1">
      {categories.map((parent) => (
        <li key={parent.handle}>
          <Link to={categoryHref(parent)} onClick={onSelect} className="menu-link font-semibold text-stone-900">
            {parent.name}
          </Link>
          {parent.children.length > 0 ? (
            <ul>
              {parent.children.map((child) => (
                <li key={child.handle}>
                  <Link to={categoryHref(child)} onClick={onSelect} className="menu-link menu-child">
                    {child.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Moves focus among the links of a menu panel with the arrow, Home and End keys. */
function focusAmongLinks(panel: HTMLElement | null, key: string): boolean {
  if (!panel) return false;
  const links = Array.from(panel.querySelectorAll<HTMLAnchorElement>('a[href]'));
  if (links.length === 0) return false;
  const current = links.indexOf(document.activeElement as HTMLAnchorElement);
  let next: number;
  if (key === 'ArrowDown') next = current < 0 ? 0 : (current + 1) % links.length;
  else if (key === 'ArrowUp') next = current < 0 ? links.length - 1 : (current - 1 + links.length) % links.length;
  else if (key === 'Home') next = 0;
  else if (key === 'End') next = links.length - 1;
  else return false;
  links[next]?.focus();
  return true;
}

function CategoriesDropdown({ categories }: { categories: MenuGroup[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const panelId = useId();

  useEffect(() => {
    if (open && focusFirst.current) {
      focusFirst.current = false;
      focusAmongLinks(panelRef.current, 'Home');
    }
  }, [open]);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, buttonRef, close);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (open) focusAmongLinks(panelRef.current, e.key === 'ArrowDown' ? 'Home' : 'End');
    else {
      focusFirst.current = true;
      setOpen(true);
    }
  };

  return (
    <div className="relative" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-link gap-1"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onButtonKey}
      >
        Categories
        <i className={`i-chevron h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onKeyDown={(e) => {
          if (focusAmongLinks(panelRef.current, e.key)) e.preventDefault();
        }}
        className="menu-panel"
      >
        {/* Written when opened: closed, the panel is hidden, and every page would carry the menu's links for nothing. */}
        {open ? <CategoryList categories={categories} onSelect={() => setOpen(false)} /> : null}
      </div>
    </div>
  );
}

const SearchIcon = () => <i className="i-search h-5 w-5" aria-hidden="true" />;

/** The header search, showing the listing's current search (suggestions while typing). */
function SearchForm({ autoFocus = false, className = '' }: { autoFocus?: boolean; className?: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const current = location.pathname === '/products' ? (params.get('q') ?? '') : '';
  return <HeaderSearch key={current} initial={current} autoFocus={autoFocus} className={className} />;
}

const CartIcon = () => <i className="i-cart h-5 w-5" aria-hidden="true" />;

const UserIcon = () => <i className="i-user h-5 w-5" aria-hidden="true" />;

/**
 * The cart's unit count: a pill after the label, or a dot-badge over the icon on phones. It is part
 * of the link's name ("Cart 2 items"): what a screen reader says is what the link shows (WCAG 2.5.3).
 */
function CartCount({ overlay = false }: { overlay?: boolean }) {
  const cart = useCartQuery();
  const count = cart.data?.summary.itemCount ?? 0;
  if (count <= 0) return null;
  return (
    <span
      className={`flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-[11px] font-semibold leading-none text-white ${
        overlay ? 'absolute right-0.5 top-0.5' : ''
      }`}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only">{count === 1 ? ' item' : ' items'}</span>
    </span>
  );
}

/** The header on every page; `categories` come from the root loader. */
export function Header({ categories }: { categories: MenuGroup[] }) {
  const status = useAuthStatus();
  const gate = useGatedNavigation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const menuId = useId();
  const searchId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  useWishlistMerge();

  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen && !searchOpen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      // An Escape the search box used (to close its suggestions) is not the panel's.
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (menuOpen) menuButton.current?.focus();
      setMenuOpen(false);
      setSearchOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, searchOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
          aria-label="Rangmanch home"
        >
          <Logo wordmark="text-xl sm:text-2xl" />
        </Link>

        <nav aria-label="Main" className="ml-2 hidden items-center gap-0.5 md:flex lg:ml-6 lg:gap-1">
          <NavLink to="/" end className="nav-link">
            Home
          </NavLink>
          <NavLink to="/products" className="nav-link">
            All Products
          </NavLink>
          <CategoriesDropdown categories={categories} />
          <NavLink to="/contact" className="nav-link">
            Contact
          </NavLink>
        </nav>

        <SearchForm className="ml-auto hidden min-w-0 max-w-64 flex-1 xl:block" />

        <div className="ml-auto hidden items-center gap-1 md:flex xl:ml-2">
          <button
            type="button"
            className="search-open"
            aria-expanded={searchOpen}
            aria-controls={searchId}
            aria-label="Search products"
            onClick={() => setSearchOpen((v) => !v)}
          >
            <SearchIcon />
          </button>
          <NavLink to="/profile" onClick={gate('/profile')} className="nav-link">
            <span className="inline-flex items-center gap-1.5">
              <UserIcon />
              <span className="sr-only lg:not-sr-only">Account</span>
            </span>
          </NavLink>
          <WishlistLink className="nav-link" />
          <NavLink to="/cart" onClick={gate('/cart')} className="nav-link">
            <span className="inline-flex items-center gap-1.5">
              <CartIcon />
              <span className="sr-only lg:not-sr-only">Cart</span>
              {status === 'signed-in' ? <CartCount /> : null}
            </span>
          </NavLink>
          {status === 'signed-out' ? (
            <Link
              to="/login"
              className="ml-2 inline-flex h-9 items-center rounded-md bg-stone-900 px-4 text-sm font-medium text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              Login
            </Link>
          ) : null}
        </div>

        <div className="ml-auto flex items-center md:hidden">
          <button
            type="button"
            className="bar-icon"
            aria-expanded={searchOpen}
            aria-controls={searchId}
            aria-label="Search products"
            onClick={() => {
              setSearchOpen((v) => !v);
              setMenuOpen(false);
            }}
          >
            <SearchIcon />
          </button>
          <WishlistLink icon className="bar-icon" />
          <Link to="/cart" onClick={gate('/cart')} className="bar-icon">
            <CartIcon />
            <span className="sr-only">Cart</span>
            {status === 'signed-in' ? <CartCount overlay /> : null}
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="bar-icon"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => {
              setMenuOpen((v) => !v);
              setSearchOpen(false);
            }}
          >
            <i className={`${menuOpen ? 'i-close' : 'i-menu'} h-6 w-6`} aria-hidden="true" />
          </button>
        </div>
      </div>

      {searchOpen ? (
        <div id={searchId} className="border-t border-stone-200 bg-white px-4 py-3 sm:px-6 xl:hidden">
          <SearchForm autoFocus />
        </div>
      ) : null}

      {menuOpen ? (
        <nav
          id={menuId}
          aria-label="Mobile"
          className="max-h-[calc(100dvh-6.5rem)] overflow-y-auto border-t border-stone-200 bg-white md:hidden"
        >
          <ul className="px-2 py-2">
            {[
              { to: '/', label: 'Home' },
              { to: '/products', label: 'All Products' },
              { to: '/contact', label: 'Contact' },
            ].map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  onClick={close}
                  className="flex min-h-11 items-center rounded-md px-3 text-base font-medium text-stone-800 hover:bg-stone-50"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="border-t border-stone-100 px-2 py-2">
            <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-stone-500">Categories</p>
            <CategoryList categories={categories} onSelect={close} />
          </div>
          <ul className="border-t border-stone-100 px-2 py-2">
            <li>
              <Link
                to="/profile"
                onClick={(e) => {
                  close();
                  gate('/profile')(e);
                }}
                className="flex min-h-11 items-center gap-2 rounded-md px-3 text-base font-medium text-stone-800 hover:bg-stone-50"
              >
                <UserIcon /> Profile
              </Link>
            </li>
            <li>
              <Link
                to="/cart"
                onClick={(e) => {
                  close();
                  gate('/cart')(e);
                }}
                className="flex min-h-11 items-center gap-2 rounded-md px-3 text-base font-medium text-stone-800 hover:bg-stone-50"
              >
                <CartIcon /> Cart
              </Link>
            </li>
            <li>
              <WishlistLink
                menu
                onClick={close}
                className="flex min-h-11 items-center gap-2 rounded-md px-3 text-base font-medium text-stone-800 hover:bg-stone-50"
              />
            </li>
            {status === 'signed-out' ? (
              <li className="px-3 pb-2 pt-3">
                <Link
                  to="/login"
                  onClick={close}
                  className="flex h-11 items-center justify-center rounded-md bg-stone-900 text-base font-medium text-white hover:bg-stone-700"
                >
                  Login
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
