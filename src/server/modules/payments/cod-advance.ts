/**
 * Part-paid Cash on Delivery (docs/architecture.md#part-paid-cod): a COD order whose advance is paid
 * online first. The COD create-order (cod.ts) hands an attempt here when the settings' `codAdvance`
 * applies (core/cod-advance.ts `codAdvancePaise`): instead of placing the order it checks the
 * shopper's COD history, creates the Razorpay order for the advance and writes the attempt
 * (`paymentMethod` 'cod', `codAdvancePaise`), so the checkout opens Razorpay as for an online payment.
 * Razorpay's verify, its webhook and the reconciliation job complete that attempt as any paid one
 * (service.ts `completeAttempt`, under the attempt's row lock), which calls `placePartPaidCod`
 * (cod-advance-placement.ts, apart so that service.ts does not import this module's): the COD
 * order is placed with `paymentStatus` 'pending' and the advance's payment id, under the shopper's lock
 * and with the COD guard (open and refused COD orders) in the placement's statement. An attempt never
 * paid places nothing and holds no stock.
 */
import type { CreateOrderResponse, Pricing } from '../../../core/api-types';
import { codParts } from '../../../core/cod-advance';
import { toRupees } from '../../../core/money';
import { checkoutAttempts } from '../../db/schema';
import { badGateway, badRequest } from '../../errors';
import { codHistoryRefusal } from './cod-history';
import type { PaymentDeps, prepareAttempt } from './service';

/** A checkout attempt priced and not yet written (service.ts `prepareAttempt`). */
type PreparedAttempt = Awaited<ReturnType<typeof prepareAttempt>>['attempt'];

/** The two parts of a part-paid COD order as the checkout shows them (rupees). */
export interface CodAdvanceParts {
  advance: number;
  cash: number;
}

/** What COD create-order answers when an advance is due: the online checkout's answer plus the two parts. */
export type PartPaidStart = CreateOrderResponse & { codAdvance: CodAdvanceParts };

/** The COD limits on the shopper's history (settings `cod`). */
type CodLimits = { maxOpenOrders: number; maxRefused: number };

/**
 * Starts a part-paid COD checkout for `attempt` (priced by cod.ts, store credit and `codAdvancePaise`
 * set, not written): 400 with COD_MESSAGES when the shopper's COD history refuses it now (so no one
 * pays an advance for an order that cannot be placed), else the Razorpay order for the advance (paise)
 * and the attempt written with it. Throws 502 when Razorpay cannot be reached (the attempt is written
 * 'failed'). Not idempotent, like the online create-order: each call is a new Razorpay order, and only
 * a paid one ever becomes an order.
 */
export async function startPartPaidCod(
  deps: PaymentDeps,
  attempt: PreparedAttempt,
  pricing: Pricing,
  cod: CodLimits,
): Promise<PartPaidStart> {
  const refusal = await codHistoryRefusal(deps.db, attempt.userId, { phone: attempt.phone, email: attempt.email }, cod);
  if (refusal) throw badRequest(refusal);
  const row = { ...attempt, paymentMethod: 'cod' as const, idempotencyKey: null };
  let rzpOrder;
  try {
    rzpOrder = await deps.razorpay.createOrder({
      amountPaise: attempt.codAdvancePaise,
      currency: 'INR',
      receipt: attempt.id,
      notes: { checkoutAttemptId: attempt.id, codAdvance: 'true', discountType: attempt.discountType },
    });
  } catch (err) {
    deps.log?.error({ err, checkoutAttemptId: attempt.id }, 'razorpay create order for a COD advance failed');
    await deps.db.insert(checkoutAttempts).values({ ...row, status: 'failed', failureReason: 'razorpay order not created' });
    throw badGateway('Failed to create payment order. Please try again.');
  }
  await deps.db.insert(checkoutAttempts).values({ ...row, razorpayOrderId: rzpOrder.id });
  const parts = codParts(attempt);
  return {
    key: deps.keyId,
    order: { id: rzpOrder.id, amount: rzpOrder.amount, currency: 'INR' },
    pricing,
    checkoutAttemptId: attempt.id,
    codAdvance: { advance: toRupees(parts.advance), cash: toRupees(parts.cash) },
  };
}
