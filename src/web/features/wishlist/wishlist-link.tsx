/**
 * The header's wishlist link with its count, for guests (the browser's list) and
 * signed-in shoppers (the account's); the count is left out until the browser knows it. Desktops
 * have it beside Account and Cart; phones have a heart in the bar (its count a dot-badge, like the
 * cart's) and an entry in the menu.
 */
import { NavLink, type NavLinkProps } from 'react-router';
import { useSavedIds } from './saved-ids';

/**
 * The saved-products count: a pill after the label, or a dot-badge over the icon in the phone bar.
 * Part of the link's name ("Wishlist 2 saved"), as the cart's count is.
 */
function WishlistCount({ overlay = false }: { overlay?: boolean }) {
  const count = useSavedIds().length;
  if (count <= 0) return null;
  return (
    <span
      data-testid="wishlist-count"
      className={`flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-[11px] font-semibold leading-none text-white ${
        overlay ? 'absolute right-0.5 top-0.5' : ''
      }`}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> saved</span>
    </span>
  );
}

/** The heart outline: the `.i-heart` mask in app.css (the header is on every page; no inline SVG). */
const HeartIcon = () => <i className="i-heart" aria-hidden="true" />;

/**
 * `menu`: an entry of the phone menu (icon, label and count in a row); `icon`: the phone bar's heart
 * (the label for screen readers, the count over the icon); otherwise a desktop nav link like Account
 * and Cart (the label is for screen readers below 1024 px).
 */
export function WishlistLink({
  menu = false,
  icon = false,
  className,
  onClick,
}: {
  menu?: boolean;
  icon?: boolean;
  className: NavLinkProps['className'];
  onClick?: () => void;
}) {
  return (
    <NavLink to="/wishlist" className={className} onClick={onClick}>
      {icon ? (
        <>
          <HeartIcon />
          <span className="sr-only">Wishlist</span>
          <WishlistCount overlay />
        </>
      ) : menu ? (
        <>
          <HeartIcon /> Wishlist
          <WishlistCount />
        </>
      ) : (
        <span className="inline-flex items-center gap-1.5">
          <HeartIcon />
          <span className="sr-only lg:not-sr-only">Wishlist</span>
          <WishlistCount />
        </span>
      )}
    </NavLink>
  );
}
