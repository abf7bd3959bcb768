/**
 * An order paid wholly with store credit (docs/architecture.md#store-credit): POST
 * /api/payments/store-credit/create-order takes the checkout body and places the order at once
 * through the one placement path (orders/place-order.ts), with `payment.method` 'store_credit' and
 * status 'captured': nothing is left to pay online or in cash, so neither Razorpay nor the COD rules
 * have a part in it. The credit is debited in the order's transaction under the shopper's row lock
 * (place-order.ts), so two checkouts at once cannot spend the same credit.
 *
 * Idempotent: the `Idempotency-Key` header (required) names the attempt; the same key answers the
 * order it placed, and never spends twice.
 */
import { and, eq } from 'drizzle-orm';
import type { Order } from '../../../core/api-types';
import { formatINR, toRupees } from '../../../core/money';
import type { Database } from '../../db/client';
import { checkoutAttempts } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import type { StagedMail } from '../../integrations/mail/outbox';
import { afterPlacement, lockShopper, placeOrder, Unfillable } from '../orders/place-order';
import { findOrder } from '../orders/service';
import { placementContext, prepareAttempt, withPrepaidDiscount, type CheckoutInput, type PaymentDeps } from '../payments/service';
import { balanceOf } from './wallet';

/** The shopper's 400 when the balance does not cover the order. */
export const creditShort = (balancePaise: number, totalPaise: number) =>
  `Your store credit (${formatINR(toRupees(balancePaise))}) does not cover this order (${formatINR(toRupees(totalPaise))}): pay the rest online or in cash`;

async function orderById(db: Database, orderId: string): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError(500, 'Order vanished');
  const { userId: _u, ...shaped } = order;
  return shaped;
}

/**
 * Places the shopper's order paid wholly with store credit. Returns the order and whether an earlier
 * call with the same key placed it (`replayed`). Throws 400 when the balance does not cover the total
 * (`creditShort`), the errors of `prepareAttempt` (400, 409 sold out), 409 when a line sold out, the
 * coupon ran out or the credit was spent meanwhile.
 */
export async function placeStoreCreditOrder(
  deps: PaymentDeps,
  userId: string,
  input: CheckoutInput,
  clientKey: string,
): Promise<{ message: string; order: Order; replayed: boolean }> {
  const key = `credit:${clientKey}`;
  const [earlier] = await deps.db
    .select({ orderId: checkoutAttempts.orderId })
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.userId, userId), eq(checkoutAttempts.idempotencyKey, key)));
  if (earlier?.orderId) return { message: 'Order placed!', order: await orderById(deps.db, earlier.orderId), replayed: true };
  const { attempt } = await prepareAttempt(deps, userId, input);
  // Paid in full before delivery: the prepaid discount applies (docs/architecture.md#prepaid-discount).
  await withPrepaidDiscount(deps, attempt, 'store_credit');
  const balance = await balanceOf(deps.db, userId);
  if (balance < attempt.grandTotalPaise) {
    const message = creditShort(balance, attempt.grandTotalPaise);
    throw badRequest(message, { useStoreCredit: message });
  }
  const placement = await placementContext(deps);
  let outcome: { orderId: string; placed?: Order; mail?: StagedMail };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      await tx.execute(lockShopper({ userId }));
      const [twin] = await tx
        .select({ orderId: checkoutAttempts.orderId })
        .from(checkoutAttempts)
        .where(and(eq(checkoutAttempts.userId, userId), eq(checkoutAttempts.idempotencyKey, key)));
      if (twin?.orderId) return { orderId: twin.orderId };
      const result = await placeOrder(
        tx,
        {
          ...attempt,
          paymentMethod: 'store_credit',
          idempotencyKey: key,
          razorpayOrderId: null,
          storeCreditPaise: attempt.grandTotalPaise,
        },
        { method: 'store_credit' },
        placement,
        { insertAttempt: true, shopperLocked: true },
      );
      return { orderId: result.placed._id, placed: result.placed, mail: result.mail };
    });
  } catch (err) {
    if (err instanceof Unfillable) {
      throw conflict(
        err.reason === 'storeCredit'
          ? 'Your store credit was spent on another order meanwhile. Please review your payment.'
          : 'Sorry, this order can no longer be placed as it is (an item sold out or the coupon ran out). Please review your cart.',
      );
    }
    throw err;
  }
  if (!outcome.placed) return { message: 'Order placed!', order: await orderById(deps.db, outcome.orderId), replayed: true };
  const order = await afterPlacement(deps, outcome.placed, outcome.mail);
  return { message: 'Order placed! Paid with your store credit.', order, replayed: false };
}
