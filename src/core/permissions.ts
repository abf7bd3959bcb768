/**
 * Staff roles and what each may do (docs/decisions/0023-staff-roles.md, docs/architecture.md#staff-and-roles).
 * A role is a fixed set of named permissions (`area.action`); every admin API route declares the
 * one it needs (`config: { permission }`, checked by the admin scope in server/setup/api.ts) and the
 * admin screens show only what the signed-in role may do. Shared by server and web: no imports.
 */

/** The staff roles, most powerful first. Every other account is a 'customer'. */
export const STAFF_ROLES = ['owner', 'manager', 'fulfilment', 'support', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every role an account can hold (the users.role column's check constraint). */
export const ROLES = ['customer', ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** The named permissions, one per kind of admin action the API offers (see the admin route files). */
export const PERMISSIONS = [
  'dashboard.read', // the admin dashboard: order counts, low stock, open returns, pending reviews
  'dashboard.revenue', // the dashboard's money figures: revenue, revenue by day, COD still to collect
  'catalog.write', // products, categories, size charts, search synonyms, stock history
  'content.write', // the homepage: hero banners, videos, photos, testimonials
  'media.upload', // upload targets and deleting uploaded pictures and videos
  'orders.read', // the order list and one order
  'orders.ship', // status moves, shipments, out for delivery, delivered, undelivered, slips, labels
  'orders.cancel', // cancelling an order before it ships
  'orders.refund', // refunds: issuing, retrying, the unsettled list, refunding a return
  'customers.export', // the orders CSV (customers' names, e-mails, phones and addresses)
  'customers.read', // the customer list and one customer's page (contact details, address, orders)
  'returns.read', // the return requests list
  'returns.decide', // approving and rejecting return requests
  'returns.receive', // marking a return received
  'reviews.read', // the review list
  'reviews.moderate', // publishing and hiding reviews
  'reviews.reply', // replying to reviews as the shop
  'contacts.read', // the contact form's messages
  'coupons.write', // coupon codes
  'settings.write', // the shop's settings but tax: COD, delivery, returns, contact, low stock
  'settings.tax', // the seller's GST details: legal name, address, state, GSTIN, invoice prefix, HSN rates
  'staff.manage', // inviting staff, changing roles, removing accounts, refund limits, two-step rule
  'audit.read', // the audit log (/admin/activity), its CSV, and each order's and product's history
  'catalog.import', // importing and exporting the catalogue (Shopify CSV) and the old shop's redirects
  'customers.import', // importing the old shop's customers
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/**
 * The fixed role table. Owner: everything. Manager: the running of the shop without staff, tax
 * settings and the audit log; refunds up to the owner's limit. Fulfilment: packing and shipping,
 * receiving returns; no prices, refunds or exports. Support: reading orders, cancelling, deciding
 * returns, replying to reviews and messages, refunds up to a small limit. Content: the catalogue,
 * its import, the homepage and pictures; no orders.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: ALL,
  manager: ALL.filter((p) => p !== 'settings.tax' && p !== 'staff.manage' && p !== 'audit.read'),
  fulfilment: ['dashboard.read', 'orders.read', 'orders.ship', 'returns.read', 'returns.receive'],
  support: [
    'dashboard.read',
    'orders.read',
    'orders.cancel',
    'orders.refund',
    'customers.read',
    'returns.read',
    'returns.decide',
    'reviews.read',
    'reviews.reply',
    'contacts.read',
  ],
  content: ['dashboard.read', 'catalog.write', 'catalog.import', 'content.write', 'media.upload'],
};

/** Whether `role` (any string, e.g. a stored column) is a staff role: admin-area access. */
export function isStaff(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** The permissions of `role`, sorted as PERMISSIONS lists them; none for a customer or an unknown role. */
export function permissionsOf(role: string | null | undefined): Permission[] {
  return isStaff(role) ? PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].includes(p)) : [];
}

/** Whether `role` holds `permission`. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isStaff(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** The staff roles holding `permission` (e.g. who receives the low-stock mail). */
export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(permission));
}

/** The 403 message for a staff member whose role lacks `permission` (the admin scope's, server/setup/api.ts). */
export const missingPermission = (permission: Permission) => `You need the ${permission} permission for this`;

/** Whether `value` names a permission (route config checked at startup). */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
