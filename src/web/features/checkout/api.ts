/**
 * Checkout calls: server-side pricing, the Razorpay order pair, Cash on Delivery and the
 * shop's public settings (COD fee and limit).
 */
import { useQuery } from '@tanstack/react-query';
import type { CreateOrderResponse, Order, Pricing } from '../../../core/api-types';
import type { PublicShopSettings } from '../../../core/schemas/settings';
import type { LineItemInput, ShippingAddress } from '../../../core/schemas/checkout';
import { apiFetch } from '../../lib/api';
import { useIsSignedIn } from '../../lib/auth';

/** Query key of a preview of these lines with this coupon (null for none). */
export const pricingPreviewKey = (items: LineItemInput[] | null, couponCode: string | null = null) =>
  ['pricing-preview', items, couponCode] as const;

/**
 * POST /api/payments/preview: the server's prices for these lines, with the shopper's coupon when
 * given (its `coupon` says what it did); failures are silent.
 */
export function usePricingPreview(items: LineItemInput[] | null, couponCode: string | null = null) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: pricingPreviewKey(items, couponCode),
    queryFn: () =>
      apiFetch<Pricing>('/api/payments/preview', {
        method: 'POST',
        auth: true,
        body: couponCode ? { items, couponCode } : { items },
      }),
    enabled: signedIn && items !== null && items.length > 0,
    retry: false,
  });
}

/** Body of create-order (and, minus currency, of verify-and-create-order). */
export interface CreateOrderBody {
  currency: 'INR';
  items: LineItemInput[];
  email: string;
  phone: string;
  fromBuyNow: boolean;
  shippingAddress: ShippingAddress;
  /** The applied coupon; the server refuses one that can no longer be used. */
  couponCode?: string;
  /** WhatsApp order updates and offers, saved to the account (docs/architecture.md#whatsapp). */
  whatsappUpdates?: boolean;
  whatsappOffers?: boolean;
  /** Spend the shopper's store credit (docs/architecture.md#store-credit). */
  useStoreCredit?: boolean;
}

/** POST /api/payments/razorpay/create-order -> {key, order, pricing} */
export function createPaymentOrder(body: CreateOrderBody) {
  return apiFetch<CreateOrderResponse>('/api/payments/razorpay/create-order', {
    method: 'POST',
    auth: true,
    body,
    fallbackMessage: 'Failed to create payment order',
  });
}

/** The three fields Razorpay hands the success handler. */
export interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** POST /api/payments/razorpay/verify-and-create-order: the order exists once this answers OK. */
export function verifyPayment(body: RazorpaySuccess & Omit<CreateOrderBody, 'currency'>) {
  return apiFetch<Order | { order: Order }>('/api/payments/razorpay/verify-and-create-order', {
    method: 'POST',
    auth: true,
    body,
    // No fallback here: the page shows 'Payment verification failed' and toasts 'Failed to complete order'.
    fallbackMessage: '',
  });
}

/**
 * POST /api/payments/cod/create-order: places a Cash on Delivery order at once. `idempotencyKey`
 * is one per checkout visit, so a retried or double-clicked submit returns the same order.
 */
export function placeCodOrder(body: CreateOrderBody, idempotencyKey: string) {
  // Part-paid COD: a Razorpay order for the advance instead of a placed order (docs/architecture.md#part-paid-cod).
  return apiFetch<{ message: string; order: Order } | (CreateOrderResponse & { codAdvance: { advance: number; cash: number } })>(
    '/api/payments/cod/create-order',
    {
      method: 'POST',
      auth: true,
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      fallbackMessage: 'Could not place the order',
    },
  );
}

/** GET /api/settings/public: what the storefront may show of the shop settings (COD fee and limit). */
export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings', 'public'],
    queryFn: () => apiFetch<PublicShopSettings>('/api/settings/public'),
    staleTime: 60_000,
  });
}
