/**
 * Checkout calls (spec 7): server-side pricing and the Razorpay order pair.
 */
import { useQuery } from '@tanstack/react-query';
import type { CreateOrderResponse, Order, Pricing } from '../../../core/api-types';
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
  /** The applied coupon (issue 20); the server refuses one that can no longer be used. */
  couponCode?: string;
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
