/**
 * Part-paid COD's placement once its advance is paid (docs/architecture.md#part-paid-cod), called by
 * service.ts `completeAttempt` (verify, webhook, reconciliation); the start of the checkout is
 * cod-advance.ts.
 */
import type { Tx } from '../../db/client';
import { lockShopper, placeOrder, Unfillable, type PlacedAttempt, type PlacementContext, type Placed } from '../orders/place-order';
import { codGuard } from './cod-history';

/** The COD limits on the shopper's history (settings `cod`). */
type CodLimits = { maxOpenOrders: number; maxRefused: number };

/**
 * Places the order of a paid part-paid COD attempt (locked by the caller, `completeAttempt`) in the
 * caller's transaction: the shopper's row lock, then the placement as Cash on Delivery with the
 * advance's `paymentId` and the COD guard (the shopper's open and refused COD orders, read after the
 * lock). No COD confirmation: the advance is the shopper's commitment. Throws `Unfillable('codRules')`
 * when the guard refuses (the caller rolls back and refunds the advance), and `placeOrder`'s Unfillable.
 */
export async function placePartPaidCod(
  tx: Tx,
  attempt: PlacedAttempt,
  paymentId: string,
  placement: PlacementContext,
  cod: CodLimits,
): Promise<Placed> {
  await tx.execute(lockShopper({ userId: attempt.userId }));
  const guard = codGuard(
    attempt.userId,
    { phone: attempt.phone, email: attempt.email },
    [`advance:${attempt.id}`],
    (placement.now ?? new Date()).getTime(),
    cod,
  );
  const result = await placeOrder(tx, attempt, { method: 'cod', razorpayPaymentId: paymentId }, placement, { shopperLocked: true, guard });
  if (result.refused) throw new Unfillable('codRules');
  return result;
}

/** The advance an attempt took online (paise): its `codAdvancePaise` for part-paid COD, else what the store credit leaves. */
export function paidOnlinePaise(attempt: {
  paymentMethod: string;
  grandTotalPaise: number;
  storeCreditPaise: number;
  codAdvancePaise: number;
}): number {
  return attempt.paymentMethod === 'cod' ? attempt.codAdvancePaise : attempt.grandTotalPaise - attempt.storeCreditPaise;
}
