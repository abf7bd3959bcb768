/**
 * Coupon calls for the cart and checkout: the public offers list, and the coupon the
 * shopper applied, kept for the browser tab (sessionStorage) so the cart hands it to checkout.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Pricing } from '../../../core/api-types';
import type { PublicCoupon } from '../../../core/schemas/coupons';
import type { LineItemInput } from '../../../core/schemas/checkout';
import { apiFetch } from '../../lib/api';

/** sessionStorage key of the applied coupon code. */
export const COUPON_STORAGE_KEY = 'apparel-store.coupon';

/** GET /api/coupons/public: current offers for the "Offers" hint (failures just hide it). */
export function usePublicCoupons() {
  return useQuery({
    queryKey: ['coupons', 'public'],
    queryFn: () => apiFetch<PublicCoupon[]>('/api/coupons/public'),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** POST /api/payments/preview with a coupon: the server's prices and what the coupon did. */
export function previewWithCoupon(items: LineItemInput[], couponCode: string): Promise<Pricing> {
  return apiFetch<Pricing>('/api/payments/preview', {
    method: 'POST',
    auth: true,
    body: { items, couponCode },
    fallbackMessage: 'Could not check this coupon. Please try again.',
  });
}

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(COUPON_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The applied coupon code (null for none) and its setter; read after hydration, so the server's
 * HTML and the first browser render agree.
 */
export function useAppliedCoupon(): [string | null, (code: string | null) => void] {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => setCode(readStored()), []);
  const update = useCallback((next: string | null) => {
    setCode(next);
    try {
      if (next) window.sessionStorage.setItem(COUPON_STORAGE_KEY, next);
      else window.sessionStorage.removeItem(COUPON_STORAGE_KEY);
    } catch {
      // Private mode without storage: the coupon lasts for this page only.
    }
  }, []);
  return [code, update];
}
