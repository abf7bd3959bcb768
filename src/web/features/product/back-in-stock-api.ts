/**
 * Back-in-stock calls (docs/architecture.md#back-in-stock): sign up for a sold-out size, confirm a
 * guest's code, and the sizes of a product a signed-in shopper already waits for.
 */
import type { StockAlert } from '../../../core/schemas/stock-alerts';
import { apiFetch } from '../../lib/api';

/** POST /api/stock-alerts: the token (when signed in) names the shopper; a guest sends an e-mail or phone. */
export function signUpForAlert(body: { variantId: string; email?: string; phone?: string }): Promise<StockAlert> {
  return apiFetch<StockAlert>('/api/stock-alerts', {
    method: 'POST',
    body,
    fallbackMessage: 'We could not sign you up. Please try again.',
  });
}

/** POST /api/stock-alerts/{id}/confirm: a guest's 6-digit code. */
export function confirmAlert(id: string, code: string): Promise<StockAlert> {
  return apiFetch<StockAlert>(`/api/stock-alerts/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: { code },
    fallbackMessage: 'We could not check the code. Please try again.',
  });
}

/** GET /api/stock-alerts/mine?productId=: the signed-in shopper's waiting alerts on the product's sizes. */
export function myAlerts(productId: string): Promise<{ _id: string; variantId: string }[]> {
  return apiFetch(`/api/stock-alerts/mine?productId=${encodeURIComponent(productId)}`, { auth: true });
}
