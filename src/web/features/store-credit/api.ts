/**
 * Store credit calls (docs/architecture.md#store-credit): the shopper's balance and history, and an
 * order paid wholly with store credit.
 */
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../core/api-types';
import type { StoreCreditAccount } from '../../../core/store-credit';
import { apiFetch } from '../../lib/api';
import { useIsSignedIn } from '../../lib/auth';

export const storeCreditKey = ['store-credit'] as const;

/** GET /api/store-credit: the signed-in shopper's balance and latest changes (rupees). */
export function useStoreCreditAccount() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: storeCreditKey,
    queryFn: () => apiFetch<StoreCreditAccount>('/api/store-credit', { auth: true }),
    enabled: signedIn,
    retry: false,
  });
}

/** POST /api/payments/store-credit/create-order: an order the balance pays in full (same key, same order). */
export function placeStoreCreditOrder(body: object, idempotencyKey: string) {
  return apiFetch<{ message: string; order: Order }>('/api/payments/store-credit/create-order', {
    method: 'POST',
    auth: true,
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    fallbackMessage: 'Could not place the order',
  });
}
