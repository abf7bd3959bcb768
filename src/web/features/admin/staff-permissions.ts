/**
 * What the signed-in staff member may see in the admin area: each admin screen and the permission
 * it needs (core/permissions.ts, docs/decisions/0023-staff-roles.md). The server refuses the rest
 * anyway (403); this only keeps the navigation, the dashboard's tiles and its revenue figures to
 * what the role may use.
 */
import type { User } from '../../../core/api-types';
import type { Permission } from '../../../core/permissions';

/** Each admin screen's path and the permission its API calls need. */
export const SCREEN_PERMISSIONS: Readonly<Record<string, Permission>> = {
  '/admin/dashboard': 'dashboard.read',
  '/admin/orders': 'orders.read',
  '/admin/customers': 'customers.read',
  '/admin/returns': 'returns.read',
  '/admin/reviews': 'reviews.read',
  '/admin/contacts': 'contacts.read',
  '/admin/products': 'catalog.write',
  '/admin/categories': 'catalog.write',
  '/admin/coupons': 'coupons.write',
  '/admin/search-synonyms': 'catalog.write',
  '/admin/hero-images': 'content.write',
  '/admin/vertical-videos': 'content.write',
  '/admin/photo-snapshots': 'content.write',
  '/admin/testimonials': 'content.write',
  '/admin/settings': 'settings.write',
  '/admin/import': 'catalog.import',
  '/admin/redirects': 'catalog.import',
  '/admin/staff': 'staff.manage',
  '/admin/activity': 'audit.read',
};

/** Whether `user`'s role holds `permission` (as the server answered it on /api/users/me). */
export function allows(user: Pick<User, 'permissions'>, permission: Permission): boolean {
  return user.permissions.includes(permission);
}

/** The permission the admin screen at `pathname` (or a screen under it, /admin/orders/...) needs; null when none is listed. */
export function screenPermission(pathname: string): Permission | null {
  const screen = Object.keys(SCREEN_PERMISSIONS).find((p) => pathname === p || pathname.startsWith(`${p}/`));
  return screen ? SCREEN_PERMISSIONS[screen] : null;
}

/** Whether `user` may open the admin screen at `path` (a path not listed is open to every staff role). */
export function mayOpen(user: Pick<User, 'permissions'>, path: string): boolean {
  const needed = screenPermission(path);
  return !needed || allows(user, needed);
}
