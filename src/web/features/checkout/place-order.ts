/**
 * Placing the order once Pay is pressed and the address is valid (use-place-order.ts loads this
 * module then, so none of it is in the checkout page's first load): a Cash on Delivery order at
 * once, or a Razorpay order, the Razorpay widget and the verification of the payment it reports;
 * and, after a placed order, saving a new address to the profile.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CreateOrderResponse, User } from '../../../core/api-types';
import type { ShippingAddress } from '../../../core/schemas/checkout';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { meQueryKey, updateProfile } from '../account/api';
import { cartQueryKey } from '../cart/api';
import { fullName } from './address-form';
import { createPaymentOrder, placeCodOrder, verifyPayment, type CreateOrderBody } from './api';
import { openRazorpayCheckout } from './razorpay';
import { placeStoreCreditOrder } from '../store-credit/api';

/** How one press of Pay ends: a placed order, a refusal (an API error), or a message. */
export interface PayOutcome {
  placed: (orderId: string) => Promise<void>;
  refused: (error: unknown, fallback: string) => void;
  failed: (message: string) => void;
}

/**
 * Opens the widget for the `created` Razorpay order of `body` and, once paid, verifies the payment
 * (the order exists once verified). A failed verification toasts and refreshes the cart; closing the
 * widget is 'Payment cancelled'. Throws when the widget cannot be loaded.
 */
async function payWithRazorpay(
  queryClient: QueryClient,
  checkoutUrl: string,
  created: CreateOrderResponse,
  body: CreateOrderBody,
  outcome: PayOutcome,
): Promise<void> {
  const { shippingAddress, email, phone, items, fromBuyNow } = body;
  await openRazorpayCheckout({
    src: checkoutUrl,
    key: created.key,
    order: created.order,
    description: `Order of ${items.reduce((n, i) => n + i.quantity, 0)} item(s)`,
    prefill: { name: fullName(shippingAddress.firstName, shippingAddress.lastName), email, contact: phone },
    notes: {
      fromBuyNow: String(fromBuyNow),
      discountType: created.pricing.summary.discountType,
      discount: String(created.pricing.summary.discount),
    },
    onPaid: async (response) => {
      let placedId: string;
      try {
        const verified = await verifyPayment({ ...response, email, phone, shippingAddress, items, fromBuyNow });
        placedId = 'order' in verified ? verified.order._id : verified._id;
      } catch (error) {
        // The server's message (e.g. out of stock after payment, refunded) or the fallbacks.
        const message = errorMessage(error, '');
        toast.error(message || 'Failed to complete order');
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
        outcome.failed(message || 'Payment verification failed');
        return;
      }
      await outcome.placed(placedId);
    },
    onDismiss: () => outcome.failed('Payment cancelled'),
  });
}

/** Saves the order's address to the profile. After a placed order only: a failure here must not hide that the order was placed. */
export async function saveToProfile(queryClient: QueryClient, user: User, a: ShippingAddress) {
  try {
    const updated = await updateProfile({
      address: { line1: a.line1, line2: a.line2, city: a.city, state: a.state, pincode: a.pincode, country: 'India' },
      ...(user.phone ? {} : { phone: a.phone }),
    });
    queryClient.setQueryData(meQueryKey, updated);
  } catch (error) {
    toast.error(errorMessage(error, 'Could not save the address to your profile'));
  }
}

/**
 * Places the Cash on Delivery order (one idempotency key per visit). When the shop asks for an advance
 * (part-paid COD, docs/architecture.md#part-paid-cod) the answer is a Razorpay order for it instead:
 * the widget opens for the advance and the order is placed once it is verified.
 */
export async function placeCod(queryClient: QueryClient, body: CreateOrderBody, codKey: string, outcome: PayOutcome, checkoutUrl: string) {
  let result;
  try {
    result = await placeCodOrder(body, codKey);
    if ('order' in result && 'message' in result) {
      await outcome.placed(result.order._id);
      return;
    }
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    outcome.refused(error, 'Could not place the order');
    return;
  }
  try {
    await payWithRazorpay(queryClient, checkoutUrl, result, body, outcome);
  } catch {
    outcome.failed('Checkout failed');
  }
}

/** Places an order the shopper's store credit pays in full (same key on a retried press: the same order). */
export async function placeWithStoreCredit(queryClient: QueryClient, body: CreateOrderBody, key: string, outcome: PayOutcome) {
  try {
    const result = await placeStoreCreditOrder(body, key);
    await outcome.placed(result.order._id);
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    outcome.refused(error, 'Could not place the order');
  }
}

/** Creates the Razorpay order, then opens the widget and verifies the payment it reports. */
export async function payOnline(queryClient: QueryClient, checkoutUrl: string, body: CreateOrderBody, outcome: PayOutcome) {
  let created;
  try {
    created = await createPaymentOrder(body);
  } catch (error) {
    outcome.refused(error, 'Failed to create payment order');
    return;
  }
  try {
    await payWithRazorpay(queryClient, checkoutUrl, created, body, outcome);
  } catch {
    outcome.failed('Checkout failed');
  }
}
