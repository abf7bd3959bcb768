/**
 * The API's routes (docs/architecture.md). Admin routes are registered in one scope whose
 * onRequest hook requires an admin (401 without a valid token, 403 'Access denied. Admin
 * privileges required.' otherwise), so no admin route can forget its guard; their URLs are the
 * spec's (/api/admin/..., /api/orders/admin/..., /api/products for writes, ...), the scope adds no
 * prefix. Everything else is public or guarded per route (authenticate, optionalUser).
 */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from '../modules/auth/routes';
import { cartRoutes } from '../modules/cart/routes';
import { adminCatalogRoutes } from '../modules/catalog/routes.admin';
import { catalogRoutes } from '../modules/catalog/routes.store';
import { adminContactRoutes } from '../modules/contacts/routes.admin';
import { contactRoutes } from '../modules/contacts/routes.store';
import { adminCouponRoutes, couponRoutes } from '../modules/coupons/routes';
import { dashboardRoutes } from '../modules/dashboard/routes';
import { healthRoutes } from '../modules/health/routes';
import { adminHomepageRoutes } from '../modules/homepage/routes.admin';
import { inventoryRoutes } from '../modules/inventory/routes';
import { invoiceRoutes } from '../modules/invoices/routes';
import { adminMediaRoutes, mediaRoutes } from '../modules/media/routes';
import { adminOrderRoutes } from '../modules/orders/routes.admin';
import { orderRoutes } from '../modules/orders/routes.store';
import { paymentRoutes } from '../modules/payments/routes';
import { webhookRoutes } from '../modules/payments/webhook';
import { pincodeRoutes } from '../modules/pincodes/routes';
import { adminRefundRoutes, refundRoutes } from '../modules/refunds/routes';
import { adminReturnRoutes, returnRoutes } from '../modules/returns/routes';
import { adminReviewRoutes, reviewRoutes } from '../modules/reviews/routes';
import { adminSearchRoutes, searchRoutes } from '../modules/search/routes';
import { adminSettingsRoutes, settingsPlugin } from '../modules/settings/routes';
import { adminShipmentRoutes, shipmentRoutes } from '../modules/shipments/routes';
import { userRoutes } from '../modules/users/routes';
import { wishlistRoutes } from '../modules/wishlist/routes';

/** Admin-only route plugins, registered inside the admin scope. */
const ADMIN_ROUTES = [
  adminCatalogRoutes,
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
];

/** Public, shopper and webhook route plugins (each guards its own shopper routes). */
const OPEN_ROUTES = [
  healthRoutes,
  catalogRoutes,
  authRoutes,
  userRoutes,
  cartRoutes,
  paymentRoutes,
  webhookRoutes,
  orderRoutes,
  contactRoutes,
  mediaRoutes,
  shipmentRoutes,
  couponRoutes,
  pincodeRoutes,
  invoiceRoutes,
  refundRoutes,
  wishlistRoutes,
  reviewRoutes,
  searchRoutes,
  returnRoutes,
];

/** Registers the settings service and every API route. */
export async function registerApi(app: FastifyInstance): Promise<void> {
  // Decorates app.settings (read by invoices, pincodes, payments, mail) and serves the public settings.
  await app.register(settingsPlugin);
  for (const routes of OPEN_ROUTES) await app.register(routes);
  await app.register(async function adminScope(admin) {
    admin.addHook('onRequest', admin.requireAdmin);
    for (const routes of ADMIN_ROUTES) await admin.register(routes);
  });
}
