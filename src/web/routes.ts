/**
 * The route table; files under routes/ mirror the URL paths. /sitemap.xml and /robots.txt
 * are resource routes outside the site layout.
 */
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  route('sitemap.xml', 'routes/sitemap.tsx'),
  route('robots.txt', 'routes/robots.tsx'),
  // The built-in WhatsApp stand-in's phone (no Cloud API credentials, never in production).
  route('whatsapp-sandbox', 'routes/whatsapp-sandbox.tsx'),
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('products', 'routes/products.tsx'),
    route('category/:categoryId', 'routes/category.tsx'),
    route('products/:handle', 'routes/product.tsx'),
    // The old address, by id: 301 to /products/<handle> (docs/architecture.md#product-addresses).
    route('product/:id', 'routes/product-by-id.tsx'),
    route('cart', 'routes/cart.tsx'),
    // An abandoned-cart reminder's link (docs/architecture.md#abandoned-carts).
    route('cart/restore/:id/:token', 'routes/cart-restore.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('orders/:id', 'routes/order-detail.tsx'),
    route('orders/:id/confirmed', 'routes/order-confirmed.tsx'),
    route('cod/:id/:action', 'routes/cod-link.tsx'),
    route('login', 'routes/login.tsx'),
    route('signup', 'routes/signup.tsx'),
    route('verify-email', 'routes/verify-email.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('refund-policy', 'routes/refund-policy.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('shipping-policy', 'routes/shipping-policy.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('verify-reset-otp', 'routes/verify-reset-otp.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('accept-invitation', 'routes/accept-invitation.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('admin', 'routes/admin/admin-layout.tsx', [
    index('routes/admin/admin-index.tsx'),
    route('dashboard', 'routes/admin/dashboard.tsx'),
    route('hero-images', 'routes/admin/hero-images.tsx'),
    route('vertical-videos', 'routes/admin/vertical-videos.tsx'),
    route('photo-snapshots', 'routes/admin/photo-snapshots.tsx'),
    route('testimonials', 'routes/admin/testimonials.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('customers', 'routes/admin/customers.tsx'),
    route('returns', 'routes/admin/returns.tsx'),
    route('contacts', 'routes/admin/contacts.tsx'),
    route('reviews', 'routes/admin/reviews.tsx'),
    route('products', 'routes/admin/products.tsx'),
    route('categories', 'routes/admin/categories.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('coupons', 'routes/admin/coupons.tsx'),
    route('search-synonyms', 'routes/admin/search-synonyms.tsx'),
    route('import', 'routes/admin/import.tsx'),
    route('redirects', 'routes/admin/redirects.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('activity', 'routes/admin/activity.tsx'),
    route('security', 'routes/admin/security.tsx'),
  ]),
] satisfies RouteConfig;
