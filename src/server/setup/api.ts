/**
 * The API's routes (docs/architecture.md). Admin routes are registered in one scope whose
 * onRequest hooks require a staff member (401 without a valid token, 403 'Access denied. Admin
 * privileges required.' for a customer) holding the permission the route declares
 * (`config: { permission }`, else 403 naming it; docs/decisions/0023-staff-roles.md). A route
 * registered there without a known permission stops the server at startup, so no admin route can
 * forget its guard; their URLs are the
 * spec's (/api/admin/..., /api/orders/admin/..., /api/products for writes, ...), the scope adds no
 * prefix. Everything else is public or guarded per route (authenticate, optionalUser).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, isPermission, missingPermission, type Permission } from '../../core/permissions';
import { forbidden } from '../errors';
import { adminAuditRoutes } from '../modules/audit/routes.admin';
import { authRoutes } from '../modules/auth/routes';
import { cartRoutes } from '../modules/cart/routes';
import { adminCartReminderRoutes, cartReminderRoutes } from '../modules/cart-reminders/routes';
import { adminCodConfirmationRoutes, codConfirmationRoutes } from '../modules/cod-confirmation/routes';
import { adminCatalogRoutes } from '../modules/catalog/routes.admin';
import { catalogRoutes } from '../modules/catalog/routes.store';
import { adminContactRoutes } from '../modules/contacts/routes.admin';
import { adminCustomerRoutes } from '../modules/customers/routes.admin';
import { contactRoutes } from '../modules/contacts/routes.store';
import { adminCouponRoutes, couponRoutes } from '../modules/coupons/routes';
import { dashboardRoutes } from '../modules/dashboard/routes';
import { healthRoutes } from '../modules/health/routes';
import { adminHomepageRoutes } from '../modules/homepage/routes.admin';
import { adminCustomerImportRoutes } from '../modules/import/customers-routes';
import { adminProductImportRoutes } from '../modules/import/product-routes';
import { adminProductExportRoutes } from '../modules/import/export-routes';
import { inventoryRoutes } from '../modules/inventory/routes';
import { invoiceRoutes } from '../modules/invoices/routes';
import { adminMediaRoutes, mediaRoutes } from '../modules/media/routes';
import { adminOrderRoutes } from '../modules/orders/routes.admin';
import { orderRoutes } from '../modules/orders/routes.store';
import { paymentRoutes } from '../modules/payments/routes';
import { webhookRoutes } from '../modules/payments/webhook';
import { pincodeRoutes } from '../modules/pincodes/routes';
import { adminRedirectRoutes } from '../modules/redirects/routes.admin';
import { adminRefundRoutes, refundRoutes } from '../modules/refunds/routes';
import { adminReturnRoutes, returnRoutes } from '../modules/returns/routes';
import { adminReviewRoutes, reviewRoutes } from '../modules/reviews/routes';
import { adminSearchRoutes, searchRoutes } from '../modules/search/routes';
import { adminSettingsRoutes, settingsPlugin } from '../modules/settings/routes';
import { adminShipmentRoutes, shipmentRoutes } from '../modules/shipments/routes';
import { adminStaffRoutes, staffInvitationRoutes } from '../modules/staff/routes';
import { adminStockAlertRoutes, stockAlertRoutes } from '../modules/stock-alerts/routes';
import { adminStoreCreditRoutes, storeCreditRoutes } from '../modules/store-credit/routes';
import { userRoutes } from '../modules/users/routes';
import { adminSignInRoutes } from '../modules/users/routes.admin';
import { adminWhatsAppRoutes } from '../modules/whatsapp/admin-routes';
import { whatsappPlugin } from '../modules/whatsapp/plugin';
import { wishlistRoutes } from '../modules/wishlist/routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff permission an admin route needs (core/permissions.ts); required in the admin scope. */
    permission?: Permission;
  }
  interface FastifyInstance {
    /** Every admin route with its permission, as registered (HEAD twins left out); read by the tests. */
    adminRoutes: AdminRoute[];
  }
}

/** One admin route and the permission it declares. */
export interface AdminRoute {
  method: string;
  url: string;
  permission: Permission;
}

/** The 403 message for a staff member whose role lacks a permission (kept in core/permissions.ts, shared with the modules). */
export { missingPermission };

type RouteSeen = { method: string | string[]; url: string; config?: { permission?: unknown } };

/**
 * The admin scope's onRoute hook: throws (the server does not start) when an admin route declares
 * no known permission; otherwise lists the route in `routes`.
 */
export function declaredPermissionCheck(routes: AdminRoute[]) {
  return (route: RouteSeen): void => {
    const permission = route.config?.permission;
    const methods = [route.method].flat();
    if (!isPermission(permission)) {
      throw new Error(`Admin route ${methods.join(',')} ${route.url} declares no permission (config: { permission }, core/permissions.ts)`);
    }
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, permission });
  };
}

/** 403 unless the signed-in staff member's role holds the route's permission (runs after requireAdmin). */
async function requirePermission(request: FastifyRequest): Promise<void> {
  const permission = request.routeOptions.config.permission!;
  if (!can(request.currentUser?.role, permission)) throw forbidden(missingPermission(permission));
}

/** Admin-only route plugins, registered inside the admin scope. */
const ADMIN_ROUTES = [
  adminCatalogRoutes,
  adminCodConfirmationRoutes,
  adminHomepageRoutes,
  adminOrderRoutes,
  adminShipmentRoutes,
  adminContactRoutes,
  dashboardRoutes,
  adminSettingsRoutes,
  adminCouponRoutes,
  inventoryRoutes,
  adminRefundRoutes,
  adminReviewRoutes,
  adminSearchRoutes,
  adminReturnRoutes,
  adminMediaRoutes,
  adminSignInRoutes,
  adminRedirectRoutes,
  adminCustomerRoutes,
  adminCustomerImportRoutes,
  adminProductImportRoutes,
  adminProductExportRoutes,
  adminAuditRoutes,
  adminStaffRoutes,
  adminWhatsAppRoutes,
  adminStockAlertRoutes,
  adminStoreCreditRoutes,
  adminCartReminderRoutes,
];

/** Public, shopper and webhook route plugins (each guards its own shopper routes). */
const OPEN_ROUTES = [
  healthRoutes,
  catalogRoutes,
  authRoutes,
  userRoutes,
  cartRoutes,
  cartReminderRoutes,
  paymentRoutes,
  webhookRoutes,
  orderRoutes,
  codConfirmationRoutes,
  contactRoutes,
  mediaRoutes,
  shipmentRoutes,
  couponRoutes,
  pincodeRoutes,
  invoiceRoutes,
  refundRoutes,
  wishlistRoutes,
  stockAlertRoutes,
  storeCreditRoutes,
  reviewRoutes,
  searchRoutes,
  returnRoutes,
  staffInvitationRoutes,
  whatsappPlugin,
];

/** Registers the settings service and every API route. */
export async function registerApi(app: FastifyInstance): Promise<void> {
  // Decorates app.settings (read by invoices, pincodes, payments, mail) and serves the public settings.
  await app.register(settingsPlugin);
  for (const routes of OPEN_ROUTES) await app.register(routes);
  app.decorate('adminRoutes', [] as AdminRoute[]);
  await app.register(async function adminScope(admin) {
    admin.addHook('onRoute', declaredPermissionCheck(app.adminRoutes));
    admin.addHook('onRequest', admin.requireAdmin);
    admin.addHook('onRequest', requirePermission);
    for (const routes of ADMIN_ROUTES) await admin.register(routes);
  });
}
